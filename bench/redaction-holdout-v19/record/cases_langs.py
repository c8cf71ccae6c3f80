"""Printed values of three languages new to the holdouts: Lua 5.4 (tables printed by a loop or a
small serializer, `error` with its traceback), Tcl 8.6 (`puts` of a dict, `dict for`, `errorInfo`)
and OCaml 4.13 (the toplevel's `val … = …` printing of records, variants and lists; uncaught
exceptions)."""

from registry import category
from values import BOTS, ROLES, SERVICES, Person, digest, hexs, placeholder, secret_pairs, secret_token, uuid


def snake(name):
    return name.lower()


# ---- Lua 5.4 --------------------------------------------------------------------------------


def lua_lit(value):
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def runlua(h, source):
    path = h.write("lua/main.lua", source)
    return h.run(["lua5.4", "main.lua"], cwd=h.home + "/lua", ok=None)


LUA_DUMPERS = [
    # print(k, v) in a pairs loop (tab-separated, in the table's own order)
    "for k, v in pairs({t}) do print(k, v) end\n",
    # a sorted `key = %q` listing, as a debugging helper prints it
    "local keys = {{}}\nfor k in pairs({t}) do keys[#keys + 1] = k end\ntable.sort(keys)\nfor _, k in ipairs(keys) do print(string.format(\"%s = %q\", k, {t}[k])) end\n",
    # a one-line serializer
    "local parts = {{}}\nfor k, v in pairs({t}) do parts[#parts + 1] = k .. \"=\" .. tostring(v) end\ntable.sort(parts)\nprint(\"{t}: {{\" .. table.concat(parts, \", \") .. \"}}\")\n",
]


def lua_table(name, items):
    body = ",\n  ".join(f"{k} = {v if isinstance(v, int) else lua_lit(v)}" for k, v in items)
    return f"local {name} = {{\n  {body}\n}}\n"


@category("secret", "lua-table-print", 16)
def lua_table_print(h, r):
    pairs = [(snake(n), v) for n, v in secret_pairs(r, r.randint(1, 3))]
    items = pairs + [("service", r.choice(SERVICES)), ("port", r.randint(3000, 9000))]
    r.shuffle(items)
    name = r.choice(["config", "env", "settings", "creds"])
    src = lua_table(name, items) + r.choice(LUA_DUMPERS).format(t=name)
    return runlua(h, src), [v for _, v in pairs]


@category("secret", "lua-error-traceback", 16)
def lua_error_traceback(h, r):
    tok = secret_token(r)
    svc = r.choice(SERVICES)
    how = r.randrange(3)
    if how == 0:
        body = f'local function connect(token)\n  error("{svc}: authentication failed for token " .. token)\nend\n\nconnect({lua_lit(tok)})\n'
    elif how == 1:
        body = f'local function open_db(url)\n  error("cannot connect to " .. url, 2)\nend\n\nlocal function main()\n  open_db("postgres://deploy:" .. {lua_lit(tok)} .. "@db.internal:5432/{svc}")\nend\n\nmain()\n'
    else:
        body = f'local cfg = {{ token = {lua_lit(tok)} }}\nlocal ok, err = pcall(function() error({{ code = 401, token = cfg.token }}) end)\nprint(ok, err.code, err.token)\nassert(false, "request rejected with token " .. cfg.token)\n'
    return runlua(h, body), [tok]


@category("pii", "lua-table-person", 17)
def lua_table_person(h, r):
    p = Person(r)
    items = [("name", p.name), ("email", p.email), ("phone", p.phone), ("street", p.street), ("city", p.city), ("id", r.randint(1000, 99999))]
    src = lua_table("customer", items) + r.choice(LUA_DUMPERS).format(t="customer")
    return runlua(h, src), [p.name, p.email, p.phone, p.street]


def clean_items(r):
    items = [("service", r.choice(SERVICES)), ("api_token", placeholder(r)), ("build_id", uuid(r)), ("commit", hexs(r, 40)),
             ("owner", r.choice(BOTS)), ("team", r.choice(ROLES)), ("checksum", digest(r)), ("replicas", r.randint(1, 9))]
    return r.sample(items, r.randint(4, len(items)))


@category("negative", "lua-table-clean", 18)
def lua_table_clean(h, r):
    name = r.choice(["deploy", "release", "job", "manifest"])
    return runlua(h, lua_table(name, clean_items(r)) + r.choice(LUA_DUMPERS).format(t=name)), []


@category("negative", "lua-error-clean", 18)
def lua_error_clean(h, r):
    svc = r.choice(SERVICES)
    how = r.randrange(3)
    if how == 0:
        body = f'local function load(path)\n  error("{svc}: missing setting api_token (expected {placeholder(r)}) in " .. path)\nend\n\nload("/etc/{svc}/config.lua")\n'
    elif how == 1:
        body = f'local build = {{ id = "{uuid(r)}", sha = "{hexs(r, 40)}" }}\nassert(build.status, "build " .. build.id .. " at " .. build.sha .. " has no status")\n'
    else:
        body = f'local function fetch(n)\n  if n > {r.randint(2, 5)} then error("retries exhausted after " .. n .. " attempts for request {uuid(r)}") end\n  return fetch(n + 1)\nend\n\nfetch(1)\n'
    return runlua(h, body), []


# ---- Tcl 8.6 --------------------------------------------------------------------------------


def tcl_word(value):
    return "{" + value + "}" if not any(c in value for c in "{}\\") else '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$").replace("[", "\\[") + '"'


def runtcl(h, source):
    h.write("tcl/main.tcl", source)
    return h.run(["tclsh", "main.tcl"], cwd=h.home + "/tcl", ok=None)


TCL_PRINTERS = [
    "puts ${d}\n",
    "dict for {{k v}} ${d} {{ puts \"$k = $v\" }}\n",
    "puts [list loaded {d} ${d}]\n",
    "foreach k [lsort [dict keys ${d}]] {{ puts [format \"%-16s %s\" $k [dict get ${d} $k]] }}\n",
]


def tcl_dict(name, items):
    return f"set {name} [dict create " + " ".join(f"{k} {v if isinstance(v, int) else tcl_word(v)}" for k, v in items) + "]\n"


@category("secret", "tcl-dict-puts", 16)
def tcl_dict_puts(h, r):
    pairs = [(snake(n), v) for n, v in secret_pairs(r, r.randint(1, 3))]
    items = pairs + [("service", r.choice(SERVICES)), ("port", r.randint(3000, 9000))]
    r.shuffle(items)
    name = r.choice(["config", "cfg", "settings", "creds"])
    return runtcl(h, tcl_dict(name, items) + r.choice(TCL_PRINTERS).format(d=name)), [v for _, v in pairs]


@category("secret", "tcl-errorinfo", 16)
def tcl_errorinfo(h, r):
    tok = secret_token(r, bad="\"'\\$`!%[]{};")
    svc = r.choice(SERVICES)
    how = r.randrange(3)
    if how == 0:
        body = f'proc connect {{token}} {{\n    error "{svc}: authentication failed for token $token"\n}}\nproc main {{}} {{\n    connect {tok}\n}}\nmain\n'
    elif how == 1:
        body = f'proc open_db {{user password}} {{\n    return -code error "login refused for $user:$password@db.internal"\n}}\nif {{[catch {{open_db deploy {tok}}} msg]}} {{\n    puts "error: $msg"\n    puts $::errorInfo\n}}\n'
    else:
        body = f'set headers [dict create Authorization "Bearer {tok}" Accept application/json]\nproc send {{headers}} {{\n    error "request to https://api.example.com/v1/{svc} failed (401) with headers $headers"\n}}\nsend $headers\n'
    return runtcl(h, body), [tok]


@category("pii", "tcl-dict-person", 17)
def tcl_dict_person(h, r):
    p = Person(r)
    items = [("name", p.name), ("email", p.email), ("phone", p.phone), ("street", p.street), ("city", p.city), ("id", r.randint(1000, 99999))]
    return runtcl(h, tcl_dict("customer", items) + r.choice(TCL_PRINTERS).format(d="customer")), [p.name, p.email, p.phone, p.street]


@category("negative", "tcl-dict-clean", 18)
def tcl_dict_clean(h, r):
    name = r.choice(["deploy", "release", "job", "manifest"])
    return runtcl(h, tcl_dict(name, clean_items(r)) + r.choice(TCL_PRINTERS).format(d=name)), []


@category("negative", "tcl-errorinfo-clean", 18)
def tcl_errorinfo_clean(h, r):
    svc = r.choice(SERVICES)
    how = r.randrange(2)
    if how == 0:
        body = f'proc load {{path}} {{\n    error "{svc}: api_token is unset (expected [list {placeholder(r)}]) in $path"\n}}\nload /etc/{svc}/config.tcl\n'
    else:
        body = f'proc check {{build}} {{\n    if {{![dict exists $build status]}} {{ error "build [dict get $build id] at [dict get $build sha] has no status" }}\n}}\nif {{[catch {{check [dict create id {uuid(r)} sha {hexs(r, 40)}]}} msg]}} {{ puts $::errorInfo }}\n'
    return runtcl(h, body), []


# ---- OCaml 4.13 toplevel ----------------------------------------------------------------------


def ml_lit(value):
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def toplevel(h, source):
    """The phrases fed to the `ocaml` toplevel on stdin, as a user pastes them (no prompts)."""
    return h.run(["ocaml", "-noprompt", "-noinit", "-color=never"], input=source, ok=None)


def runml(h, source):
    h.write("ml/main.ml", source)
    return h.run(["ocaml", "main.ml"], cwd=h.home + "/ml", ok=None)


@category("secret", "ocaml-toplevel-record", 16)
def ocaml_toplevel_record(h, r):
    pairs = [(snake(n), v) for n, v in secret_pairs(r, r.randint(1, 3))]
    fields = [("service", ml_lit(r.choice(SERVICES)), "string")] + [(k, ml_lit(v), "string") for k, v in pairs] + [("port", str(r.randint(3000, 9000)), "int")]
    how = r.randrange(3)
    if how == 0:
        src = f"type config = {{ {'; '.join(f'{f} : {t}' for f, _, t in fields)} }};;\nlet cfg = {{ {'; '.join(f'{f} = {v}' for f, v, _ in fields)} }};;\n"
    elif how == 1:
        src = f"let env = [{'; '.join(f'({ml_lit(k.upper())}, {ml_lit(v)})' for k, v in pairs)}; (\"APP_ENV\", {ml_lit(r.choice(['production', 'staging']))})];;\n"
    else:
        user = r.choice(["deploy", "ci", "svc-billing"])
        src = "type auth = Basic of string * string | Bearer of string | Anonymous;;\n"
        src += f"let creds = [{'; '.join(f'Basic ({ml_lit(user)}, {ml_lit(v)})' if i % 2 else f'Bearer {ml_lit(v)}' for i, (_, v) in enumerate(pairs))}; Anonymous];;\n"
    return toplevel(h, src), [v for _, v in pairs]


@category("secret", "ocaml-uncaught-exception", 16)
def ocaml_uncaught_exception(h, r):
    tok = secret_token(r)
    svc = r.choice(SERVICES)
    how = r.randrange(3)
    if how == 0:
        src = f'exception Auth_failed of string * string\n\nlet () =\n  print_endline "starting {svc}";\n  raise (Auth_failed ("deploy", {ml_lit(tok)}))\n'
        return runml(h, src), [tok]
    if how == 1:
        src = f'let connect token = failwith ("{svc}: token rejected: " ^ token)\n\nlet () = connect {ml_lit(tok)}\n'
        return runml(h, src), [tok]
    src = f'exception Http_error of {{ status : int; authorization : string }};;\nraise (Http_error {{ status = 401; authorization = "Bearer " ^ {ml_lit(tok)} }});;\n'
    return toplevel(h, src), [tok]


@category("pii", "ocaml-record-person", 17)
def ocaml_record_person(h, r):
    people = [Person(r) for _ in range(r.randint(1, 2))]
    src = "type customer = { full_name : string; email : string; phone : string; street : string; id : int };;\n"
    src += f"let customers = [{'; '.join(f'{{ full_name = {ml_lit(p.name)}; email = {ml_lit(p.email)}; phone = {ml_lit(p.phone)}; street = {ml_lit(p.street)}; id = {r.randint(1000, 99999)} }}' for p in people)}];;\n"
    return toplevel(h, src), [t for p in people for t in (p.name, p.email, p.phone, p.street)]


@category("negative", "ocaml-toplevel-clean", 18)
def ocaml_toplevel_clean(h, r):
    items = [(k, v) for k, v in clean_items(r)]
    fields = [(k, str(v) if isinstance(v, int) else ml_lit(v), "int" if isinstance(v, int) else "string") for k, v in items]
    src = f"type deploy = {{ {'; '.join(f'{f} : {t}' for f, _, t in fields)} }};;\nlet d = {{ {'; '.join(f'{f} = {v}' for f, v, _ in fields)} }};;\n"
    return toplevel(h, src), []


@category("negative", "ocaml-exception-clean", 18)
def ocaml_exception_clean(h, r):
    svc = r.choice(SERVICES)
    how = r.randrange(2)
    if how == 0:
        src = f'exception Missing_setting of string * string\n\nlet () = raise (Missing_setting ("api_token", {ml_lit(placeholder(r))}))\n'
    else:
        src = f'let () = failwith ("{svc}: build {uuid(r)} at {hexs(r, 40)} has no status")\n'
    return runml(h, src), []
