"""pgpool-II 4.3's `pg_md5`, new to the holdouts: given a password on its command line it prints
the password's MD5; with `-m -u USER` it writes the
`pool_passwd` entry `USER:md5<hex>` instead. With `-i FILE` it reads `user:password` pairs from a
file, so nothing but hashes reaches the terminal. Offline."""

import os

from registry import category
from values import SERVICES, password

USERS = ["postgres", "app", "deploy", "reporting", "pgpool", "replicator", "readonly"]


def pg_pw(r):
    while True:
        v = password(r)
        if not any(c in v for c in "\"'\\$`!#;&|<>()*? ") and len(v) <= 128:
            return v


def pool_conf(h):
    d = h.fresh("pgpool2")
    h.write(os.path.join(d, "pgpool.conf"), "pool_passwd = 'pool_passwd'\n")
    return d


def pg_md5(h, d, args):
    real = [a.replace("{conf}", os.path.join(d, "pgpool.conf")).replace("{input}", os.path.join(d, "users.txt")) for a in args]
    shown = [a.replace("{conf}", "/etc/pgpool2/pgpool.conf").replace("{input}", "users.txt") for a in args]
    return f"$ pg_md5 {' '.join(shown)}\n" + h.run(["pg_md5", *real])


def cat_pool_passwd(h, d):
    return "$ cat /etc/pgpool2/pool_passwd\n" + open(os.path.join(d, "pool_passwd")).read()


@category("secret", "pgpool-pg-md5", 24)
def pgpool_pg_md5(h, r):
    d = pool_conf(h)
    pws = [pg_pw(r) for _ in range(r.randint(1, 2))]
    out = ""
    for pw in pws:
        if r.random() < 0.5:
            out += pg_md5(h, d, [pw])
        else:
            user = r.choice(USERS)
            out += pg_md5(h, d, r.choice([["-m", "-u", user, "-f", "{conf}", pw], ["--md5auth", f"--username={user}", "--config-file={conf}", pw]]))
    if os.path.exists(os.path.join(d, "pool_passwd")) and r.random() < 0.6:
        out += cat_pool_passwd(h, d)
    return out, pws


@category("negative", "pgpool-pool-passwd", 25)
def pgpool_pool_passwd(h, r):
    d = pool_conf(h)
    users = r.sample(USERS + [f"svc_{s}" for s in SERVICES], r.randint(1, 4))
    h.write(os.path.join(d, "users.txt"), "".join(f"{u}:{pg_pw(r)}\n" for u in users))
    out = pg_md5(h, d, r.choice([["-m", "-f", "{conf}", "-i", "{input}"], ["--md5auth", "--config-file={conf}", "--input-file={input}"]]))
    out += cat_pool_passwd(h, d)
    return out, []
