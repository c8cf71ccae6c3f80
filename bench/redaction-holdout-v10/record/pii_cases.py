"""Personal-data categories: real programs printing synthetic people (names, addresses, phones,
bank and card numbers, US SSNs). Targets are the person's full name and each datum as printed."""

import json

from registry import category
from values import ORGS, REPOS, SERVICES, Person, iban, luhn_card, ssn, uuid, hexs

COUNT = 12


def commit_env(h, p, date):
    return h.env(GIT_AUTHOR_NAME=p.name, GIT_AUTHOR_EMAIL=p.email, GIT_COMMITTER_NAME=p.name, GIT_COMMITTER_EMAIL=p.email, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)


def repo_with_people(h, r, people, files=("README.md", "src/app.py", "docs/setup.md")):
    d = h.fresh_dir(f"src/{r.choice(REPOS)}")
    h.run(["git", "init", "-q", "-b", "main"], cwd=d)
    for i, p in enumerate(people):
        f = files[i % len(files)]
        h.write(f"{d}/{f}", f"# {r.choice(SERVICES)}\n" + "".join(f"line {j} by commit {i}\n" for j in range(r.randint(1, 4))))
        env = commit_env(h, p, f"2026-{r.randint(1, 11):02d}-{r.randint(10, 28)}T{r.randint(8, 19):02d}:{r.randint(10, 59)}:00+01:00")
        h.run(["git", "add", "-A"], cwd=d, env=env)
        h.run(["git", "commit", "-q", "-m", r.choice(["Fix pagination off-by-one", "Add retry to webhook sender", "Update setup docs", "Bump dependencies", "Handle empty cart in checkout"])], cwd=d, env=env)
    return d


def people(r, lo=2, hi=3):
    out = []
    while len(out) < r.randint(lo, hi):
        p = Person(r)
        if all(p.name != q.name and p.email != q.email for q in out):
            out.append(p)
    return out


@category("pii", "git-log-authors", COUNT)
def git_log_authors(h, r):
    ps = people(r)
    d = repo_with_people(h, r, ps)
    fmt = r.randrange(3)
    if fmt == 0:
        out = h.run(["git", "--no-pager", "log"], cwd=d)
    elif fmt == 1:
        out = h.run(["git", "--no-pager", "log", "--pretty=fuller", "--stat"], cwd=d)
    else:
        out = h.run(["git", "--no-pager", "log", "--format=%h %an <%ae> %ad %s", "--date=short"], cwd=d)
    return out, [x for p in ps for x in (p.name, p.email)]


@category("pii", "git-shortlog-blame-emails", COUNT)
def git_shortlog_blame(h, r):
    ps = people(r)
    d = repo_with_people(h, r, ps, files=("README.md",))
    if r.random() < 0.5:
        out = h.run(["git", "--no-pager", "shortlog", "-sne", "HEAD"], cwd=d)
        return out, [x for p in ps for x in (p.name, p.email)]
    out = h.run(["git", "--no-pager", "blame", "-e", "README.md"], cwd=d)
    return out, [p.email for p in ps if p.email in out]


@category("pii", "gpg-list-keys-uid", COUNT)
def gpg_uid(h, r):
    p = Person(r)
    genv = h.gpg_env()
    comment = r.choice(["", " (work)", " (laptop)", " (signing)"])
    h.run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "", "--faked-system-time", "20261127T090000!", "--quick-gen-key", f"{p.name}{comment} <{p.email}>", "ed25519", "sign", "never"], env=genv)
    args = r.choice([["--list-keys"], ["--fingerprint"], ["--list-secret-keys", "--keyid-format", "long"], ["--list-keys", "--with-colons"]])
    out = h.run(["gpg", "--batch", *args], env=genv)
    return out, [p.name, p.email]


@category("pii", "sqlite3-users-table", COUNT)
def sqlite_users(h, r):
    ps = people(r, 2, 4)
    d = h.fresh_dir("data")
    db = f"{d}/crm.db"
    rows = "\n".join(f"INSERT INTO users(name, email, phone, plan) VALUES('{p.name}', '{p.email}', '{p.phone}', '{r.choice(['free', 'pro', 'team'])}');" for p in ps)
    h.run(["sqlite3", db], input=f"CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT, email TEXT UNIQUE, phone TEXT, plan TEXT);\n{rows}\n".encode())
    mode = r.choice(["-box", "-column", "-json", "-csv", "-line", "-markdown"])
    out = h.run(["sqlite3", mode, "-header", db, "SELECT * FROM users;"] if mode not in ("-json", "-line") else ["sqlite3", mode, db, "SELECT * FROM users;"])
    return out, [x for p in ps for x in (p.name, p.email, p.phone)]


EMAIL_SCRIPT = """\
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
msg = EmailMessage()
msg["From"] = formataddr(({a!r}, {ae!r}))
msg["To"] = formataddr(({b!r}, {be!r}))
{cc}msg["Subject"] = {subject!r}
msg["Date"] = "Fri, 27 Nov 2026 09:00:00 +0000"
msg["Message-ID"] = make_msgid(idstring="{mid}", domain="mail.{org}.example")
msg.set_content({body!r})
print(msg.as_string())
"""


@category("pii", "python-email-headers", COUNT)
def python_email(h, r):
    ps = people(r, 2, 3)
    a, b = ps[0], ps[1]
    cc = f'msg["Cc"] = {ps[2].email!r}\n' if len(ps) > 2 else ""
    body = f"Hi {b.first},\n\nthe invoice for {r.choice(SERVICES)} is attached. Call me on {a.phone} if anything is unclear.\n\n{a.first}\n"
    script = h.write("mail.py", EMAIL_SCRIPT.format(a=a.name, ae=a.email, b=b.name, be=b.email, cc=cc, subject=r.choice(["Invoice November", "Re: onboarding", "Contract renewal"]), mid=hexs(r, 12), org=r.choice(ORGS), body=body))
    out = h.run(["python3", script])
    targets = [a.name, a.email, b.name, b.email, a.phone] + ([ps[2].email] if len(ps) > 2 else [])
    return out, targets


@category("pii", "curl-json-user-profile", COUNT)
def curl_profile(h, r):
    p = Person(r)
    profile = {"id": uuid(r), "name": p.name, "email": p.email, "phone": p.phone, "address": {"line1": p.street, "city": p.city}, "plan": r.choice(["pro", "team"])}
    targets = [p.name, p.email, p.phone, p.street]
    if r.random() < 0.5:
        acct = iban(r)
        profile["payout"] = {"iban": acct, "holder": p.name}
        targets.append(acct)
    else:
        card = luhn_card(r)
        profile["payment_method"] = {"type": "card", "number": card, "exp": f"{r.randint(1, 12):02d}/{r.randint(27, 31)}"}
        targets.append(card)
    h.server.reply(200, [("Content-Type", "application/json")], json.dumps(profile).encode())
    url = f"{h.url}/v1/customers/{profile['id']}"
    out = h.run(["bash", "-c", f"curl -s {url} | jq ."]) if r.random() < 0.6 else h.run(["curl", "-sS", "-i", url])
    return out, targets


PII_TRACEBACK_SCRIPT = '''\
import traceback


def charge(customer, amount_cents):
    raise ValueError(f"card declined for customer {{customer['id']}}")


def handle(event):
    customer = {customer!r}
    amount_cents = {amount}
    try:
        charge(customer, amount_cents)
    except Exception as exc:
        print("".join(traceback.TracebackException.from_exception(exc, capture_locals=True).format()), end="")


handle({{"type": "invoice.payment_failed"}})
'''


@category("pii", "python-traceback-user-locals", COUNT)
def python_traceback_user(h, r):
    p = Person(r)
    customer = {"id": f"cus_{hexs(r, 14)}", "name": p.name, "email": p.email}
    targets = [p.name, p.email]
    extra = r.randrange(3)
    if extra == 0:
        customer["ssn"] = ssn(r)
    elif extra == 1:
        customer["card_number"] = luhn_card(r)
    else:
        customer["phone"] = p.phone
    targets += [v for k, v in customer.items() if k in ("ssn", "card_number", "phone")]
    script = h.write("billing.py", PII_TRACEBACK_SCRIPT.format(customer=customer, amount=r.randint(500, 99000)))
    return h.run(["python3", script]), targets


@category("pii", "git-config-identity", COUNT)
def git_identity(h, r):
    p = Person(r)
    d = h.fresh_dir(f"src/{r.choice(REPOS)}")
    h.run(["git", "init", "-q", "-b", "main"], cwd=d)
    h.run(["git", "config", "user.name", p.name], cwd=d)
    h.run(["git", "config", "user.email", p.email], cwd=d)
    h.run(["git", "config", "core.editor", "vim"], cwd=d)
    kind = r.randrange(3)
    if kind == 0:
        out = h.run(["git", "config", "--list", "--show-origin"], cwd=d)
    elif kind == 1:
        out = h.run(["git", "var", "GIT_AUTHOR_IDENT"], cwd=d, env=h.env(GIT_AUTHOR_DATE="1795770000 +0100"))
    else:
        h.write(f"{d}/notes.txt", "todo\n")
        h.run(["git", "add", "notes.txt"], cwd=d)
        out = h.run(["git", "commit", "-m", "Add notes"], cwd=d, env=h.env(GIT_AUTHOR_DATE="2026-11-27T09:00:00Z", GIT_COMMITTER_DATE="2026-11-27T09:00:00Z"))
        out += h.run(["git", "--no-pager", "log", "-1", "--format=%an <%ae>%n%cn <%ce>"], cwd=d)
    return out, [t for t in (p.name, p.email) if t in out]


@category("pii", "git-format-patch-signoff", COUNT)
def git_format_patch(h, r):
    ps = people(r, 2, 2)
    author, reviewer = ps
    d = h.fresh_dir(f"src/{r.choice(REPOS)}")
    h.run(["git", "init", "-q", "-b", "main"], cwd=d)
    h.write(f"{d}/src/retry.py", "MAX_RETRIES = 3\n")
    env = commit_env(h, author, "2026-11-20T10:15:00+01:00")
    h.run(["git", "add", "-A"], cwd=d, env=env)
    h.run(["git", "commit", "-q", "-s", "-m", "Add retry limit", "-m", f"Reviewed-by: {reviewer.name} <{reviewer.email}>"], cwd=d, env=env)
    out = h.run(["git", "format-patch", "-1", "--stdout"], cwd=d, env=env)
    return out, [author.name, author.email, reviewer.name, reviewer.email]
