program p; uses SysUtils; begin WriteLn(StrToInt('Fy2-aspen-Qk9w')); end.
