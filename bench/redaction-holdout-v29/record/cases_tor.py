"""Tor 0.4.9.11 (Debian 12 security update), new to the holdouts: `tor -f torrc [--Option value]
--dump-config short` (the options in force, a proxy's password or `user:password` authenticator
among them, from the file or the command line), `tor --hash-password <password>` (the password
typed, a stored hash printed), and a control port on 127.0.0.1 spoken to with socat
(`AUTHENTICATE "<password>"` or its hex form, Tor's 250/515 replies). PII: `ContactInfo` lines.
Clean: `HashedControlPassword` hashes, cookie authentication, proxies without credentials,
`PROTOCOLINFO` and `514 Authentication required.` replies."""

import binascii
import subprocess

from registry import category
from values import SERVICES, Person, hexs, password, plain, s, ALNUM

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"
PROXIES = ["127.0.0.1:1080", "10.20.0.5:3128", "10.20.0.5:8080", "192.168.56.10:1080", "172.16.4.2:3128"]


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def tor_hash(h, secret):
    """A real HashedControlPassword value, as Tor computes it (fresh salt each time)."""
    out = subprocess.run(["tor", "--hash-password", secret, "--quiet"], capture_output=True, text=True, env=h.env(), check=True).stdout
    return out.strip().splitlines()[-1]


def torrc(h, lines):
    data = h.fresh("tor/data")
    return h.write("tor/torrc", f"DataDirectory {data}\nSocksPort 0\n" + "\n".join(lines) + "\n")


def dump(h, r, lines, flags=()):
    rc = torrc(h, lines)
    shown = "".join(f" {a}" if not (" " in a) else f" '{a}'" for a in flags)
    return f"$ tor -f tor/torrc{shown} --dump-config short\n" + h.run(["tor", "-f", rc, *flags, "--dump-config", "short"])


def proxy_lines(r, targets, where):
    """A proxy with credentials; each credential goes to the file or to the command line."""
    lines, flags = [], []
    user = r.choice(["tor", "relay", "svc-" + r.choice(SERVICES), "u" + str(r.randint(100, 999))])
    secret = pw(r)
    targets.append(secret)
    if r.random() < 0.55:
        opts = [("Socks5Proxy", r.choice(PROXIES)), ("Socks5ProxyUsername", user), ("Socks5ProxyPassword", secret)]
    else:
        opts = [("HTTPSProxy", r.choice(PROXIES)), ("HTTPSProxyAuthenticator", f"{user}:{secret}")]
    for name, value in opts:
        if where == "flags" or (where == "mixed" and name.endswith(("Password", "Authenticator"))):
            flags += [f"--{name}", value]
        else:
            lines.append(f"{name} {value}")
    return lines, flags


def filler(r):
    pool = [f"Nickname {r.choice(SERVICES)}{r.randint(1, 99)}", f"ORPort {r.choice([9001, 443, 9101])}", "ExitRelay 0", "ExitPolicy reject *:*",
            f"RelayBandwidthRate {r.choice([100, 250, 500])} KBytes", "Log notice stdout", "AvoidDiskWrites 1", f"NumEntryGuards {r.randint(1, 4)}",
            "ClientOnly 1", f"ControlPort 127.0.0.1:{r.choice([9051, 9151])}", "CookieAuthentication 1", "SafeLogging 1", f"MaxCircuitDirtiness {r.choice([600, 900])}"]
    return r.sample(pool, r.randint(2, 5))


@category("secret", "tor-dump-config-proxy", 34)
def tor_dump_config_proxy(h, r):
    targets = []
    lines, flags = proxy_lines(r, targets, r.choice(["file", "flags", "mixed"]))
    out = dump(h, r, filler(r) + lines, flags)
    return out, [t for t in targets if t in out]


@category("secret", "tor-hash-password", 18)
def tor_hash_password(h, r):
    secret = pw(r)
    quiet = r.random() < 0.4
    args = ["tor", "--hash-password", secret] + (["--quiet"] if quiet else [])
    return "$ " + " ".join(args) + "\n" + h.run(args), [secret]


CONTROL = {}


def control(h, r):
    """One Tor with a control port on 127.0.0.1 (a password it knows), started on first use."""
    if not CONTROL:
        known = pw(r)
        port = h.free_port(9051)
        rc = torrc(h, ["DisableNetwork 1", f"ControlPort 127.0.0.1:{port}", f"HashedControlPassword {tor_hash(h, known)}", "Log notice stdout"])
        h.daemon(["tor", "-f", rc], port, "tor")
        CONTROL.update(port=port, known=known)
    return CONTROL


def talk(h, commands):
    c = CONTROL
    typed = "\\r\\n".join(commands) + "\\r\\n"
    raw = "\r\n".join(commands) + "\r\n"
    out = h.run(["socat", "-t", "2", "-", f"TCP:127.0.0.1:{c['port']}"], input=raw, ok=None).replace("\r\n", "\n")
    return f"$ printf '{typed}' | socat - TCP:127.0.0.1:{c['port']}\n" + out


@category("secret", "tor-control-authenticate", 22)
def tor_control_authenticate(h, r):
    c = control(h, r)
    secret = c["known"] if r.random() < 0.3 else pw(r)
    shown = secret
    if r.random() < 0.35:
        shown = binascii.hexlify(secret.encode()).decode()
        auth = f"AUTHENTICATE {shown}"
    else:
        auth = f'AUTHENTICATE "{secret}"'
    after = r.sample(["GETINFO version", "GETINFO config-file", "GETINFO status/bootstrap-phase", "GETCONF SocksPort", "GETINFO net/listeners/control"], r.randint(1, 2))
    return talk(h, [auth, *after, "QUIT"]), [shown]


@category("pii", "tor-contactinfo", 24)
def tor_contactinfo(h, r):
    # Tor writes a non-ASCII ContactInfo as octal escapes ("G\\303\\274l..."): ASCII names only
    p = Person(r, ascii_only=True)
    form = r.randrange(4)
    if form == 0:
        info, targets = f"{p.name} <{p.email}>", [p.name, p.email]
    elif form == 1:
        info, targets = f"{p.email.replace('@', ' [at] ')} - {p.name}", [p.email.replace("@", " [at] "), p.name]
    elif form == 2:
        info, targets = f"email:{p.email.replace('@', '[]')} url:https://relays.example.org ciissversion:2 operator:{p.name.replace(' ', '_')}", [p.email.replace("@", "[]"), p.name.replace(" ", "_")]
    else:
        info, targets = f"{p.name}, {p.phone}", [p.name, p.phone]
    lines = filler(r) + [f"ContactInfo {info}"]
    return dump(h, r, lines), [t for t in targets if len(t) >= 6]


@category("negative", "tor-dump-config-clean", 44)
def tor_dump_config_clean(h, r):
    lines = filler(r)
    k = r.randrange(4)
    if k == 0:
        lines.append(f"HashedControlPassword {tor_hash(h, s(r, ALNUM, 14))}")
    elif k == 1:
        lines += ["CookieAuthentication 1", f"CookieAuthFile {h.home}/tor/control.authcookie"]
    elif k == 2:
        lines += [f"Socks5Proxy {r.choice(PROXIES)}"]
    else:
        lines += [f"HTTPSProxy {r.choice(PROXIES)}", f"ContactInfo ops-{r.choice(SERVICES)} at example dot org", f"MyFamily ${hexs(r, 40).upper()}"]
    return dump(h, r, lines), []


@category("negative", "tor-control-clean", 16)
def tor_control_clean(h, r):
    control(h, r)
    pool = [["PROTOCOLINFO 1"], ["PROTOCOLINFO"], ["GETINFO version"], ["PROTOCOLINFO 1", "GETINFO version"], ["AUTHENTICATE"], ["GETCONF ControlPort"], ["PROTOCOLINFO 1", "AUTHCHALLENGE SAFECOOKIE " + hexs(r, 64).upper()]]
    cmds = r.choice(pool) + ["QUIT"]
    return talk(h, cmds), []
