"""offlineimap3 8.0.0 (Debian 12), new to the holdouts: `offlineimap -o -d imap` (one run, imaplib2's
protocol debug) against this harness's IMAP stand-in on 127.0.0.1, which refuses every login. The
debug log prints what the client sends: `AUTHENTICATE PLAIN` with its base64 `\\0user\\0password`
line, then `LOGIN user "password"` (offlineimap falls back to LOGIN), whether the password came
from `remotepass`, a `remotepasseval` expression or a `remotepassfile`. Clean: a server that says
BYE before any login, a `remotepasseval` helper that is not defined (the traceback quotes the
expression, a reference), a `remotepassfile` that does not exist."""

import base64

from registry import category
from responders import imap
from values import ORGS, SERVICES, secret_token

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+()"
USERS = ["ops@example.test", "alerts@example.test", "archive@example.test", "helpdesk@example.test", "backup-reader", "svc-mail"]


def rc(h, r, remote_lines, port, mechs=None):
    account = r.choice(["work", "main", "archive", "office", "lists"])
    lines = ["[general]", f"accounts = {account}", "", f"[Account {account}]", "localrepository = local", "remoterepository = remote", "",
             "[Repository local]", "type = Maildir", "localfolders = ~/Mail", "", "[Repository remote]", "type = IMAP", "remotehost = 127.0.0.1",
             f"remoteport = {port}", "ssl = no", "starttls = no"]
    if mechs:
        lines.append(f"auth_mechanisms = {mechs}")
    lines += remote_lines
    h.write(".offlineimaprc", "\n".join(lines) + "\n", 0o600)


def run(h):
    return "$ offlineimap -o -d imap\n" + h.run(["offlineimap", "-o", "-d", "imap"], ok=None)


def secret_case(h, r, mechs):
    port = imap(h)
    user = r.choice(USERS)
    pw = secret_token(r, bad=BAD)
    form = r.randrange(3)
    if form == 0:
        remote = [f"remoteuser = {user}", f"remotepass = {pw}"]
    elif form == 1:
        remote = [f"remoteuser = {user}", f'remotepasseval = "{pw}"']
    else:
        path = h.write(".config/offlineimap/pass", pw + "\n", 0o600)
        remote = [f"remoteuser = {user}", f"remotepassfile = {path}"]
    rc(h, r, remote, port, mechs)
    out = run(h)
    # with PLAIN alone the password is only inside the base64 line; LOGIN sends it quoted
    blob = base64.b64encode(f"\0{user}\0{pw}".encode()).decode()
    return out, [t for t in (pw, blob) if t in out]


@category("secret", "offlineimap-debug-login", 30)
def offlineimap_debug_login(h, r):
    return secret_case(h, r, "LOGIN")


@category("secret", "offlineimap-debug-authenticate", 30)
def offlineimap_debug_authenticate(h, r):
    return secret_case(h, r, r.choice(["PLAIN", "PLAIN, LOGIN", None]))


@category("negative", "offlineimap-debug-clean", 44)
def offlineimap_debug_clean(h, r):
    user = r.choice(USERS)
    kind = r.randrange(3)
    if kind == 0:
        port = imap(h, greeting=f"* BYE mail.example.test is down for maintenance (ticket {r.choice(ORGS)}-{r.randint(1000, 9999)})")
        remote = [f"remoteuser = {user}", f"remotepassfile = ~/.config/offlineimap/{r.choice(SERVICES)}.pass"]
    elif kind == 1:
        port = imap(h)
        helper = r.choice(["get_password", "keyring_password", "pass_show", "get_secret"])
        remote = [f"remoteuser = {user}", f'remotepasseval = {helper}("{r.choice(["work", "mail", "imap"])}/{user}")']
    else:
        port = imap(h)
        remote = [f"remoteuser = {user}", f"remotepassfile = ~/.config/offlineimap/{r.choice(SERVICES)}-{r.randint(1, 9)}.pass"]
    rc(h, r, remote, port, r.choice([None, "PLAIN, LOGIN"]))
    return run(h), []
