"""Pure-FTPd 1.0.50's `pure-pw` (Debian 12), new to the holdouts: virtual users added with
`pure-pw useradd` and `pure-pw passwd` (the password piped in, as scripts do, so it is on the
command line), `pure-pw show` and `pure-pw list` of the file it keeps. PII: users' full names
(`-c`), printed by `show`. Clean: `show` of service accounts (pure-pw prints the stored
`$argon2id$`/`$2y$`/`$6$` hash), `list`, `usermod` of quotas."""

from registry import category
from values import SERVICES, Person, password, plain

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def quote(a):
    return a if a and not any(c in a for c in " '\"$()<>,") else f"'{a}'"


def pure(h, args, typed_pw=None, env=None):
    full = ["pure-pw", *args]
    shown = " ".join(quote(a) for a in full)
    if env:
        # `pure-pw list` reads its file from PURE_PASSWDFILE only (it ignores -f)
        return f"$ PURE_PASSWDFILE=ftp/pureftpd.passwd {shown}\n" + h.run(full, env=h.env(PURE_PASSWDFILE=f"{h.home}/ftp/pureftpd.passwd"))
    if typed_pw is not None:
        return f"$ printf '{typed_pw}\\n{typed_pw}\\n' | {shown}\n" + h.run(full, input=f"{typed_pw}\n{typed_pw}\n")
    return f"$ {shown}\n" + h.run(full)


def login(r):
    return r.choice(["joanna", "uploads", "scanner", "partner", "media", "photos", "accounts", "webdev"]) + str(r.randint(1, 99))


def add(h, r, user, secret, comment=None, show=False):
    d = h.fresh("ftp")
    args = ["useradd", user, "-u", "2001", "-g", "2001", "-d", f"{d}/{user}", "-f", f"{h.home}/ftp/pureftpd.passwd"]
    if comment:
        args += ["-c", comment]
    if r.random() < 0.4:
        args += ["-n", str(r.choice([100, 1000])), "-N", str(r.choice([50, 500]))]
    return pure(h, args, typed_pw=secret if show else None) if show else (h.run(["pure-pw", *args], input=f"{secret}\n{secret}\n") and "")


@category("secret", "pureftpd-pure-pw-typed", 22)
def pureftpd_typed(h, r):
    user, secret = login(r), pw(r)
    if r.random() < 0.6:
        out = add(h, r, user, secret, show=True)
    else:
        add(h, r, user, pw(r))
        out = pure(h, ["passwd", user, "-f", f"{h.home}/ftp/pureftpd.passwd", "-m"], typed_pw=secret)
    if r.random() < 0.4:
        out += pure(h, ["show", user, "-f", f"{h.home}/ftp/pureftpd.passwd"])
    return out, [secret]


@category("pii", "pureftpd-show-person", 22)
def pureftpd_person(h, r):
    p = Person(r)
    user = login(r)
    k = r.randrange(3)
    if k == 0:
        comment, targets = p.name, [p.name]
    elif k == 1:
        comment, targets = f"{p.name} {p.phone}", [p.name, p.phone]
    else:
        comment, targets = f"{p.name} <{p.email}>", [p.name, p.email]
    add(h, r, user, pw(r), comment=comment)
    if r.random() < 0.3:
        return pure(h, ["list"], env=True), targets
    return pure(h, ["show", user, "-f", f"{h.home}/ftp/pureftpd.passwd"]), targets


@category("negative", "pureftpd-show-clean", 30)
def pureftpd_clean(h, r):
    user = r.choice(["ci-upload", "backup-bot", "scanner-01", "nightly-build", "mirror", "webhook-drop"]) + str(r.randint(1, 99))
    add(h, r, user, pw(r), comment=r.choice([None, "Build Bot", "Release Automation", "Nightly CI", f"{r.choice(SERVICES)} service"]))
    cmd = r.choice([["show", user], ["list"], ["usermod", user, "-q", str(r.randint(100, 9000))]])
    if cmd[0] == "list":
        out = pure(h, cmd, env=True)
    else:
        out = pure(h, [*cmd, "-f", f"{h.home}/ftp/pureftpd.passwd"] + (["-m"] if cmd[0] == "usermod" else []))
    if cmd[0] != "show":
        out += pure(h, ["show", user, "-f", f"{h.home}/ftp/pureftpd.passwd"])
    return out, []
