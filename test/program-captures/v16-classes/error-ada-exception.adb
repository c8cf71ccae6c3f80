procedure Main is
   Token : constant String := "Kq5-birch-Tz8m";
   N : Integer;
begin
   N := Integer'Value (Token);
end Main;
procedure M2 is
begin
   raise Constraint_Error with "login rejected for deploy: tk_Bn7Qx2Lm9Vr4Zp";
end M2;
