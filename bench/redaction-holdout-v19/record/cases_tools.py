"""Two admin tools new to the holdouts: KeePassXC's command line (`show`, `show -s`, `export -f
csv`, `ls`) on a throwaway database unlocked by a key file, and OpenVPN 2.6 (`--genkey`, the
startup log of a static-key tunnel at `--verb 4` and `--verb 11`)."""

import os
import re
import subprocess

from registry import category
from values import BOTS, ROLES, SERVICES, Person, password, placeholder, secret_token, uuid

# ---- KeePassXC --------------------------------------------------------------------------------

KP_GROUPS = ["Infra", "CI", "Databases", "SaaS", "Mail", "Cloud"]
KP_TITLES = ["Grafana admin", "Postgres prod", "GitHub deploy", "Stripe live", "SMTP relay", "Jenkins", "Sentry", "Redis cache", "Registry push", "Backup S3"]
KP_HOSTS = ["https://grafana.example.com", "postgres://db.internal:5432", "https://github.com/login", "https://dashboard.stripe.com", "smtp://mail.example.net:587", "https://ci.example.org"]


def kp_db(h):
    d = h.fresh("kp")
    db, key = os.path.join(d, "vault.kdbx"), os.path.join(d, "vault.keyx")
    h.run(["keepassxc-cli", "db-create", "-q", "--set-key-file", key, "--decryption-time", "100", db])
    h.kp_groups = {db: set()}
    return db, key


def kp_add(h, db, key, path, user, pw, url=None, notes=None):
    group = path.rsplit("/", 1)[0] if "/" in path else None
    if group and group not in h.kp_groups[db]:
        h.run(["keepassxc-cli", "mkdir", "-q", "--no-password", "-k", key, db, group])
        h.kp_groups[db].add(group)
    args = ["keepassxc-cli", "add", "-q", "--no-password", "-k", key, "-u", user]
    if url:
        args += ["--url", url]
    if notes:
        args += ["--notes", notes]
    if pw is not None:
        args += ["-p"]
    h.run(args + [db, path], input=(pw + "\n") if pw is not None else None)


def kp_show(h, db, key, path, *flags):
    return h.run(["keepassxc-cli", "show", "-q", "--no-password", "-k", key, *flags, db, path])


def kp_shown(db, path, flags=()):
    return f"$ keepassxc-cli show {' '.join(['--no-password', '-k', 'vault.keyx', *flags])} vault.kdbx '{path}'\n"


def kp_plain(r):
    return secret_token(r, bad="\"'\\$`!%\n,")


@category("secret", "keepassxc-show-protected", 22)
def keepassxc_show_protected(h, r):
    db, key = kp_db(h)
    path = f"{r.choice(KP_GROUPS)}/{r.choice(KP_TITLES)}"
    pw = kp_plain(r)
    targets = [pw]
    notes = None
    if r.random() < 0.4:
        tok = kp_plain(r)
        notes = f"{r.choice(['API token', 'recovery token', 'webhook secret'])}: {tok}"
        targets.append(tok)
    kp_add(h, db, key, path, r.choice(["deploy", "admin", "ci-bot", "root", "svc-" + r.choice(SERVICES)]), pw, r.choice(KP_HOSTS), notes)
    if r.random() < 0.3 and not notes:
        return kp_shown(db, path, ("-s", "-a", "Password")) + kp_show(h, db, key, path, "-s", "-a", "Password"), targets
    return kp_shown(db, path, ("-s",)) + kp_show(h, db, key, path, "-s"), targets


@category("secret", "keepassxc-export-csv", 22)
def keepassxc_export_csv(h, r):
    db, key = kp_db(h)
    targets = []
    for title in r.sample(KP_TITLES, r.randint(2, 4)):
        pw = kp_plain(r)
        kp_add(h, db, key, f"{r.choice(KP_GROUPS)}/{title}", r.choice(["deploy", "admin", "ci-bot", "root"]), pw, r.choice(KP_HOSTS))
        targets.append(pw)
    out = h.run(["keepassxc-cli", "export", "-q", "--no-password", "-k", key, "-f", "csv", db])
    return "$ keepassxc-cli export --no-password -k vault.keyx -f csv vault.kdbx\n" + out, targets


@category("pii", "keepassxc-entry-person", 25)
def keepassxc_entry_person(h, r):
    db, key = kp_db(h)
    p = Person(r)
    path = f"{r.choice(['Personal', 'Family', 'Contacts'])}/{r.choice(['Bank', 'Health insurance', 'Landlord', 'Pharmacy', 'Utilities'])}"
    notes = f"Account holder: {p.name}\nPhone: {p.phone}\nAddress: {p.street}, {p.city}"
    kp_add(h, db, key, path, p.email, password(r), r.choice(["https://online.example-bank.eu", "https://portal.example-health.org", "https://my.example-energy.com"]), notes)
    flags = r.choice([(), ("-a", "UserName", "-a", "Notes")])
    return kp_shown(db, path, flags) + kp_show(h, db, key, path, *flags), [p.name, p.email, p.phone, p.street]


@category("pii", "keepassxc-export-person", 18)
def keepassxc_export_person(h, r):
    db, key = kp_db(h)
    targets = []
    for title in r.sample(["Bank", "Health insurance", "Landlord", "Pharmacy", "Utilities", "Tax office"], r.randint(1, 2)):
        p = Person(r)
        notes = f"{p.name}, {p.phone}"
        kp_add(h, db, key, f"Family/{title}", p.email, password(r), r.choice(["https://online.example-bank.eu", "https://portal.example-health.org"]), notes)
        targets += [p.name, p.email, p.phone]
    # the passwords are no personal data: the fourth column is cut away, as a user sharing it would
    out = h.run(["sh", "-c", f"keepassxc-cli export -q --no-password -k '{key}' -f csv '{db}' | cut -d, -f1-3,5-"])
    return "$ keepassxc-cli export --no-password -k vault.keyx -f csv vault.kdbx | cut -d, -f1-3,5-\n" + out, targets


@category("negative", "keepassxc-show-masked", 22)
def keepassxc_show_masked(h, r):
    db, key = kp_db(h)
    path = f"{r.choice(KP_GROUPS)}/{r.choice(KP_TITLES)}"
    notes = r.choice([None, f"rotated by {r.choice(ROLES)}; ticket {uuid(r)}", f"see {placeholder(r)}", f"owner: {r.choice(BOTS)}"])
    kp_add(h, db, key, path, r.choice(["deploy", "admin", "ci-bot", "root", "svc-" + r.choice(SERVICES)]), password(r), r.choice(KP_HOSTS), notes)
    return kp_shown(db, path) + kp_show(h, db, key, path), []


@category("negative", "keepassxc-db-listing", 22)
def keepassxc_db_listing(h, r):
    db, key = kp_db(h)
    titles = r.sample(KP_TITLES, r.randint(2, 5))
    for t in titles:
        kp_add(h, db, key, f"{r.choice(KP_GROUPS)}/{t}", r.choice(["deploy", "admin", "ci-bot"]), password(r), r.choice(KP_HOSTS), f"ticket {uuid(r)}" if r.random() < 0.5 else None)
    how = r.randrange(3)
    base = ["--no-password", "-k", key]
    if how == 0:
        return "$ keepassxc-cli ls -R -f --no-password -k vault.keyx vault.kdbx\n" + h.run(["keepassxc-cli", "ls", "-q", *base, "-R", "-f", db]), []
    if how == 1:
        return "$ keepassxc-cli db-info --no-password -k vault.keyx vault.kdbx\n" + h.run(["keepassxc-cli", "db-info", "-q", *base, db]), []
    term = r.choice(["prod", "admin", "deploy", "ci"])
    return f"$ keepassxc-cli search --no-password -k vault.keyx vault.kdbx {term}\n" + h.run(["keepassxc-cli", "search", "-q", *base, db, term], ok=None), []


# ---- OpenVPN ------------------------------------------------------------------------------------


def genkey(h, kind):
    d = h.fresh("ovpn")
    path = os.path.join(d, "out.key")
    h.run(["openvpn", "--genkey", kind, path])
    with open(path) as f:
        return f.read()


def key_lines(text):
    """The key material of a PEM-like OpenVPN key: every line between its BEGIN and END lines."""
    body = text.split("-----BEGIN", 1)[1].split("\n", 1)[1].split("-----END", 1)[0]
    return [line for line in body.splitlines() if len(line) >= 6]


@category("secret", "openvpn-genkey", 22)
def openvpn_genkey(h, r):
    kind, name = r.choice([("secret", "ta.key"), ("secret", "static.key"), ("tls-crypt-v2-server", "tc2-server.key"), ("tls-auth", "ta.key")])
    text = genkey(h, kind)
    how = r.randrange(2)
    shown = f"$ openvpn --genkey {kind} {name} && cat {name}\n" if how == 0 else f"$ openvpn --genkey {kind} /dev/stdout\n"
    return shown + text, key_lines(text)


def ovpn_conf(h, r, verb):
    d = h.fresh("ovpn")
    key = genkey(h, "secret")
    h.write(os.path.join(d, "static.key"), key)
    conf = f"dev null\nremote {r.choice(['vpn.example.com', 'gw.example.org', '127.0.0.1'])} {r.choice([1194, 1195, 1197])}\nproto udp\nsecret static.key\ncipher {r.choice(['AES-256-CBC', 'AES-128-CBC'])}\nauth {r.choice(['SHA256', 'SHA512', 'SHA1'])}\nverb {verb}\nconnect-retry-max 1\n"
    h.write(os.path.join(d, "p2p.conf"), conf)
    p = subprocess.run(["timeout", "2", "openvpn", "--config", "p2p.conf"], cwd=d, env=h.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return h.normalize(p.stdout.decode("utf-8", "replace"))


@category("secret", "openvpn-verb-static-keys", 22)
def openvpn_verb_static_keys(h, r):
    out = ovpn_conf(h, r, 11)
    lines = [line for line in out.splitlines(True) if "Static Key Encryption" in line]
    text = "$ openvpn --config p2p.conf --verb 11 2>&1 | grep 'Static Key Encryption'\n" + "".join(lines)
    keys = re.findall(r"(?:CIPHER|HMAC) KEY: ([0-9a-f]{8}(?: [0-9a-f]{8})+)", text)
    return text, keys


@category("negative", "openvpn-parameter-dump", 22)
def openvpn_parameter_dump(h, r):
    out = ovpn_conf(h, r, 4)
    pattern = r.choice(["remote|proto|cipher|auth", "_file|secret|key", "Connection profiles|remote|local"])
    lines = [line for line in out.splitlines(True) if re.search(pattern, line)]
    return f"$ openvpn --config p2p.conf --verb 4 2>&1 | grep -E '{pattern}'\n" + "".join(lines), []
