"""Printed objects of two languages new to the holdouts: Haskell under Hugs (`show` of records,
`Data.Map`, `error`/`userError` messages) and Groovy (map and list literals, `@ToString`,
`dump()`, uncaught exceptions)."""

from registry import category
from values import BOTS, ROLES, SERVICES, Person, digest, harmless, hexs, placeholder, secret_pairs, secret_token, uuid

# ---- Haskell (Hugs 98) ----------------------------------------------------------------------


def hs_show(value):
    """What Haskell's `show` prints between the quotes of a String (non-ASCII as decimal escapes)."""
    out = []
    for i, c in enumerate(value):
        if ord(c) > 127:
            out.append(f"\\{ord(c)}")
            if i + 1 < len(value) and value[i + 1].isdigit():
                out.append("\\&")
        elif c in '"\\':
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


def hs_lit(value):
    return '"' + hs_show(value) + '"'


def runhugs(h, source):
    path = h.write("hs/Main.hs", source)
    return h.run(["runhugs", path], ok=None)


def camel(name):
    head, *rest = name.lower().split("_")
    return head + "".join(p.title() for p in rest)


@category("secret", "hugs-show-record", 13)
def hugs_show_record(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    fields = [("serviceName", hs_lit(r.choice(SERVICES))), ("dbHost", hs_lit(r.choice(["db.internal", "pg-primary", "10.0.4.12"])))]
    fields += [(camel(n), hs_lit(v)) for n, v in pairs]
    fields.append(("port", str(r.randint(3000, 9000))))
    decl = ", ".join(f"{f} :: {'Int' if f == 'port' else 'String'}" for f, _ in fields)
    rec = r.choice(["Config", "Settings", "Env", "Credentials"])
    src = f"data {rec} = {rec} {{ {decl} }} deriving (Show, Eq)\n\nmain :: IO ()\nmain = do\n  let cfg = {rec} {{ {', '.join(f'{f} = {v}' for f, v in fields)} }}\n"
    src += "  print cfg\n" if r.random() < 0.6 else "  putStrLn (\"loaded: \" ++ show cfg)\n"
    return runhugs(h, src), [v for _, v in pairs]


@category("secret", "hugs-map-show", 13)
def hugs_map_show(h, r):
    pairs = secret_pairs(r, r.randint(2, 4))
    items = pairs + [("APP_ENV", r.choice(["production", "staging"])), ("LOG_LEVEL", r.choice(["info", "debug"]))]
    r.shuffle(items)
    lst = ", ".join(f"({hs_lit(k)}, {hs_lit(v)})" for k, v in items)
    how = r.randrange(3)
    body = ["  print env", "  print (M.toList env)", "  mapM_ print (M.toList env)"][how]
    src = f"import qualified Data.Map as M\n\nmain :: IO ()\nmain = do\n  let env = M.fromList [{lst}]\n{body}\n"
    return runhugs(h, src), [v for _, v in pairs]


@category("secret", "hugs-program-error", 13)
def hugs_program_error(h, r):
    tok = secret_token(r)
    svc = r.choice(SERVICES)
    how = r.randrange(3)
    if how == 0:
        body = f'  error ("{svc}: authentication failed with token " ++ {hs_lit(tok)})'
    elif how == 1:
        body = f'  ioError (userError ("could not connect as deploy:" ++ {hs_lit(tok)} ++ "@{r.choice(["db.internal", "10.0.4.12"])}"))'
    else:
        body = f'  let creds = ("deploy", {hs_lit(tok)})\n  error ("rejected credentials " ++ show creds)'
    src = f"main :: IO ()\nmain = do\n  putStrLn \"starting {svc}\"\n{body}\n"
    return runhugs(h, src), [tok]


@category("secret", "hugs-either-show", 13)
def hugs_either_show(h, r):
    tok = secret_token(r)
    user = r.choice(["deploy", "svc-billing", "ci", "admin"])
    how = r.randrange(3)
    decl = "data AuthError = Unauthorized String String | Expired { token :: String, at :: Int } deriving Show\n\n"
    if how == 0:
        expr = f"(Left (Unauthorized {hs_lit(user)} {hs_lit(tok)}) :: Either AuthError Int)"
    elif how == 1:
        expr = f"(Left (Expired {{ token = {hs_lit(tok)}, at = {r.randint(1700000000, 1800000000)} }}) :: Either AuthError Int)"
    else:
        expr = f"(Just ({hs_lit(user)}, {hs_lit(tok)}), [Right {r.randint(1, 99)}, Left (Unauthorized {hs_lit(user)} {hs_lit(tok)})] :: [Either AuthError Int])"
    src = decl + f"main :: IO ()\nmain = print {expr}\n"
    return runhugs(h, src), [tok]


@category("pii", "hugs-record-person", 12)
def hugs_record_person(h, r):
    people = [Person(r) for _ in range(r.randint(1, 2))]
    recs = []
    targets = []
    for p in people:
        recs.append(f"Customer {{ fullName = {hs_lit(p.name)}, email = {hs_lit(p.email)}, phone = {hs_lit(p.phone)}, street = {hs_lit(p.street)}, customerId = {r.randint(1000, 99999)} }}")
        targets += [hs_show(p.name), p.email, p.phone, hs_show(p.street)]
    src = "data Customer = Customer { fullName :: String, email :: String, phone :: String, street :: String, customerId :: Int } deriving Show\n\n"
    src += "main :: IO ()\nmain = do\n" + "".join(f"  print ({c})\n" for c in recs)
    return runhugs(h, src), targets


@category("negative", "hugs-show-clean", 16)
def hugs_show_clean(h, r):
    fields = [("serviceName", hs_lit(r.choice(SERVICES))), ("apiToken", hs_lit(placeholder(r))), ("buildId", hs_lit(uuid(r))), ("commit", hs_lit(hexs(r, 40))),
              ("owner", hs_lit(r.choice(BOTS))), ("team", hs_lit(r.choice(ROLES))), ("checksum", hs_lit(digest(r))), ("replicas", str(r.randint(1, 9)))]
    fields = r.sample(fields, r.randint(4, len(fields)))
    decl = ", ".join(f"{f} :: {'Int' if f == 'replicas' else 'String'}" for f, _ in fields)
    src = f"data Deploy = Deploy {{ {decl} }} deriving Show\n\nmain :: IO ()\nmain = print (Deploy {{ {', '.join(f'{f} = {v}' for f, v in fields)} }})\n"
    return runhugs(h, src), []


@category("negative", "hugs-map-clean", 16)
def hugs_map_clean(h, r):
    items = [("GITHUB_TOKEN", placeholder(r)), ("BUILD_ID", uuid(r)), ("GIT_SHA", hexs(r, 40)), ("OWNER", r.choice(BOTS)), ("CHECKSUM", digest(r)), ("API_KEY", placeholder(r)), ("REGION", r.choice(["eu-west-1", "us-east-2"]))]
    items = r.sample(items, r.randint(3, len(items)))
    lst = ", ".join(f"({hs_lit(k)}, {hs_lit(v)})" for k, v in items)
    body = r.choice(["  print env", "  mapM_ print (M.toList env)"])
    return runhugs(h, f"import qualified Data.Map as M\n\nmain :: IO ()\nmain = do\n  let env = M.fromList [{lst}]\n{body}\n"), []


@category("negative", "hugs-either-clean", 16)
def hugs_either_clean(h, r):
    decl = "data JobError = Timeout String Int | Missing { variable :: String } deriving Show\n\n"
    how = r.randrange(3)
    if how == 0:
        expr = f"(Left (Timeout {hs_lit(uuid(r))} {r.randint(5, 600)}) :: Either JobError Int)"
    elif how == 1:
        expr = f"(Left (Missing {{ variable = {hs_lit(r.choice(['DB_PASSWORD', 'API_TOKEN', 'GITHUB_TOKEN']))} }}) :: Either JobError Int)"
    else:
        expr = f"(Just ({hs_lit(r.choice(BOTS))}, {hs_lit(placeholder(r))}), [Right {r.randint(1, 99)}, Left (Timeout {hs_lit(hexs(r, 12))} 30)] :: [Either JobError Int])"
    return runhugs(h, decl + f"main :: IO ()\nmain = print {expr}\n"), []


@category("negative", "hugs-error-clean", 16)
def hugs_error_clean(h, r):
    svc = r.choice(SERVICES)
    how = r.randrange(3)
    if how == 0:
        body = f'  error ("{svc}: missing key " ++ show {hs_lit(r.choice(["DB_PASSWORD", "API_TOKEN", "STRIPE_SECRET_KEY"]))} ++ " (set it in the environment)")'
    elif how == 1:
        body = f'  ioError (userError ("request {uuid(r)} failed: HTTP {r.choice([401, 403, 429, 503])}"))'
    else:
        body = f'  error ("checksum mismatch: expected {hexs(r, 40)}, value " ++ show {hs_lit(harmless(r))})'
    return runhugs(h, f"main :: IO ()\nmain = do\n  putStrLn \"starting {svc}\"\n{body}\n"), []


# ---- Groovy ---------------------------------------------------------------------------------


def gq(value):
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def groovy(h, source, lines=None):
    path = h.write("groovy/job.groovy", source)
    out = h.run(["groovy", path], ok=None)
    if lines:  # what `| head -n N` shows of a stack trace
        out = "".join(out.splitlines(keepends=True)[:lines])
    return out


@category("secret", "groovy-map-print", 13)
def groovy_map_print(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    entries = [(n.lower(), v) for n, v in pairs] + [("host", r.choice(["db.internal", "127.0.0.1"])), ("user", "deploy")]
    r.shuffle(entries)
    m = ", ".join(f"{k}: {gq(v)}" for k, v in entries)
    how = r.randrange(3)
    if how == 0:
        src = f"def cfg = [{m}]\nprintln cfg\n"
    elif how == 1:
        src = f"def cfg = [{m}]\ncfg.each {{ k, v -> println \"$k=$v\" }}\n"
    else:
        src = f"def cfg = [{m}]\nprintln \"connecting with ${{cfg}}\"\nprintln cfg.inspect()\n"
    return groovy(h, src), [v for _, v in pairs]


@category("secret", "groovy-tostring-dump", 13)
def groovy_tostring_dump(h, r):
    pairs = secret_pairs(r, r.randint(1, 2))
    fields = [(camel(n), v) for n, v in pairs] + [("endpoint", f"https://{r.choice(SERVICES)}.internal/api")]
    decl = "\n".join(f"  String {f}" for f, _ in fields)
    init = ", ".join(f"{f}: {gq(v)}" for f, v in fields)
    how = r.randrange(3)
    if how == 0:
        src = f"@groovy.transform.ToString(includeNames = true)\nclass Client {{\n{decl}\n}}\nprintln new Client({init})\n"
    elif how == 1:
        src = f"class Client {{\n{decl}\n}}\nprintln new Client({init}).dump()\n"
    else:
        src = f"@groovy.transform.Canonical\nclass Client {{\n{decl}\n}}\nprintln new Client({init})\n"
    return groovy(h, src), [v for _, v in pairs]


@category("secret", "groovy-uncaught-exception", 13)
def groovy_uncaught_exception(h, r):
    tok = secret_token(r)
    how = r.randrange(3)
    if how == 0:
        src = f"def token = {gq(tok)}\nthrow new IllegalStateException(\"token ${{token}} was rejected (401)\")\n"
    elif how == 1:
        src = f"def url = 'postgres://deploy:' + {gq(tok)} + '@db.internal:5432/app'\nthrow new RuntimeException(\"cannot open \" + url)\n"
    else:
        src = f"def cfg = [apiKey: {gq(tok)}, retries: 3]\nassert cfg.apiKey.startsWith('live_')\n"
        return groovy(h, src, lines=8), [tok]  # the power assertion's diagram
    return groovy(h, src, lines=r.choice([2, 3, 4])), [tok]


@category("secret", "groovy-json-output", 13)
def groovy_json_output(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    entries = [("service", r.choice(SERVICES))] + [(camel(n), v) for n, v in pairs] + [("retries", r.randint(1, 5))]
    m = ", ".join(f"{k}: {gq(v) if isinstance(v, str) else v}" for k, v in entries)
    how = r.randrange(2)
    if how == 0:
        src = f"import groovy.json.JsonOutput\nprintln JsonOutput.prettyPrint(JsonOutput.toJson([{m}]))\n"
    else:
        src = f"import groovy.json.JsonOutput\nprintln JsonOutput.toJson([{m}])\n"
    return groovy(h, src), [v for _, v in pairs]


@category("pii", "groovy-person-print", 12)
def groovy_person_print(h, r):
    p = Person(r)
    how = r.randrange(3)
    if how == 0:
        src = f"def c = [name: {gq(p.name)}, email: {gq(p.email)}, phone: {gq(p.phone)}, address: {gq(p.street + ', ' + p.city)}]\nprintln c\n"
        targets = [p.name, p.email, p.phone, p.street]
    elif how == 1:
        src = f"@groovy.transform.ToString(includeNames = true)\nclass Customer {{ String name; String email; String phone }}\nprintln new Customer(name: {gq(p.name)}, email: {gq(p.email)}, phone: {gq(p.phone)})\n"
        targets = [p.name, p.email, p.phone]
    else:
        src = f"def c = [name: {gq(p.name)}, email: {gq(p.email)}]\nthrow new IllegalArgumentException(\"duplicate customer ${{c}}\")\n"
        return groovy(h, src, lines=2), [p.name, p.email]
    return groovy(h, src), targets


@category("negative", "groovy-print-clean", 16)
def groovy_print_clean(h, r):
    entries = [("service", r.choice(SERVICES)), ("token", placeholder(r)), ("commit", hexs(r, 40)), ("owner", r.choice(BOTS)), ("build", uuid(r)), ("team", r.choice(ROLES))]
    entries = r.sample(entries, r.randint(3, len(entries)))
    m = ", ".join(f"{k}: {gq(v)}" for k, v in entries)
    src = f"def job = [{m}]\nprintln job\n" if r.random() < 0.5 else f"def job = [{m}]\njob.each {{ k, v -> println \"$k=$v\" }}\n"
    return groovy(h, src), []


@category("negative", "groovy-exception-clean", 16)
def groovy_exception_clean(h, r):
    how = r.randrange(3)
    if how == 0:
        src = f"throw new IllegalStateException('missing environment variable {r.choice(['API_TOKEN', 'DB_PASSWORD', 'GITHUB_TOKEN'])}')\n"
    elif how == 1:
        src = f"def id = '{uuid(r)}'\nthrow new RuntimeException(\"job ${{id}} failed after {r.randint(2, 9)} retries\")\n"
    else:
        src = f"def cfg = [checksum: '{hexs(r, 40)}', replicas: {r.randint(1, 9)}]\nassert cfg.replicas > 10\n"
        return groovy(h, src, lines=8), []
    return groovy(h, src, lines=r.choice([2, 3, 4])), []
