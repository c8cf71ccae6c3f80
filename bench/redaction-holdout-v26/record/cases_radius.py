"""FreeRADIUS 3.2 `radclient` (Debian 12's freeradius-utils), new to the holdouts: `-x` prints
every request it sends (User-Password included) to a closed 127.0.0.1 port until it gives up.
The shared secret is typed on the command line, or read from a file with `-S`."""

import os

from registry import category
from values import DIGITS, SERVICES, Person, hexs, s, secret_token

BAD = "\"'\\$`%{}#!&|;<>()* ,"
NAS = ["nas-edge-01", "wlc-hq", "vpn-concentrator", "sw-floor3", "ap-lobby"]
ROLE_USERS = ["radius-probe", "healthcheck", "svc-monitor", "test-user", "kiosk-07"]


def mac(r):
    return "-".join(hexs(r, 2).upper() for _ in range(6))


def radclient(h, r, attrs, kind, secret=None):
    """Send one request with `radclient -x` to a closed port; the shared secret typed or in a file."""
    usual = "1812" if kind == "auth" else "1813"
    port = h.free_port(usual)
    line = ", ".join(attrs)
    d = h.fresh("radius")
    opts = ["-x", "-t", "1", "-r", "1"]
    if secret is None:
        h.write(os.path.join(d, "secret"), s(r, DIGITS, 4) + "\n", mode=0o600)
        opts += ["-S", "secret"]
        tail = []
    else:
        tail = [secret]
    out = h.run(["radclient", *opts, f"127.0.0.1:{port}", kind, *tail], cwd=d, input=line + "\n", ok=None, timeout=30)
    return f"$ echo '{line}' | radclient {' '.join(opts)} 127.0.0.1:{usual} {kind}{''.join(' ' + t for t in tail)}\n" + out


def common(r):
    attrs = [f'NAS-Identifier = "{r.choice(NAS)}"']
    if r.random() < 0.6:
        attrs.append(f'Calling-Station-Id = "{mac(r)}"')
    if r.random() < 0.4:
        attrs.append(f"NAS-Port = {r.randint(0, 48)}")
    return attrs


@category("secret", "radclient-access-request", 26)
def radclient_access_request(h, r):
    pw = secret_token(r, bad=BAD)
    attrs = [f'User-Name = "{r.choice(ROLE_USERS)}"', f'User-Password = "{pw}"'] + common(r)
    r.shuffle(attrs)
    targets = [pw]
    secret = None
    if r.random() < 0.6:
        secret = secret_token(r, bad=BAD)
        targets.append(secret)
    return radclient(h, r, attrs, "auth", secret), targets


@category("pii", "radclient-accounting-person", 20)
def radclient_accounting_person(h, r):
    p = Person(r)
    attrs = [f'User-Name = "{p.email}"', f"Acct-Status-Type = {r.choice(['Start', 'Stop', 'Interim-Update'])}", f'Acct-Session-Id = "{hexs(r, 16).upper()}"'] + common(r)
    return radclient(h, r, attrs, "acct"), [p.email]


@category("negative", "radclient-clean", 28)
def radclient_clean(h, r):
    attrs = [f'User-Name = "{r.choice(ROLE_USERS)}"', f"Acct-Status-Type = {r.choice(['Start', 'Stop', 'Interim-Update'])}", f'Acct-Session-Id = "{hexs(r, 16).upper()}"', f'Class = "{r.choice(SERVICES)}-{r.randint(1, 99)}"'] + common(r)
    r.shuffle(attrs)
    return radclient(h, r, attrs, "acct"), []
