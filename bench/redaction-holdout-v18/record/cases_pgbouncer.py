"""PgBouncer: a private `pgbouncer` (run as the `postgres` account, which it requires; listening on
127.0.0.1 only, its ini, auth file and pid under the throwaway home), its startup log at `-v -v`
(which echoes every `[databases]` line it parses), its connection log, and `SHOW DATABASES` on
its admin console through `psql`. No PostgreSQL server is behind it."""

import os
import re
import subprocess
import time

from registry import category
from values import SERVICES, Person, hexs, placeholder, secret_token, uuid

DB_HOSTS = ["db.internal", "pg-primary.svc.cluster.local", "10.0.4.12", "postgres"]


def db_password(r):
    while True:
        v = secret_token(r, bad="\"'\\$`!%+/=#&?:@ ;")
        if len(v) >= 8:
            return v


def start(h, databases, users, verbose):
    """Run pgbouncer until it listens; return (stop, port, output-so-far reader)."""
    d = h.fresh("pgbouncer")
    os.chmod(d, 0o777)
    port = h.free_port(6432)
    h.write(f"{d}/userlist.txt", "".join(f'"{u}" "{hexs_stub(u)}"\n' for u in ["postgres", *users]))
    ini = "[databases]\n" + "".join(f"{k} = {v}\n" for k, v in databases)
    ini += f"\n[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\nauth_type = trust\nauth_file = {d}/userlist.txt\nadmin_users = postgres\npidfile = {d}/pgbouncer.pid\n"
    h.write(f"{d}/pgbouncer.ini", ini)
    out_path = f"{d}/out.txt"
    args = ["pgbouncer", *(["-v", "-v"] if verbose else []), f"{d}/pgbouncer.ini"]
    h.stop_server()
    out = open(out_path, "wb")
    p = subprocess.Popen(["runuser", "-u", "postgres", "--", *args], stdout=out, stderr=subprocess.STDOUT, env=h.env(), cwd=d)
    def stop():
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        out.close()

    # stopped by the case, or by the harness on any exit before that
    h.server = ("pgbouncer", stop)
    for _ in range(100):
        text = open(out_path, errors="replace").read()
        if "process up" in text:
            break
        if p.poll() is not None:
            raise RuntimeError(f"pgbouncer exited:\n{text[-500:]}")
        time.sleep(0.1)
    time.sleep(0.2)
    return stop, port, out_path


def hexs_stub(user):
    return "md5" + "0" * 32


def normalize(h, text):
    text = re.sub(r"(?<= UTC )\[\d+\]", "[41727]", text)
    text = re.sub(r"\b0x[0-9a-f]{9,12}\b", "0x55e06af842e0", text)
    text = re.sub(r"@127\.0\.0\.1:\d+", "@127.0.0.1:51842", text)
    return h.normalize(text)


@category("secret", "pgbouncer-verbose-startup", 17)
def pgbouncer_verbose_startup(h, r):
    pw = db_password(r)
    name = r.choice(SERVICES)
    dbs = [(name, f"host={r.choice(DB_HOSTS)} port=5432 dbname={name} user={r.choice(['deploy', 'app', 'svc_' + name])} password={pw}" + r.choice(["", " pool_size=20", f" application_name={name}-pool"]))]
    if r.random() < 0.6:
        dbs.insert(r.randrange(2), (r.choice(["reports", "analytics", "audit"]), f"host={r.choice(DB_HOSTS)} dbname=reports"))
    stop, port, path = start(h, dbs, [], verbose=True)
    stop()
    text = open(path, errors="replace").read().split("process up")[0]
    text = text[: text.rfind("\n") + 1] if "\n" in text else text
    return normalize(h, text), [pw]


@category("pii", "pgbouncer-login-person", 13)
def pgbouncer_login_person(h, r):
    p = Person(r)
    user = p.email
    db = r.choice(SERVICES)
    stop, port, path = start(h, [(db, f"host=127.0.0.1 port=1 dbname={db}")], [user], verbose=False)
    before = os.path.getsize(path)
    subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(port), "-U", user, db, "-c", "select 1"], env=h.env(PGCONNECT_TIMEOUT=5), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
    time.sleep(0.3)
    with open(path, errors="replace") as f:
        f.seek(before)
        text = f.read()
    stop()
    return normalize(h, text), [user]


@category("negative", "pgbouncer-show-databases", 20)
def pgbouncer_show_databases(h, r):
    """SHOW DATABASES lists host, port, database and user of each entry, never its password."""
    pw = db_password(r)
    name = r.choice(SERVICES)
    dbs = [(name, f"host={r.choice(DB_HOSTS)} port=5432 dbname={name} user=deploy password={pw}"), (f"{r.choice(['reports', 'audit'])}_{hexs(r, 4)}", f"host={r.choice(DB_HOSTS)} dbname=reports pool_size={r.randint(5, 50)}")]
    stop, port, path = start(h, dbs, [], verbose=False)
    try:
        cmd = r.choice(["SHOW DATABASES", "SHOW POOLS", "SHOW LISTS"])
        out = h.run(["psql", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "pgbouncer", "-c", cmd], ok=None)
    finally:
        stop()
    out = normalize(h, out)
    if pw in out:
        raise RuntimeError("pgbouncer showed a password")
    return f"$ psql -p 6432 -U postgres pgbouncer -c '{cmd}'\n" + out, []


@category("negative", "pgbouncer-verbose-clean", 20)
def pgbouncer_verbose_clean(h, r):
    name = r.choice(SERVICES)
    dbs = [(name, f"host={r.choice(DB_HOSTS)} port=5432 dbname={name} " + r.choice([f"application_name={name}-{hexs(r, 6)}", f"auth_user=pgbouncer_auth pool_size={r.randint(5, 60)}", f"user=deploy client_encoding=UTF8"]))]
    dbs.append(("*", f"host={r.choice(DB_HOSTS)} port={r.choice([5432, 5433])}"))
    stop, port, path = start(h, dbs, [], verbose=True)
    stop()
    text = open(path, errors="replace").read().split("process up")[0]
    text = text[: text.rfind("\n") + 1]
    return normalize(h, text), []
