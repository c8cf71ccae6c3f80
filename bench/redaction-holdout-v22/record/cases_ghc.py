"""GHC 9.0 (`runghc`), new to the holdouts (v17 ran Haskell under Hugs): records and maps printed
with the derived `show`, the process environment as `getEnvironment` returns it, and a program
that dies with `error`, `userError` or a thrown exception whose `show` holds the value."""

from registry import category
from values import BOTS, HOSTS, PLAIN_NAMES, SERVICES, Person, digest, hexs, placeholder, plain_value, secret_pairs, secret_token, uuid

RECORDS = [
    ("DbConfig", [("dbHost", "host"), ("dbUser", "user")], ["dbPassword", "password"]),
    ("ApiClient", [("baseUrl", "url"), ("service", "service")], ["apiToken", "apiKey", "authToken"]),
    ("SmtpSettings", [("smtpHost", "host"), ("smtpUser", "user")], ["smtpPassword", "password"]),
    ("Credentials", [("accountId", "id"), ("region", "region")], ["secretAccessKey", "secretKey", "credentials"]),
    ("WebhookConfig", [("endpoint", "url"), ("retries", "int")], ["signingSecret", "webhookSecret"]),
    ("RegistryAuth", [("registry", "host"), ("username", "user")], ["accessToken", "registryPassword"]),
]


def hs(v):
    """A Haskell string literal of a value (as `show` writes it: non-ASCII as decimal escapes)."""
    out = '"'
    for i, ch in enumerate(v):
        if ch == '"' or ch == "\\":
            out += "\\" + ch
        elif ord(ch) > 126:
            out += f"\\{ord(ch)}"
            if i + 1 < len(v) and v[i + 1].isdigit():
                out += "\\&"
        else:
            out += ch
    return out + '"'


def plain_field(r, kind):
    if kind == "host":
        return hs(r.choice(HOSTS))
    if kind == "user":
        return hs(r.choice(["deploy", "svc-" + r.choice(SERVICES), "app", "ci"]))
    if kind == "url":
        return hs(f"https://{r.choice(['api', 'hooks', 'ingest'])}.example.com/v{r.randint(1, 3)}")
    if kind == "service":
        return hs(r.choice(SERVICES))
    if kind == "id":
        return hs(str(r.randint(100000000000, 999999999999)))
    if kind == "region":
        return hs(r.choice(["eu-west-1", "us-east-2", "ap-northeast-1"]))
    return str(r.randint(1, 9))


def run_ghc(h, r, src, env=None, ok=(0,)):
    name = r.choice(["Main.hs", "Config.hs", "app.hs", "Check.hs"])
    h.write(name, src)
    return f"$ runghc {name}\n" + h.run(["runghc", name], env=h.env(**(env or {})), ok=ok)


def record_src(r, secret_value):
    tname, plain, secret_fields = r.choice(RECORDS)
    fields = [(f, plain_field(r, k)) for f, k in plain]
    sf = r.choice(secret_fields)
    fields.insert(r.randint(0, len(fields)), (sf, secret_value))
    decl = f"data {tname} = {tname} {{ " + ", ".join(f"{f} :: {'Int' if not v.startswith(chr(34)) else 'String'}" for f, v in fields) + " } deriving Show\n"
    value = f"{tname} {{ " + ", ".join(f"{f} = {v}" for f, v in fields) + " }"
    return tname, decl, value


@category("secret", "ghc-record-show", 24)
def ghc_record_show(h, r):
    token = secret_token(r)
    tname, decl, value = record_src(r, hs(token))
    shape = r.randrange(4)
    if shape == 0:
        body = f"  print ({value})\n"
    elif shape == 1:
        body = f"  let cfg = {value}\n  putStrLn (\"loaded config: \" ++ show cfg)\n"
    elif shape == 2:
        body = f"  print (Just ({value}))\n"
    else:
        body = f"  mapM_ print [{value}]\n"
    return run_ghc(h, r, decl + "\nmain :: IO ()\nmain = do\n" + body), [token]


@category("secret", "ghc-map-env", 24)
def ghc_map_env(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    plain = [(n, plain_value(r, n)) for n in r.sample(PLAIN_NAMES, r.randint(1, 3))]
    allp = pairs + plain
    r.shuffle(allp)
    if r.random() < 0.5:
        items = ", ".join(f"({hs(k)}, {hs(v)})" for k, v in allp)
        src = f"import qualified Data.Map as M\n\nmain :: IO ()\nmain = do\n  let settings = M.fromList [{items}]\n  print settings\n"
        if r.random() < 0.5:
            src += f"  print (M.toList (M.filterWithKey (\\k _ -> k /= {hs(plain[0][0])}) settings))\n"
        return run_ghc(h, r, src), [v for _, v in pairs]
    names = ", ".join(hs(k) for k, _ in allp)
    src = ("import System.Environment (getEnvironment)\n\nmain :: IO ()\nmain = do\n  env <- getEnvironment\n"
           f"  print (filter ((`elem` [{names}]) . fst) env)\n")
    return run_ghc(h, r, src, env=dict(allp)), [v for _, v in pairs]


@category("secret", "ghc-error-call", 24)
def ghc_error_call(h, r):
    token = secret_token(r)
    user = r.choice(["deploy", "ci", "svc-" + r.choice(SERVICES)])
    shape = r.randrange(4)
    if shape == 0:
        src = f'main :: IO ()\nmain = do\n  let token = {hs(token)}\n  error ("authentication failed for {user} with token " ++ token)\n'
    elif shape == 1:
        src = f'main :: IO ()\nmain = ioError (userError ("login rejected: {user}:" ++ {hs(token)}))\n'
    elif shape == 2:
        src = ("import Control.Exception\n\n"
               "data AuthFailure = AuthFailure { principal :: String, secret :: String } deriving Show\ninstance Exception AuthFailure\n\n"
               f"main :: IO ()\nmain = throwIO (AuthFailure {{ principal = {hs(user)}, secret = {hs(token)} }})\n")
    else:
        src = ("import qualified Data.Map as M\n\n"
               f"main :: IO ()\nmain = do\n  let creds = M.fromList [({hs(user)}, {hs(token)})]\n"
               f"  putStrLn (\"using \" ++ show creds)\n  print (M.findWithDefault \"\" {hs(user)} creds `seq` head ([] :: [Int]))\n")
    return run_ghc(h, r, src, ok=(1,)), [token]


def person_record(r):
    p = Person(r)
    fields = [("fullName", p.name), ("email", p.email)]
    targets = [p.name, p.email]
    if r.random() < 0.6:
        fields.append(("phone", p.phone))
        targets.append(p.phone)
    if r.random() < 0.5:
        fields.append(("street", p.street))
        fields.append(("city", p.city))
        targets.append(p.street)
    fields.insert(0, ("customerId", str(r.randint(10000, 99999))))
    return p, fields, targets


@category("pii", "ghc-record-person", 24)
def ghc_record_person(h, r):
    p, fields, targets = person_record(r)
    tname = r.choice(["Customer", "Contact", "Recipient", "Member"])
    decl = f"data {tname} = {tname} {{ " + ", ".join(f"{f} :: {'Int' if f == 'customerId' else 'String'}" for f, _ in fields) + " } deriving Show\n"
    value = f"{tname} {{ " + ", ".join(f"{f} = {v if f == 'customerId' else hs(v)}" for f, v in fields) + " }"
    if r.random() < 0.6:
        body = f"  print ({value})\n"
        shown = [hs(t)[1:-1] for t in targets]
    else:
        body = f"  let c = {value}\n  putStrLn (fullName c ++ \" <\" ++ email c ++ \">\")\n  print c\n"
        shown = [hs(t)[1:-1] for t in targets] + [p.name]
    out = run_ghc(h, r, decl + "\nmain :: IO ()\nmain = do\n" + body)
    return out, shown


@category("pii", "ghc-error-person", 24)
def ghc_error_person(h, r):
    p = Person(r)
    shape = r.randrange(3)
    if shape == 0:
        src = f'main :: IO ()\nmain = error ("no invoice address for " ++ {hs(p.name)} ++ " <" ++ {hs(p.email)} ++ ">")\n'
        return run_ghc(h, r, src, ok=(1,)), [p.name, p.email]
    if shape == 1:
        src = f'main :: IO ()\nmain = ioError (userError ("SMS to " ++ {hs(p.phone)} ++ " failed for " ++ {hs(p.name)}))\n'
        return run_ghc(h, r, src, ok=(1,)), [p.phone, p.name]
    src = ("import Control.Exception\n\n"
           "data DeliveryError = DeliveryError { recipient :: String, address :: String } deriving Show\ninstance Exception DeliveryError\n\n"
           f"main :: IO ()\nmain = throwIO (DeliveryError {{ recipient = {hs(p.name)}, address = {hs(p.street + ', ' + p.city)} }})\n")
    return run_ghc(h, r, src, ok=(1,)), [hs(p.name)[1:-1], hs(p.street)[1:-1]]


# ---- negatives --------------------------------------------------------------------------------


@category("negative", "ghc-record-clean", 25)
def ghc_record_clean(h, r):
    shape = r.randrange(3)
    if shape == 0:
        tname, plain, secret_fields = r.choice(RECORDS)
        fields = [(f, plain_field(r, k)) for f, k in plain] + [(r.choice(secret_fields), hs(placeholder(r)))]
    elif shape == 1:
        tname = "BuildInfo"
        fields = [("commit", hs(hexs(r, 40))), ("artifactSha256", hs(hexs(r, 64))), ("buildId", hs(uuid(r))), ("builtBy", hs(r.choice(BOTS)))]
    else:
        tname = "CacheEntry"
        fields = [("objectName", hs(f"{r.choice(SERVICES)}-{hexs(r, 16)}.tar.zst")), ("etag", hs(hexs(r, 32))), ("integrity", hs(digest(r))), ("ttl", str(r.choice([60, 300, 3600])))]
    decl = f"data {tname} = {tname} {{ " + ", ".join(f"{f} :: {'String' if v.startswith(chr(34)) else 'Int'}" for f, v in fields) + " } deriving Show\n"
    value = f"{tname} {{ " + ", ".join(f"{f} = {v}" for f, v in fields) + " }"
    return run_ghc(h, r, decl + f"\nmain :: IO ()\nmain = print ({value})\n"), []


@category("negative", "ghc-map-clean", 25)
def ghc_map_clean(h, r):
    plain = [(n, plain_value(r, n)) for n in r.sample(PLAIN_NAMES, r.randint(2, 4))]
    if r.random() < 0.5:
        plain.append((r.choice(["API_KEY", "DB_PASSWORD", "GITHUB_TOKEN", "WEBHOOK_SECRET"]), placeholder(r)))
    if r.random() < 0.5:
        plain.append((r.choice(["CHECKSUM", "IMAGE_DIGEST", "LOCKFILE_SHA"]), r.choice(["sha256:" + hexs(r, 64), hexs(r, 64)])))
    r.shuffle(plain)
    if r.random() < 0.5:
        items = ", ".join(f"({hs(k)}, {hs(v)})" for k, v in plain)
        return run_ghc(h, r, f"import qualified Data.Map as M\n\nmain :: IO ()\nmain = print (M.fromList [{items}])\n"), []
    names = ", ".join(hs(k) for k, _ in plain)
    src = f"import System.Environment (getEnvironment)\n\nmain :: IO ()\nmain = getEnvironment >>= print . filter ((`elem` [{names}]) . fst)\n"
    return run_ghc(h, r, src, env=dict(plain)), []


@category("negative", "ghc-error-clean", 25)
def ghc_error_clean(h, r):
    shape = r.randrange(3)
    if shape == 0:
        src = f'main :: IO ()\nmain = error ("checksum mismatch: expected sha256:{hexs(r, 64)}")\n'
    elif shape == 1:
        src = f'main :: IO ()\nmain = ioError (userError ("job {uuid(r)} failed on {r.choice(HOSTS)}: missing token (set {r.choice(["API_KEY", "DEPLOY_TOKEN"])})"))\n'
    else:
        src = ("import Control.Exception\n\n"
               "data FetchError = FetchError { url :: String, status :: Int, requestId :: String } deriving Show\ninstance Exception FetchError\n\n"
               f"main :: IO ()\nmain = throwIO (FetchError {{ url = \"https://api.example.com/v1/{r.choice(SERVICES)}\", status = {r.choice([401, 403, 404, 500])}, requestId = {hs(hexs(r, 24))} }})\n")
    return run_ghc(h, r, src, ok=(1,)), []
