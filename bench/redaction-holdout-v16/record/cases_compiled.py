"""Free Pascal programs: `WriteLn` of records' fields, `TStringList` name=value dumps, `Format`, and
unhandled exceptions' messages."""

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
