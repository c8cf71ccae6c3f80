"""Per program, the cases of one category built in one of three modes: "secret" (a secret planted
where the idiom puts one), "pii" (a made-up person) or "clean" (the same shapes with nothing to
remove). Each builder returns [(text, targets)], the texts from one batch run."""

import base64
import os
import re

from common import camel, clean_value, plain_fields, secret_field
from values import ORGS, SERVICES, Person, hexs, uuid


def _value(r, mode, name=None, short=False):
    """(field name, value, targets) for a secret or clean slot."""
    fname, value = secret_field(r, short)
    if mode == "clean":
        value = clean_value(r, fname)
        return fname, value, []
    return fname, value, [value]


def cs_str(v):
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---- C# (Mono's csharp REPL) ---------------------------------------------------------------


def csharp_dictionary(h, r, count, mode):
    cases = []
    for _ in range(count):
        pf = plain_fields(r)[: r.randint(1, 3)]
        if mode == "pii":
            p = Person(r)
            items, targets = [("Name", p.name), ("Email", p.email), ("Phone", p.phone)][: r.randint(2, 3)], [p.name, p.email, p.phone]
            items.insert(0, ("CustomerId", str(r.randint(10000, 99999))))
        else:
            name, value, targets = _value(r, mode)
            items = [(camel(k), v) for k, v in pf] + [(camel(name), value)]
        targets = [t for t in targets if any(t == v for _, v in items)]
        var = r.choice(["cfg", "settings", "secrets", "options", "row"])
        body = ", ".join(f"{{ {cs_str(k)}, {cs_str(v)} }}" for k, v in items)
        cases.append((f"var {var} = new Dictionary<string, string> {{ {body} }};\n{var}", targets))
    return _zip(h.csharp([c for c, _ in cases]), cases)


def csharp_anonymous(h, r, count, mode):
    cases = []
    for _ in range(count):
        if mode == "pii":
            p = Person(r)
            fields = [("Id", str(r.randint(100, 9999))), ("FullName", cs_str(p.name)), ("Email", cs_str(p.email)), ("Street", cs_str(p.street)), ("City", cs_str(p.city))]
            targets = [p.name, p.email, p.street]
        else:
            name, value, targets = _value(r, mode)
            fields = [(camel(k), cs_str(v)) for k, v in plain_fields(r)[: r.randint(1, 3)]] + [(camel(name), cs_str(value))]
            if r.random() < 0.4:
                fields.append(("Port", str(r.choice([443, 5432, 587, 6379]))))
        cases.append(("new { " + ", ".join(f"{k} = {v}" for k, v in fields) + " }", targets))
    return _zip(h.csharp([c for c, _ in cases]), cases)


def csharp_exception(h, r, count, mode):
    cases = []
    for _ in range(count):
        exc = r.choice(["InvalidOperationException", "UnauthorizedAccessException", "ArgumentException", "System.Net.WebException"])
        if mode == "pii":
            p = Person(r)
            msg = r.choice([f"No account matches {p.email} ({p.name})", f"Customer {p.name} at {p.street}, {p.city} has no billing profile", f"Cannot text {p.phone}: number not verified for {p.name}"])
            targets = [t for t in (p.name, p.email, p.phone, p.street) if t in msg]
        else:
            name, value, targets = _value(r, mode)
            svc = r.choice(SERVICES)
            msg = r.choice([f"{camel(name)} '{value}' was rejected by {svc}", f"Login to {svc} failed with {name}={value}", f"Configuration error: {name} {value} expired", f"401 from https://api.{svc}.example.com/v2 using key {value}"])
        cases.append((f"throw new {exc}({cs_str(msg)});", targets))
    return _zip(h.csharp([c for c, _ in cases]), cases)


def csharp_people_list(h, r, count, mode):
    cases = []
    for _ in range(count):
        people = [Person(r) for _ in range(r.randint(1, 3))]
        rows = ", ".join(f"Tuple.Create({cs_str(p.name)}, {cs_str(p.email)}, {cs_str(p.phone)})" for p in people)
        var = r.choice(["people", "contacts", "attendees", "owners"])
        cases.append((f"var {var} = new List<Tuple<string, string, string>> {{ {rows} }};\n{var}", [t for p in people for t in (p.name, p.email, p.phone)]))
    return _zip(h.csharp([c for c, _ in cases]), cases)


# ---- GNU Prolog ------------------------------------------------------------------------------


def pl_atom(v):
    return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"


def gprolog_term(h, r, count, mode):
    cases = []
    for i in range(count):
        writer = r.choice(["writeq", "print", "write"])
        if mode == "pii":
            p = Person(r)
            term = f"customer({r.randint(100, 9999)}, name({pl_atom(p.first)}, {pl_atom(p.last)}), email({pl_atom(p.email)}), phone({pl_atom(p.phone)}), address({pl_atom(p.street)}, {pl_atom(p.city)}))"
            targets = [p.email, p.phone, p.street]
        else:
            name, value, targets = _value(r, mode, short=True)
            pf = plain_fields(r)[: r.randint(1, 3)]
            term = r.choice(["config", "credentials", "service"]) + "([" + ", ".join(f"{k}={pl_atom(v)}" for k, v in pf + [(name, value)]) + "])"
        cases.append((f"{writer}({term}), nl", targets))
    return _zip(h.gprolog([c for c, _ in cases], f"gprolog-term-{mode}"), cases)


def gprolog_exception(h, r, count, mode):
    cases = []
    for _ in range(count):
        if mode == "pii":
            p = Person(r)
            err = r.choice([f"existence_error(customer, {pl_atom(p.email)})", f"domain_error(verified_phone, {pl_atom(p.phone)})", f"permission_error(modify, account, {pl_atom(p.name)})"])
            targets = [t for t in (p.email, p.phone, p.name) if t in err]
            term = f"error({err}, lookup/2)"
        else:
            name, value, targets = _value(r, mode, short=True)
            term = r.choice([f"error(permission_error(access, {name}, {pl_atom(value)}), login/2)", f"auth_failed(service({r.choice(SERVICES)}), {name}({pl_atom(value)}))", f"error(domain_error(valid_token, {pl_atom(value)}), connect/3)"])
        cases.append((f"throw({term})", targets))
    return _zip(h.gprolog([c for c, _ in cases], f"gprolog-exception-{mode}"), cases)


# ---- SWI-Prolog ------------------------------------------------------------------------------


def swi_str(v):
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def swipl_dict(h, r, count, mode):
    cases = []
    for _ in range(count):
        tag = r.choice(["_", "config", "settings", "user", "account"])
        if mode == "pii":
            p = Person(r)
            pairs = [("name", p.name), ("email", p.email), ("phone", p.phone), ("city", p.city)][: r.randint(2, 4)]
            targets = [v for k, v in pairs if k != "city"]
        else:
            name, value, targets = _value(r, mode, short=True)
            pairs = plain_fields(r)[: r.randint(1, 3)] + [(name, value)]
        d = tag + "{" + ", ".join(f"{k}:{swi_str(v)}" for k, v in pairs) + "}"
        cases.append((f"X = {d}, print(X), nl", targets))
    return _zip(h.swipl([c for c, _ in cases], f"swipl-dict-{mode}"), cases)


def swipl_error(h, r, count, mode):
    cases = []
    for _ in range(count):
        if mode == "pii":
            p = Person(r)
            val = r.choice([p.email, p.phone, p.name])
            err = r.choice([f"existence_error(customer, {swi_str(val)})", f"type_error(verified_contact, {swi_str(val)})"])
            targets = [val]
        else:
            name, value, targets = _value(r, mode, short=True)
            err = r.choice([f"permission_error(access, {name}, {swi_str(value)})", f"existence_error(api_key, {swi_str(value)})", f"domain_error(unexpired_token, {swi_str(value)})"])
        cases.append((f"throw(error({err}, _))", targets))
    return _zip(h.swipl([c for c, _ in cases], f"swipl-error-{mode}"), cases)


def swipl_format(h, r, count, mode):
    cases = []
    for _ in range(count):
        name, value, targets = _value(r, mode, short=True)
        svc = r.choice(SERVICES)
        fmt, args = r.choice([
            ("connecting to ~w as ~w using ~w=~w~n", ["https://api." + svc + ".example.com", "svc_" + svc, name, value]),
            ("~a: loaded ~a (~a)~n", [svc, name, value]),
            ("~w~t~20|~w~n", [name, value]),
        ])
        cases.append((f"format({swi_str(fmt)}, [{', '.join(swi_str(a) for a in args)}])", targets))
    return _zip(h.swipl([c for c, _ in cases], f"swipl-format-{mode}"), cases)


# ---- gfortran --------------------------------------------------------------------------------


def f_str(v):
    return "'" + v.replace("'", "''") + "'"


def fortran_namelist(h, r, count, mode):
    cases = []
    for _ in range(count):
        group = r.choice(["config", "smtp", "database", "api", "creds"])
        if mode == "pii":
            p = Person(r)
            fields = [("customer_name", p.name), ("email", p.email), ("phone", p.phone), ("street", p.street)]
            targets = [p.name, p.email, p.phone, p.street]
        else:
            name, value, targets = _value(r, mode)
            fields = plain_fields(r)[: r.randint(1, 2)] + [(name, value)]
        decls = "".join(f"  character(len={max(1, len(v))}) :: {k} = {f_str(v)}\n" for k, v in fields)
        port = r.random() < 0.5
        body = decls + ("  integer :: port = %d\n" % r.choice([25, 443, 5432, 8080]) if port else "")
        names = ", ".join([k for k, _ in fields] + (["port"] if port else []))
        body += f"  namelist /{group}/ {names}\n  write(*, nml={group})"
        cases.append((body, targets))
    return _zip(h.fortran([c for c, _ in cases], f"fortran_nml_{mode}"), cases)


def fortran_formatted(h, r, count, mode):
    cases = []
    for _ in range(count):
        if mode == "pii":
            p = Person(r)
            rows = [("Name", p.name), ("E-mail", p.email), ("Phone", p.phone), ("Address", f"{p.street}, {p.city}")]
            targets = [p.name, p.email, p.phone, p.street]
        else:
            name, value, targets = _value(r, mode)
            rows = [(k.upper(), v) for k, v in plain_fields(r)[:2]] + [(name.upper(), value)]
        fmt = r.choice(["'(A,T24,A)'", "'(A,\": \",A)'", "'(1X,A20,1X,A)'"])
        body = "".join(f"  write(*, {fmt}) {f_str(k)}, {f_str(v)}\n" for k, v in rows)
        cases.append((body.rstrip("\n"), targets))
    return _zip(h.fortran([c for c, _ in cases], f"fortran_fmt_{mode}"), cases)


# ---- GnuCOBOL --------------------------------------------------------------------------------


def cob_lit(v):
    return '"' + v.replace('"', '""') + '"'


def cobol_record(h, r, count, mode):
    cases = []
    for i in range(count):
        rec = f"REC-{i + 1}"
        if mode == "pii":
            p = Person(r)
            fields = [("CUST-ID", f"C{r.randint(100000, 999999)}", 8), ("CUST-NAME", p.name, 24), ("CUST-EMAIL", p.email, 36), ("CUST-PHONE", p.phone, 20), ("CUST-STREET", p.street, 24)]
            targets = [p.name, p.email, p.phone, p.street]
        else:
            name, value, targets = _value(r, mode, short=True)
            svc = r.choice(SERVICES)
            fields = [("SVC-NAME", svc.upper(), 12), ("SVC-USER", r.choice(["APPUSER", "BATCH01", "SVC_ETL", "OPS"]), 10), ("SVC-KEY-NAME", name.upper(), 24), ("SVC-SECRET", value, len(value))]
        ws = f"       01 {rec}.\n" + "".join(f"          05 {rec}-{k} PIC X({w}) VALUE {cob_lit(v)}.\n" for k, v, w in fields)
        style = r.randrange(2)
        if style == 0:
            proc = f"           DISPLAY {rec}.\n"
        else:
            proc = "".join(f"           DISPLAY \"{k}: \" {rec}-{k}.\n" for k, _, _ in fields)
        cases.append(((ws, proc), targets))
    return _zip(h.cobol([c for c, _ in cases], f"cobol_{mode}"), cases)


# ---- Nim -------------------------------------------------------------------------------------


def nim_str(v):
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def nim_object(h, r, count, mode):
    cases = []
    for _ in range(count):
        tname = r.choice(["DbConfig", "ApiClient", "Settings", "Credentials", "Customer", "Contact"])
        if mode == "pii":
            p = Person(r)
            fields = [("name", p.name), ("email", p.email), ("phone", p.phone), ("address", f"{p.street}, {p.city}")]
            targets = [p.name, p.email, p.phone]
        else:
            name, value, targets = _value(r, mode)
            fields = plain_fields(r)[: r.randint(1, 3)] + [(name.replace("_", ""), value)]
            fields = [(k.replace("_", ""), v) for k, v in fields]
        decl = f"type {tname} = object\n" + "".join(f"  {k}: string\n" for k, _ in fields)
        ctor = f"{tname}(" + ", ".join(f"{k}: {nim_str(v)}" for k, v in fields) + ")"
        cases.append((f"{decl}let v = {ctor}\necho v", targets))
    return _zip(h.nim([c for c, _ in cases], f"nim-object-{mode}"), cases)


def nim_table(h, r, count, mode):
    cases = []
    for _ in range(count):
        if mode == "pii":
            p = Person(r)
            pairs = [("name", p.name), ("email", p.email), ("phone", p.phone)]
            targets = [p.name, p.email, p.phone]
        else:
            name, value, targets = _value(r, mode)
            pairs = plain_fields(r)[: r.randint(1, 3)] + [(name, value)]
        lit = "{" + ", ".join(f"{nim_str(k)}: {nim_str(v)}" for k, v in pairs) + "}"
        form = r.randrange(2)
        cases.append((f"echo {lit}.toTable" if form == 0 else f"echo %*{lit}", targets))
    return _zip(h.nim([c for c, _ in cases], f"nim-table-{mode}"), cases)


# ---- D (gdc) ---------------------------------------------------------------------------------


def d_str(v):
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def d_struct(h, r, count, mode):
    cases = []
    for _ in range(count):
        tname = r.choice(["SmtpConfig", "DbSettings", "ApiCredentials", "Customer", "Profile"])
        if mode == "pii":
            p = Person(r)
            fields = [("name", p.name), ("email", p.email), ("phone", p.phone)]
            targets = [p.name, p.email, p.phone]
        else:
            name, value, targets = _value(r, mode)
            fields = plain_fields(r)[: r.randint(1, 2)] + [(name, value)]
        decl = f"    struct {tname} {{ " + " ".join(f"string {k};" for k, _ in fields) + " ushort port; }"
        cases.append((f"{decl}\n    writeln({tname}(" + ", ".join(d_str(v) for _, v in fields) + f", {r.choice([25, 443, 587, 5432])}));", targets))
    return _zip(h.dlang([c for c, _ in cases], f"d-struct-{mode}"), cases)


def d_assoc(h, r, count, mode):
    cases = []
    for _ in range(count):
        if mode == "pii":
            p = Person(r)
            pairs = [("name", p.name), ("email", p.email), ("city", p.city)]
            targets = [p.name, p.email]
        else:
            name, value, targets = _value(r, mode)
            pairs = [(k.upper(), v) for k, v in plain_fields(r)[: r.randint(1, 2)]] + [(name.upper(), value)]
        lit = "[" + ", ".join(f"{d_str(k)}: {d_str(v)}" for k, v in pairs) + "]"
        cases.append((f"    string[string] env = {lit};\n    writeln(env);", targets))
    return _zip(h.dlang([c for c, _ in cases], f"d-assoc-{mode}"), cases)


def d_exception(h, r, count, mode):
    cases = []
    for _ in range(count):
        if mode == "pii":
            p = Person(r)
            msg = r.choice([f"no invoice address for {p.name} <{p.email}>", f"SMS to {p.phone} failed for {p.name}"])
            targets = [t for t in (p.name, p.email, p.phone) if t in msg]
        else:
            name, value, targets = _value(r, mode)
            msg = r.choice([f"authentication failed: {name}={value}", f"{r.choice(SERVICES)} rejected token {value}", f"bad credentials (password: {value})"])
        cases.append((f"    try {{ throw new Exception({d_str(msg)}); }} catch (Exception e) {{ writeln(e); }}", targets))
    return _zip(h.dlang([c for c, _ in cases], f"d-exception-{mode}"), cases)


def d_writefln(h, r, count, mode):
    cases = []
    for _ in range(count):
        name, value, targets = _value(r, mode)
        svc = r.choice(SERVICES)
        line = r.choice([
            f'    writefln("POST %s\\nAuthorization: Bearer %s", "https://api.{svc}.example.com/v1/jobs", {d_str(value)});',
            f'    writefln("%-24s %s", "{name}", {d_str(value)});',
            f'    writefln("[%s] %s=%s", "{svc}", "{name.upper()}", {d_str(value)});',
        ])
        cases.append((line, targets))
    return _zip(h.dlang([c for c, _ in cases], f"d-writefln-{mode}"), cases)


# ---- tmux ------------------------------------------------------------------------------------


def tmux_environment(h, r, count, mode):
    out = []
    sock_dir = os.path.join(h.root, "tmux")
    os.makedirs(sock_dir, exist_ok=True)
    env = h.env(TMUX_TMPDIR=sock_dir)
    for i in range(count):
        pairs, targets = [], []
        for _ in range(r.randint(1, 3)):
            name, value, t = _value(r, mode)
            if any(k == name.upper() for k, _ in pairs):
                continue
            pairs.append((name.upper(), value))
            targets += t
        pairs.append(("DEPLOY_ENV", r.choice(["staging", "production", "dev"])))
        args = ["tmux", "-L", f"rec{i}", "-f", "/dev/null", "new-session", "-d", "-s", r.choice(SERVICES)]
        for k, v in pairs:
            args += ["-e", f"{k}={v}"]
        h.run(args, env=env)
        text = h.run(["tmux", "-L", f"rec{i}", "show-environment"], env=env)
        h.run(["tmux", "-L", f"rec{i}", "kill-server"], env=env, ok=None)
        out.append((text, targets))
    return out


# ---- etcd ------------------------------------------------------------------------------------


def etcd_get(h, r, count, mode):
    out = []
    for i in range(count):
        org, svc = r.choice(ORGS), r.choice(SERVICES)
        prefix = f"/{org}/{svc}/{i}/"
        targets = []
        keys = [("host", f"{svc}.svc.cluster.local"), ("region", r.choice(["eu-west-1", "us-east-2"]))]
        for _ in range(r.randint(1, 2)):
            name, value, t = _value(r, mode)
            if any(k == name for k, _ in keys):
                continue
            keys.append((name, value))
            targets += t
        for k, v in keys:
            h.etcdctl("put", "--", prefix + k, v)
        text = h.etcdctl("get", "--prefix", prefix) if r.random() < 0.7 else h.etcdctl("get", "--prefix", prefix, "-w", "fields")
        out.append((_etcd_norm(text), targets))
    return out


def _etcd_norm(text):
    for field in ("ClusterID", "MemberID", "Revision", "RaftTerm", "CreateRevision", "ModRevision", "Version"):
        text = re.sub(rf'"{field}" : \d+', f'"{field}" : 7', text)
    return text


# ---- lighttpd --------------------------------------------------------------------------------


def lighttpd_headers(h, r, count, mode):
    out = []
    for _ in range(count):
        path = r.choice(["/api/report", "/api/orders", "/api/export", "/index.html"])
        name, value, targets = _value(r, mode, short=True)
        how = r.randrange(4)
        if how == 0:
            headers = [("Authorization", f"Bearer {value}")]
        elif how == 1:
            user = r.choice(["deploy", "ci", "admin", "svc-backup"])
            cred = f"{user}:{value}"
            b = base64.b64encode(cred.encode()).decode()
            headers = [("Authorization", f"Basic {b}")]
            targets = [b] if targets else []
        elif how == 2:
            headers = [("X-Api-Key", value)]
        else:
            headers = [("Cookie", f"theme=dark; session={value}")]
        if mode == "clean":
            headers = [(k, v) for k, v in headers] if how != 1 else [("Authorization", "Basic " + base64.b64encode(b"anonymous:").decode())]
        headers.append(("X-Request-Id", uuid(r)))
        out.append((h.lighttpd_since("error", [(path, headers)]), targets))
    return out


def lighttpd_access(h, r, count, mode):
    out = []
    for _ in range(count):
        reqs, targets = [], []
        for _ in range(r.randint(1, 2)):
            if mode == "pii":
                p = Person(r)
                email = p.email.replace("@", "%40")
                phone = p.phone.replace(" ", "%20").replace("+", "%2B").replace("(", "%28").replace(")", "%29")
                which = r.randrange(2)
                q = f"/api/search?email={email}&page=1" if which == 0 else f"/api/profile?phone={phone}&lang=en"
                targets.append(email if which == 0 else phone)
            else:
                name, value, t = _value(r, mode, short=True)
                if mode == "clean":
                    q = r.choice([f"/api/orders?id={uuid(r)}&page={r.randint(1, 9)}", f"/api/report?sha={hexs(r, 40)}", f"/api/export?format=csv&since=2026-11-{r.randint(10, 26)}"])
                else:
                    q = f"/api/{r.choice(['export', 'report', 'orders'])}?{r.choice(['access_token', 'api_key', 'token', 'key'])}={value}&format=json"
                targets += t
            reqs.append((q, [("User-Agent", r.choice(["Python-urllib/3.11", "curl/7.88.1", "Mozilla/5.0 (X11; Linux x86_64)"]))]))
        out.append((h.lighttpd_since("access", reqs), targets))
    return out


# ---- Caddy (caddy adapt) ---------------------------------------------------------------------


def caddy_adapt(h, r, count, mode):
    out = []
    for i in range(count):
        svc = r.choice(SERVICES)
        site = f"{svc}.example.com"
        if mode == "hash":
            users = [(r.choice(["alice", "ops", "deploy", "admin", "grafana"]), None) for _ in range(r.randint(1, 2))]
            lines = []
            for u, _ in users:
                hashed = h.run(["caddy", "hash-password", "--plaintext", f"v15-recorder-{r.randint(1000, 9999)}"]).strip()
                lines.append(f"\t\t{u} {hashed}")
            body = "\tbasicauth /admin/* {\n" + "\n".join(lines) + "\n\t}\n\treverse_proxy 127.0.0.1:9000\n"
            targets = []
        else:
            name, value, targets = _value(r, mode, short=True)
            if mode == "clean":
                # Caddyfile placeholders and references (its own `{…}` syntax rules out `{{ … }}`)
                value = r.choice(["{env." + name.upper() + "}", "{http.request.header.X-Client-Token}", "********", "[REDACTED]", f"vault:secret/data/{svc}#{name}", f"op://{r.choice(ORGS)}/{svc}/{name}", "CHANGE_ME", "<your-api-key>"])
            header = r.choice([("Authorization", f"\"Bearer {value}\""), ("X-Api-Key", value), ("X-Upstream-Token", value)])
            if mode == "clean":
                header = (header[0], header[1] if header[1].startswith('"') else f'"{header[1]}"')
            body = f"\treverse_proxy https://upstream-{i}.internal {{\n\t\theader_up {header[0]} {header[1]}\n\t}}\n"
        cfg = h.write(f"caddy/{i}/Caddyfile", f"{site} {{\n{body}}}\n")
        text = h.run(["caddy", "adapt", "--config", cfg, "--adapter", "caddyfile", "--pretty"])
        text = re.sub(r"^20\d\d/\d\d/\d\d \d\d:\d\d:\d\d\.\d{3}", "2026/11/27 09:00:00.000", text, flags=re.M)
        out.append((text, targets))
    return out


# ---- strongSwan pki --------------------------------------------------------------------------


def pki_print(h, r, count, mode):
    out = []
    for i in range(count):
        d = f"pki/{i}"
        key = h.write(f"{d}/key.pem", "")
        h.run(["sh", "-c", f"pki --gen --type ed25519 --outform pem > {key}"])
        if mode == "pii":
            p = Person(r)
            dn = f"C=DE, O={r.choice(ORGS)}, OU=Staff, CN={p.name}, E={p.email}"
            crt = h.write(f"{d}/crt.pem", "")
            h.run(["sh", "-c", f"pki --self --in {key} --type ed25519 --dn '{dn}' --lifetime 365 --outform pem > {crt}"])
            text = h.run(["pki", "--print", "--in", crt])
            targets = [p.name, p.email]
        else:
            pub = h.write(f"{d}/pub.pem", "")
            h.run(["sh", "-c", f"pki --pub --in {key} --type priv --outform pem > {pub}"])
            text = h.run(["pki", "--print", "--type", "pub", "--in", pub])
            targets = []
        text = re.sub(r"plugin '[^']+': failed to load[^\n]*\n", "", text)
        text = re.sub(r"not before [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d 20\d\d\b", "not before Nov 27 09:00:00 2026", text)
        text = re.sub(r"not after  [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d 20\d\d\b", "not after  Nov 27 09:00:00 2027", text)
        out.append((text, targets))
    return out


# ---- documentation examples -------------------------------------------------------------------

DOC_KEYS = [
    ("aws_access_key_id", "AKIAIOSFODNN7EXAMPLE"), ("aws_secret_access_key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("stripe_secret_key", "sk_test_4eC39HqLyjWDarjtT1zdp7dc"), ("stripe_publishable_key", "pk_test_TYooMQauvdEDq54NiTphI7jx"),
    ("slack_webhook", "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"),
    ("twilio_auth_token", "your_auth_token"), ("aws_session_key", "AKIAI44QH8DHBEXAMPLE"), ("aws_secret", "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY"),
]


def doc_examples(h, r, count):
    cases = []
    keys = [k for k in DOC_KEYS if len(k[1]) >= 6 and k[1] != "your_auth_token"]
    for i in range(count):
        name, value = keys[i % len(keys)]
        pf = plain_fields(r)[:2]
        fields = pf + [(name, value)]
        lang = i % 3
        cases.append((lang, fields, [value]))
    texts = {}
    nim_blocks = [("echo " + "{" + ", ".join(f"{nim_str(k)}: {nim_str(v)}" for k, v in f) + "}.toTable") for lang, f, _ in cases if lang == 0]
    d_funcs = ["    string[string] env = [" + ", ".join(f"{d_str(k.upper())}: {d_str(v)}" for k, v in f) + "];\n    writeln(env);" for lang, f, _ in cases if lang == 1]
    cs = ["new { " + ", ".join(f"{camel(k)} = {cs_str(v)}" for k, v in f) + " }" for lang, f, _ in cases if lang == 2]
    texts[0] = iter(h.nim(nim_blocks, "doc-nim"))
    texts[1] = iter(h.dlang(d_funcs, "doc-d"))
    texts[2] = iter(h.csharp(cs))
    return [(next(texts[lang]), t) for lang, _, t in cases]


def _zip(texts, cases):
    return [(t, c[1]) for t, c in zip(texts, cases, strict=True)]

