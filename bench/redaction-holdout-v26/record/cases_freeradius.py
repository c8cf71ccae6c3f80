"""FreeRADIUS 3.2 server (`freeradius -X`, Debian 12) with radtest, new to the holdouts: a copy of
Debian's configuration trimmed to the pap, files and always modules and one virtual server on
127.0.0.1, started per case with a client secret and a users file, then asked once with
`radtest` (or `radclient` for accounting) and stopped. Captured: radtest's output (the command
line carries the shared secret), the debug log of the request (User-Password as received), and
the client blocks the start-up prints (the secret masked as `<<< secret >>>`)."""

import os
import shutil
import time

from registry import category
from values import Person, hexs, hidden
from values import short_token as secret_token  # a RADIUS password holds at most 128 bytes

BAD = "\"'\\$`%{}#!&|;<>()* ,"
ROLE_USERS = ["radius-probe", "healthcheck", "svc-monitor", "test-user", "kiosk-07", "wlc-probe"]
CLIENTS = ["localhost", "lab", "wlc-hq", "vpn-edge", "nas-floor2", "ap-lobby"]
SITE = """server default {
listen {
	type = auth
	ipaddr = 127.0.0.1
	port = %(auth)d
}
listen {
	type = acct
	ipaddr = 127.0.0.1
	port = %(acct)d
}
authorize {
	files
	pap
}
authenticate {
	Auth-Type PAP {
		pap
	}
}
preacct {
}
accounting {
	ok
}
post-auth {
}
}
"""


def raddb(h):
    d = os.path.join(h.home, "raddb")
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree("/etc/freeradius/3.0", d, symlinks=True)
    for name in os.listdir(os.path.join(d, "mods-enabled")):
        if name not in ("pap", "files", "always"):
            os.remove(os.path.join(d, "mods-enabled", name))
    for name in os.listdir(os.path.join(d, "sites-enabled")):
        os.remove(os.path.join(d, "sites-enabled", name))
    for root, dirs, files in os.walk(d):
        for n in dirs:
            os.chmod(os.path.join(root, n), 0o755)
        for n in files:
            p = os.path.join(root, n)
            if not os.path.islink(p):
                os.chmod(p, 0o644)
    return d


def client_blocks(r, secret, extra=0):
    blocks = [["client localhost {", "\tipaddr = 127.0.0.1", f"\tsecret = {secret}", f"\tshortname = {r.choice(CLIENTS)}"]]
    for i in range(extra):
        blocks.append([f"client {r.choice(CLIENTS)}-{i + 2} {{", f"\tipaddr = 192.0.2.{r.randint(2, 250)}", f"\tsecret = {secret_token(r, bad=BAD)}", f"\tnas_type = {r.choice(['other', 'cisco', 'livingston'])}"])
    return "\n".join("\n".join(b + ["}"]) for b in blocks) + "\n"


class Server:
    """One freeradius -X on 127.0.0.1 for one case."""

    def __init__(self, h, r, secret, users, extra_clients=0):
        self.h = h
        d = raddb(h)
        self.auth, self.acct = h.free_port("1812"), h.free_port("1813")
        h.write(os.path.join(d, "sites-enabled", "default"), SITE % {"auth": self.auth, "acct": self.acct})
        h.write(os.path.join(d, "clients.conf"), client_blocks(r, secret, extra_clients))
        h.write(os.path.join(d, "mods-config", "files", "authorize"), "".join(f'{u}\tCleartext-Password := "{p}"\n\tReply-Message := "{msg}"\n\n' for u, p, msg in users))
        self.log = os.path.join(h.home, ".cache", "freeradius.log")
        if os.path.exists(self.log):
            os.remove(self.log)
        _, self.stop = h.spawn(["freeradius", "-X", "-d", d])
        for _ in range(100):
            time.sleep(0.1)
            if "Ready to process requests" in self.output():
                return
        self.stop()
        raise RuntimeError("freeradius did not start:\n" + self.output()[-2000:])

    def output(self):
        with open(self.log, encoding="utf-8", errors="replace") as f:
            return f.read()

    def finish(self):
        time.sleep(1.5)  # a reject is sent after a one-second delay
        self.stop()
        return self.h.normalize(self.output())


def users_for(r, user, pw):
    users = [(user, pw, r.choice(["Welcome", "Access granted", "Hello, %{User-Name}"]))]
    for u in r.sample([x for x in ROLE_USERS if x != user], r.randint(0, 2)):
        users.append((u, secret_token(r, bad=BAD), "Welcome"))
    return users


def request_log(out):
    """From `Ready to process requests` to the end of the first request."""
    start = out.index("Ready to process requests")
    lines = out[start:].splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith("(0) Finished request") or line.startswith("(0) Sent Access-Reject"):
            end = i + 1
            while end < len(lines) and lines[end].startswith("(0)   "):
                end += 1
            return "".join(lines[:end])
    raise RuntimeError("freeradius: the request never finished:\n" + out[-1500:])


def radtest(h, srv, user, pw, secret):
    return h.run(["radtest", "-t", "pap", user, pw, f"127.0.0.1:{srv.auth}", "0", secret], ok=None, timeout=60)


@category("secret", "radtest-pap", 22)
def radtest_pap(h, r):
    secret = secret_token(r, bad=BAD)
    user = r.choice(ROLE_USERS)
    pw = secret_token(r, bad=BAD)
    typed = pw if r.random() < 0.7 else secret_token(r, bad=BAD)  # sometimes a wrong password
    srv = Server(h, r, secret, users_for(r, user, pw))
    try:
        out = radtest(h, srv, user, typed, secret)
    finally:
        srv.finish()
    return f"$ radtest -t pap {user} {typed} 127.0.0.1:1812 0 {secret}\n" + out, [typed, secret]


@category("secret", "freeradius-debug-request", 22)
def freeradius_debug_request(h, r):
    secret = secret_token(r, bad=BAD)
    user = r.choice(ROLE_USERS)
    pw = secret_token(r, bad=BAD)
    typed = pw if r.random() < 0.7 else secret_token(r, bad=BAD)
    users = users_for(r, user, pw)
    srv = Server(h, r, secret, users)
    try:
        radtest(h, srv, user, typed, secret)
    finally:
        out = srv.finish()
    # the log shows the password as received, never the users file's own passwords or the secret
    text = "$ freeradius -X 2>&1 | sed -n '/Ready to process requests/,$p'\n" + request_log(out)
    return hidden(text, secret, *(p for u, p, _ in users if p != typed)), [typed]


@category("pii", "freeradius-debug-accounting-person", 16)
def freeradius_debug_accounting_person(h, r):
    p = Person(r)
    secret = secret_token(r, bad=BAD)
    srv = Server(h, r, secret, users_for(r, r.choice(ROLE_USERS), secret_token(r, bad=BAD)))
    attrs = [f'User-Name = "{p.email}"', f"Acct-Status-Type = {r.choice(['Start', 'Stop', 'Interim-Update'])}", f'Acct-Session-Id = "{hexs(r, 16).upper()}"', f'NAS-Identifier = "{r.choice(CLIENTS)}"']
    secret_file = os.path.join(h.home, ".cache", "radius-secret")
    h.write(secret_file, secret + "\n", mode=0o600)
    try:
        h.run(["radclient", "-t", "2", "-r", "1", "-S", secret_file, f"127.0.0.1:{srv.acct}", "acct"], input=", ".join(attrs) + "\n", ok=None, timeout=60)
    finally:
        out = srv.finish()
    text = "$ freeradius -X 2>&1 | sed -n '/Ready to process requests/,$p'\n" + request_log(out)
    return hidden(text, secret), [p.email]


@category("negative", "freeradius-debug-clients-clean", 16)
def freeradius_debug_clients_clean(h, r):
    secret = secret_token(r, bad=BAD)
    srv = Server(h, r, secret, users_for(r, r.choice(ROLE_USERS), secret_token(r, bad=BAD)), extra_clients=r.randint(0, 2))
    out = srv.finish()
    lines = out.splitlines(keepends=True)
    # what `sed -n '/Loading Clients/,/Debugger/p'` prints
    start = next(i for i, line in enumerate(lines) if "Loading Clients" in line)
    end = next(i for i in range(start + 1, len(lines)) if "Debugger" in lines[i])
    text = "$ freeradius -X 2>&1 | sed -n '/Loading Clients/,/Debugger/p'\n" + "".join(lines[start:end + 1])
    return hidden(text, secret), []
