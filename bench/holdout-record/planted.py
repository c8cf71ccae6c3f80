"""Synthetic values planted in the programs' input: vendor-format secrets, people, harmless ids.

The kit the blind holdouts' recorders share (v10 and later): each corpus's `record/values.py` calls
`configure` with its own seed and its own invented people, then re-exports these names.

Every value is drawn from a `random.Random` seeded per category, so a re-recording plants the
same values (the programs' own randomness, such as generated keys, is what varies). Formats
follow the vendors' published prefixes, lengths and alphabets; people come from each corpus's own
lists, given to `configure` (no real person of this machine or elsewhere is meant).
"""

import base64
import json
import random
import string
import zlib

DIGITS = string.digits
UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
BASE62 = DIGITS + UPPER + LOWER
ALNUM = UPPER + LOWER + DIGITS
URLSAFE = ALNUM + "-_"
B64 = UPPER + LOWER + DIGITS + "+/"
HEX = "0123456789abcdef"


SEED = "atx-redaction-holdout"


def configure(seed, people=None, mail_domains=None, streets=None, cities=None, latin_mailbox=None, ascii_fold=None, mail_local=None, placeholders=None, phone=None):
    """Set the corpus's own seed and people; a corpus's values.py calls it once, before `import *`.

    `latin_mailbox` maps a name in another script to its Latin mailbox, or (v16, v18-v20) is a list
    the mailbox is drawn from; `mail_local`, `placeholders` and `phone` replace the kit's own where
    a corpus had its own. A corpus with people of its own making (v10-v15: `people_v10.py`) gives
    the seed alone."""
    global SEED, PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD, PLACEHOLDERS
    SEED = seed
    if people is not None:
        PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD = people, mail_domains, streets, cities, latin_mailbox, ascii_fold
    if mail_local is not None:
        globals()["mail_local"] = mail_local
    if placeholders is not None:
        PLACEHOLDERS = placeholders
    if phone is not None:
        globals()["phone"] = phone


def rng_for(category: str) -> random.Random:
    return random.Random(f"{SEED}:{category}")


def s(r: random.Random, alphabet: str, n: int) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def b62(n: int, width: int) -> str:
    out = ""
    while n > 0:
        out = BASE62[n % 62] + out
        n //= 62
    return out.rjust(width, "0")


# ---- secrets in vendor formats ----------------------------------------------------------


def github(r, prefix="ghp"):
    body = s(r, BASE62, 30)
    return f"{prefix}_{body}{b62(zlib.crc32(body.encode()), 6)}"


def github_fine(r):
    return f"github_pat_11{s(r, UPPER + DIGITS, 20)}_{s(r, ALNUM, 59)}"


def npm(r):
    body = s(r, BASE62, 30)
    return f"npm_{body}{b62(zlib.crc32(body.encode()), 6)}"


def gitlab(r):
    return f"glpat-{s(r, URLSAFE, 20)}"


def stripe(r, kind="sk_live"):
    return f"{kind}_{s(r, BASE62, r.choice([24, 99]))}"


def stripe_whsec(r):
    return f"whsec_{s(r, BASE62, 32)}"


def slack_bot(r):
    return f"xoxb-{s(r, DIGITS, r.randint(10, 13))}-{s(r, DIGITS, r.randint(10, 13))}-{s(r, ALNUM, 24)}"


def slack_webhook_path(r):
    return f"T{s(r, UPPER + DIGITS, 9)}/B{s(r, UPPER + DIGITS, 10)}/{s(r, ALNUM, 24)}"


def openai(r):
    if r.random() < 0.5:
        return f"sk-proj-{s(r, URLSAFE, 156)}"
    return f"sk-{s(r, ALNUM, 20)}T3BlbkFJ{s(r, ALNUM, 20)}"


def anthropic(r):
    return f"sk-ant-api03-{s(r, URLSAFE, 93)}AA"


def aws_key_id(r, prefix="AKIA"):
    return prefix + s(r, UPPER + "234567", 16)


def aws_secret(r):
    return s(r, B64, 40)


def google_api(r):
    return f"AIza{s(r, URLSAFE, 35)}"


def sendgrid(r):
    return f"SG.{s(r, URLSAFE, 22)}.{s(r, URLSAFE, 43)}"


def twilio_token(r):
    return s(r, HEX, 32)


def mailgun(r):
    return f"key-{s(r, HEX, 32)}"


def shopify(r):
    return f"shpat_{s(r, HEX, 32)}"


def digitalocean(r):
    return f"dop_v1_{s(r, HEX, 64)}"


def huggingface(r):
    return f"hf_{s(r, UPPER + LOWER, 34)}"


def databricks(r):
    return f"dapi{s(r, HEX, 32)}"


def grafana(r):
    return f"glsa_{s(r, ALNUM, 32)}_{s(r, HEX, 8)}"


def linear(r):
    return f"lin_api_{s(r, ALNUM, 40)}"


def pypi(r):
    return f"pypi-AgEIcHlwaS5vcmc{s(r, URLSAFE, r.randint(150, 180))}"


def telegram(r):
    return f"{r.randint(1, 7)}{s(r, DIGITS, r.randint(8, 9))}:AA{s(r, URLSAFE, 33)}"


def discord(r):
    ident = f"{r.randint(1, 9)}{s(r, DIGITS, 17)}"
    head = base64.b64encode(ident.encode()).decode().rstrip("=")
    return f"{head}.{s(r, URLSAFE, 6)}.{s(r, URLSAFE, 38)}"


def azure_storage(r):
    return s(r, B64, 86) + "=="


def jwt(r):
    def enc(o):
        return base64.urlsafe_b64encode(json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")

    now = 1_760_000_000 + r.randint(0, 30_000_000)
    payload = {"sub": uuid(r), "iat": now, "exp": now + r.choice([900, 3600, 86400]), "scope": r.choice(["read write", "admin", "deploy"])}
    return f"{enc({'alg': 'HS256', 'typ': 'JWT'})}.{enc(payload)}.{s(r, URLSAFE, 43)}"


WORDS = ["copper", "lantern", "glacier", "orbit", "thistle", "harbor", "quartz", "meadow", "falcon", "ember", "saffron", "tundra", "willow", "cobalt", "juniper", "ridge"]


def password(r):
    shape = r.randrange(5)
    if shape == 0:
        return s(r, ALNUM, r.randint(16, 28))
    if shape == 1:
        return f"{s(r, ALNUM, r.randint(6, 9))}{r.choice('!#%*@')}{s(r, ALNUM, r.randint(6, 10))}"
    if shape == 2:
        return f"{r.choice(WORDS)}-{r.choice(WORDS)}-{r.choice(WORDS)}-{r.randint(10, 99)}"
    if shape == 3:
        return s(r, HEX, 32)
    return f"{s(r, UPPER, 1)}{s(r, LOWER, r.randint(5, 8))}{r.randint(1000, 9999)}{r.choice('!$?#')}{s(r, ALNUM, 4)}"


def session_cookie(r):
    return s(r, URLSAFE, r.choice([32, 43, 48]))


API_TOKENS = [github, github_fine, gitlab, openai, anthropic, huggingface, digitalocean, databricks, grafana, linear, npm, slack_bot, shopify, sendgrid, jwt]


def api_token(r):
    return r.choice(API_TOKENS)(r)


# ---- people (synthetic) -----------------------------------------------------------------

# This corpus's people, mail domains, streets and towns (set by configure: each corpus writes its own)
PEOPLE = []
MAIL_DOMAINS = []
STREETS = []
CITIES = []
LATIN_MAILBOX = {}
ASCII_FOLD = str.maketrans("", "")

def mail_local(s):
    s = s.lower().translate(ASCII_FOLD)
    return "".join(c for c in s if c.isascii() and (c.isalnum() or c == "."))


class Person:
    def __init__(self, r, ascii_only=False):
        pool = [p for p in PEOPLE if p[0].isascii() and p[1].isascii()] if ascii_only else PEOPLE
        self.first, self.last = r.choice(pool)
        self.name = f"{self.first} {self.last}"
        first, last = mail_local(self.first), mail_local(self.last)
        if not first or not last:  # a name in another script: a latin mailbox, as people have
            latin = LATIN_MAILBOX[self.first] if isinstance(LATIN_MAILBOX, dict) else r.choice(LATIN_MAILBOX)
            first, last = latin, r.choice(["b", "k", "t", "x"]) + str(r.randint(70, 99))
        local = r.choice([f"{first}.{last}", f"{first[0]}{last}", f"{first}{r.randint(1, 99)}", f"{last}.{first[0]}"])
        self.email = f"{local}@{r.choice(MAIL_DOMAINS)}"
        self.phone = phone(r)
        self.street = f"{r.choice(STREETS)} {r.randint(2, 140)}"
        self.city = r.choice(CITIES)


def phone(r):
    plan = r.randrange(6)
    if plan == 0:
        return f"+49 151 {r.randint(1000, 9999)} {r.randint(1000, 9999)}"
    if plan == 5 and r.random() < 0.5:
        return f"+354 {r.randint(600, 899)} {r.randint(1000, 9999)}"
    if plan == 6:
        return f"+43 664 {r.randint(100, 999)} {r.randint(1000, 9999)}"
    if plan == 1:
        return f"+34 6{r.randint(10, 99)} {r.randint(100, 999)} {r.randint(100, 999)}"
    if plan == 2:
        return f"+48 {r.randint(500, 799)} {r.randint(100, 999)} {r.randint(100, 999)}"
    if plan == 3:
        return f"+353 8{r.randint(5, 7)} {r.randint(100, 999)} {r.randint(1000, 9999)}"
    if plan == 4:
        return f"+81 90-{r.randint(1000, 9999)}-{r.randint(1000, 9999)}"
    return f"+1 808-{r.randint(201, 989)}-{r.randint(1000, 9999)}"


def luhn_card(r):
    body = r.choice(["4", "51", "52", "53", "54", "55"]) + s(r, DIGITS, 14 if r.random() < 0.5 else 13)
    body = body[:15]
    total = 0
    for i, d in enumerate(reversed(body)):
        n = int(d)
        if i % 2 == 0:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return body + str((10 - total % 10) % 10)


def iban(r):
    country, bban = r.choice([("DE", lambda: s(r, DIGITS, 18)), ("FR", lambda: s(r, DIGITS, 23)), ("NL", lambda: r.choice(["ABNA", "INGB", "RABO"]) + s(r, DIGITS, 10)), ("GB", lambda: r.choice(["NWBK", "BARC", "MIDL"]) + s(r, DIGITS, 14))])
    b = bban()
    digits = "".join(str(int(c, 36)) for c in b + country + "00")
    check = 98 - int(digits) % 97
    return f"{country}{check:02d}{b}"


def ssn(r):
    area = r.choice([n for n in range(1, 666)])
    return f"{area:03d}-{r.randint(1, 99):02d}-{r.randint(1, 9999):04d}"


# ---- harmless look-alikes ---------------------------------------------------------------


def uuid(r):
    h = s(r, HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{r.choice('89ab')}{h[17:20]}-{h[20:]}"


def hexs(r, n):
    return s(r, HEX, n)


SERVICES = ["billing", "orders", "ledger", "search", "notify", "inventory", "gateway", "reports", "checkout", "catalog", "media", "scheduler"]
ORGS = ["acme-labs", "northwind", "orbital-io", "kestrel-dev", "bluefin-hq", "tidewater", "lumen-works", "fjord-data"]
REPOS = ["api", "web", "infra", "platform", "mobile-app", "etl-jobs", "dashboard", "worker"]
HOSTS = ["db.internal", "pg-primary.svc.cluster.local", "postgres", "mysql.prod.internal", "db-01.staging.lan", "cache.internal"]


# ---- what negatives hold instead of a secret ----------------------------------------------

PLACEHOLDERS = [
    "<your-api-key>", "YOUR_TOKEN_HERE", "********", "changeme", "REDACTED", "[redacted]", "xxxxxxxxxxxxxxxx",
    "vault:secret/data/ci#deploy_token", "op://Engineering/Stripe/credential", "{{ secrets.DEPLOY_KEY }}",
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf", "%(API_TOKEN)s", "env:GITHUB_TOKEN",
    "sm://projects/acme/secrets/api-key/versions/latest", "<redacted>", "TODO-set-me", "file:/run/secrets/db_password",
]
BOTS = ["ci-bot@example.com", "noreply@github.com", "dependabot[bot]@users.noreply.github.com", "alerts@example.org", "no-reply@builds.example.net", "renovate@whitesourcesoftware.com"]
ROLES = ["Build Bot", "Release Automation", "Ops Team", "Support Desk", "Nightly CI", "Billing Service"]


def placeholder(r):
    return r.choice(PLACEHOLDERS)


def digest(r):
    return r.choice([lambda: "sha256:" + hexs(r, 64), lambda: hexs(r, 40), lambda: uuid(r), lambda: hexs(r, 7), lambda: "sha512-" + s(r, B64, 86) + "=="])()


def harmless(r):
    """A value that is no secret: a placeholder, a digest or an id, a count or a path."""
    return r.choice([placeholder, digest, lambda r: f"{r.choice(SERVICES)}-{r.randint(1, 40)}", lambda r: str(r.randint(1, 65535)), lambda r: f"/etc/{r.choice(SERVICES)}/config.toml"])(r)


def plain(value, bad="\"'\\$`!%"):
    """Whether a drawn value prints unquoted and unescaped in the programs that quote strings."""
    return not any(c in value for c in bad)


def secret_token(r, bad="\"'\\$`!%"):
    """An API token or password that no printer escapes (redrawn until plain)."""
    while True:
        v = r.choice([api_token, password, password, aws_secret, google_api, stripe, stripe_whsec, mailgun, telegram, discord, pypi, twilio_token])(r)
        if plain(v, bad) and len(v) >= 8:
            return v


SECRET_NAMES = ["GITHUB_TOKEN", "API_KEY", "DB_PASSWORD", "STRIPE_SECRET_KEY", "SLACK_BOT_TOKEN", "OPENAI_API_KEY", "SMTP_PASSWORD", "REDIS_PASSWORD", "DEPLOY_TOKEN", "HF_TOKEN", "AWS_SECRET_ACCESS_KEY", "SENTRY_AUTH_TOKEN", "NPM_TOKEN", "WEBHOOK_SECRET"]
PLAIN_NAMES = ["APP_ENV", "LOG_LEVEL", "PORT", "REGION", "BUILD_ID", "GIT_SHA", "SERVICE_NAME", "MAX_WORKERS", "DB_HOST", "CACHE_TTL"]


def plain_value(r, name):
    return {"APP_ENV": r.choice(["production", "staging", "dev"]), "LOG_LEVEL": r.choice(["info", "debug", "warn"]), "PORT": str(r.randint(3000, 9000)),
            "REGION": r.choice(["eu-west-1", "us-east-2", "ap-northeast-1"]), "BUILD_ID": str(r.randint(1000, 99999)), "GIT_SHA": hexs(r, 40),
            "SERVICE_NAME": r.choice(SERVICES), "MAX_WORKERS": str(r.randint(2, 64)), "DB_HOST": r.choice(HOSTS), "CACHE_TTL": str(r.choice([60, 300, 3600]))}[name]


def secret_pairs(r, n):
    """n (name, secret) pairs with distinct names, drawn to suit the name."""
    out = []
    for name in r.sample(SECRET_NAMES, n):
        gen = {"GITHUB_TOKEN": github, "STRIPE_SECRET_KEY": stripe, "SLACK_BOT_TOKEN": slack_bot, "OPENAI_API_KEY": openai, "HF_TOKEN": huggingface, "AWS_SECRET_ACCESS_KEY": aws_secret, "NPM_TOKEN": npm, "WEBHOOK_SECRET": stripe_whsec}.get(name)
        v = gen(r) if gen else secret_token(r)
        while not plain(v):
            v = secret_token(r)
        out.append((name, v))
    return out


def visible_parts(text, value, least=6):
    """What a printer that cuts long strings (Emacs's backtrace, at 50 characters with `...`)
    left of a value: each longest printed prefix of it, of `least` characters or more."""
    if value in text:
        return [value]
    parts = []
    start = text.find(value[:least])
    while start >= 0:
        n = least
        while n < len(value) and start + n < len(text) and text[start + n] == value[n]:
            n += 1
        parts.append(value[:n])
        start = text.find(value[:least], start + 1)
    return sorted(set(parts), key=len, reverse=True)


# ---- clean values by the policy: under a secret's name only a reference, a mask or a placeholder;
# digests under a digest's name; ids under an id's name -------------------------------------

SAFE_REFS = [
    "<your-api-key>", "YOUR_TOKEN_HERE", "********", "REDACTED", "[redacted]", "<redacted>", "xxxxxxxxxxxxxxxx", "",
    "vault:secret/data/ci#deploy_token", "op://Engineering/Stripe/credential", "${DB_PASSWORD}", "%(API_TOKEN)s", "env:GITHUB_TOKEN",
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf", "file:/run/secrets/db_password", "/etc/app/secrets/api.key",
]
DIGEST_NAMES = ["checksum", "sha256", "digest", "etag", "fingerprint", "content_hash", "commit_sha", "image_digest"]
ID_NAMES = ["request_id", "trace_id", "pipeline_id", "tenant_id", "key_id", "job_id"]
REF_NAMES = ["password_file", "token_path", "secret_ref", "api_key_env", "credentials_source"]


def digest_for(r, name):
    if name in ("commit_sha",):
        return hexs(r, 40)
    if name == "image_digest":
        return "sha256:" + hexs(r, 64)
    if name == "etag":
        return hexs(r, 32)
    if name == "fingerprint":
        return "SHA256:" + s(r, B64, 43)
    return r.choice([lambda: hexs(r, 64), lambda: "sha256:" + hexs(r, 64), lambda: "sha512-" + s(r, B64, 86) + "=="])()


def clean_pairs(r, n, masks=True):
    """n (name, value) pairs that hold no secret by the product's policy."""
    out = []
    kinds = ["digest", "id", "ref"] + (["mask"] if masks else [])
    for _ in range(n):
        k = r.choice(kinds)
        if k == "digest":
            name = r.choice(DIGEST_NAMES)
            out.append((name, digest_for(r, name)))
        elif k == "id":
            name = r.choice(ID_NAMES)
            out.append((name, r.choice([uuid(r), f"{r.choice(SERVICES)}-{r.randint(1000, 99999)}", hexs(r, 16)])))
        elif k == "ref":
            name = r.choice(REF_NAMES)
            out.append((name, r.choice(["/run/secrets/" + r.choice(SERVICES), "env:" + r.choice(SECRET_NAMES), "vault:kv/" + r.choice(SERVICES) + "/api"])))
        else:
            name = r.choice(SECRET_NAMES).lower()
            out.append((name, r.choice([v for v in SAFE_REFS if v])))
    seen, uniq = set(), []
    for name, v in out:
        if name not in seen:
            seen.add(name)
            uniq.append((name, v))
    return uniq


def short_token(r, bad="\"'\\$`!%", most=60):
    """A secret_token no longer than `most` characters (for programs that cut long values)."""
    while True:
        v = secret_token(r, bad)
        if len(v) <= most:
            return v


def hidden(text, *values):
    """The text, after checking that none of the values planted but not labelled is in it (a
    password a program keeps to itself must stay out of a negative or a PII capture)."""
    for v in values:
        if v and v in text:
            raise RuntimeError(f"a value meant to stay hidden ({v[:4]}…) is printed")
    return text
