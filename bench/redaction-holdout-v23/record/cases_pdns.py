"""PowerDNS Authoritative 4.7, new to the holdouts, offline on an SQLite backend of the case's
own: `pdnsutil`'s TSIG keys (`generate-tsig-key`, `import-tsig-key`, `list-tsig-keys`), DNSSEC
private keys (`export-zone-key`), zone listings (`show-zone`, `list-keys`, `export-zone-ds`,
`export-zone-dnskey`, `list-zone`, `get-meta`) and the server's configuration as it reads it
(`pdns_server --config=diff`, or `--config=current` through `grep`), with the API key and web
server password in clear or as scrypt hashes. Each case runs in its own folder with
`--config-dir=.` (the commands shown)."""

import base64
import os
import re

from registry import category
from values import ALNUM, password, s

SCHEMA = "/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql"
ZONES = ["example.org", "example.com", "example.net", "corp.example.org", "shop.example.com", "lab.example.net"]
TSIG_ALGS = ["hmac-sha256", "hmac-sha512", "hmac-sha384", "hmac-sha1"]
KEY_ALGS = ["ecdsa256", "ecdsa384", "ed25519"]


def pdns_pw(r):
    while True:
        v = password(r)
        if not any(c in v for c in "\"'\\$`!#;&|<>()*? ="):
            return v


def setup(h, r, extra=""):
    d = h.fresh("pdns")
    db = os.path.join(d, "pdns.sqlite3")
    h.run(["sqlite3", db], input=open(SCHEMA).read())
    h.write(os.path.join(d, "pdns.conf"), f"launch=gsqlite3\ngsqlite3-database={db}\ngsqlite3-dnssec=yes\n{extra}")
    return d


def pdnsutil(h, d, *args, show=True):
    out = h.run(["pdnsutil", "--config-dir=.", *args], cwd=d, ok=None)
    return ("$ pdnsutil --config-dir=. " + " ".join(args) + "\n" + out) if show else out


def tsig_name(r):
    return r.choice(["xfr", "axfr", "notify", "ddns", "secondary", "transfer"]) + r.choice(["-key", "", "." + r.choice(ZONES) + "."]) + ("" if r.random() < 0.5 else f"-{r.randint(1, 9)}")


@category("secret", "pdns-tsig-key", 24)
def pdns_tsig_key(h, r):
    d = setup(h, r)
    zone = r.choice(ZONES)
    out, targets = "", []
    shape = r.randrange(3)
    for _ in range(r.randint(1, 2)):
        name, alg = tsig_name(r), r.choice(TSIG_ALGS)
        if shape == 1:
            sec = base64.b64encode(bytes(r.randrange(256) for _ in range(r.choice([32, 64])))).decode()
            out += pdnsutil(h, d, "import-tsig-key", name, alg, sec)
            targets.append(sec)
        else:
            text = pdnsutil(h, d, "generate-tsig-key", name, alg)
            m = re.search(r"^Create new TSIG key \S+ \S+ (\S+)$", text, re.M)
            assert m, text
            targets.append(m.group(1))
            out += text
    if shape >= 1:
        pdnsutil(h, d, "create-zone", zone, f"ns1.{zone}", show=False)
        if shape == 2:
            out += pdnsutil(h, d, "activate-tsig-key", zone, name, "primary")
        out += pdnsutil(h, d, "list-tsig-keys")
    return out, targets


def export_case(h, r):
    d = setup(h, r)
    zone = r.choice(ZONES)
    pdnsutil(h, d, "create-zone", zone, f"ns1.{zone}", show=False)
    out = ""
    if r.random() < 0.5:
        out += pdnsutil(h, d, "secure-zone", zone)
    else:
        out += pdnsutil(h, d, "add-zone-key", zone, "ksk", "active", r.choice(KEY_ALGS))
        if r.random() < 0.5:
            out += pdnsutil(h, d, "add-zone-key", zone, "zsk", "active", r.choice(KEY_ALGS))
    return d, zone, out


@category("secret", "pdns-zone-key-export", 24)
def pdns_zone_key_export(h, r):
    d, zone, out = export_case(h, r)
    if r.random() < 0.5:
        out += pdnsutil(h, d, "list-keys", zone)
    ids = sorted(set(re.findall(r"^\S+\s+\w+\s+Act\s+\w+\s+\d+\s+\S+\s+(\d+)", pdnsutil(h, d, "list-keys", zone, show=False), re.M)))
    targets = []
    for kid in ids[: r.randint(1, 2)]:
        text = pdnsutil(h, d, "export-zone-key", zone, kid)
        targets += re.findall(r"^PrivateKey: (\S+)$", text, re.M)
        out += text
    assert targets, out
    return out, targets


@category("negative", "pdns-zone-show", 30)
def pdns_zone_show(h, r):
    d, zone, out = export_case(h, r)
    if r.random() < 0.5:
        out = ""
    ids = sorted(set(re.findall(r"^\S+\s+\w+\s+Act\s+\w+\s+\d+\s+\S+\s+(\d+)", pdnsutil(h, d, "list-keys", zone, show=False), re.M)))
    views = [r.choice([["show-zone", zone], ["list-keys", zone], ["export-zone-ds", zone], ["export-zone-dnskey", zone, ids[0]]])]
    views += r.sample([["list-zone", zone], ["get-meta", zone], ["list-all-zones"], ["list-keys", zone], ["export-zone-ds", zone]], r.randint(0, 2))
    for v in views:
        out += pdnsutil(h, d, *v)
    return out, []


def settings(r, secret):
    """(lines of pdns.conf, the secrets among them)"""
    lines, targets = ["api=yes"], []
    if secret == "clear":
        key = r.choice([lambda: s(r, ALNUM, r.choice([24, 32])), lambda: pdns_pw(r), lambda: base64.b64encode(bytes(r.randrange(256) for _ in range(24))).decode()])()
        lines.append(f"api-key={key}")
        targets.append(key)
        if r.random() < 0.6:
            pw = pdns_pw(r)
            lines.append(f"webserver-password={pw}")
            targets.append(pw)
    elif secret == "hashed":
        lines.append("api-key={api}")
        if r.random() < 0.5:
            lines.append("webserver-password={web}")
    lines.append(f"webserver-address=127.0.0.1\nwebserver-port={r.choice([8081, 8082, 8053])}")
    lines.append(r.choice(["webserver-allow-from=127.0.0.1,::1", "webserver-allow-from=10.0.0.0/8", f"local-port={r.choice([53, 5300, 5353])}"]))
    if r.random() < 0.5:
        lines.append(f"default-soa-content=ns1.{r.choice(ZONES)} hostmaster.@ 0 10800 3600 604800 3600")
    if r.random() < 0.4:
        lines.append(f"loglevel={r.randint(3, 7)}")
    return lines, targets


def config_view(h, r, d):
    if r.random() < 0.6:
        return "$ pdns_server --config-dir=. --config=diff\n" + h.run(["pdns_server", "--config-dir=.", "--config=diff"], cwd=d, ok=None)
    full = h.run(["pdns_server", "--config-dir=.", "--config=current"], cwd=d, ok=None)
    kept = "\n".join(line for line in full.split("\n") if re.match(r"^(api|webserver)", line))
    return "$ pdns_server --config-dir=. --config=current | grep -E '^(api|webserver)'\n" + kept + "\n"


@category("secret", "pdns-config-secrets", 24)
def pdns_config_secrets(h, r):
    lines, targets = settings(r, "clear")
    d = setup(h, r, "\n".join(lines) + "\n")
    return config_view(h, r, d), targets


@category("negative", "pdns-config-clean", 30)
def pdns_config_clean(h, r):
    lines, _ = settings(r, r.choice(["hashed", "hashed", "none"]))
    text = "\n".join(lines) + "\n"
    d = setup(h, r)
    for ref in ("{api}", "{web}"):
        if ref in text:
            hashed = h.run(["pdnsutil", "--config-dir=.", "hash-password"], cwd=d, input=pdns_pw(r) + "\n").strip().split("\n")[-1]
            assert hashed.startswith("$scrypt$"), hashed
            text = text.replace(ref, hashed)
    with open(os.path.join(d, "pdns.conf"), "a") as f:
        f.write(text)
    out = config_view(h, r, d)
    if r.random() < 0.3:
        out += pdnsutil(h, d, "list-all-zones")
    return out, []
