"""msmtp 1.8 (Debian 12), new to the holdouts: `msmtp --pretend` (the account's settings; the
password itself is printed as `*`, a `passwordeval` command whole) and `msmtp --debug` against a
small SMTP responder on 127.0.0.1 that offers AUTH PLAIN and LOGIN and refuses every login (the
dialog shows the base64 credentials msmtp sent). ~/.msmtprc is mode 0600."""

import base64
import socket
import threading

from registry import category
from values import SERVICES, Person, hidden, secret_token

BAD = "\"'\\$`%{}#; "
HOSTS = ["smtp.example.net", "mail.internal", "smtp.example.org", "relay.staging.lan"]
ROLE_FROM = ["alerts@example.net", "noreply@example.org", "ci-bot@example.com", "reports@example.net", "backup@example.org"]
# commands that fetch the password from elsewhere: files under the home (written, so msmtp reads
# them) and password managers that are not installed here (msmtp reports the failure)
REF_FILES = ["~/.config/msmtp/password", "~/.secrets/smtp", "~/.msmtp-password"]
REFS = [f"cat {f}" for f in REF_FILES] + [f"head -n1 {f}" for f in REF_FILES] + ["pass show mail/work", "secret-tool lookup service smtp user ops", "gpg -q --for-your-eyes-only -d ~/.msmtp-password.gpg"]


def msmtprc(r, host, port, user, password=None, passwordeval=None, from_addr=None, auth="on", tls="off"):
    lines = ["defaults", f"auth {auth}", f"tls {tls}", "", f"account {r.choice(['work', 'relay', 'alerts', 'default-out'])}", f"host {host}", f"port {port}"]
    lines.append(f"from {from_addr or r.choice(ROLE_FROM)}")
    if user:
        lines.append(f"user {user}")
    if password:
        lines.append(f"password {password}")
    if passwordeval:
        lines.append(f'passwordeval "{passwordeval}"')
    account = lines[4].split()[1]
    lines += ["", f"account default : {account}"]
    return "\n".join(lines) + "\n"


def pretend(h, r, rc):
    h.write(".msmtprc", rc, mode=0o600)
    rcpt = r.choice(["ops@example.org", "oncall@example.net", "root@localhost"])
    return f"$ msmtp --pretend {rcpt}\n" + h.run(["msmtp", "--pretend", rcpt], ok=None)


def echo_eval(r, pw):
    return r.choice([f"echo {pw}", f"printf %s {pw}", f"echo -n {pw}"])


@category("secret", "msmtp-pretend-passwordeval", 26)
def msmtp_pretend_passwordeval(h, r):
    pw = secret_token(r, bad=BAD)
    rc = msmtprc(r, r.choice(HOSTS), r.choice([25, 587, 465]), r.choice(["ops", "alerts", f"{r.choice(SERVICES)}-mailer"]), passwordeval=echo_eval(r, pw))
    return pretend(h, r, rc), [pw]


@category("pii", "msmtp-pretend-person", 22)
def msmtp_pretend_person(h, r):
    p = Person(r)
    pw = secret_token(r, bad=BAD)
    rc = msmtprc(r, r.choice(HOSTS), r.choice([25, 587, 465]), p.email, password=pw, from_addr=p.email)
    return hidden(pretend(h, r, rc), pw), [p.email]


@category("negative", "msmtp-pretend-clean", 26)
def msmtp_pretend_clean(h, r):
    user = r.choice(["ops", "alerts", "ci-bot", f"{r.choice(SERVICES)}-mailer"])
    if r.random() < 0.5:
        pw = secret_token(r, bad=BAD)
        for f in REF_FILES:
            h.write(f[2:], pw + "\n", mode=0o600)
        rc = msmtprc(r, r.choice(HOSTS), r.choice([25, 587, 465]), user, passwordeval=r.choice(REFS))
    else:
        pw = secret_token(r, bad=BAD)
        rc = msmtprc(r, r.choice(HOSTS), r.choice([25, 587, 465]), user, password=pw)
    return hidden(pretend(h, r, rc), pw), []


# ---- a responder that refuses every login ------------------------------------------------

_SERVER = {}
# what the responder calls itself and offers, set per case (as different relays would)
_GREETING = {"name": "mx.example.net", "size": 35882577, "extra": []}
RELAYS = ["mx.example.net", "smtp-relay.example.org", "mail.internal", "postfix-01.example.com", "relay.staging.lan", "exim.example.net"]
EXTRAS = ["PIPELINING", "ENHANCEDSTATUSCODES", "DSN", "SMTPUTF8", "CHUNKING", "ETRN", "VRFY"]


def greet_as(r):
    _GREETING.update(name=r.choice(RELAYS), size=r.choice([10240000, 35882577, 52428800, 26214400]), extra=r.sample(EXTRAS, r.randint(0, 3)))


def smtp_port(h):
    if "port" in _SERVER:
        return _SERVER["port"]
    port = h.free_port("587")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(8)
    stopped = threading.Event()

    def session(conn):
        with conn:
            f = conn.makefile("rwb")

            def say(line):
                f.write(line.encode() + b"\r\n")
                f.flush()

            g = dict(_GREETING)
            say(f"220 {g['name']} ESMTP")
            while True:
                line = f.readline()
                if not line:
                    return
                cmd = line.decode("ascii", "replace").strip().upper()
                if cmd.startswith("EHLO"):
                    say("\r\n".join([f"250-{g['name']}", f"250-SIZE {g['size']}"] + [f"250-{x}" for x in g["extra"]] + ["250-AUTH PLAIN LOGIN", "250 8BITMIME"]))
                elif cmd.startswith("AUTH LOGIN"):
                    say("334 VXNlcm5hbWU6")
                    f.readline()
                    say("334 UGFzc3dvcmQ6")
                    f.readline()
                    say("535 5.7.8 Authentication credentials invalid")
                elif cmd.startswith("AUTH PLAIN"):
                    say("535 5.7.8 Authentication credentials invalid")
                elif cmd == "DATA":
                    say("354 End data with <CR><LF>.<CR><LF>")
                    while f.readline().rstrip(b"\r\n") != b".":
                        pass
                    say("250 2.0.0 Ok: queued as 4XkQ2m1Zt9z")
                elif cmd.startswith("QUIT"):
                    say("221 2.0.0 Bye")
                    return
                else:
                    say("250 2.0.0 OK")

    def serve():
        sock.settimeout(0.2)
        while not stopped.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            threading.Thread(target=session, args=(conn,), daemon=True).start()

    t = threading.Thread(target=serve, daemon=True)
    t.start()

    def stop():
        stopped.set()
        t.join()
        sock.close()
        _SERVER.clear()

    h.closers.append(stop)
    _SERVER["port"] = port
    return port


@category("secret", "msmtp-debug-auth", 26)
def msmtp_debug_auth(h, r):
    port = smtp_port(h)
    greet_as(r)
    user = r.choice(["ops", "alerts", "relay", f"{r.choice(SERVICES)}@example.net"])
    pw = secret_token(r, bad=BAD)
    mech = r.choice(["plain", "login"])
    rc = msmtprc(r, "127.0.0.1", port, user, password=pw, auth=mech)
    h.write(".msmtprc", rc, mode=0o600)
    rcpt = r.choice(["ops@example.org", "oncall@example.net"])
    out = h.run(["msmtp", "--debug", rcpt], input=f"Subject: {r.choice(['nightly report', 'disk usage', 'backup done'])}\n\nok\n", ok=None)
    if mech == "plain":
        sent = base64.b64encode(f"\0{user}\0{pw}".encode()).decode()
    else:
        sent = base64.b64encode(pw.encode()).decode()
    if sent not in out:
        raise RuntimeError("msmtp --debug: credentials not in the dialog")
    return f"$ msmtp --debug {rcpt} < report.txt\n" + out, [sent]


@category("negative", "msmtp-serverinfo-clean", 16)
def msmtp_serverinfo_clean(h, r):
    port = smtp_port(h)
    greet_as(r)
    rc = msmtprc(r, "127.0.0.1", port, None, auth="off")
    h.write(".msmtprc", rc, mode=0o600)
    return "$ msmtp --serverinfo\n" + h.run(["msmtp", "--serverinfo"], ok=None), []


@category("negative", "msmtp-debug-clean", 18)
def msmtp_debug_clean(h, r):
    # a relay that needs no login: the dialog carries no credentials
    port = smtp_port(h)
    greet_as(r)
    rc = msmtprc(r, "127.0.0.1", port, None, auth="off")
    h.write(".msmtprc", rc, mode=0o600)
    rcpt = r.choice(["ops@example.org", "oncall@example.net", "root@localhost"])
    subject = r.choice(["nightly report", "disk usage", "backup done", "cert renewal", "queue depth"])
    return f"$ msmtp --debug {rcpt} < report.txt\n" + h.run(["msmtp", "--debug", rcpt], input=f"Subject: {subject}\n\nok\n", ok=None), []
