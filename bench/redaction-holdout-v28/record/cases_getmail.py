"""getmail 6.18.11 (Debian 12), new to the holdouts: `getmail --dump` (the parsed configuration,
which prints the password as `*` and a `password_command` as the command) and `getmail -v`
against this harness's POP3 and IMAP stand-ins on 127.0.0.1, which refuse the login. PII: a
person's own mailbox as the retriever's username (in the dump and in every log line's prefix).
Clean: service accounts, masked passwords, password commands, message-log paths."""

from registry import category
from responders import imap, pop3
from values import SERVICES, Person, secret_token

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+()*~^"
USERS = ["ops@example.test", "alerts@example.test", "archive@example.test", "helpdesk@example.test", "svc-mail", "backup-reader"]


def rc(h, r, user, password_line):
    kind = r.choice(["SimplePOP3Retriever", "SimpleIMAPRetriever"])
    port = pop3(h) if kind == "SimplePOP3Retriever" else imap(h)
    lines = ["[retriever]", f"type = {kind}", "server = 127.0.0.1", f"port = {port}", f"username = {user}", password_line]
    if kind == "SimpleIMAPRetriever" and r.random() < 0.5:
        lines.append(f"mailboxes = (\"INBOX\", \"{r.choice(['Lists', 'Archive', 'Alerts'])}\")")
    lines += ["", "[destination]", "type = Maildir", "path = ~/Maildir/", "", "[options]", f"verbose = {r.choice([1, 2])}", f"read_all = {r.choice(['true', 'false'])}"]
    if r.random() < 0.5:
        lines.append(f"message_log = ~/.getmail/{r.choice(SERVICES)}.log")
    if r.random() < 0.3:
        lines.append(f"max_messages_per_session = {r.randint(10, 500)}")
    for sub in ("new", "cur", "tmp"):
        h.fresh(f"Maildir/{sub}")
    h.fresh(".getmail")
    name = r.choice(["getmailrc", "rc-work", "rc-lists"])
    h.write(f".getmail/{name}", "\n".join(lines) + "\n", 0o600)
    return name


def run(h, r, name):
    args = ["--dump"] if r.random() < 0.5 else ["-v"]
    shown = " ".join(args + ([f"--rcfile {name}"] if name != "getmailrc" else []))
    rcargs = ["--rcfile", name] if name != "getmailrc" else []
    return f"$ getmail {shown}\n" + h.run(["getmail", *args, "--getmaildir", f"{h.home}/.getmail", *rcargs], ok=None)


def password_line(r):
    kind = r.randrange(3)
    if kind == 0:
        # getmail never prints a configured password: it dumps it as "*"
        return f"password = {secret_token(r, bad=BAD)}"
    if kind == 1:
        return f"password_command = (\"/usr/bin/pass\", \"show\", \"mail/{r.choice(SERVICES)}\")"
    return f"password_command = (\"secret-tool\", \"lookup\", \"getmail\", \"{r.choice(SERVICES)}\")"


@category("negative", "getmail-clean", 60)
def getmail_clean(h, r):
    name = rc(h, r, r.choice(USERS), password_line(r))
    return run(h, r, name), []


@category("pii", "getmail-person-mailbox", 36)
def getmail_person_mailbox(h, r):
    p = Person(r)
    name = rc(h, r, p.email, password_line(r))
    out = run(h, r, name)
    return out, [p.email]
