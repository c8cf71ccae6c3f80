"""GDB 13 on a small C program, new to the holdouts: `print` of a struct and of its fields,
`info args`/`info locals`, and the backtrace whose frames show every string argument, at a
breakpoint or after the program aborted. Each case compiles one `app.c` with `gcc -g -O0` and
runs `gdb -q -batch -ex … ./app` (the command shown is that one). GDB turns address-space
randomization off, so the addresses it prints are the same at every run."""

import os
import shlex

from registry import category
from values import PLAIN_NAMES, SERVICES, Person, clean_pairs, digest_for, plain_value, secret_pairs, secret_token, uuid

BAD = "\"'\\$`!%?"


def tok(r):
    return secret_token(r, bad=BAD)


def cs(v):
    return '"' + v + '"'


def run_gdb(h, r, source, commands, ok=(0,)):
    d = h.fresh("app")
    h.write(os.path.join(d, "app.c"), "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n" + source)
    h.run(["gcc", "-g", "-O0", "-o", os.path.join(d, "app"), os.path.join(d, "app.c")], cwd=d)
    args = ["gdb", "-q", "-batch", "-nx"]
    for c in commands:
        args += ["-ex", c]
    args.append("./app")
    out = h.run(args, cwd=d, ok=ok)
    shown = ["gdb", "-q", "-batch"] + args[4:]
    return "$ gcc -g -O0 -o app app.c && " + " ".join(shlex.quote(a) for a in shown) + "\n" + out


def struct_decl(name, fields, ints):
    body = "".join(f"  const char *{k};\n" for k in fields) + "".join(f"  int {k};\n" for k in ints)
    return f"struct {name} {{\n{body}}};\n"


def config_fields(r, clean):
    pairs, targets = [], []
    if clean:
        pairs += clean_pairs(r, r.randint(1, 3))
    else:
        for name, v in secret_pairs(r, r.randint(1, 3)):
            if any(c in v for c in BAD):
                v = tok(r)
            pairs.append((name.lower(), v))
            targets.append(v)
    for name in r.sample([n for n in PLAIN_NAMES if n not in ("PORT", "MAX_WORKERS", "CACHE_TTL")], r.randint(1, 2)):
        pairs.append((name.lower(), plain_value(r, name)))
    r.shuffle(pairs)
    return pairs, targets


def struct_case(h, r, clean):
    pairs, targets = config_fields(r, clean)
    sname = r.choice(["config", "settings", "client_opts", "conn_params"])
    fn = r.choice(["connect_backend", "open_session", "start_worker", "load_plugin"])
    ints = ["port", "timeout_ms"] if r.random() < 0.5 else ["retries"]
    decl = struct_decl(sname, [k for k, _ in pairs], ints)
    init = ", ".join(f".{k} = {cs(v)}" for k, v in pairs) + ", " + ", ".join(f".{k} = {r.randint(1, 9000)}" for k in ints)
    src = f"{decl}\nstatic int {fn}(const struct {sname} *cfg)\n{{\n  return cfg->{ints[0]} > 0 ? 0 : 1;\n}}\n\nint main(void)\n{{\n  struct {sname} cfg = {{ {init} }};\n  return {fn}(&cfg);\n}}\n"
    shape = r.randrange(3)
    if shape == 0:
        cmds = [f"break {fn}", "run", "print *cfg", "kill"]
    elif shape == 1:
        field = pairs[0][0]
        cmds = [f"break {fn}", "run", "bt", "up", "info locals", f"print cfg.{field}", "kill"]
    else:
        cmds = [f"break {fn}", "run", "set print pretty on", "print *cfg", "kill"]
    return run_gdb(h, r, src, cmds), targets


@category("secret", "gdb-print-struct", 24)
def gdb_print_struct(h, r):
    return struct_case(h, r, clean=False)


@category("negative", "gdb-print-clean", 30)
def gdb_print_clean(h, r):
    return struct_case(h, r, clean=True)[0], []


def backtrace_case(h, r, value, clean):
    user = r.choice(["deploy", "ci-bot", "svc-" + r.choice(SERVICES), "admin"])
    fn = r.choice(["authenticate", "sign_request", "send_webhook", "refresh_session"])
    pname = r.choice(["token", "api_key", "password", "secret"]) if not clean else r.choice(["digest", "request_id", "key_path", "etag"])
    if clean:
        value = {"digest": lambda: digest_for(r, "sha256"), "etag": lambda: digest_for(r, "etag"), "request_id": lambda: uuid(r), "key_path": lambda: f"/etc/{r.choice(SERVICES)}/tls/server.key"}[pname]()
    shape = r.randrange(3)
    if shape == 0:  # the program aborts inside the call
        src = f"static int {fn}(const char *user, const char *{pname})\n{{\n  if (strlen({pname}) > 4)\n    abort();\n  return 0;\n}}\n\nint main(void)\n{{\n  return {fn}({cs(user)}, {cs(value)});\n}}\n"
        return run_gdb(h, r, src, ["run", "bt"])
    if shape == 1:  # a NULL dereference a few calls down
        src = (f"struct session {{\n  const char *id;\n}};\n\nstatic int store(struct session *s, const char *{pname})\n{{\n  return s->id[0] + {pname}[0];\n}}\n\n"
               f"static int {fn}(const char *user, const char *{pname})\n{{\n  struct session *s = NULL;\n  return store(s, {pname});\n}}\n\nint main(void)\n{{\n  return {fn}({cs(user)}, {cs(value)});\n}}\n")
        return run_gdb(h, r, src, ["run", r.choice(["bt", "bt full"])])
    src = f"static int {fn}(const char *user, const char *{pname})\n{{\n  return (int)strlen(user) - (int)strlen({pname});\n}}\n\nint main(int argc, char **argv)\n{{\n  return {fn}({cs(user)}, {cs(value)});\n}}\n"
    return run_gdb(h, r, src, [f"break {fn}", "run", "info args", "finish", "kill"])


@category("secret", "gdb-backtrace-args", 24)
def gdb_backtrace_args(h, r):
    value = tok(r)
    return backtrace_case(h, r, value, clean=False), [value]


@category("negative", "gdb-backtrace-clean", 30)
def gdb_backtrace_clean(h, r):
    return backtrace_case(h, r, None, clean=True), []


@category("pii", "gdb-print-person", 28)
def gdb_print_person(h, r):
    p = Person(r)
    fields = [("name", p.name), ("email", p.email)]
    targets = [p.name, p.email]
    if r.random() < 0.6:
        fields.append(("phone", p.phone))
        targets.append(p.phone)
    if r.random() < 0.4:
        fields.append(("street", p.street))
        fields.append(("city", p.city))
        targets.append(p.street)
    sname = r.choice(["customer", "contact", "account_owner", "recipient"])
    decl = struct_decl(sname, [k for k, _ in fields], ["id"])
    init = ", ".join(f".{k} = {cs(v)}" for k, v in fields) + f", .id = {r.randint(1000, 99999)}"
    fn = r.choice(["send_invoice", "notify", "ship_order", "verify_account"])
    src = f"{decl}\nstatic int {fn}(const struct {sname} *who)\n{{\n  return who->id > 0 ? 0 : 1;\n}}\n\nint main(void)\n{{\n  struct {sname} c = {{ {init} }};\n  return {fn}(&c);\n}}\n"
    cmds = [f"break {fn}", "run", r.choice(["print *who", "print who->name", "up"]), "kill"]
    if cmds[2] == "up":
        cmds.insert(3, "info locals")
    out = run_gdb(h, r, src, cmds)
    # `print who->name` shows the name only, but the breakpoint line and the source line show the rest when they do
    return out, [t for t in targets if t in out]
