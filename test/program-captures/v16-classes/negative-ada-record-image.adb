with Ada.Text_IO; use Ada.Text_IO;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
procedure Main is
   type Config is record
      User     : Unbounded_String;
      Password : Unbounded_String;
      Token    : Unbounded_String;
      Port     : Integer;
   end record;
   type Key_Info is record
      Key_Id      : Unbounded_String;
      Fingerprint : Unbounded_String;
      Public_Key  : Unbounded_String;
   end record;
   type Mail is record
      From : Unbounded_String;
      Api_Key : Unbounded_String;
   end record;
   C1 : Config := (To_Unbounded_String ("deploy"), To_Unbounded_String ("********"), To_Unbounded_String ("${sec.data.api_token}"), 5432);
   C2 : Config := (To_Unbounded_String ("deploy"), To_Unbounded_String ("$6$rounds=5000$Wq3xLm9Z$Qh7Ry5Tn1Bm4xU8Vd3Kp0Zq2Lx8Wv6Rt4Ym9Nb3C"), To_Unbounded_String ("<redacted>"), 443);
   C3 : Config := (To_Unbounded_String ("svc"), To_Unbounded_String ("{{ vault_db_password }}"), To_Unbounded_String ("sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"), 0);
   K : Key_Info := (To_Unbounded_String ("3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f"), To_Unbounded_String ("SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8"), To_Unbounded_String ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq7Lm2Zx9Wq3Rt5Yn8Bv4Cx6Dz1Fg2Hj3Kl4 deploy@build"));
   M : Mail := (To_Unbounded_String ("noreply@example.com"), To_Unbounded_String ("ENV(API_KEY)"));
   type Fixed_Creds is record
      Name   : String (1 .. 6);
      Secret : String (1 .. 8);
   end record;
   F : Fixed_Creds := ("deploy", "xxxxxxxx");
begin
   Put_Line (C1'Image);
   Put_Line (C2'Image);
   Put_Line (C3'Image);
   Put_Line (K'Image);
   Put_Line (M'Image);
   Put_Line (F'Image);
end Main;
