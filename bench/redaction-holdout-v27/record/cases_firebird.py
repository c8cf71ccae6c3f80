"""Firebird 3.0 (Debian 12's `firebird3.0-utils` with the embedded engine of
`firebird3.0-server-core`), new to the holdouts: `isql-fb -e -q -i script.sql` on a fresh database
file, echoing every statement (`CREATE DATABASE ... PASSWORD`, `CREATE USER ... PASSWORD`),
printing query results as columns or, after `SET LIST ON`, as name/value lines, and reporting a
unique-key violation with the offending key value. No server: the engine runs in isql itself."""

from registry import category
from values import BOTS, ROLES, SERVICES, Person, clean_pairs, hexs, secret_pairs, secret_token, uuid

BAD = "'\"\\"
USERS = ["APP", "REPORTER", "ETL_LOADER", "BACKUP_OP", "WEBAPP", "ANALYST"]


def isql(h, r, body):
    db = h.fresh("db") + f"/{r.choice(SERVICES)}.fdb"
    script = f"SET NAMES UTF8;\nCREATE DATABASE '{db}' DEFAULT CHARACTER SET UTF8;\n" + body
    path = h.write("sql/script.sql", script)
    return "$ isql-fb -e -q -i sql/script.sql\n" + h.run(["isql-fb", "-e", "-q", "-i", path], ok=None, env=h.env(FIREBIRD_LOCK=h.home + "/.cache/fb-lock"))


def stored(r, v):
    """A value that a password column cannot mistake for a stored digest (rule 5: hex of a
    digest's length in a password column is a hash), redrawn until it is not one."""
    while v and all(c in "0123456789abcdef" for c in v) and len(v) in (32, 40, 64):
        v = secret_token(r, bad=BAD + " ")
    return v


def q(v):
    return v.replace("'", "''")


def settings(h, r, pairs, listing):
    body = "CREATE TABLE app_settings (name VARCHAR(40) NOT NULL PRIMARY KEY, val VARCHAR(200));\n"
    body += "".join(f"INSERT INTO app_settings VALUES ('{k}', '{q(v)}');\n" for k, v in pairs)
    body += "COMMIT;\n" + ("SET LIST ON;\n" if listing else "") + "SELECT name, val FROM app_settings ORDER BY name;\n"
    return isql(h, r, body)


@category("secret", "firebird-isql-echo", 16)
def firebird_isql_echo(h, r):
    pw = stored(r, secret_token(r, bad=BAD + " "))
    user = r.choice(USERS)
    style = r.randrange(3)
    if style == 0:
        body = f"CREATE USER {user} PASSWORD '{pw}';\nCOMMIT;\n"
    elif style == 1:
        body = f"ALTER USER {user} SET PASSWORD '{pw}' FIRSTNAME '{r.choice(SERVICES)}';\n"
    else:
        body = f"CREATE TABLE t (id INTEGER);\nCOMMIT;\nCONNECT 'localhost:/var/lib/firebird/3.0/data/{r.choice(SERVICES)}.fdb' USER '{user}' PASSWORD '{pw}';\n"
    return isql(h, r, body), [pw]


@category("secret", "firebird-select-secrets", 18)
def firebird_select_secrets(h, r):
    pairs = [(k.lower(), v if len(v) <= 200 and not any(c in v for c in BAD) else secret_token(r, bad=BAD)) for k, v in secret_pairs(r, r.randint(1, 3))]
    pairs = [(k, v if len(v) <= 200 else secret_token(r, bad=BAD)) for k, v in pairs]
    pairs = [(k, stored(r, v)) for k, v in pairs]
    targets = [v for _, v in pairs]
    pairs += [("region", r.choice(["eu-west-1", "us-east-2"])), ("max_workers", str(r.randint(2, 64)))]
    return settings(h, r, pairs, listing=r.random() < 0.4), targets


@category("secret", "firebird-unique-violation", 14)
def firebird_unique_violation(h, r):
    tok = secret_token(r, bad=BAD)
    while len(tok) > 100:
        tok = secret_token(r, bad=BAD)
    tok = stored(r, tok)
    while len(tok) > 100:
        tok = stored(r, secret_token(r, bad=BAD))
    col = r.choice(["API_TOKEN", "ACCESS_TOKEN", "SESSION_SECRET", "PASSWORD"])
    body = f"CREATE TABLE credentials (id INTEGER NOT NULL, login VARCHAR(40), {col.lower()} VARCHAR(100), CONSTRAINT uq_{col.lower()} UNIQUE ({col.lower()}));\nCOMMIT;\n"
    body += f"INSERT INTO credentials VALUES (1, '{r.choice(USERS).lower()}', '{tok}');\n"
    body += f"INSERT INTO credentials VALUES (2, '{r.choice(USERS).lower()}', '{tok}');\n"
    return isql(h, r, body), [tok]


@category("pii", "firebird-select-customers", 24)
def firebird_select_customers(h, r):
    people = [Person(r) for _ in range(r.randint(1, 3))]
    body = "CREATE TABLE customers (id INTEGER NOT NULL PRIMARY KEY, full_name VARCHAR(60), email VARCHAR(60), phone VARCHAR(24), city VARCHAR(30));\n"
    body += "".join(f"INSERT INTO customers VALUES ({i + 1}, '{q(p.name)}', '{p.email}', '{p.phone}', '{q(p.city)}');\n" for i, p in enumerate(people))
    body += "COMMIT;\n" + ("SET LIST ON;\n" if r.random() < 0.35 else "") + "SELECT * FROM customers;\n"
    return isql(h, r, body), [t for p in people for t in (p.name, p.email, p.phone)]


@category("negative", "firebird-select-clean", 28)
def firebird_select_clean(h, r):
    style = r.randrange(2)
    if style == 0:
        pairs = [(k, v) for k, v in clean_pairs(r, r.randint(2, 4)) if v and len(v) <= 200 and "'" not in v]
        pairs.append(("contact", r.choice(BOTS)))
        return settings(h, r, pairs, listing=r.random() < 0.4), []
    body = "CREATE TABLE accounts (id INTEGER NOT NULL PRIMARY KEY, login VARCHAR(30), password_hash VARCHAR(80), api_key_id VARCHAR(40), display_name VARCHAR(30));\n"
    for i in range(r.randint(1, 3)):
        ph = r.choice([hexs(r, 64), hexs(r, 40), "$2b$12$" + "".join(r.choice("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(53))])
        body += f"INSERT INTO accounts VALUES ({i + 1}, '{r.choice(USERS).lower()}{i}', '{ph}', '{uuid(r)}', '{r.choice(ROLES)}');\n"
    body += "COMMIT;\n" + ("SET LIST ON;\n" if r.random() < 0.35 else "") + "SELECT * FROM accounts;\n"
    return isql(h, r, body), []


@category("negative", "firebird-echo-clean", 18)
def firebird_echo_clean(h, r):
    col = r.choice(["request_id", "commit_sha", "checksum", "trace_id"])
    val = {"request_id": uuid(r), "commit_sha": hexs(r, 40), "checksum": hexs(r, 64), "trace_id": hexs(r, 32)}[col]
    body = f"CREATE TABLE events (id INTEGER NOT NULL, service VARCHAR(30), {col} VARCHAR(80), CONSTRAINT uq_{col} UNIQUE ({col}));\nCOMMIT;\n"
    body += f"INSERT INTO events VALUES (1, '{r.choice(SERVICES)}', '{val}');\n"
    if r.random() < 0.6:
        body += f"INSERT INTO events VALUES (2, '{r.choice(SERVICES)}', '{val}');\n"
    body += f"GRANT SELECT ON events TO USER {r.choice(USERS)};\nSHOW TABLE events;\n"
    return isql(h, r, body), []
