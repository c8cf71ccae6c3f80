"""Synthetic values planted in the programs' input: vendor-format secrets, people, harmless ids.

Every value is drawn from a `random.Random` seeded per category, so a re-recording plants the
same values (the programs' own randomness, such as generated keys, is what varies). Formats
follow the vendors' published prefixes, lengths and alphabets; people come from the fixed lists
below, written here (no real person of this machine or elsewhere is meant).
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


def rng_for(category: str) -> random.Random:
    return random.Random(f"atx-redaction-holdout-v15:{category}")


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

FIRST = ["Maren", "Tobias", "Ingrid", "Rafael", "Chiara", "Dmitri", "Aisling", "Kenji", "Solveig", "Mateus", "Priya", "Oskar", "Leontine", "Bartholomew", "Yusra", "Henrike", "Cosimo", "Annelie", "Thaddeus", "Noemi", "Valentin", "Rosalind", "Emeka", "Ludovica"]
LAST = ["Halvorsen", "Brandstetter", "Okonkwo-Lind", "Castellanos", "Vukovic", "Fairbanks", "Nakashima", "Lindqvist", "Ferreira", "Ashdown", "Kowalczyk", "Rautenberg", "Delacroix", "Pemberton", "Szabados", "Marchetti", "Oyelaran", "Whitcombe", "Grunewald", "Esterhazy"]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "posteo.de", "web.de", "icloud.com", "yahoo.co.uk", "northwind-freight.de", "kestrel-analytics.io", "tidewater-labs.com"]
STREETS = ["Lindenallee", "Harbour Road", "Rue des Tanneurs", "Via Garibaldi", "Elm Street", "Kastanienweg", "Station Parade", "Calle Mayor"]
CITIES = ["Bremen 28195", "Leeds LS6 2AB", "Lyon 69002", "Torino 10123", "Portland, OR 97214", "Graz 8010", "Bristol BS1 4DJ", "Valencia 46001"]


class Person:
    def __init__(self, r):
        self.first = r.choice(FIRST)
        self.last = r.choice(LAST)
        self.name = f"{self.first} {self.last}"
        local = r.choice([f"{self.first}.{self.last}", f"{self.first[0]}{self.last}", f"{self.first}{r.randint(1, 99)}", f"{self.last}.{self.first[0]}"]).lower().replace("-", "")
        self.email = f"{local}@{r.choice(MAIL_DOMAINS)}"
        self.phone = phone(r)
        self.street = f"{r.randint(2, 140)} {r.choice(STREETS)}"
        self.city = r.choice(CITIES)


def phone(r):
    plan = r.randrange(5)
    if plan == 0:
        return f"+1 ({r.choice(['415', '646', '312', '206', '512', '617'])}) {r.randint(201, 989)}-{r.randint(1000, 9999)}"
    if plan == 1:
        return f"+44 7{r.randint(400, 999)} {r.randint(100000, 999999)}"
    if plan == 2:
        return f"+49 15{r.randint(1, 9)} {r.randint(1000000, 99999999)}"
    if plan == 3:
        return f"+33 6 {r.randint(10, 99)} {r.randint(10, 99)} {r.randint(10, 99)} {r.randint(10, 99)}"
    return f"+39 3{r.randint(20, 49)} {r.randint(100, 999)} {r.randint(1000, 9999)}"


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
