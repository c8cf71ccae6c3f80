"""Fossil SCM (`fossil init`'s generated admin password, `fossil settings`, `fossil user list`,
`fossil remote`, its user table through `fossil sql`) and SQLCipher's shell (`-echo` of a
`PRAGMA key`, `.dump` and `SELECT` of an application's tables)."""

import os
import re

from registry import category
from values import BOTS, ORGS, REPOS, ROLES, SERVICES, Person, digest, hexs, password, placeholder, secret_token, uuid

PROXY_HOSTS = ["proxy.example.net:3128", "squid.corp.example.com:8080", "10.0.0.5:3128", "gw.lab.example.org:8888"]
LOGINS = ["deploy", "ci", "builder", "release", "svc-" + "sync", "mirror"]


def fossil_repo(h):
    d = h.fresh("fossil")
    repo = os.path.join(d, "project.fossil")
    out = h.run(["fossil", "init", repo, "--admin-user", "dev"])
    return repo, out


def fossil(h, repo, *args, ok=(0,)):
    return h.run(["fossil", *args, "-R", repo], ok=ok)


def url_pw(r):
    return secret_token(r, bad="\"'\\$`!%@:/?#&+ ")


@category("secret", "fossil-init-admin-password", 24)
def fossil_init_admin_password(h, r):
    repo, out = fossil_repo(h)
    pw = re.search(r'initial password is "([^"]+)"', out).group(1)
    text = "$ fossil init project.fossil --admin-user dev\n" + out.replace(os.path.dirname(repo) + "/", "")
    if r.random() < 0.5:
        login, role, upw = r.choice(LOGINS), r.choice(ROLES), url_pw(r)
        fossil(h, repo, "user", "new", login, role, upw)
        text += f"$ fossil user new {login} '{role}' {upw}\n"
        return text, [pw, upw]
    return text, [pw]


@category("secret", "fossil-settings-proxy", 24)
def fossil_settings_proxy(h, r):
    repo, _ = fossil_repo(h)
    pw = url_pw(r)
    url = f"http://{r.choice(LOGINS)}:{pw}@{r.choice(PROXY_HOSTS)}"
    fossil(h, repo, "settings", "proxy", url)
    targets = [pw]
    text = ""
    for name, value in r.sample([("autosync", "pullonly"), ("crlf-glob", "*.bat"), ("ssh-command", "ssh -e none -T"), ("max-loadavg", "4.0"), ("http-port", "8080")], r.randint(0, 2)):
        fossil(h, repo, "settings", name, value)
    if r.random() < 0.5:
        text = "$ fossil settings proxy\n" + fossil(h, repo, "settings", "proxy")
    else:
        out = fossil(h, repo, "settings")
        text = "$ fossil settings\n" + out
    return text, targets


@category("secret", "fossil-sql-user-table", 24)
def fossil_sql_user_table(h, r):
    # `fossil init` keeps the generated admin password in the clear until it is changed; the
    # users added later are stored hashed (not targets)
    repo, out = fossil_repo(h)
    pw = re.search(r'initial password is "([^"]+)"', out).group(1)
    for _ in range(r.randint(0, 2)):
        fossil(h, repo, "user", "new", f"{r.choice(LOGINS)}{r.randint(1, 99)}", r.choice(BOTS + ROLES), password(r))
    query = r.choice(["SELECT login, pw, cap FROM user", "SELECT uid, login, pw FROM user WHERE pw != ''", "SELECT login, pw, datetime(mtime) FROM user"])
    return f'$ fossil sql "{query}"\n' + fossil(h, repo, "sql", query), [pw]


@category("pii", "fossil-user-list", 22)
def fossil_user_list(h, r):
    repo, _ = fossil_repo(h)
    targets = []
    for _ in range(r.randint(1, 3)):
        p = Person(r)
        login = p.email.split("@")[0][:16]
        contact = r.choice([f"{p.name} <{p.email}>", p.email, f"{p.name}, {p.phone}"])
        fossil(h, repo, "user", "new", login, contact, password(r))
        targets += [p.name, p.email] if "<" in contact else ([p.email] if "@" in contact else [p.name, p.phone])
    if r.random() < 0.5:
        return "$ fossil user list\n" + fossil(h, repo, "user", "list"), targets
    return "$ fossil sql \"SELECT uid, login, cap, info FROM user\"\n" + fossil(h, repo, "sql", "SELECT uid, login, cap, info FROM user"), targets


@category("negative", "fossil-remote-masked", 24)
def fossil_remote_masked(h, r):
    repo, _ = fossil_repo(h)
    url = f"https://{r.choice(LOGINS)}:{url_pw(r)}@fossil.example.net/{r.choice(REPOS)}"
    fossil(h, repo, "remote-url", url, ok=None)
    text = "$ fossil remote\n" + fossil(h, repo, "remote", ok=None)
    if r.random() < 0.5:
        text += "$ fossil info\n" + fossil(h, repo, "info")
    return text, []


@category("negative", "fossil-user-hashes", 24)
def fossil_user_hashes(h, r):
    repo, _ = fossil_repo(h)
    fossil(h, repo, "user", "password", "dev", password(r))
    for _ in range(r.randint(1, 3)):
        fossil(h, repo, "user", "new", f"{r.choice(LOGINS)}{r.randint(1, 99)}", r.choice(BOTS + ROLES), password(r))
    return "$ fossil sql \"SELECT login, pw, cap FROM user\"\n" + fossil(h, repo, "sql", "SELECT login, pw, cap FROM user"), []


@category("negative", "fossil-settings-clean", 24)
def fossil_settings_clean(h, r):
    repo, _ = fossil_repo(h)
    for name, value in r.sample([("autosync", "pullonly"), ("crlf-glob", "*.bat"), ("ssh-command", "ssh -e none -T"), ("max-loadavg", "4.0"), ("http-port", str(r.randint(8000, 8999))), ("proxy", "http://proxy.example.net:3128"), ("binary-glob", "*.png,*.jpg"), ("ignore-glob", "node_modules/*,dist/*")], r.randint(1, 4)):
        fossil(h, repo, "settings", name, value)
    return "$ fossil settings\n" + fossil(h, repo, "settings"), []


# ---- SQLCipher ------------------------------------------------------------------------------


def sq_plain(r):
    return secret_token(r, bad="\"'\\$`!%")


def sqlcipher(h, sql, key):
    d = h.fresh("sqlcipher")
    db = os.path.join(d, "app.db")
    return h.run(["sqlcipher", "-echo", db], input=f"PRAGMA key = '{key}';\n{sql}", cwd=d)


@category("secret", "sqlcipher-echo-key", 24)
def sqlcipher_echo_key(h, r):
    key = sq_plain(r) if r.random() < 0.7 else "x'" + hexs(r, 64) + "'"
    sql = r.choice(["PRAGMA cipher_version;\n", "CREATE TABLE jobs(id INTEGER PRIMARY KEY, name TEXT);\n.tables\n", "PRAGMA cipher_page_size = 4096;\nSELECT count(*) FROM sqlite_master;\n", "PRAGMA kdf_iter = 64000;\n.schema\n"])
    if key.startswith("x'"):
        d = h.fresh("sqlcipher")
        out = h.run(["sqlcipher", "-echo", os.path.join(d, "app.db")], input=f'PRAGMA key = "{key}";\n{sql}', cwd=d)
        return "$ sqlcipher -echo app.db\n" + out, [key[2:-1]]
    return "$ sqlcipher -echo app.db\n" + sqlcipher(h, sql, key), [key]


@category("secret", "sqlcipher-dump-tokens", 24)
def sqlcipher_dump_tokens(h, r):
    rows, targets = [], []
    for _ in range(r.randint(1, 3)):
        tok = sq_plain(r)
        rows.append(f"INSERT INTO api_tokens(service, token, created) VALUES('{r.choice(SERVICES)}', '{tok}', '2026-0{r.randint(1, 9)}-1{r.randint(0, 9)}');")
        targets.append(tok)
    key = placeholder(r) if r.random() < 0.5 else "env:DB_KEY"
    sql = "CREATE TABLE api_tokens(id INTEGER PRIMARY KEY, service TEXT, token TEXT, created TEXT);\n" + "\n".join(rows) + "\n"
    tail = r.choice([".dump api_tokens\n", "SELECT service, token FROM api_tokens;\n", ".mode line\nSELECT * FROM api_tokens;\n"])
    d = h.fresh("sqlcipher")
    db = os.path.join(d, "app.db")
    h.run(["sqlcipher", db], input=f"PRAGMA key = '{key}';\n{sql}", cwd=d)
    out = h.run(["sqlcipher", db], input=f"PRAGMA key = '{key}';\n{tail}", cwd=d)
    return f"$ sqlcipher app.db  # PRAGMA key, then {tail.strip().splitlines()[-1]}\n" + out, targets


@category("pii", "sqlcipher-select-customers", 22)
def sqlcipher_select_customers(h, r):
    rows, targets = [], []
    for _ in range(r.randint(1, 3)):
        p = Person(r)
        rows.append(f"INSERT INTO customers(name, email, phone, street, city) VALUES('{p.name.replace(chr(39), chr(39) * 2)}', '{p.email}', '{p.phone}', '{p.street}', '{p.city}');")
        targets += [p.name, p.email, p.phone, p.street]
    d = h.fresh("sqlcipher")
    db = os.path.join(d, "crm.db")
    key = placeholder(r)
    h.run(["sqlcipher", db], input=f"PRAGMA key = '{key}';\nCREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT, email TEXT, phone TEXT, street TEXT, city TEXT);\n" + "\n".join(rows) + "\n", cwd=d)
    mode = r.choice([".mode list\n", ".mode csv\n", ".mode line\n", ".headers on\n.mode list\n", ".mode insert customers\n"])
    out = h.run(["sqlcipher", db], input=f"PRAGMA key = '{key}';\n{mode}SELECT * FROM customers;\n", cwd=d)
    return "$ sqlcipher crm.db  # PRAGMA key, then SELECT * FROM customers;\n" + out, targets


@category("negative", "sqlcipher-schema-clean", 24)
def sqlcipher_schema_clean(h, r):
    key = placeholder(r)
    tables = r.sample(["CREATE TABLE jobs(id INTEGER PRIMARY KEY, name TEXT, state TEXT);", "CREATE TABLE api_tokens(id INTEGER PRIMARY KEY, service TEXT, token_sha256 TEXT);", "CREATE TABLE sessions(id TEXT PRIMARY KEY, user_id INTEGER, expires INTEGER);", "CREATE TABLE builds(id INTEGER PRIMARY KEY, state TEXT);\nCREATE INDEX idx_builds_state ON builds(state);", "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT);"], r.randint(1, 3))
    sql = "\n".join(tables) + "\n" + r.choice([".schema\n", "PRAGMA cipher_version;\n.tables\n", "PRAGMA cipher_page_size;\n.schema\n"])
    return "$ sqlcipher -echo app.db\n" + sqlcipher(h, sql, key), []


@category("negative", "sqlcipher-digests-table", 24)
def sqlcipher_digests_table(h, r):
    rows = []
    for _ in range(r.randint(2, 4)):
        rows.append(f"INSERT INTO artifacts(name, digest, build) VALUES('{r.choice(SERVICES)}-{r.randint(1, 40)}.tar.gz', '{digest(r)}', '{uuid(r)}');")
    d = h.fresh("sqlcipher")
    db = os.path.join(d, "ci.db")
    key = placeholder(r)
    h.run(["sqlcipher", db], input=f"PRAGMA key = '{key}';\nCREATE TABLE artifacts(id INTEGER PRIMARY KEY, name TEXT, digest TEXT, build TEXT);\n" + "\n".join(rows) + "\n", cwd=d)
    tail = r.choice([".dump artifacts\n", ".mode line\nSELECT * FROM artifacts;\n", "SELECT name, digest FROM artifacts;\n"])
    return f"$ sqlcipher ci.db  # PRAGMA key, then {tail.strip().splitlines()[-1]}\n" + h.run(["sqlcipher", db], input=f"PRAGMA key = '{key}';\n{tail}", cwd=d), []
