"""Key and credential tools of five mail and network daemons, offline: coturn's `turnadmin`
(long-term keys, users and shared secrets in an SQLite database of the case's own), OpenDKIM's
`opendkim-genkey` (the private key and the DNS record), Knot DNS's `keymgr` and `knotc`
(TSIG secrets, DNSSEC key listings, the exported configuration), OpenSMTPD's `smtpd -n` and
`smtpctl encrypt`, and NSD's `nsd-checkconf` (options, key secrets, the whole configuration)."""

import base64
import os

from registry import category
from values import HEX, SERVICES, password, s

DOMAINS = ["example.org", "example.com", "example.net", "mail.example.org", "lists.example.com", "corp.example.net"]
REALMS = ["example.org", "turn.example.com", "voip.example.net", "meet.example.org"]


def plain_pw(r):
    while True:
        v = password(r)
        if not any(c in v for c in "\"'\\$`!#;&|<>()*? "):
            return v


# ---- coturn -----------------------------------------------------------------------------------


def turnadmin(h, args, shown=None):
    return f"$ turnadmin {shown or ' '.join(args)}\n" + h.run(["turnadmin", *args])


@category("secret", "turnadmin-credentials", 22)
def turnadmin_credentials(h, r):
    d = h.fresh("turn")
    db = os.path.join(d, "turndb")
    dbs = "/var/lib/turn/turndb"  # the packaged path, as a user would type it
    realm = r.choice(REALMS)
    user = r.choice(["alice", "webrtc", "janus", "jitsi", "sipgw", f"svc-{r.choice(SERVICES)}"])
    shape = r.randrange(3)
    if shape == 0:
        pw = plain_pw(r)
        out = turnadmin(h, ["-k", "-u", user, "-r", realm, "-p", pw])
        key = out.split("\n")[1].strip()
        assert key.startswith("0x")
        return out, [pw, key[2:]]
    if shape == 1:
        pw = plain_pw(r)
        out = turnadmin(h, ["-a", "-b", db, "-u", user, "-r", realm, "-p", pw], f"-a -b {dbs} -u {user} -r {realm} -p {pw}")
        out += turnadmin(h, ["-l", "-b", db], f"-l -b {dbs}")
        return out, [pw]
    secrets = [s(r, HEX, r.choice([32, 40])) if r.random() < 0.5 else base64.b64encode(bytes(r.randrange(256) for _ in range(24))).decode() for _ in range(r.randint(1, 2))]
    out = ""
    for sec in secrets:
        out += turnadmin(h, ["-s", sec, "-b", db, "-r", realm], f"-s {sec} -b {dbs} -r {realm}")
    out += turnadmin(h, ["-S", "-b", db], f"-S -b {dbs}")
    return out, secrets


@category("negative", "turnadmin-listing", 22)
def turnadmin_listing(h, r):
    d = h.fresh("turn")
    db = os.path.join(d, "turndb")
    dbs = "/var/lib/turn/turndb"
    realm = r.choice(REALMS)
    users = r.sample(["alice", "webrtc", "janus", "jitsi", "sipgw", "bridge", "recorder", f"svc-{r.choice(SERVICES)}"], r.randint(1, 4))
    for u in users:
        h.run(["turnadmin", "-a", "-b", db, "-u", u, "-r", realm, "-p", plain_pw(r)])
    out = turnadmin(h, ["-l", "-b", db], f"-l -b {dbs}")
    if r.random() < 0.5:
        admin = r.choice(["admin", "ops", "noc"])
        h.run(["turnadmin", "-A", "-b", db, "-u", admin, "-p", plain_pw(r)])
        out += turnadmin(h, ["-L", "-b", db], f"-L -b {dbs}")
    if r.random() < 0.4:
        out += turnadmin(h, ["-d", "-b", db, "-u", users[0], "-r", realm], f"-d -b {dbs} -u {users[0]} -r {realm}")
        out += turnadmin(h, ["-l", "-b", db], f"-l -b {dbs}")
    return out, []


# ---- OpenDKIM ---------------------------------------------------------------------------------


def dkim_key(h, r):
    d = h.fresh("dkim")
    domain = r.choice(DOMAINS)
    selector = r.choice(["mail", "default", "s1", "dkim", "k1"]) + r.choice(["", "2026", str(r.randint(1, 12))])
    bits = r.choice(["1024", "1024", "2048"])
    args = ["-D", "keys", "-d", domain, "-s", selector, "-b", bits] + (["-v"] if r.random() < 0.5 else []) + (["-r"] if r.random() < 0.3 else [])
    os.makedirs(os.path.join(d, "keys"))
    out = f"$ opendkim-genkey {' '.join(args)}\n" + h.run(["opendkim-genkey", *args], cwd=d)
    return d, domain, selector, out


@category("secret", "opendkim-genkey-private", 22)
def opendkim_genkey_private(h, r):
    d, domain, selector, out = dkim_key(h, r)
    key = open(os.path.join(d, "keys", f"{selector}.private")).read()
    cmd = r.choice([f"cat keys/{selector}.private", f"head -5 keys/{selector}.private"])
    shown = key if cmd.startswith("cat") else "".join(key.splitlines(keepends=True)[:5])
    out += f"$ {cmd}\n" + shown
    targets = [line for line in shown.splitlines() if line and not line.startswith("-----")]
    return out, targets


@category("negative", "opendkim-dns-record", 22)
def opendkim_dns_record(h, r):
    d, domain, selector, out = dkim_key(h, r)
    out += f"$ cat keys/{selector}.txt\n" + open(os.path.join(d, "keys", f"{selector}.txt")).read()
    if r.random() < 0.5:
        out += f"$ cat /etc/opendkim/KeyTable\n{selector}._domainkey.{domain} {domain}:{selector}:/etc/opendkim/keys/{selector}.private\n"
        out += f"$ cat /etc/opendkim/SigningTable\n*@{domain} {selector}._domainkey.{domain}\n"
    return out, []


# ---- Knot DNS ---------------------------------------------------------------------------------

TSIG_ALGS = ["hmac-sha256", "hmac-sha512", "hmac-sha384", "hmac-sha1"]


def knot_conf(h, r, keys):
    d = h.fresh("knot")
    os.makedirs(os.path.join(d, "kasp"))
    os.makedirs(os.path.join(d, "zones"))
    zones = r.sample(DOMAINS, r.randint(1, 3))
    listen = r.sample(["127.0.0.1@53", "::1@53", "127.0.0.1@5300"], r.randint(1, 2))
    conf = f"server:\n    listen: [ {', '.join(listen)} ]\n    identity: {r.choice(['ns1', 'ns2', 'hidden-primary'])}\n\n"
    conf += f"database:\n    storage: {d}\n    kasp-db: {d}/kasp\n\n"
    if keys:
        conf += "key:\n" + "".join(f"  - id: {kid}\n    algorithm: {alg}\n    secret: {sec}\n" for kid, alg, sec in keys) + "\n"
    conf += f"remote:\n  - id: secondary\n    address: 192.0.2.{r.randint(2, 250)}@53\n" + (f"    key: {keys[0][0]}\n" if keys else "") + "\n"
    conf += f"policy:\n  - id: auto\n    algorithm: {r.choice(['ecdsap256sha256', 'ed25519', 'rsasha256'])}\n    ksk-lifetime: {r.choice(['0', '365d', '730d'])}\n\n"
    conf += "zone:\n" + "".join(f"  - domain: {z}\n    storage: {d}/zones\n    dnssec-signing: {r.choice(['on', 'off'])}\n    dnssec-policy: auto\n    notify: secondary\n" for z in zones)
    h.write(os.path.join(d, "knot.conf"), conf)
    return d, zones[0]


def tsig_secret(r, alg):
    n = {"hmac-sha256": 32, "hmac-sha512": 64, "hmac-sha384": 48, "hmac-sha1": 20}[alg]
    return base64.b64encode(bytes(r.randrange(256) for _ in range(n))).decode()


@category("secret", "knot-tsig-secret", 22)
def knot_tsig_secret(h, r):
    if r.random() < 0.5:
        out, targets = "", []
        for _ in range(r.randint(1, 2)):
            kid = r.choice(["xfr", "transfer", "ddns-update", "acme-dns01", "secondary", "notify"]) + r.choice(["", f"-{r.randint(1, 9)}", ".example.org"])
            args = ["-t", kid] + ([r.choice(TSIG_ALGS)] if r.random() < 0.6 else [])
            text = h.run(["keymgr", *args])
            out += f"$ keymgr {' '.join(args)}\n" + text
            targets += [line.split("secret:", 1)[1].strip() for line in text.splitlines() if "secret:" in line]
        return out, targets
    keys = []
    for _ in range(r.randint(1, 2)):
        alg = r.choice(TSIG_ALGS)
        keys.append((r.choice(["xfr", "transfer", "update", "slave1", "notify"]) + f"-{r.randint(1, 99)}", alg, tsig_secret(r, alg)))
    d, zone = knot_conf(h, r, keys)
    conf = os.path.join(d, "knot.conf")
    out = f"$ knotc -c /etc/knot/knot.conf conf-check\n" + h.run(["knotc", "-c", conf, "conf-check"])
    out += f"$ knotc -c /etc/knot/knot.conf conf-export /dev/stdout\n" + h.run(["knotc", "-c", conf, "conf-export", "/dev/stdout"])
    return out, [sec for _, _, sec in keys]


@category("negative", "knot-keymgr-list", 22)
def knot_keymgr_list(h, r):
    d, zone = knot_conf(h, r, [])
    conf = os.path.join(d, "knot.conf")
    out = ""
    for ksk in r.sample(["yes", "no"], 2)[: r.randint(1, 2)]:
        args = [f"{zone}.", "generate", r.choice(["algorithm=ecdsap256sha256", "algorithm=13", "algorithm=ed25519"]), f"ksk={ksk}"]
        text = h.run(["keymgr", "-c", conf, *args])
        out += f"$ keymgr -c /etc/knot/knot.conf {' '.join(args)}\n" + text if r.random() < 0.6 else ""
    for view in r.sample([["list"], ["list", "-e"], ["ds"], ["dnskey"]], r.randint(1, 3)):
        out += f"$ keymgr -c /etc/knot/knot.conf {zone}. {' '.join(view)}\n" + h.run(["keymgr", "-c", conf, f"{zone}.", *view])
    return out, []


# ---- OpenSMTPD --------------------------------------------------------------------------------


@category("negative", "opensmtpd-config-check", 22)
def opensmtpd_config_check(h, r):
    d = h.fresh("smtpd")
    domain = r.choice(DOMAINS)
    relay = r.choice(["smtp.example.net", "mail.example.com", "relay.example.org"])
    label = r.choice(["relay", "sendgrid", "ses", "mailgun", "isp"])
    conf = f"table aliases file:{d}/aliases\ntable secrets file:{d}/secrets\n\nlisten on 127.0.0.1 port {r.choice([25, 2525, 587])}\n\n"
    conf += f'action "local" mbox alias <aliases>\naction "relay" relay host smtp+tls://{label}@{relay}:587 auth <secrets>\n\n'
    conf += f'match from local for local action "local"\nmatch from local for any action "relay"\n'
    h.write(os.path.join(d, "smtpd.conf"), conf)
    h.write(os.path.join(d, "aliases"), f"root: {r.choice(['postmaster', 'ops', 'admin'])}\n")
    # the credentials table exists (smtpd opens it) but is never shown
    h.write(os.path.join(d, "secrets"), f"{label} {r.choice(['apikey', 'postmaster', 'relay-user'])}:{plain_pw(r)}\n", mode=0o600)
    out = ""
    if r.random() < 0.5:
        out += "$ cat /etc/smtpd.conf\n" + h.normalize(conf).replace(h.normalize(d), "/etc/mail")
    out += "$ smtpd -n -f /etc/smtpd.conf\n" + h.run(["smtpd", "-n", "-f", os.path.join(d, "smtpd.conf")], ok=(0, 1)).replace(h.normalize(d), "/etc/mail")
    if r.random() < 0.6:
        n = r.randint(1, 3)
        h.write(os.path.join(d, "passwords.txt"), "".join(plain_pw(r) + "\n" for _ in range(n)), mode=0o600)
        with open(os.path.join(d, "passwords.txt")) as f:
            pws = f.read()
        out += "$ smtpctl encrypt < passwords.txt\n" + h.run(["smtpctl", "encrypt"], input=pws)
    return out, []


@category("negative", "knot-conf-export-clean", 22)
def knot_conf_export_clean(h, r):
    d, zone = knot_conf(h, r, [])
    conf = os.path.join(d, "knot.conf")
    out = ""
    if r.random() < 0.5:
        out += "$ knotc -c /etc/knot/knot.conf conf-check\n" + h.run(["knotc", "-c", conf, "conf-check"])
    out += "$ knotc -c /etc/knot/knot.conf conf-export /dev/stdout\n" + h.run(["knotc", "-c", conf, "conf-export", "/dev/stdout"])
    return out, []


# ---- NSD --------------------------------------------------------------------------------------


def nsd_conf(h, r, keys):
    d = h.fresh("nsd")
    zone = r.choice(DOMAINS)
    conf = f"server:\n    ip-address: 127.0.0.1\n    port: 53\n    zonesdir: \"{d}\"\n    hide-version: {r.choice(['yes', 'no'])}\n\n"
    conf += "remote-control:\n    control-enable: yes\n    control-interface: 127.0.0.1\n\n"
    for kid, alg, sec in keys:
        conf += f"key:\n    name: \"{kid}\"\n    algorithm: {alg}\n    secret: \"{sec}\"\n\n"
    conf += f"zone:\n    name: {zone}\n    zonefile: {zone}.zone\n"
    if keys:
        conf += f"    notify: 192.0.2.53 {keys[0][0]}\n    provide-xfr: 192.0.2.53 {keys[0][0]}\n"
    else:
        conf += "    notify: 192.0.2.53 NOKEY\n    provide-xfr: 192.0.2.53 NOKEY\n"
    h.write(os.path.join(d, "nsd.conf"), conf)
    return d, zone


def nsd_check(h, d, *args):
    return f"$ {' '.join(['nsd-checkconf', *args, 'nsd.conf'])}\n" + h.run(["nsd-checkconf", *args, "nsd.conf"], cwd=d)


@category("secret", "nsd-checkconf-key", 22)
def nsd_checkconf_key(h, r):
    keys = []
    for _ in range(r.randint(1, 2)):
        alg = r.choice(["hmac-sha256", "hmac-sha256", "hmac-sha512", "hmac-sha1"])
        keys.append((r.choice(["xfr", "transfer", "tsig", "secondary", "notify"]) + f"-{r.choice(['key', r.randint(1, 9)])}", alg, tsig_secret(r, alg)))
    keys = list({k[0]: k for k in keys}.values())
    d, zone = nsd_conf(h, r, keys)
    shape = r.randrange(3)
    if shape == 0:
        out = nsd_check(h, d, "-v")
        return out, [sec for _, _, sec in keys]
    out = nsd_check(h, d) if r.random() < 0.5 else ""
    shown = keys if shape == 1 else keys[:1]
    for kid, _, _ in shown:
        if r.random() < 0.5:
            out += nsd_check(h, d, "-a", kid)
        out += nsd_check(h, d, "-s", kid)
    return out, [sec for _, _, sec in shown]


@category("negative", "nsd-checkconf-clean", 22)
def nsd_checkconf_clean(h, r):
    d, zone = nsd_conf(h, r, [])
    out = nsd_check(h, d) if r.random() < 0.5 else ""
    for args in r.sample([["-v"], ["-o", "port"], ["-o", "zonesdir"], ["-o", "hide-version"], ["-z", zone, "-o", "zonefile"], ["-z", zone, "-o", "notify"], ["-o", "zones"]], r.randint(1, 3)):
        out += nsd_check(h, d, *args)
    return out, []
