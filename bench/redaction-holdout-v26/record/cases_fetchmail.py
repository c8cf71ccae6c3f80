"""fetchmail 6.4 (Debian 12), new to the holdouts: `fetchmail --configdump` (the Python-style
dump fetchmailconf reads, which prints every user's password) and `fetchmail -V` (the options
report, which does not). The rc file is ~/.fetchmailrc (mode 0600); nothing connects."""

from registry import category
from values import BOTS, SERVICES, Person, hidden, secret_token

BAD = "\"'\\$`%{}# "
HOSTS = ["imap.example.net", "mail.internal", "pop.example.org", "mx1.staging.lan", "127.0.0.1"]
ROLE_USERS = ["ci-bot", "alerts", "noreply", "postmaster", "backup-reports", "ops-inbox", "billing-notify", "dmarc-reports"]


def fetchmail(h, *args):
    return h.run(["fetchmail", *args], ok=None)


def poll_line(r, user, pw=None):
    proto = r.choice(["IMAP", "POP3"])
    host = r.choice(HOSTS)
    parts = [f"poll {host}", f"proto {proto}"]
    if r.random() < 0.5:
        parts.append(f"port {r.choice([143, 993, 110, 995])}")
    parts.append(f'user "{user}"')
    if pw is not None:
        parts.append(f'there with password "{pw}"')
    parts.append('is "dev" here')
    opts = r.sample(["ssl", "sslcertck", "keep", "fetchall", "nokeep", "stripcr"], r.randint(0, 2))
    if opts:
        parts.append("options " + " ".join(opts))
    return " ".join(parts)


def write_rc(h, lines):
    h.write(".fetchmailrc", "set daemon 0\n" + "\n".join(lines) + "\n", mode=0o600)


def configdump_case(h, r, entries):
    write_rc(h, [poll_line(r, u, p) for u, p in entries])
    return "$ fetchmail --configdump\n" + fetchmail(h, "--configdump")


@category("secret", "fetchmail-configdump", 30)
def fetchmail_configdump(h, r):
    entries = []
    for _ in range(r.randint(1, 2)):
        entries.append((r.choice(ROLE_USERS + [f"{r.choice(SERVICES)}@example.net"]), secret_token(r, bad=BAD)))
    return configdump_case(h, r, entries), [p for _, p in entries]


@category("pii", "fetchmail-configdump-person", 22)
def fetchmail_configdump_person(h, r):
    p = Person(r)
    return configdump_case(h, r, [(p.email, None)]), [p.email]


@category("negative", "fetchmail-configdump-clean", 28)
def fetchmail_configdump_clean(h, r):
    entries = [(r.choice(ROLE_USERS), None) for _ in range(r.randint(1, 2))]
    return configdump_case(h, r, entries), []


@category("negative", "fetchmail-options-clean", 20)
def fetchmail_options_clean(h, r):
    # the options report names the user and server, never the password the rc holds
    entries = [(r.choice(ROLE_USERS + BOTS), secret_token(r, bad=BAD)) for _ in range(r.randint(1, 2))]
    write_rc(h, [poll_line(r, u, p) for u, p in entries])
    return hidden("$ fetchmail -V\n" + fetchmail(h, "-V"), *(p for _, p in entries)), []


@category("negative", "fetchmail-verbose-refused-clean", 16)
def fetchmail_verbose_refused_clean(h, r):
    # a verbose poll of a closed 127.0.0.1 port: the errors name the user's server, not the password
    port = h.free_port(str(r.choice([143, 993, 110, 995, 1143, 10110])))
    user, pw = r.choice(ROLE_USERS + BOTS), secret_token(r, bad=BAD)
    proto = r.choice(["IMAP", "POP3"])
    write_rc(h, [f'poll 127.0.0.1 proto {proto} port {port} user "{user}" there with password "{pw}" is "dev" here'])
    args = ["-v"] + r.sample(["-k", "-a", "--nosslcertck", "-F"], r.randint(0, 2)) + ["-u", user, "127.0.0.1"]
    return hidden(f"$ fetchmail {' '.join(args)}\n" + fetchmail(h, *args), pw), []
