with Ada.Text_IO; use Ada.Text_IO;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
procedure Main is
   type Creds is record
      User : Unbounded_String;
      Password : Unbounded_String;
      Api_Token : Unbounded_String;
   end record;
begin
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("FIXME"), To_Unbounded_String ("your_password_here")); begin Put_Line (X'Image); end;
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("$DB_PASSWORD"), To_Unbounded_String ("`cat ~/.token`")); begin Put_Line (X'Image); end;
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("@/run/secrets/token"), To_Unbounded_String ("$apr1$Qw3rTy9u$Zm9vYmFyYmF6cXV4cXV1e/")); begin Put_Line (X'Image); end;
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p"), To_Unbounded_String ("bot@example.com")); begin Put_Line (X'Image); end;
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("(getenv ""API_TOKEN"")"), To_Unbounded_String ("(auth-source-pick-first-password :host ""imap.example.com"")")); begin Put_Line (X'Image); end;
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("lookup('env', 'DB_PASSWORD')"), To_Unbounded_String ("'()")); begin Put_Line (X'Image); end;
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("C:\Users\deploy\secrets\token.txt"), To_Unbounded_String ("https://example.com/reset-password?step=1")); begin Put_Line (X'Image); end;
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("postgres://app@db.internal:5432/app"), To_Unbounded_String ("AKIAIOSFODNN7EXAMPLE")); begin Put_Line (X'Image); end;
   declare X : constant Creds := (To_Unbounded_String ("deploy"), To_Unbounded_String ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl deploy@host"), To_Unbounded_String ("FIXME")); begin Put_Line (X'Image); end;
end Main;
