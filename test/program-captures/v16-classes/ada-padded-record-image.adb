with Ada.Text_IO; use Ada.Text_IO;
procedure Padded is
   type Login is record
      User     : String (1 .. 8);
      Password : String (1 .. 16);
      Token    : String (1 .. 16);
   end record;
   L1 : Login := ("deploy  ", "<redacted>      ", "REDACTED        ");
   L2 : Login := ("svc     ", "changeme        ", "(none)          ");
   L3 : Login := ("deploy  ", "Fy2-aspen-Qk9w  ", "tk_Bn7Qx2Lm9Vr4Z");
begin
   Put_Line (L1'Image);
   Put_Line (L2'Image);
   Put_Line (L3'Image);
end Padded;
