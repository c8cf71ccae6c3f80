"""NATS server 2.9, new to the holdouts: a configuration shown with `cat` and checked with
`nats-server -c nats.conf -t` (which reads it whole and says whether it is valid). Secrets are
plain passwords and tokens in `authorization` and `accounts` blocks; the clean configurations
hold bcrypt hashes (made with Python's crypt, as `nats server passwd` would), variable references
resolved from the environment, and users without passwords."""

import warnings

from cases_keys import pw, shown
from registry import category
from values import SERVICES, secret_token

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import crypt


def bcrypt(r, value):
    salt = crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=2 ** r.choice([10, 11]))
    return crypt.crypt(value, salt)


def check(h, r, conf, env=None):
    d = h.fresh("nats")
    h.write(f"{d}/nats.conf", conf)
    out = f"$ cat nats.conf\n{conf}"
    return out + shown(h, ["nats-server", "-c", "nats.conf", "-t"], cwd=d, env=h.env(**(env or {})))


def head(r):
    return f"port: {r.choice([4222, 4333, 14222])}\nhttp: \"127.0.0.1:{r.choice([8222, 8333])}\"\nserver_name: {r.choice(SERVICES)}-{r.randint(1, 9)}\n\n"


def user_block(r, users):
    return "\n".join(f"      {{user: {u}, password: {p}}}" for u, p in users)


@category("secret", "nats-config-authorization", 30)
def nats_secret(h, r):
    shape = r.randrange(3)
    if shape == 0:
        token = secret_token(r)
        return check(h, r, head(r) + f'authorization {{\n  token: "{token}"\n}}\n'), [token]
    if shape == 1:
        secret = pw(r)
        return check(h, r, head(r) + f'authorization {{\n  user: {r.choice(["deploy", "app", "ops"])}\n  password: "{secret}"\n  timeout: 2\n}}\n'), [secret]
    users = [(f"{r.choice(SERVICES)}-{i}", pw(r)) for i in range(r.randint(2, 3))]
    body = user_block(r, [(u, f'"{p}"') for u, p in users])
    return check(h, r, head(r) + f"accounts {{\n  {r.choice(['APP', 'SYS_OPS', 'TENANT_A'])} {{\n    users = [\n{body}\n    ]\n  }}\n}}\n"), [p for _, p in users]


@category("negative", "nats-config-clean", 40)
def nats_clean(h, r):
    shape = r.randrange(3)
    if shape == 0:
        hashed = bcrypt(r, pw(r))
        return check(h, r, head(r) + f'authorization {{\n  user: {r.choice(["deploy", "app", "ops"])}\n  password: "{hashed}"\n}}\n'), []
    if shape == 1:
        users = [(f"{r.choice(SERVICES)}-{i}", f"$PW_{i}") for i in range(r.randint(2, 3))]
        env = {f"PW_{i}": pw(r) for i in range(len(users))}
        body = user_block(r, users)
        return check(h, r, head(r) + f"accounts {{\n  APP {{\n    users = [\n{body}\n    ]\n  }}\n}}\n", env), []
    return check(h, r, head(r) + f"max_payload: {r.choice(['1MB', '8MB'])}\nwrite_deadline: \"{r.randint(2, 10)}s\"\njetstream {{\n  store_dir: /var/lib/nats/{r.choice(SERVICES)}\n  max_mem: {r.randint(1, 8)}G\n}}\n"), []
