"""Free Pascal programs (`WriteLn` of records' fields, `TStringList` name=value dumps, `Format`,
unhandled exceptions' messages) and GNAT Ada programs (record `'Image`, `Put_Line`, exceptions)."""

from registry import category
from values import BOTS, ROLES, SERVICES, Person, digest, harmless, hexs, secret_pairs, secret_token, uuid


def fpc(h, decls, body):
    code = f"program job;\n{{$mode objfpc}}{{$H+}}\nuses SysUtils, Classes;\n{decls}\nbegin\n{body}\nend.\n"
    d = h.fresh("pas")
    path = h.write(f"{d}/job.pas", code)
    h.run(["fpc", "-v0", path], cwd=d)
    return h.run([f"{d}/job"], cwd=d, ok=None)


RECORD = "type\n  TConfig = record\n    Service: string;\n    User: string;\n    Secret: string;\n    Port: Integer;\n  end;\nvar c: TConfig;\n"
ERROR = "type EAuthError = class(Exception);\n"


@category("secret", "fpc-writeln-record", 13)
def fpc_record(h, r):
    (n1, v1), (n2, v2) = secret_pairs(r, 2)
    svc = r.choice(SERVICES)
    shape = r.randrange(3)
    if shape == 0:
        body = f"  c.Service := '{svc}'; c.User := 'deploy'; c.Secret := '{v1}'; c.Port := {r.randint(1024, 9999)};\n  WriteLn('Service: ', c.Service);\n  WriteLn('User:    ', c.User);\n  WriteLn('Secret:  ', c.Secret);\n  WriteLn('Port:    ', c.Port:6);"
        return fpc(h, RECORD, body), [v1]
    if shape == 1:
        body = f"  with TStringList.Create do\n  try\n    Values['{n1}'] := '{v1}';\n    Values['{n2}'] := '{v2}';\n    Values['SERVICE'] := '{svc}';\n    Write(Text);\n    WriteLn(CommaText);\n  finally\n    Free;\n  end;"
        return fpc(h, "", body), [v1, v2]
    body = f"  WriteLn(Format('connecting to %s as %s (token %s)', ['{svc}.internal', 'deploy', '{v1}']));\n  WriteLn(Format('%-20s|%s|', ['{n2.lower()}', '{v2}']));"
    return fpc(h, "", body), [v1, v2]


@category("secret", "fpc-unhandled-exception", 13)
def fpc_exception(h, r):
    v = secret_token(r)
    svc = r.choice(SERVICES)
    body = r.choice([
        f"  raise EAuthError.CreateFmt('token %s rejected by %s', ['{v}', '{svc}']);",
        f"  raise Exception.Create('login failed: user=deploy password={v}');",
        f"  raise EConvertError.CreateFmt('\"%s\" is not a valid integer', ['{v}']);",
        f"  StrToInt('{v}');",
    ])
    return fpc(h, ERROR, body), [v]


@category("pii", "fpc-record-person", 12)
def fpc_person(h, r):
    p = Person(r)
    shape = r.randrange(3)
    if shape == 0:
        body = f"  WriteLn('Name:    ', '{p.name}');\n  WriteLn('E-mail:  ', '{p.email}');\n  WriteLn('Phone:   ', '{p.phone}');\n  WriteLn('Address: ', '{p.street}', ', ', '{p.city}');"
        return fpc(h, "", body), [p.name, p.email, p.phone, p.street]
    if shape == 1:
        body = f"  with TStringList.Create do\n  try\n    Values['name'] := '{p.name}';\n    Values['email'] := '{p.email}';\n    Values['phone'] := '{p.phone}';\n    Write(Text);\n  finally\n    Free;\n  end;"
        return fpc(h, "", body), [p.name, p.email, p.phone]
    body = f"  raise Exception.CreateFmt('duplicate customer %s <%s>', ['{p.name}', '{p.email}']);"
    return fpc(h, "", body), [p.name, p.email]


@category("negative", "fpc-writeln-clean", 16)
def fpc_clean(h, r):
    svc = r.choice(SERVICES)
    body = r.choice([
        f"  c.Service := '{svc}'; c.User := '{r.choice(BOTS)}'; c.Secret := '{harmless(r)}'; c.Port := {r.randint(1024, 9999)};\n  WriteLn('Service: ', c.Service);\n  WriteLn('User:    ', c.User);\n  WriteLn('Secret:  ', c.Secret);",
        f"  with TStringList.Create do\n  try\n    Values['ID'] := '{uuid(r)}';\n    Values['COMMIT'] := '{hexs(r, 40)}';\n    Values['TEAM'] := '{r.choice(ROLES)}';\n    Write(Text);\n  finally\n    Free;\n  end;",
        f"  WriteLn(Format('%s: %d requests, checksum %s', ['{svc}', {r.randint(1, 9999)}, '{digest(r)}']));",
    ])
    return fpc(h, RECORD, body), []


@category("negative", "fpc-exception-clean", 16)
def fpc_exception_clean(h, r):
    svc = r.choice(SERVICES)
    body = r.choice([
        f"  raise EAuthError.CreateFmt('service %s returned %d', ['{svc}', {r.randint(500, 504)}]);",
        f"  StrToInt('{r.choice(['12a', 'abc', 'n/a', '0x1G', uuid(r)])}');",
        f"  raise Exception.Create('environment variable {r.choice(['GITHUB_TOKEN', 'API_KEY', 'DB_PASSWORD'])} is not set');",
        f"  raise Exception.Create('checksum mismatch: {digest(r)}');",
    ])
    return fpc(h, ERROR, body), []


# ---- GNAT Ada ----------------------------------------------------------------------------

ADA_HEAD = """with Ada.Text_IO; use Ada.Text_IO;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
procedure Job is
   function U (S : String) return Unbounded_String renames To_Unbounded_String;
   Auth_Error : exception;
"""


def ada(h, decls, body):
    """One Ada 2022 program (GNAT's `-gnat2022`, where 'Image of a record prints its fields)."""
    d = h.fresh("ada")
    h.write(f"{d}/job.adb", f"{ADA_HEAD}{decls}begin\n{body}\nend Job;\n")
    h.run(["gnatmake", "-q", "-gnat2022", "job.adb"], cwd=d)
    return h.run([f"{d}/job"], cwd=d, ok=None)


@category("secret", "ada-record-image", 13)
def ada_record(h, r):
    (n1, v1), (n2, v2) = secret_pairs(r, 2)
    svc = r.choice(SERVICES)
    f1, f2 = n1.title(), n2.title()
    decls = f"   type Config is record\n      Service : Unbounded_String;\n      {f1} : Unbounded_String;\n      {f2} : Unbounded_String;\n      Port : Natural;\n   end record;\n   C : constant Config := (U (\"{svc}\"), U (\"{v1}\"), U (\"{v2}\"), {r.randint(1024, 9999)});\n"
    body = r.choice(["   Put_Line (C'Image);", f"   Put_Line (\"config: \" & C'Image);\n   Put_Line (\"{n1.lower()}=\" & To_String (C.{f1}));"])
    return ada(h, decls, body), [v1, v2]


@category("secret", "ada-exception-message", 13)
def ada_exception(h, r):
    v = secret_token(r)
    svc = r.choice(SERVICES)
    body = r.choice([
        f'   raise Auth_Error with "token {v} rejected by {svc}";',
        f'   Put_Line (Integer\'Image (Integer\'Value ("{v}")));',
        f'   raise Constraint_Error with "login failed: user=deploy password={v}";',
    ])
    return ada(h, "", body), [v]


@category("pii", "ada-record-person", 12)
def ada_person(h, r):
    p = Person(r, ascii_only=True)
    shape = r.randrange(3)
    if shape == 0:
        decls = f"   type Customer is record\n      Name : Unbounded_String;\n      Email : Unbounded_String;\n      Phone : Unbounded_String;\n   end record;\n   C : constant Customer := (U (\"{p.name}\"), U (\"{p.email}\"), U (\"{p.phone}\"));\n"
        return ada(h, decls, "   Put_Line (C'Image);"), [p.name, p.email, p.phone]
    if shape == 1:
        return ada(h, "", f'   Put_Line ("Ship to: {p.name}");\n   Put_Line ("         {p.street}, {p.city}");\n   Put_Line ("Phone:   {p.phone}");'), [p.name, p.street, p.phone]
    return ada(h, "", f'   raise Auth_Error with "no account for {p.name} <{p.email}>";'), [p.name, p.email]


@category("negative", "ada-record-clean", 16)
def ada_record_clean(h, r):
    decls = f"   type Config is record\n      Service : Unbounded_String;\n      Api_Key : Unbounded_String;\n      Checksum : Unbounded_String;\n      Owner : Unbounded_String;\n      Workers : Natural;\n   end record;\n   C : constant Config := (U (\"{r.choice(SERVICES)}\"), U (\"{harmless(r)}\"), U (\"{digest(r)}\"), U (\"{r.choice(BOTS)}\"), {r.randint(1, 64)});\n"
    return ada(h, decls, "   Put_Line (C'Image);"), []


@category("negative", "ada-exception-clean", 16)
def ada_exception_clean(h, r):
    svc = r.choice(SERVICES)
    body = r.choice([
        f'   raise Auth_Error with "service {svc} returned {r.randint(500, 504)}";',
        f'   Put_Line (Integer\'Image (Integer\'Value ("{r.choice(["12a", "n/a", uuid(r), hexs(r, 7)])}")));',
        f'   raise Program_Error with "environment variable {r.choice(["GITHUB_TOKEN", "API_KEY", "DB_PASSWORD"])} is not set";',
        f'   raise Auth_Error with "checksum mismatch: {digest(r)}";',
    ])
    return ada(h, "", body), []
