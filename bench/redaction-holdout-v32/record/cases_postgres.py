"""PostgreSQL 15.18 (Debian's server, psql, pg_dump, pg_dumpall) on 127.0.0.1 (port written
`5432`), a fresh cluster for the run: the places where the database itself keeps a credential
that the client prints. postgres_fdw user mappings (`\\deu+`, `pg_user_mappings`, `pg_dump -s`),
logical-replication subscriptions created with `connect = false` (`\\dRs+`, `pg_subscription`,
`pg_dump`), and the client's own files and typed connection strings (`~/.pgpass`,
`~/.pg_service.conf`, `postgresql://user:pw@…`, `PGPASSWORD=…`). Clean: `\\conninfo`, `\\du`,
`\\des+`, `\\deu`, `\\dRs`, stored SCRAM verifiers (`pg_dumpall --roles-only`, `pg_authid`),
pg_dump's `\\restrict` nonce, a refused login, mappings without a password."""

import os
import shlex
import shutil
import subprocess

from registry import category
from values import SERVICES, hexs, password, s, secret_token, ALNUM

BIN = "/usr/lib/postgresql/15/bin"  # the programs themselves, not Debian's wrapper scripts
BAD = "\"'\\$`!%:# "
_pg = {}


def pw(r):
    while True:
        v = secret_token(r, BAD) if r.random() < 0.5 else password(r)
        if not any(c in v for c in BAD) and len(v) >= 8:
            return v


def server(h):
    if "port" in _pg:
        return _pg["port"]
    base = os.path.join(h.root, "pg")
    os.makedirs(base)
    shutil.chown(base, "postgres", "postgres")
    su = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"]
    superpw = os.path.join(base, "pw")
    with open(superpw, "w") as f:
        f.write("su-" + os.urandom(12).hex())  # the superuser's, never shown
    shutil.chown(superpw, "postgres", "postgres")
    subprocess.run(su + [f"{BIN}/initdb", "-D", f"{base}/data", "-U", "postgres", "--auth-local=trust", "--auth-host=scram-sha-256", f"--pwfile={superpw}", "-E", "UTF8", "--locale=C.UTF-8"], check=True, capture_output=True, env=h.env(HOME=base))
    port = h.free_port(5432)
    h.daemon(su + [f"{BIN}/postgres", "-D", f"{base}/data", "-p", str(port), "-k", base, "-c", "listen_addresses=127.0.0.1"], port, "postgres", env=h.env(HOME=base))
    _pg.update(port=port, super=open(superpw).read())
    sql(h, "CREATE ROLE app LOGIN PASSWORD 'x'", db="postgres")
    sql(h, "CREATE DATABASE app OWNER app", db="postgres")
    sql(h, "CREATE EXTENSION postgres_fdw; CREATE TABLE orders (id bigserial PRIMARY KEY, total numeric(10,2), created_at timestamptz DEFAULT now()); CREATE PUBLICATION orders_pub FOR TABLE orders; GRANT SELECT ON orders TO app;")
    return port


def sql(h, text, db="app"):
    """Run SQL as the superuser, out of sight (set-up and tear-down)."""
    return subprocess.run([f"{BIN}/psql", "-X", "-At", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", str(_pg["port"]), "-U", "postgres", "-d", db, "-c", text], check=True, capture_output=True, env=h.env(PGPASSWORD=_pg["super"])).stdout.decode()


def psql(h, args, env_shown="", user="postgres", env=None, ok=(0,)):
    """A psql command as the user types it (host and port written, the password kept out of sight)."""
    port = server(h)
    typed = "$ " + env_shown + "psql " + " ".join(quote(a.replace("@PORT@", "5432")) for a in args) + "\n"
    e = env or h.env(PGPASSWORD=_pg["super"] if user == "postgres" else "")
    return typed + h.run([f"{BIN}/psql", "-X"] + [a.replace("@PORT@", str(port)) for a in args], env=e, ok=ok)


def quote(a):
    """As a person types SQL with quotes in it: in double quotes."""
    if "'" in a and not any(c in a for c in '"$`\\!'):
        return f'"{a}"'
    return shlex.quote(a)


def conn(db="app", user="postgres"):
    return ["-h", "127.0.0.1", "-p", "@PORT@", "-U", user, "-d", db]


def dump(h, args):
    port = server(h)
    prog = args[0]
    typed = "$ " + " ".join(shlex.quote(a) for a in args) + "\n"
    return typed + h.run([f"{BIN}/{prog}", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres"] + args[1:], env=h.env(PGPASSWORD=_pg["super"]))


def clean_up(h):
    # made disabled and without a slot: they drop without a publisher
    for name in sql(h, "SELECT subname FROM pg_subscription").split():
        sql(h, f"DROP SUBSCRIPTION {name}")
    sql(h, "DO $$DECLARE s record; BEGIN FOR s IN SELECT srvname FROM pg_foreign_server LOOP EXECUTE format('DROP SERVER %I CASCADE', s.srvname); END LOOP; END$$;")


def remote(r):
    return r.choice(["legacy-db.internal", "10.20.30.40", "pg-replica.eu-west-1.rds.amazonaws.com", "warehouse.example.net", f"{r.choice(SERVICES)}-db.svc.cluster.local"])


# ---- secrets ---------------------------------------------------------------------------------


@category("secret", "postgres-user-mapping-options", 35)
def postgres_user_mapping(h, r):
    server(h)
    clean_up(h)
    srv = f"{r.choice(SERVICES)}_remote"
    sql(h, f"CREATE SERVER {srv} FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '{remote(r)}', port '{r.choice([5432, 6432, 5433])}', dbname '{r.choice(SERVICES)}')")
    user, secret = r.choice(["reporting", "etl", "readonly", "fdw_user", "sync"]), pw(r)
    create = f"CREATE USER MAPPING FOR {r.choice(['postgres', 'app', 'PUBLIC'])} SERVER {srv} OPTIONS (user '{user}', password '{secret}')"
    k = r.randrange(4)
    out = ""
    if r.random() < 0.4:
        out += psql(h, conn() + ["-c", create])
    else:
        sql(h, create)
    if k == 0:
        out += psql(h, conn() + ["-c", "\\deu+"])
    elif k == 1:
        out += psql(h, conn() + ["-x", "-c", "SELECT * FROM pg_user_mappings"])
    elif k == 2:
        out += psql(h, conn() + ["-c", "SELECT srvname, usename, umoptions FROM pg_user_mappings"])
    else:
        out += dump(h, ["pg_dump", "--schema-only", "app"])
    return out, [secret]


@category("secret", "postgres-subscription-conninfo", 25)
def postgres_subscription(h, r):
    server(h)
    clean_up(h)
    name = f"{r.choice(SERVICES)}_sub"
    secret = pw(r)
    conninfo = f"host={remote(r)} port={r.choice([5432, 6432])} user={r.choice(['replicator', 'repl', 'logical_rep'])} password={secret} dbname={r.choice(SERVICES)}" + r.choice(["", " sslmode=require", " application_name=" + name])
    create = f"CREATE SUBSCRIPTION {name} CONNECTION '{conninfo}' PUBLICATION orders_pub WITH (connect = false, enabled = false, create_slot = false, slot_name = NONE)"
    out = ""
    if r.random() < 0.4:
        out += psql(h, conn() + ["-c", create])
    else:
        sql(h, create)
    k = r.randrange(3)
    if k == 0:
        out += psql(h, conn() + ["-c", "\\dRs+"])
    elif k == 1:
        out += psql(h, conn() + r.choice([["-x"], []]) + ["-c", "SELECT subname, subenabled, subconninfo, subslotname FROM pg_subscription"])
    else:
        out += dump(h, ["pg_dump", "--schema-only", "app"])
    return out, [secret]


@category("secret", "psql-connection-secrets", 30)
def psql_connection_secrets(h, r):
    server(h)
    secret = pw(r)
    sql(h, f"ALTER ROLE app PASSWORD '{secret}'", db="postgres")
    port = server(h)
    k = r.randrange(4)
    query = r.choice(["\\conninfo", "SELECT current_user, version()", "SELECT count(*) FROM orders", "\\dt"])
    if k == 0:
        body = f"127.0.0.1:{port}:app:app:{secret}\n" + r.choice(["", f"*:*:*:postgres:{hexs(r, 24)}\n"])
        h.write(".pgpass", body, mode=0o600)
        out = "$ cat ~/.pgpass\n" + h.run(["cat", os.path.join(h.home, ".pgpass")])
        out += psql(h, conn(user="app") + ["-c", query], user="app", env=h.env())
        os.remove(os.path.join(h.home, ".pgpass"))
        targets = [secret] + [ln.split(":")[-1] for ln in body.splitlines()[1:]]
        return out, targets
    if k == 1:
        svc = r.choice(SERVICES)
        h.write(".pg_service.conf", f"[{svc}]\nhost=127.0.0.1\nport={port}\ndbname=app\nuser=app\npassword={secret}\nsslmode=disable\n", mode=0o600)
        out = "$ cat ~/.pg_service.conf\n" + h.run(["cat", os.path.join(h.home, ".pg_service.conf")])
        out += psql(h, [f"service={svc}", "-c", query], user="app", env=h.env())
        os.remove(os.path.join(h.home, ".pg_service.conf"))
        return out, [secret]
    if k == 2:
        uri = f"postgresql://app:{secret}@127.0.0.1:@PORT@/app" + r.choice(["", "?sslmode=disable", "?application_name=migrate"])
        return psql(h, [uri, "-c", query], user="app", env=h.env()), [secret]
    return psql(h, conn(user="app") + ["-c", query], env_shown=f"PGPASSWORD={secret} ", user="app", env=h.env(PGPASSWORD=secret)), [secret]


# ---- clean -----------------------------------------------------------------------------------


@category("negative", "postgres-clean", 80)
def postgres_clean(h, r):
    server(h)
    clean_up(h)
    secret = pw(r)
    sql(h, f"ALTER ROLE app PASSWORD '{secret}'", db="postgres")
    srv = f"{r.choice(SERVICES)}_remote"
    sql(h, f"CREATE SERVER {srv} FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '{remote(r)}', port '5432', dbname '{r.choice(SERVICES)}')")
    mapped = pw(r)
    sql(h, f"CREATE USER MAPPING FOR app SERVER {srv} OPTIONS (user 'reporting', password '{mapped}')")
    sub = pw(r)
    sql(h, f"CREATE SUBSCRIPTION {r.choice(SERVICES)}_sub CONNECTION 'host={remote(r)} user=repl password={sub} dbname=app' PUBLICATION orders_pub WITH (connect = false, enabled = false, create_slot = false, slot_name = NONE)")
    k = r.randrange(7)
    if k == 0:
        out = psql(h, conn() + ["-c", "\\conninfo"]) + psql(h, conn() + ["-c", "\\du"])
    elif k == 1:
        out = psql(h, conn() + ["-c", "\\des+"]) + psql(h, conn() + ["-c", "\\deu"])
    elif k == 2:
        out = psql(h, conn() + ["-c", "\\dRs"]) + psql(h, conn() + ["-c", "\\dRp+"])
    elif k == 3:
        out = dump(h, ["pg_dumpall", "--roles-only"])
    elif k == 4:
        out = psql(h, conn(db="postgres") + ["-c", "SELECT rolname, rolpassword FROM pg_authid WHERE rolcanlogin"])
    elif k == 5:
        out = psql(h, conn(user="app") + ["-c", "\\conninfo"], user="app", env=h.env(PGPASSWORD=pw(r)), ok=(2,))
    elif r.random() < 0.3:
        # a mapping that needs no password (superuser-made), then the schema dump
        sql(h, f"DROP USER MAPPING FOR app SERVER {srv}; CREATE USER MAPPING FOR app SERVER {srv} OPTIONS (user 'reporting', password_required 'false')")
        out = dump(h, ["pg_dump", "--schema-only", "--no-subscriptions", "app"])
    else:
        out = psql(h, conn() + ["-c", r.choice(["SHOW password_encryption", "SELECT srvname, srvoptions FROM pg_foreign_server", "SELECT subname, subpublications, subenabled FROM pg_subscription"])])
    for v in (secret, mapped, sub):
        if v in out:
            raise RuntimeError("a password meant to stay hidden is printed")
    return out, []
