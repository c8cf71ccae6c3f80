"""s-nail 14.9.24 (Debian 12), new to the holdouts. `s-nail -vv` sending one message through this
harness's SMTP stand-in on 127.0.0.1 (which refuses every login): its `Credentials: host …, user …,
pass …` line and the SMTP dialog with the client's `AUTH PLAIN` / `AUTH LOGIN` base64 lines,
the credentials given in the `mta` URL, as a v15 `password-user@host` variable or the old
`smtp-auth-password`, on the command line or in `~/.mailrc`. PII: `s-nail -Rf -H` header
summaries and `print` of an mbox of people's mail. Clean: unauthenticated sends (the stand-in
queues them), a login with no password known, mailboxes of notifications from bots."""

import base64
import urllib.parse
import zlib

from registry import category
from responders import pop3, smtp
from values import BOTS, ORGS, REPOS, ROLES, SERVICES, Person, hexs, secret_token, uuid

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+()*~^"
USERS = ["ops@example.test", "alerts@example.test", "relay", "noreply@example.test", "svc-notify", "backup@example.test"]
RCPTS = ["team@example.org", "oncall@example.net", "reports@example.com", "archive@example.org"]


def snail(h, shown, args, stdin="hello\n", rc=None):
    if rc is not None:
        h.write(".mailrc", rc, 0o600)
        flags = ["-:u"]
    else:
        flags = ["-:/"]
    # s-nail warns when $USER is not the account it runs as (root, in this container)
    env = h.env(MAILRC=f"{h.home}/.mailrc", DEAD=f"{h.home}/dead.letter", USER="root", LOGNAME="root")
    return f"$ s-nail {' '.join(flags + shown)}\n" + h.run(["s-nail", *flags, *args], input=stdin, env=env, ok=None)


def quote(arg):
    return f"'{arg}'" if any(c in arg for c in " <>;&|") else arg


@category("secret", "snail-smtp-verbose", 50)
def snail_smtp_verbose(h, r):
    port = smtp(h)
    user = r.choice(USERS)
    pw = secret_token(r, bad=BAD)
    mech = r.choice(["plain", "login"])
    enc = urllib.parse.quote(user, safe="")
    form = r.randrange(3)
    common = ["-S", "nosave", "-S", "hostname=devbox", "-S", f"smtp-auth={mech}", "-S", f"from={user if '@' in user else user + '@example.test'}"]
    if form == 0:
        settings = ["-S", "v15-compat", "-S", f"mta=smtp://{enc}:{pw}@127.0.0.1:{port}"]
    elif form == 1:
        settings = ["-S", "v15-compat", "-S", f"mta=smtp://{enc}@127.0.0.1:{port}", "-S", f"password-{enc}@127.0.0.1:{port}={pw}"]
    else:
        settings = ["-S", f"mta=smtp://127.0.0.1:{port}", "-S", f"smtp-auth-user={user}", "-S", f"smtp-auth-password={pw}"]
    subject = r.choice(["nightly report", "disk usage", "backup finished", "cron output"])
    tail = ["-s", subject, r.choice(RCPTS)]
    if r.random() < 0.4:
        rc = "".join(f"set {settings[i + 1]}\n" for i in range(0, len(settings), 2))
        shown = ["-vv", *[quote(a) for a in common], "-s", f"'{subject}'", tail[2]]
        out = snail(h, shown, ["-vv", *common, *tail], rc=rc)
    else:
        shown = ["-vv", *[quote(a) for a in common + settings], "-s", f"'{subject}'", tail[2]]
        out = snail(h, shown, ["-vv", *common, *settings, *tail])
    targets = [pw]
    # AUTH PLAIN sends base64 of "\0user\0password", AUTH LOGIN base64 of the password alone
    blob = base64.b64encode((f"\0{user}\0{pw}" if mech == "plain" else pw).encode()).decode()
    if blob in out:
        targets.append(blob)
    return out, targets


@category("negative", "snail-smtp-clean", 50)
def snail_smtp_clean(h, r):
    port = smtp(h)
    sender = r.choice(BOTS)
    kind = r.randrange(3)
    subject = r.choice([f"build {r.randint(1000, 99999)} passed", f"deploy {hexs(r, 7)} to {r.choice(['staging', 'production'])}", f"job {uuid(r)} finished", f"{r.choice(SERVICES)} certificate renewed"])
    common = ["-S", "nosave", "-S", "hostname=devbox", "-S", f"from={sender}", "-S", f"mta=smtp://127.0.0.1:{port}"]
    if kind == 0:
        common += ["-S", "smtp-auth=none"]
    elif kind == 1:
        common += ["-S", "v15-compat", "-S", f"mta=smtp://{r.choice(['relay', 'svc-notify'])}@127.0.0.1:{port}", "-S", r.choice(["smtp-auth=plain", "smtp-auth=login"])]
    else:
        common += ["-S", "smtp-auth=none", "-S", f"reply-to={r.choice(BOTS)}"]
    tail = ["-s", subject, r.choice(RCPTS)]
    shown = ["-vv", *[quote(a) for a in common], "-s", f"'{subject}'", tail[2]]
    body = f"{r.choice(ROLES)}: run {uuid(r)}\ncommit {hexs(r, 40)}\nartifact sha256:{hexs(r, 64)}\n"
    return snail(h, shown, ["-vv", *common, *tail], stdin=body), []


def mbox(h, messages):
    text = ""
    for i, (frm, to, subject, body) in enumerate(messages):
        text += f"From {frm[1]} Sat Nov {20 + i} 09:{10 + i}:00 2026\nFrom: {frm[0]} <{frm[1]}>\nTo: {to[0]} <{to[1]}>\nSubject: {subject}\nDate: Sat, {20 + i} Nov 2026 09:{10 + i}:00 +0000\nMessage-ID: <{hexs_id(i, subject)}@example.test>\n\n{body}\n\n"
    return h.write("mail/inbox.mbox", text)


def hexs_id(i, subject):
    return f"{i:02d}{zlib.crc32(subject.encode()) % 10**8:08d}"


PERSON_SUBJECTS = ["Termin nächste Woche", "Re: Rechnung", "Schlüsselübergabe", "Lunch on Friday?", "Your parcel", "Re: flat viewing", "Photos from the weekend", "Invoice question"]


def person_messages(r, n):
    msgs, people = [], []
    for _ in range(n):
        p = Person(r)
        while len(p.name) < 6:  # a target is at least 6 characters (the corpus's rule)
            p = Person(r)
        people.append(p)
        body = r.choice([f"Call me on {p.phone} if anything changes.\n-- \n{p.name}\n{p.street}, {p.city}", f"Best,\n{p.name}\n{p.phone}", f"Thanks!\n{p.first}"])
        msgs.append(((p.name, p.email), ("Dev", "dev@example.test"), r.choice(PERSON_SUBJECTS), body))
    return msgs, people


@category("pii", "snail-header-summary", 30)
def snail_header_summary(h, r):
    msgs, people = person_messages(r, r.randint(2, 4))
    box = mbox(h, msgs)
    showname = r.random() < 0.5
    flags = ["-S", "showname"] if showname else []
    out = snail(h, ["-Rf", *flags, "-H", "mail/inbox.mbox"], ["-Rf", *flags, "-H", box])
    targets = []
    for p in people:
        for v in (p.name, p.email):
            if v in out:
                targets.append(v)
            else:
                # the summary cuts a long name or address to its column
                # (by display width: a name in a wide script is cut at fewer characters)
                cut = next((v[:n] for n in range(len(v) - 1, 5, -1) if v[:n] in out), None)
                if cut:
                    targets.append(cut)
    return out, targets


@category("pii", "snail-print-message", 36)
def snail_print_message(h, r):
    msgs, people = person_messages(r, r.randint(1, 3))
    box = mbox(h, msgs)
    n = r.randint(1, len(msgs))
    out = snail(h, ["-#", "-Rf", "mail/inbox.mbox", "<<<", f"'print {n}'"], ["-#", "-Rf", box], stdin=f"print {n}\n")
    p = people[n - 1]
    targets = [v for v in (p.name, p.email, p.phone, p.street, p.city) if v in out and len(v) >= 6]
    return out, targets


@category("negative", "snail-notifications-clean", 50)
def snail_notifications_clean(h, r):
    msgs = []
    for _ in range(r.randint(2, 4)):
        bot = r.choice(BOTS)
        org, repo = r.choice(ORGS), r.choice(REPOS)
        subject = r.choice([f"[{org}/{repo}] Run failed: ci - {hexs(r, 7)}", f"Build #{r.randint(100, 9999)} fixed", f"[{org}/{repo}] PR #{r.randint(10, 999)} merged", f"Backup {r.choice(SERVICES)} OK"])
        body = f"{r.choice(ROLES)}\nrun id: {uuid(r)}\ncommit: {hexs(r, 40)}\nlog digest: sha256:{hexs(r, 64)}\nhttps://ci.example.com/{org}/{repo}/runs/{r.randint(10000, 999999)}"
        msgs.append(((r.choice(ROLES), bot), ("Dev", "dev@example.test"), subject, body))
    box = mbox(h, msgs)
    if r.random() < 0.5:
        return snail(h, ["-Rf", "-H", "mail/inbox.mbox"], ["-Rf", "-H", box]), []
    n = r.randint(1, len(msgs))
    return snail(h, ["-#", "-Rf", "mail/inbox.mbox", "<<<", f"'print {n}'"], ["-#", "-Rf", box], stdin=f"print {n}\n"), []


@category("secret", "snail-pop3-verbose", 30)
def snail_pop3_verbose(h, r):
    """`s-nail -vv -f pop3://…` against the POP3 stand-in: the `Credentials:` line and the
    dialog (`USER`, `PASS …`) before the stand-in refuses."""
    port = pop3(h)
    user = r.choice(USERS)
    pw = secret_token(r, bad=BAD)
    enc = urllib.parse.quote(user, safe="")
    if r.random() < 0.5:
        settings = ["-S", "v15-compat", "-S", "pop3-no-apop", "-S", f"password-{enc}@127.0.0.1:{port}={pw}"]
        box = f"pop3://{enc}@127.0.0.1:{port}"
    else:
        settings = ["-S", "v15-compat", "-S", "pop3-no-apop"]
        box = f"pop3://{enc}:{pw}@127.0.0.1:{port}"
    if r.random() < 0.4:
        rc = "".join(f"set {settings[i + 1]}\n" for i in range(0, len(settings), 2))
        return snail(h, ["-vv", "-f", box], ["-vv", "-f", box], stdin="", rc=rc), [pw]
    return snail(h, ["-vv", *settings, "-f", box], ["-vv", *settings, "-f", box], stdin=""), [pw]


HOSTS = ["mail.example.test", "smtp.example.org", "mx.example.net", "imap.example.com"]


def batch(h, rc, commands):
    """`s-nail -:u -#` (batch mode, the user's ~/.mailrc loaded) fed `commands` on stdin."""
    h.write(".mailrc", rc, 0o600)
    env = h.env(MAILRC=f"{h.home}/.mailrc", DEAD=f"{h.home}/dead.letter", USER="root", LOGNAME="root")
    shown = "".join(f"{c}\n" for c in commands)
    return f"$ s-nail -:u -# <<'EOF'\n{shown}EOF\n" + h.run(["s-nail", "-:u", "-#"], input=shown, env=env, ok=None)


@category("secret", "snail-varshow-credentials", 30)
def snail_varshow_credentials(h, r):
    """`varshow` and `account` in batch mode print a ~/.mailrc's credentials as `set` lines."""
    user, host = r.choice(USERS), r.choice(HOSTS)
    enc = urllib.parse.quote(user, safe="")
    port = r.choice([465, 587])
    scheme = "smtps" if port == 465 else "smtp"
    pw = secret_token(r, bad=BAD)
    var = f"password-{enc}@{host}:{port}"
    rc = f"set v15-compat\nset from={user if '@' in user else user + '@example.test'}\n"
    if r.random() < 0.5:
        rc += f"set mta={scheme}://{enc}@{host}:{port} smtp-auth={r.choice(['plain', 'login'])}\nset {var}={pw}\n"
        commands = [f"varshow mta {var}"] if r.random() < 0.5 else [f"varshow mta smtp-auth {var} from"]
    else:
        acct = r.choice(["work", "relay", "alerts", "lists"])
        rc += f"account {acct} {{\n  set mta={scheme}://{enc}@{host}:{port} {var}={pw}\n  set smtp-auth={r.choice(['plain', 'login'])}\n}}\n"
        commands = ["account"] if r.random() < 0.5 else [f"account {acct}", f"varshow mta {var}"]
    return batch(h, rc, commands), [pw]


@category("negative", "snail-varshow-clean", 30)
def snail_varshow_clean(h, r):
    """The same listings of a ~/.mailrc without a password: no login, `.netrc` lookup, or a
    password fetched by a command at send time (`agent-shell-lookup`, which 14.9 warns is obsolete)."""
    user, host = r.choice(USERS), r.choice(HOSTS)
    enc = urllib.parse.quote(user, safe="")
    port = r.choice([465, 587])
    scheme = "smtps" if port == 465 else "smtp"
    kind = r.randrange(3)
    rc = f"set v15-compat\nset from={r.choice(BOTS)}\n"
    if kind == 0:
        rc += f"set mta={scheme}://{host}:{port} smtp-auth=none\n"
        commands = ["varshow mta smtp-auth from"]
    elif kind == 1:
        rc += f"set mta={scheme}://{enc}@{host}:{port} smtp-auth=plain netrc-lookup\n"
        commands = ["varshow mta netrc-lookup NETRC"]
    else:
        acct = r.choice(["work", "relay", "alerts", "lists"])
        rc += f"account {acct} {{\n  set mta={scheme}://{enc}@{host}:{port} smtp-auth=login\n  set agent-shell-lookup='pass show mail/{r.choice(SERVICES)}'\n}}\n"
        commands = ["account"] if r.random() < 0.5 else [f"account {acct}", "varshow mta agent-shell-lookup"]
    return batch(h, rc, commands), []
