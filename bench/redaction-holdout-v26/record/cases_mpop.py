"""mpop 1.4 (Debian 12), new to the holdouts: `mpop --debug` against a small POP3 responder on
127.0.0.1 (its dialog shows `PASS <password>` in clear, or the base64 of AUTH PLAIN) and
`mpop --serverinfo`. The responder refuses every login; in the PII and clean cases it refuses
the user name already, so no password is sent. ~/.mpoprc is mode 0600."""

import base64
import os
import socket
import threading

from registry import category
from values import Person, hidden, secret_token

BAD = "\"'\\$`%{}#; "
SERVERS = ["pop.example.net", "mail.internal", "pop3.example.org", "dovecot-01.example.com", "mx.staging.lan"]
ROLE_USERS = ["alerts", "noreply", "ci-bot", "backup-reports", "dmarc-reports", "bounces"]
_STATE = {"name": "pop.example.net", "refuse_user": False, "extra": []}
_SERVER = {}


def responder(h):
    if "port" in _SERVER:
        return _SERVER["port"]
    port = h.free_port("110")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(8)
    stopped = threading.Event()

    def session(conn):
        with conn:
            f = conn.makefile("rwb")
            st = dict(_STATE)

            def say(line):
                f.write(line.encode() + b"\r\n")
                f.flush()

            say(f"+OK {st['name']} POP3 ready")
            while True:
                line = f.readline()
                if not line:
                    return
                cmd = line.decode("ascii", "replace").strip().upper()
                if cmd == "CAPA":
                    say("\r\n".join(["+OK Capability list follows", "USER", "SASL PLAIN", "UIDL", "TOP"] + st["extra"] + ["."]))
                elif cmd.startswith("USER"):
                    say("-ERR [AUTH] Unknown user" if st["refuse_user"] else "+OK")
                elif cmd.startswith("PASS"):
                    say("-ERR [AUTH] Authentication failed")
                elif cmd.startswith("AUTH PLAIN"):
                    if cmd == "AUTH PLAIN":
                        say("+ ")
                        f.readline()
                    say("-ERR [AUTH] Authentication failed")
                elif cmd.startswith("QUIT"):
                    say("+OK Logging out")
                    return
                else:
                    say("-ERR Unknown command")

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


def mpoprc(h, r, port, user, pw, auth):
    lines = ["defaults", "tls off", f"delivery mbox ~/{r.choice(['mbox', 'Mail/inbox', 'mail/incoming'])}", "", f"account {r.choice(['work', 'alerts', 'archive'])}", "host 127.0.0.1", f"port {port}", f"auth {auth}", f"user {user}"]
    if pw:
        lines.append(f"password {pw}")
    lines += r.sample(["keep on", "only_new on", "uidls_file ~/.mpop_uidls/%U_at_%H"], r.randint(0, 2))
    account = lines[4].split()[1]
    lines += ["", f"account default : {account}"]
    h.write(".mpoprc", "\n".join(lines) + "\n", mode=0o600)


def serve_as(r, refuse_user):
    _STATE.update(name=r.choice(SERVERS), refuse_user=refuse_user, extra=r.sample(["STLS", "RESP-CODES", "AUTH-RESP-CODE", "EXPIRE NEVER", "IMPLEMENTATION mail-pop3"], r.randint(0, 2)))


def debug(h, r):
    return "$ mpop --debug\n" + h.run(["mpop", "--debug"], ok=None, timeout=60)


@category("secret", "mpop-debug-pass", 28)
def mpop_debug_pass(h, r):
    port = responder(h)
    serve_as(r, False)
    user, pw = r.choice(ROLE_USERS), secret_token(r, bad=BAD)
    auth = r.choice(["user", "user", "plain"])
    mpoprc(h, r, port, user, pw, auth)
    out = debug(h, r)
    sent = pw if auth == "user" else base64.b64encode(f"\0{user}\0{pw}".encode()).decode()
    if sent not in out:
        raise RuntimeError("mpop --debug: credentials not in the dialog")
    return out, [sent]


@category("pii", "mpop-debug-person", 24)
def mpop_debug_person(h, r):
    port = responder(h)
    serve_as(r, True)
    p = Person(r)
    pw = secret_token(r, bad=BAD)
    mpoprc(h, r, port, p.email, pw, "user")
    return hidden(debug(h, r), pw), [p.email]


@category("negative", "mpop-debug-clean", 20)
def mpop_debug_clean(h, r):
    port = responder(h)
    serve_as(r, True)
    pw = secret_token(r, bad=BAD)
    mpoprc(h, r, port, r.choice(ROLE_USERS), pw, "user")
    return hidden(debug(h, r), pw), []


@category("negative", "mpop-serverinfo-clean", 24)
def mpop_serverinfo_clean(h, r):
    port = responder(h)
    serve_as(r, True)
    pw = secret_token(r, bad=BAD)
    mpoprc(h, r, port, r.choice(ROLE_USERS), pw, "user")
    return hidden("$ mpop --serverinfo\n" + h.run(["mpop", "--serverinfo"], ok=None, timeout=60), pw), []
