"""Node.js 20 (Debian's nodejs), new to the holdouts: what a script prints with `console.log`
and `console.dir` (util.inspect of objects, class instances, Maps, Sets and URL objects),
`console.table`, `JSON.stringify`, an uncaught error with its own properties, a failed
`assert.deepStrictEqual`, and `node -p process.env`. Each case is one `main.js` run as
`node main.js` (the source is not shown) or one `node -p` line."""

import json
import os

from registry import category
from values import BOTS, PLAIN_NAMES, ROLES, SAFE_REFS, SECRET_NAMES, SERVICES, Person, clean_pairs, hexs, plain_value, secret_pairs, secret_token, uuid

BAD = "\"'\\$`!%{}"
CLASSES = ["Config", "ServiceConfig", "Credentials", "ClientOptions", "DeployTarget", "Settings"]


def js(v):
    return json.dumps(v, ensure_ascii=False)


def run_node(h, source, ok=(0,)):
    d = h.fresh("app")
    h.write(os.path.join(d, "main.js"), source)
    return "$ node main.js\n" + h.run(["node", "main.js"], cwd=d, ok=ok)


def camel(name):
    parts = name.lower().split("_")
    return parts[0] + "".join(p.title() for p in parts[1:])


def key_style(r, name):
    return r.choice([name.lower(), camel(name), name])


def pairs_for(r, clean):
    pairs, targets = [], []
    if clean:
        pairs += clean_pairs(r, r.randint(1, 3))
    else:
        for name, v in secret_pairs(r, r.randint(1, 3)):
            if any(c in v for c in BAD):
                v = secret_token(r, bad=BAD)
            pairs.append((key_style(r, name), v))
            targets.append(v)
    for name in r.sample(PLAIN_NAMES, r.randint(1, 3)):
        pairs.append((key_style(r, name), plain_value(r, name)))
    r.shuffle(pairs)
    return pairs, targets


def obj(pairs):
    return "{ " + ", ".join(f"{js(k)}: {js(v)}" for k, v in pairs) + " }"


def inspect_case(h, r, pairs):
    shape = r.randrange(5)
    o = obj(pairs)
    if shape == 0:
        return run_node(h, f"const cfg = {o};\nconsole.log(cfg);\n")
    if shape == 1:
        return run_node(h, f"const cfg = {o};\nconsole.log('loaded config', cfg);\n")
    if shape == 2:
        cls = r.choice(CLASSES)
        return run_node(h, f"class {cls} {{ constructor(o) {{ Object.assign(this, o); }} }}\nconsole.log(new {cls}({o}));\n")
    if shape == 3:
        return run_node(h, f"const cfg = {o};\nconsole.error(cfg);\n")
    svc = r.choice(SERVICES)
    return run_node(h, f"const cfg = {{ service: {js(svc)}, env: {o} }};\nconsole.log(cfg);\n")


@category("secret", "node-inspect-object", 30)
def node_inspect_object(h, r):
    pairs, targets = pairs_for(r, clean=False)
    return inspect_case(h, r, pairs), targets


def map_case(h, r, pairs):
    entries = ", ".join(f"[{js(k)}, {js(v)}]" for k, v in pairs)
    shape = r.randrange(3)
    if shape == 0:
        return run_node(h, f"const m = new Map([{entries}]);\nconsole.log(m);\n")
    if shape == 1:
        return run_node(h, f"const m = new Map([{entries}]);\nconsole.log(m.entries());\n")
    return run_node(h, f"const m = new Map([{entries}]);\nconsole.log({{ size: m.size, settings: m }});\n")


@category("secret", "node-inspect-map", 26)
def node_inspect_map(h, r):
    pairs, targets = pairs_for(r, clean=False)
    return map_case(h, r, pairs), targets


def table_case(h, r, rows, cols=None):
    src = f"const rows = {json.dumps(rows, ensure_ascii=False)};\nconsole.table(rows{', ' + js(cols) if cols else ''});\n"
    return run_node(h, src)


@category("secret", "node-console-table", 24)
def node_console_table(h, r):
    col = r.choice(["token", "apiKey", "password", "secret", "accessToken", "clientSecret"])
    rows, targets = [], []
    for _ in range(r.randint(2, 4)):
        v = secret_token(r, bad=BAD)
        rows.append({"service": r.choice(SERVICES), col: v, "region": r.choice(["eu-west-1", "us-east-2", "ap-south-1"])})
        targets.append(v)
    return table_case(h, r, rows), targets


def error_case(h, r, props, message):
    cls = r.choice(["Error", "TypeError", "RangeError"])
    shape = r.randrange(3)
    if shape == 0:
        src = f"const err = new {cls}({js(message)});\nObject.assign(err, {obj(props)});\nthrow err;\n"
        return run_node(h, src, ok=(1,))
    if shape == 1:
        src = f"const err = new Error({js(message)});\nerr.code = 'E_CONNECT';\nerr.config = {obj(props)};\nconsole.error(err);\n"
        return run_node(h, src)
    src = f"async function connect(opts) {{\n  const err = new Error({js(message)});\n  err.options = opts;\n  throw err;\n}}\nconnect({obj(props)});\n"
    return run_node(h, src, ok=(1,))


MESSAGES = ["connect ECONNREFUSED 127.0.0.1:5432", "request failed with status 401", "authentication failed", "invalid configuration", "upstream timed out"]


@category("secret", "node-thrown-error-props", 30)
def node_thrown_error_props(h, r):
    pairs, targets = pairs_for(r, clean=False)
    return error_case(h, r, pairs, r.choice(MESSAGES)), targets


@category("secret", "node-process-env", 26)
def node_process_env(h, r):
    extra, targets = {}, []
    for name, v in secret_pairs(r, r.randint(1, 3)):
        extra[name] = v
        targets.append(v)
    for name in r.sample(PLAIN_NAMES, 2):
        extra[name] = plain_value(r, name)
    return "$ node -p process.env\n" + h.run(["node", "-p", "process.env"], env=h.env(**extra)), targets


def url_value(r, clean):
    scheme, port = r.choice([("postgres", 5432), ("mysql", 3306), ("redis", 6379), ("amqp", 5672), ("https", 443), ("mongodb", 27017)])
    host = r.choice(["db.internal", "cache.internal", "mq.staging.lan", "api.example.net", "10.20.0.7"])
    user = r.choice(["app", "deploy", "svc_" + r.choice(SERVICES), "admin"])
    if clean:
        return f"{scheme}://{host}:{port}/{r.choice(SERVICES)}", None
    pw = secret_token(r, bad=BAD + "@:/?#[]&=+ ")
    return f"{scheme}://{user}:{pw}@{host}:{port}/{r.choice(SERVICES)}", pw


def url_case(h, r, url):
    shape = r.randrange(3)
    if shape == 0:
        return run_node(h, f"console.log(new URL({js(url)}));\n")
    if shape == 1:
        return run_node(h, f"const u = new URL({js(url)});\nconsole.log({{ host: u.host, username: u.username, password: u.password }});\n")
    return run_node(h, f"const u = new URL({js(url)});\nconsole.log('connecting to', u.href);\n")


@category("secret", "node-url-credentials", 24)
def node_url_credentials(h, r):
    url, pw = url_value(r, clean=False)
    return url_case(h, r, url), [pw]


def dir_case(h, r, pairs):
    svc = r.choice(SERVICES)
    inner = obj(pairs)
    shape = r.randrange(2)
    if shape == 0:
        src = f"const cfg = {{ name: {js(svc)}, db: {{ pool: {{ max: {r.randint(2, 20)} }}, connection: {inner} }} }};\nconsole.dir(cfg, {{ depth: null }});\n"
    else:
        src = f"const cfg = {{ clients: [{{ id: {r.randint(1, 9)}, settings: {{ nested: {{ deep: {inner} }} }} }}] }};\nconsole.dir(cfg, {{ depth: null, colors: false }});\n"
    return run_node(h, src)


@category("secret", "node-console-dir-depth", 24)
def node_console_dir_depth(h, r):
    pairs, targets = pairs_for(r, clean=False)
    return dir_case(h, r, pairs), targets


def json_case(h, r, pairs):
    indent = r.choice([0, 2, 4])
    arg = f", null, {indent}" if indent else ""
    return run_node(h, f"const cfg = {obj(pairs)};\nconsole.log(JSON.stringify(cfg{arg}));\n")


@category("secret", "node-json-stringify", 24)
def node_json_stringify(h, r):
    pairs, targets = pairs_for(r, clean=False)
    return json_case(h, r, pairs), targets


PLAIN_KEYS = {k for n in PLAIN_NAMES for k in (n, n.lower(), camel(n))}


def change_plain(r, pairs, new):
    """The expected object differs from the actual one in a key that names no secret."""
    i = r.choice([j for j, (k, _) in enumerate(pairs) if k in PLAIN_KEYS])
    changed = list(pairs)
    changed[i] = (pairs[i][0], new)
    return changed


def assert_case(h, r, actual, expected):
    src = f"const assert = require('node:assert');\nconst actual = {obj(actual)};\nconst expected = {obj(expected)};\nassert.deepStrictEqual(actual, expected);\n"
    return run_node(h, src, ok=(1,))


@category("secret", "node-assert-diff", 24)
def node_assert_diff(h, r):
    pairs, targets = pairs_for(r, clean=False)
    changed = change_plain(r, pairs, "other-" + str(r.randint(2, 9)))
    return assert_case(h, r, pairs, changed), targets


# ---- people -----------------------------------------------------------------------------


def person_obj(r, p):
    fields = [("name", p.name), ("email", p.email)]
    targets = [p.name, p.email]
    if r.random() < 0.6:
        fields.append(("phone", p.phone))
        targets.append(p.phone)
    if r.random() < 0.4:
        fields.append(("address", f"{p.street}, {p.city}"))
        targets.append(p.street)
    fields.insert(0, ("id", r.randint(100, 99999)))
    return fields, targets


@category("pii", "node-inspect-person", 30)
def node_inspect_person(h, r):
    fields, targets = person_obj(r, Person(r))
    return inspect_case(h, r, fields), targets


@category("pii", "node-table-person", 28)
def node_table_person(h, r):
    rows, targets = [], []
    for _ in range(r.randint(2, 3)):
        p = Person(r)
        rows.append({"customer": p.name, "email": p.email, "plan": r.choice(["free", "team", "pro"])})
        targets += [p.name, p.email]
    return table_case(h, r, rows), targets


@category("pii", "node-error-person", 26)
def node_error_person(h, r):
    fields, targets = person_obj(r, Person(r))
    return error_case(h, r, fields, r.choice(["validation failed for user", "duplicate account", "could not send welcome mail"])), targets


@category("pii", "node-json-person", 26)
def node_json_person(h, r):
    fields, targets = person_obj(r, Person(r))
    return json_case(h, r, fields), targets


# ---- negatives --------------------------------------------------------------------------


@category("negative", "node-inspect-clean", 34)
def node_inspect_clean(h, r):
    pairs, _ = pairs_for(r, clean=True)
    return inspect_case(h, r, pairs), []


@category("negative", "node-map-clean", 30)
def node_map_clean(h, r):
    pairs, _ = pairs_for(r, clean=True)
    return map_case(h, r, pairs), []


@category("negative", "node-table-clean", 30)
def node_table_clean(h, r):
    col = r.choice(["checksum", "sha256", "etag", "requestId", "commit", "tokenRef"])
    rows = []
    for _ in range(r.randint(2, 4)):
        v = {"checksum": lambda: hexs(r, 64), "sha256": lambda: "sha256:" + hexs(r, 64), "etag": lambda: hexs(r, 32), "requestId": lambda: uuid(r), "commit": lambda: hexs(r, 40), "tokenRef": lambda: "env:" + r.choice(SECRET_NAMES)}[col]()
        rows.append({"service": r.choice(SERVICES), col: v, "region": r.choice(["eu-west-1", "us-east-2", "ap-south-1"])})
    return table_case(h, r, rows), []


@category("negative", "node-error-clean", 34)
def node_error_clean(h, r):
    pairs, _ = pairs_for(r, clean=True)
    return error_case(h, r, pairs, r.choice(MESSAGES)), []


@category("negative", "node-env-clean", 30)
def node_env_clean(h, r):
    extra = {}
    for name, v in clean_pairs(r, r.randint(1, 3), masks=False):
        extra[name.upper()] = v
    for name in r.sample(PLAIN_NAMES, 3):
        extra[name] = plain_value(r, name)
    return "$ node -p process.env\n" + h.run(["node", "-p", "process.env"], env=h.env(**extra)), []


@category("negative", "node-url-clean", 28)
def node_url_clean(h, r):
    url, _ = url_value(r, clean=True)
    return url_case(h, r, url), []


@category("negative", "node-dir-clean", 30)
def node_dir_clean(h, r):
    pairs, _ = pairs_for(r, clean=True)
    return dir_case(h, r, pairs), []


@category("negative", "node-json-clean", 30)
def node_json_clean(h, r):
    pairs, _ = pairs_for(r, clean=True)
    return json_case(h, r, pairs), []


@category("negative", "node-assert-clean", 28)
def node_assert_clean(h, r):
    pairs, _ = pairs_for(r, clean=True)
    changed = change_plain(r, pairs, str(r.randint(2, 9999)))
    return assert_case(h, r, pairs, changed), []


@category("negative", "node-bots-clean", 24)
def node_bots_clean(h, r):
    fields = [("id", r.randint(100, 99999)), ("name", r.choice(ROLES)), ("email", r.choice(BOTS)), ("apiKey", r.choice([v for v in SAFE_REFS if v]))]
    return inspect_case(h, r, fields), []
