"""Configuration dumps and admin tools: `neomutt -D`, `composer config --list`, `rndc-confgen`,
`tor --hash-password`, and `getent passwd`/`finger -l`/`pinky -l` on accounts whose GECOS field
holds a person (read from a passwd file bind-mounted in a private mount namespace)."""

import os
import re

from registry import category
from values import ALNUM, BOTS, ROLES, SERVICES, Person, github, gitlab, hexs, mail_local, password, s, secret_token

# ---- NeoMutt --------------------------------------------------------------------------------

MUTT_KEYS = re.compile(r"^set (imap_user|imap_pass|smtp_url|smtp_pass|smtp_user|pop_pass|pop_user|real_name|from|hostname|folder|spoolfile|signature) ")


def url_safe_password(r):
    while True:
        v = secret_token(r)
        if re.fullmatch(r"[A-Za-z0-9._~-]+", v):
            return v


def neomutt(h, lines, masked=False):
    rc = h.write("mutt/muttrc", "set hostname = \"devbox\"\n" + "".join(f"set {k} = \"{v}\"\n" for k, v in lines))
    args = ["neomutt", "-n", "-F", rc, "-D"] + (["-S"] if masked else [])
    out = h.run(args)
    # what `neomutt -D | grep -E '^set (imap|smtp|pop|…)'` shows
    return "".join(l for l in out.splitlines(keepends=True) if MUTT_KEYS.match(l))


@category("secret", "neomutt-dump-passwords", 13)
def neomutt_dump_passwords(h, r):
    user = r.choice(["ops", "deploy", "alerts", "billing"]) + "@" + r.choice(["example.org", "mail.internal", "corp.example.net"])
    host = r.choice(["imap.fastmail.com", "mail.internal", "imap.example.org"])
    pw, targets = url_safe_password(r), []
    lines = [("real_name", r.choice(ROLES)), ("imap_user", user), ("folder", f"imaps://{host}/")]
    how = r.randrange(3)
    if how == 0:
        lines += [("imap_pass", pw), ("smtp_url", f"smtps://{user.replace('@', '%40')}@{host.replace('imap', 'smtp')}:465/"), ("smtp_pass", pw)]
    elif how == 1:
        lines += [("imap_pass", pw), ("smtp_url", f"smtp://{user.replace('@', '%40')}:{pw}@{host.replace('imap', 'smtp')}:587/")]
    else:
        lines += [("pop_user", user), ("pop_pass", pw), ("smtp_pass", url_safe_password(r) if r.random() < 0.5 else pw)]
        targets.append(lines[-1][1])
    targets.append(pw)
    return neomutt(h, lines), targets


@category("secret", "neomutt-query-passwords", 13)
def neomutt_query_passwords(h, r):
    user = r.choice(["ops", "deploy", "alerts", "billing"]) + "@" + r.choice(["example.org", "mail.internal"])
    pw, pw2 = url_safe_password(r), url_safe_password(r)
    rc = h.write("mutt/muttrc", f"set hostname = \"devbox\"\nset real_name = \"{r.choice(ROLES)}\"\nset imap_user = \"{user}\"\nset imap_pass = \"{pw}\"\nset smtp_url = \"smtp://{user.replace('@', '%40')}:{pw2}@smtp.example.org:587/\"\n")
    queries = r.sample(["imap_pass", "smtp_url", "imap_user"], r.randint(2, 3))
    if "imap_pass" not in queries and "smtp_url" not in queries:
        queries.append("imap_pass")
    args = ["neomutt", "-n", "-F", rc]
    for q in queries:
        args += ["-Q", q]
    targets = ([pw] if "imap_pass" in queries else []) + ([pw2] if "smtp_url" in queries else [])
    return h.run(args), targets


@category("pii", "neomutt-dump-identity", 12)
def neomutt_dump_identity(h, r):
    p = Person(r)
    lines = [("real_name", p.name), ("from", p.email), ("imap_user", p.email), ("folder", "imaps://imap.example.org/")]
    return neomutt(h, lines), [p.name, p.email]


@category("negative", "neomutt-dump-masked", 16)
def neomutt_dump_masked(h, r):
    bot = r.choice(BOTS)
    lines = [("real_name", r.choice(ROLES)), ("from", bot), ("imap_user", bot), ("imap_pass", url_safe_password(r)), ("folder", "imaps://imap.example.org/")]
    if r.random() < 0.5:
        lines.append(("smtp_url", f"smtps://{bot.replace('@', '%40')}:{url_safe_password(r)}@smtp.example.org:465/"))
    else:
        lines.append(("smtp_pass", url_safe_password(r)))
    out = neomutt(h, lines, masked=True)
    for k, v in lines:  # `-S` hides the passwords: check they are really absent
        if k in ("imap_pass", "smtp_pass", "smtp_url") and v in out:
            raise RuntimeError("neomutt -S printed a password")
    return out, []


@category("negative", "neomutt-dump-clean", 16)
def neomutt_dump_clean(h, r):
    bot = r.choice(BOTS)
    lines = [("real_name", r.choice(ROLES)), ("from", bot), ("imap_user", bot), ("folder", "imaps://imap.example.org/")]
    if r.random() < 0.6:
        lines.append((r.choice(["imap_pass", "smtp_pass"]), r.choice(["", "changeme", "<app-password>", "********", "TODO-set-me"])))
    return neomutt(h, lines), []


# ---- Composer -------------------------------------------------------------------------------


def composer(h, settings):
    env = h.env()
    home = env["COMPOSER_HOME"]
    import shutil

    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    for args in settings:
        h.run(["composer", "config", "--global", "--no-interaction"] + args, env=env)
    return h.run(["composer", "config", "--global", "--list", "--no-interaction"], env=env)


@category("secret", "composer-config-list", 13)
def composer_config_list(h, r):
    settings, targets = [], []
    for kind in r.sample(["github", "http-basic", "gitlab", "bearer"], r.randint(1, 3)):
        if kind == "github":
            v = github(r, r.choice(["ghp", "gho"]))
            settings.append(["github-oauth.github.com", v])
        elif kind == "http-basic":
            v = secret_token(r)
            settings.append([f"http-basic.{r.choice(['repo.packagist.com', 'satis.internal', 'composer.example-corp.net'])}", r.choice(["deploy", "token", "ci"]), v])
        elif kind == "gitlab":
            v = gitlab(r)
            settings.append([f"gitlab-token.{r.choice(['gitlab.com', 'git.internal'])}", v])
        else:
            v = s(r, ALNUM, r.randint(32, 48))
            settings.append([f"bearer.{r.choice(['repo.example-corp.net', 'packages.internal'])}", v])
        targets.append(v)
    return composer(h, settings), targets


@category("secret", "composer-config-get-auth", 13)
def composer_config_get_auth(h, r):
    """`composer config --global <key>`: one auth entry, a bare token or its JSON object."""
    host = r.choice(["repo.packagist.com", "satis.internal", "composer.example-corp.net"])
    pw, gh, gl = secret_token(r), github(r, r.choice(["ghp", "gho"])), gitlab(r)
    settings = [["github-oauth.github.com", gh], [f"http-basic.{host}", r.choice(["deploy", "token", "ci"]), pw], ["gitlab-token.gitlab.com", gl]]
    key, targets = r.choice([("github-oauth.github.com", [gh]), (f"http-basic.{host}", [pw]), ("gitlab-token.gitlab.com", [gl]), ("github-oauth", [gh]), ("http-basic", [pw])])
    composer(h, settings)
    out = h.run(["composer", "config", "--global", "--no-interaction", key])
    return f"$ composer config --global {key}\n{out}", targets


@category("negative", "composer-config-clean", 16)
def composer_config_clean(h, r):
    settings = [["process-timeout", str(r.choice([300, 600, 900]))], ["preferred-install", r.choice(["dist", "source", "auto"])]]
    if r.random() < 0.5:
        settings.append([f"bearer.{r.choice(['repo.example.com', 'packages.internal'])}", r.choice(["<your-token>", "YOUR_TOKEN_HERE", "changeme", "REDACTED"])])
    if r.random() < 0.5:
        settings.append(["http-basic.repo.example.com", "ci-bot", r.choice(["********", "xxxxxxxxxxxxxxxx", "TODO-set-me", "[redacted]"])])
    settings.append(["sort-packages", r.choice(["true", "false"])])
    return composer(h, settings), []


# ---- BIND rndc-confgen and tor --------------------------------------------------------------


@category("secret", "rndc-confgen-key", 13)
def rndc_confgen_key(h, r):
    alg = r.choice(["hmac-sha256", "hmac-sha512", "hmac-sha384", "hmac-md5"])
    name = r.choice(["rndc-key", "ops-key", "ns1-control", "dns-admin"])
    args = ["rndc-confgen", "-k", name, "-A", alg]
    if r.random() < 0.4:
        args += ["-p", str(r.choice([953, 9530]))]
    out = h.run(args)
    return out, sorted(set(re.findall(r'secret "([^"]+)"', out)))


@category("negative", "tor-hash-password", 16)
def tor_hash_password(h, r):
    pw = password(r)
    out = h.run(["tor", "--hash-password", pw])
    if pw in out:
        raise RuntimeError("tor printed the password it hashed")
    return out, []


# ---- tor --dump-config ------------------------------------------------------------------------


def c_escape_utf8(value):
    """How tor's config dump quotes a value: non-ASCII bytes as octal escapes."""
    out = []
    for b in value.encode():
        out.append(f"\\{b:03o}" if b > 126 else chr(b))
    return "".join(out)


def tor_dump(h, lines):
    data = h.fresh("tor-data")
    rc = h.write("tor/torrc", f"SocksPort 0\nDataDirectory {data}\n" + "".join(f"{l}\n" for l in lines))
    return h.run(["tor", "--dump-config", "short", "-f", rc, "--quiet"])


@category("secret", "tor-dump-config", 13)
def tor_dump_config(h, r):
    pw = secret_token(r, bad="\"'\\$`!% :#")
    user = r.choice(["deploy", "proxyuser", "egress", "ops"])
    how = r.randrange(3)
    if how == 0:
        lines = [f"HTTPSProxy 127.0.0.1:{r.choice([3128, 8080])}", f"HTTPSProxyAuthenticator {user}:{pw}"]
    elif how == 1:
        lines = ["Socks5Proxy 127.0.0.1:1080", f"Socks5ProxyUsername {user}", f"Socks5ProxyPassword {pw}"]
    else:
        lines = [f"HTTPProxy 127.0.0.1:{r.choice([3128, 8080])}", f"HTTPProxyAuthenticator {user}:{pw}"]
    lines += r.sample(["ControlPort 9051", f"Nickname relay{r.choice(['Oslo', 'Lisbon', 'Kyiv', 'Quito'])}{r.randint(1, 99)}", "ClientOnly 1", "SafeLogging 1"], 2)
    return tor_dump(h, lines), [pw]


@category("pii", "tor-contactinfo-dump", 12)
def tor_contactinfo_dump(h, r):
    p = Person(r)
    how = r.randrange(2)
    contact = f"{p.name} <{p.email}>" if how == 0 else f"email:{p.email.replace('@', '[]')} url:https://{p.email.split('@')[1]} name:{p.name}"
    out = tor_dump(h, [f"ContactInfo {contact}", f"Nickname relay{r.randint(1, 999)}", "ORPort 127.0.0.1:9001", "ExitRelay 0"])
    return out, [c_escape_utf8(p.name), p.email if how == 0 else p.email.replace("@", "[]")]


@category("negative", "tor-dump-config-clean", 16)
def tor_dump_config_clean(h, r):
    hashed = h.run(["tor", "--hash-password", password(r), "--quiet"]).strip()
    lines = [f"HashedControlPassword {hashed}"] if r.random() < 0.6 else ["CookieAuthentication 1"]
    lines += r.sample([f"ControlPort {r.choice([9051, 9151])}", f"Nickname relay{r.randint(1, 999)}", "ClientOnly 1", "SafeLogging 1", f"ContactInfo {r.choice(BOTS)}", f"MaxCircuitDirtiness {r.choice([600, 1200])}", "HTTPSProxy 127.0.0.1:3128"], 3)
    return tor_dump(h, lines), []


# ---- getent, finger, pinky ------------------------------------------------------------------

SYSTEM = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"


def login_of(p):
    login = (mail_local(p.first)[:1] + mail_local(p.last))[:12]
    return login if len(login) >= 3 else re.sub(r"[^a-z0-9]", "", p.email.split("@")[0])[:12]


def passwd_tool(h, accounts, command, plans=None):
    """Run `command` where /etc/passwd holds `accounts` (and /home, a fresh tmpfs, their `plans`:
    {login: {".plan": text}}), in a private mount namespace: the machine's files stay as they are."""
    f = h.write("etc/passwd", SYSTEM + "".join(f"{login}:x:{uid}:{uid}:{gecos}:{home}:/bin/bash\n" for login, uid, gecos, home in accounts))
    script = f"mount --bind {f} /etc/passwd"
    if plans:
        script += " && mount -t tmpfs none /home"
        for login, files in plans.items():
            script += f" && mkdir -p /home/{login}"
            for name, text in files.items():
                src = h.write(f"plans/{login}{name}", text)
                script += f" && cp {src} /home/{login}/{name}"
    script += f" && exec {command}"
    return h.run(["unshare", "-m", "sh", "-c", script], ok=None)


def gecos_accounts(r, people):
    accounts, targets = [], []
    for p in people:
        room = f"{r.choice(['Room', 'Office', 'Bldg B'])} {r.randint(1, 5)}.{r.randint(10, 40)}"
        work, home_phone = p.phone, (Person(r).phone if r.random() < 0.6 else "")
        accounts.append((login_of(p), r.randint(1001, 1400), f"{p.name},{room},{work},{home_phone}", f"/home/{login_of(p)}"))
        targets += [p.name, work] + ([home_phone] if home_phone else [])
    return accounts, targets


@category("pii", "getent-passwd-gecos", 12)
def getent_passwd_gecos(h, r):
    people = {}
    for _ in range(r.randint(1, 3)):
        p = Person(r)
        people.setdefault(login_of(p), p)
    people = list(people.values())
    accounts, targets = gecos_accounts(r, people)
    logins = " ".join(a[0] for a in accounts)
    return passwd_tool(h, accounts, f"getent passwd {logins}"), targets


@category("pii", "finger-pinky-gecos", 12)
def finger_pinky_gecos(h, r):
    p = Person(r, ascii_only=True)
    accounts, targets = gecos_accounts(r, [p])
    tool = r.choice(["finger -l", "pinky -l"])
    out = passwd_tool(h, accounts, f"{tool} {accounts[0][0]}")
    return out, [t for t in targets if t in out] or targets


@category("pii", "finger-plan-person", 12)
def finger_plan_person(h, r):
    owner, contact = Person(r, ascii_only=True), Person(r, ascii_only=True)
    while not (contact.street + contact.city).isascii():  # finger prints non-ASCII bytes as M-x escapes
        contact = Person(r, ascii_only=True)
    login = login_of(owner)
    accounts = [(login, r.randint(1001, 1400), f"{r.choice(ROLES)},,,", f"/home/{login}")]
    plan = r.choice([
        f"On leave until {r.randint(2, 28)} Jan.\nUrgent: {contact.name}, {contact.phone}\n",
        f"Working from {contact.street}, {contact.city} this week.\nReach {contact.name} at {contact.email}\n",
        f"On-call handover to {contact.name} ({contact.email}, {contact.phone}).\n",
    ])
    targets = [t for t in (contact.name, contact.phone, contact.email, contact.street) if t in plan]
    files = {".plan": plan}
    if r.random() < 0.5:
        files[".project"] = r.choice(["Ledger migration\n", "Billing cut-over, phase 2\n", "Search reindex\n"])
    return passwd_tool(h, accounts, f"finger -l {login}", {login: files}), targets


@category("negative", "finger-plan-clean", 16)
def finger_plan_clean(h, r):
    login = r.choice(["oncall", "release", "buildbot", "backup", "dba", "netops"])
    accounts = [(login, r.randint(100, 999), f"{r.choice(ROLES)},,,", f"/home/{login}")]
    plan = r.choice([
        f"Deploy freeze until {r.choice(['Friday', 'Monday', 'the 3rd'])}.\nPager: see the on-call rotation in the runbook.\n",
        f"Nightly build {r.randint(1000, 9999)} green; artifacts sha256:{hexs(r, 64)}\n",
        f"Questions to {r.choice(BOTS)} (not monitored on weekends).\n",
        f"Rotating keys on {r.choice(SERVICES)} ({r.choice(['vault:secret/data/ci#deploy_token', 'op://Engineering/Stripe/credential', 'file:/run/secrets/db_password'])}).\n",
    ])
    return passwd_tool(h, accounts, f"finger -l {login}", {login: {".plan": plan}}), []


@category("negative", "getent-finger-service-accounts", 16)
def getent_finger_service_accounts(h, r):
    accounts = []
    for login in r.sample(["gitlab-runner", "jenkins", "postgres", "backup", "deploy", "prometheus", "grafana", "buildkite"], r.randint(1, 3)):
        gecos = r.choice([f"{r.choice(ROLES)},,,", f"{login} daemon", "", f"{r.choice(ROLES)},Rack {r.randint(1, 9)},,"])
        accounts.append((login, r.randint(100, 999), gecos, f"/var/lib/{login}"))
    tool = r.choice(["getent passwd", "finger -l", "pinky -l"])
    names = " ".join(a[0] for a in accounts)
    return passwd_tool(h, accounts, f"{tool} {names}"), []


