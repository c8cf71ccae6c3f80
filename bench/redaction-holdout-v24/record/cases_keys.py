"""Key tools, new to the holdouts: minisign 0.11 and signify-openbsd 31 (key pairs, signatures and
their comments), Dropbear's dropbearkey and dropbearconvert 2022.83 (keys and an OpenSSH private key),
MIT Kerberos's ktutil and klist 1.20 (a keytab and its keys), wpa_supplicant's wpa_passphrase 2.10
(a network block with its PSK), BorgBackup 1.2 (a repository key export) and ipmitool 1.8.19 against
a closed port on 127.0.0.1. Each case shows the commands as typed and what they print."""

import re
import shlex

from registry import category
from values import SERVICES, Person, hexs, password, plain

KEY_LINE = re.compile(r"^[A-Za-z0-9+/]{40,}={0,2}$", re.M)


def cmd(args):
    return "$ " + " ".join(shlex.quote(a) for a in args)


def shown(h, args, **kw):
    return f"{cmd(args)}\n{h.run(args, cwd=kw.pop('cwd', None), ok=kw.pop('ok', (0,)), **kw)}"


def cat(h, d, name):
    with open(f"{d}/{name}") as f:
        text = f.read()
    return f"$ cat {name}\n{h.normalize(text)}", text


def pw(r, least=8, most=63):
    while True:
        v = password(r)
        if plain(v) and least <= len(v) <= most:
            return v


def person(r):
    p = Person(r)
    return p.name, p.email


def note(r):
    return f"{r.choice(SERVICES)}-{r.randint(1, 40)}.tar.gz"


# ---- wpa_passphrase -----------------------------------------------------------------------

SSIDS = ["cafe-lounge", "office-5G", "lab-iot", "warehouse-ap", "guest-net", "printer-floor2", "meeting-room", "backhaul-01"]


@category("secret", "wpa-passphrase-network", 45)
def wpa_network(h, r):
    ssid, secret = r.choice(SSIDS) + f"-{r.randint(1, 99)}", pw(r)
    if r.random() < 0.7:
        out = shown(h, ["wpa_passphrase", ssid, secret])
    else:
        out = f"$ wpa_passphrase {ssid} < passphrase.txt\n" + h.run(["wpa_passphrase", ssid], input=secret + "\n")
    psk = re.search(r"^\tpsk=([0-9a-f]{64})$", out, re.M).group(1)
    return out, [secret, psk]


# ---- Kerberos keytabs -----------------------------------------------------------------------

ENCTYPES = ["aes256-cts-hmac-sha1-96", "aes128-cts-hmac-sha1-96", "aes256-cts-hmac-sha384-192", "camellia256-cts-cmac"]
REALMS = ["EXAMPLE.ORG", "CORP.EXAMPLE.COM", "LAB.EXAMPLE.NET"]


def klist_time(text):
    return re.sub(r"\b\d\d/\d\d/\d\d \d\d:\d\d:\d\d\b", "11/28/26 09:00:00", text)


def keytab(h, r, principal, secret, keys):
    d = h.fresh("krb")
    enctypes = r.sample(ENCTYPES, r.randint(1, 2))
    script = "".join(f"addent -password -p {principal} -k {r.randint(1, 4)} -e {e}\n{secret}\n" for e in enctypes) + "wkt svc.keytab\nq\n"
    h.run(["ktutil"], cwd=d, input=script)
    shown_script = "\\n".join(script.rstrip("\n").split("\n"))
    typed = f"$ printf '{shown_script}\\n' | ktutil > /dev/null\n" if keys else ""
    flags = "-kKte" if keys else r.choice(["-kte", "-kt", "-ke"])
    return typed + klist_time(shown(h, ["klist", flags, "svc.keytab"], cwd=d))


@category("secret", "ktutil-klist-keys", 40)
def ktutil_keys(h, r):
    principal = f"{r.choice(['HTTP', 'host', 'svc', 'nfs', 'postgres'])}/{r.choice(SERVICES)}.example.org@{r.choice(REALMS)}"
    secret = pw(r)
    out = keytab(h, r, principal, secret, True)
    return out, [secret] + re.findall(r"\(0x([0-9a-f]{32,})\)", out)


@category("pii", "klist-person-principal", 30)
def klist_person(h, r):
    _, mail = person(r)
    principal = f"{mail.split('@')[0]}@{r.choice(REALMS)}"
    return keytab(h, r, principal, pw(r), False), [principal]


@category("negative", "klist-keytab-clean", 40)
def klist_clean(h, r):
    principal = f"{r.choice(['HTTP', 'host', 'svc', 'nfs', 'ldap'])}/{r.choice(SERVICES)}-{r.randint(1, 40)}.example.org@{r.choice(REALMS)}"
    return keytab(h, r, principal, pw(r), False), []


# ---- minisign ---------------------------------------------------------------------------------


def minisign_pair(h, d):
    out = shown(h, ["minisign", "-G", "-W", "-p", "release.pub", "-s", "release.key"], cwd=d)
    return out


@category("secret", "minisign-secret-key", 30)
def minisign_secret(h, r):
    d = h.fresh("mini")
    out = minisign_pair(h, d)
    out = out if r.random() < 0.5 else ""
    text, raw = cat(h, d, "release.key")
    return out + text, KEY_LINE.findall(raw)


@category("pii", "minisign-trusted-comment", 40)
def minisign_comment(h, r):
    d = h.fresh("mini")
    h.run(["minisign", "-G", "-W", "-p", "release.pub", "-s", "release.key"], cwd=d)
    name, mail = person(r)
    f = note(r)
    h.write(f"{d}/{f}", hexs(r, 32) + "\n")
    comment = r.choice([f"approved by {name} <{mail}>", f"release signed by {name}", f"{f} - contact {mail}"])
    out = shown(h, ["minisign", "-S", "-s", "release.key", "-m", f, "-t", comment], cwd=d)
    text, _ = cat(h, d, f + ".minisig")
    targets = [t for t in (name, mail) if t in comment]
    return out + text, targets


@category("negative", "minisign-public-clean", 40)
def minisign_public(h, r):
    d = h.fresh("mini")
    out = minisign_pair(h, d)
    text, _ = cat(h, d, "release.pub")
    return out + text, []


@category("negative", "minisign-verify-clean", 30)
def minisign_verify(h, r):
    d = h.fresh("mini")
    h.run(["minisign", "-G", "-W", "-p", "release.pub", "-s", "release.key"], cwd=d)
    f = note(r)
    h.write(f"{d}/{f}", hexs(r, 32) + "\n")
    h.run(["minisign", "-S", "-s", "release.key", "-m", f, "-t", f"build {hexs(r, 12)} for {r.choice(SERVICES)}"], cwd=d)
    text, _ = cat(h, d, f + ".minisig")
    return text + shown(h, ["minisign", "-V", "-p", "release.pub", "-m", f], cwd=d), []


# ---- signify ------------------------------------------------------------------------------------


@category("secret", "signify-secret-key", 30)
def signify_secret(h, r):
    d = h.fresh("sig")
    h.run(["signify-openbsd", "-G", "-n", "-p", "release.pub", "-s", "release.sec"], cwd=d)
    text, raw = cat(h, d, "release.sec")
    return f"{cmd(['signify-openbsd', '-G', '-n', '-p', 'release.pub', '-s', 'release.sec'])}\n" + text, KEY_LINE.findall(raw)


@category("pii", "signify-key-comment", 35)
def signify_comment(h, r):
    d = h.fresh("sig")
    name, mail = person(r)
    comment = r.choice([f"{name} release key", f"{name} <{mail}>", f"key of {mail}"])
    out = shown(h, ["signify-openbsd", "-G", "-n", "-c", comment, "-p", "release.pub", "-s", "release.sec"], cwd=d)
    text, _ = cat(h, d, "release.pub")
    return out + text, [t for t in (name, mail) if t in comment]


@category("negative", "signify-verify-clean", 40)
def signify_verify(h, r):
    d = h.fresh("sig")
    h.run(["signify-openbsd", "-G", "-n", "-c", f"{r.choice(SERVICES)} {r.randint(1, 9)}.{r.randint(0, 20)} release", "-p", "release.pub", "-s", "release.sec"], cwd=d)
    f = note(r)
    h.write(f"{d}/{f}", hexs(r, 40) + "\n")
    h.run(["signify-openbsd", "-S", "-s", "release.sec", "-m", f], cwd=d)
    pub, _ = cat(h, d, "release.pub")
    sig, _ = cat(h, d, f + ".sig")
    return pub + sig + shown(h, ["signify-openbsd", "-V", "-p", "release.pub", "-m", f], cwd=d), []


# ---- dropbear -------------------------------------------------------------------------------------


def dropbear_gen(h, r, d):
    kind = r.choice(["ed25519", "ecdsa", "ed25519"])
    out = shown(h, ["dropbearkey", "-t", kind, "-f", "host_key"], cwd=d)
    return re.sub(r"^((?:ssh|ecdsa)-\S+ \S+) \S+$", r"\1 dev@devbox", out, flags=re.M)


@category("secret", "dropbear-private-key", 30)
def dropbear_private(h, r):
    d = h.fresh("db")
    out = dropbear_gen(h, r, d)
    out = out if r.random() < 0.5 else ""
    out += shown(h, ["dropbearconvert", "dropbear", "openssh", "host_key", "id_host"], cwd=d)
    text, raw = cat(h, d, "id_host")
    block = re.search(r"-----BEGIN [A-Z ]+-----\n.*?\n-----END [A-Z ]+-----", raw, re.S).group(0)
    return out + text, [block]


@category("negative", "dropbear-public-clean", 40)
def dropbear_public(h, r):
    d = h.fresh("db")
    out = dropbear_gen(h, r, d)
    if r.random() < 0.5:
        out += re.sub(r"^((?:ssh|ecdsa)-\S+ \S+) \S+$", r"\1 dev@devbox", shown(h, ["dropbearkey", "-y", "-f", "host_key"], cwd=d), flags=re.M)
    return out, []


# ---- ipmitool -------------------------------------------------------------------------------------

IPMI_CMDS = [["chassis", "status"], ["power", "status"], ["sdr", "list"], ["sel", "list"], ["mc", "info"], ["lan", "print", "1"]]


def ipmi(h, r, auth, env_shown=""):
    port = h.free_port(6230)
    args = ["ipmitool", "-I", r.choice(["lanplus", "lan"]), "-H", "127.0.0.1", "-p", str(port), "-U", r.choice(["admin", "ADMIN", "operator", "root"]), *auth, "-R", "1", "-N", "1", *r.choice(IPMI_CMDS)]
    extra = {"IPMI_PASSWORD": env_shown} if env_shown else {}
    out = h.run(args, ok=None, env=h.env(**extra))
    prefix = f"$ IPMI_PASSWORD={shlex.quote(env_shown)} " if env_shown else "$ "
    return prefix + h.normalize(" ".join(shlex.quote(a) for a in args)) + "\n" + out


@category("secret", "ipmitool-password-flag", 45)
def ipmitool_secret(h, r):
    secret = pw(r, 8, 20)
    shape = r.randrange(3)
    if shape == 0:
        return ipmi(h, r, ["-P", secret]), [secret]
    if shape == 1:
        return ipmi(h, r, ["-E"], env_shown=secret), [secret]
    kg = hexs(r, 40)
    return ipmi(h, r, ["-P", secret, "-k", kg] if r.random() < 0.5 else ["-P", secret, "-y", kg]), [secret, kg]


@category("negative", "ipmitool-errors-clean", 40)
def ipmitool_clean(h, r):
    return ipmi(h, r, r.choice([["-f", f"/etc/ipmi/{r.choice(SERVICES)}.pass"], ["-f", "/run/secrets/bmc_password"], []])), []


# ---- borg -------------------------------------------------------------------------------------------


@category("secret", "borg-key-export", 15)
def borg_key(h, r):
    d = h.fresh("borg")
    secret = pw(r)
    env = h.env(BORG_PASSPHRASE=secret)
    out = f"$ export BORG_PASSPHRASE={shlex.quote(secret)}\n" + shown(h, ["borg", "init", "-e", r.choice(["repokey", "repokey-blake2"]), "backups"], cwd=d, env=env)
    exported = h.run(["borg", "key", "export", "backups"], cwd=d, env=env)
    blob = re.search(r"^BORG_KEY [0-9a-f]+\n(.*?)\n?$", exported, re.S).group(1).strip()
    return out + "$ borg key export backups\n" + exported, [secret, blob]


@category("negative", "borg-info-clean", 15)
def borg_info(h, r):
    d = h.fresh("borg")
    env = h.env(BORG_PASSCOMMAND=f"cat /run/secrets/{r.choice(SERVICES)}-borg", BORG_UNKNOWN_UNENCRYPTED_REPO_ACCESS_IS_OK="yes")
    out = shown(h, ["borg", "init", "-e", "none", "backups"], cwd=d, env=env)
    out += shown(h, ["borg", "info", "backups"], cwd=d, env=env)
    return "$ export BORG_PASSCOMMAND=" + shlex.quote(env["BORG_PASSCOMMAND"]) + "\n" + out, []
