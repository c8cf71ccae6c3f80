"""pm2 7 (npm), its daemon under the case's PM2_HOME: `pm2 start ecosystem.config.js` or `pm2
start server.js --name …` with variables set before it, then `pm2 env <id>` (every variable of
the process), `pm2 logs --nostream` (what the app printed) and `pm2 ls|describe`. Secrets:
variables under secrets' names in an ecosystem file's `env`/`env_production` or typed before
`pm2 start`, and an app's log lines that print a connection string. PII: deploy and contact
variables naming a person. Clean: the process table, `describe`, `env` of processes without
secrets, logs with request ids, ETags and digests."""

import os
import shlex

from registry import category
from tools import bin_, typed
from values import HEX, PLAIN_NAMES, Person, SERVICES, clean_pairs, hexs, hidden, password, plain_value, s, secret_pairs, uuid

_daemon = {}

SERVER = "setInterval(() => {}, 1000);\n"


def env(h, **extra):
    return h.env(PM2_HOME=os.path.join(h.home, ".pm2"), PM2_DISABLE_VERSION_CHECK="true", **extra)


def pm2(h, d, args, shown=None, **extra):
    out = h.run([bin_("pm2")] + args, cwd=d, env=env(h, **extra), ok=None)
    return typed(["pm2"] + (shown or args)) + out


def fresh_daemon(h):
    """A clean process list for the case (one daemon for the run, stopped with the harness)."""
    if "up" not in _daemon:
        _daemon["up"] = True
        h.closers.append(lambda: h.run([bin_("pm2"), "kill"], env=env(h), ok=None))
    h.run([bin_("pm2"), "delete", "all"], env=env(h), ok=None)


def app_dir(h, r, script=SERVER):
    d = h.fresh("srv")
    h.write(os.path.join(d, "server.js"), script)
    return d


def ecosystem(h, d, name, env_, prod=None):
    lines = ["module.exports = {", "  apps: [{", f'    name: "{name}",', '    script: "./server.js",', "    env: {"]
    lines += [f'      {k}: "{v}",' for k, v in env_] + ["    },"]
    if prod:
        lines += ["    env_production: {"] + [f'      {k}: "{v}",' for k, v in prod] + ["    },"]
    lines += ["  }],", "};", ""]
    h.write(os.path.join(d, "ecosystem.config.js"), "\n".join(lines))


def app_name(r):
    return f"{r.choice(SERVICES)}-{r.choice(['api', 'worker', 'web', 'queue'])}"


def plains(r, n):
    return [(k, plain_value(r, k)) for k in r.sample(PLAIN_NAMES, n)]


def started(h, r, d, name, env_, prod=None, show_start=True):
    """Start the app the way the case chose: from an ecosystem file or with variables typed."""
    if prod or r.random() < 0.6:
        ecosystem(h, d, name, env_, prod)
        args = ["start", "ecosystem.config.js"] + (["--env", "production"] if prod else [])
        out = pm2(h, d, args)
    else:
        extra = dict(env_)
        out = "$ " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env_) + " " + " ".join(["pm2", "start", "server.js", "--name", name]) + "\n"
        out += h.run([bin_("pm2"), "start", "server.js", "--name", name], cwd=d, env=env(h, **extra), ok=None)
    return out if show_start else ""


@category("secret", "pm2-process-env", 25)
def pm2_process_env(h, r):
    fresh_daemon(h)
    d = app_dir(h, r)
    name = app_name(r)
    secrets = secret_pairs(r, r.randint(1, 3))
    prod = None
    env_ = plains(r, r.randint(1, 3)) + secrets
    r.shuffle(env_)
    if r.random() < 0.2:
        prod, env_ = env_, plains(r, 2)
    out = started(h, r, d, name, env_, prod, show_start=r.random() < 0.5)
    out += pm2(h, d, ["env", "0"])
    return out, [v for _, v in secrets]


def dsn(r, p):
    user = r.choice(["app", "billing", "svc_orders", "admin"])
    host = r.choice(["db.internal", "10.0.3.17", "pg-primary.svc.cluster.local", "mysql.prod.internal"])
    scheme = r.choice(["postgres", "postgresql", "mysql", "redis", "mongodb+srv", "amqp"])
    return f"{scheme}://{user}:{p}@{host}/{r.choice(SERVICES)}"


@category("secret", "pm2-app-logs", 15)
def pm2_app_logs(h, r):
    fresh_daemon(h)
    p = password(r)
    while any(c in p for c in "\"'\\$`!%@/:#?"):
        p = password(r)
    url = dsn(r, p)
    token = secret_pairs(r, 1)[0]
    k = r.randrange(3)
    if k == 0:
        lines = [f"connecting to {url}", "connected"]
        targets = [p]
    elif k == 1:
        lines = [f"config loaded: {{ {token[0]}: '{token[1]}', PORT: {r.randint(3000, 9000)} }}"]
        targets = [token[1]]
    else:
        lines = [f"[boot] DATABASE_URL={url}", f"[boot] {token[0]}={token[1]}", "[boot] ready"]
        targets = [p, token[1]]
    script = "".join(f"console.log({line!r});\n" for line in lines) + SERVER
    d = app_dir(h, r, script)
    name = app_name(r)
    out = started(h, r, d, name, plains(r, 2), show_start=False)
    import time
    time.sleep(1.5)
    out = pm2(h, d, ["logs", name, "--nostream", "--lines", str(r.choice([10, 20, 50]))])
    return out, targets


@category("pii", "pm2-env-contacts", 15)
def pm2_env_contacts(h, r):
    fresh_daemon(h)
    d = app_dir(h, r)
    p = Person(r)
    while len(p.name) < 6:  # a target is 6 characters or more
        p = Person(r)
    env_ = plains(r, r.randint(1, 3)) + r.sample([("DEPLOYED_BY", p.email), ("ONCALL_EMAIL", p.email), ("GIT_AUTHOR_NAME", p.name), ("OWNER", f"{p.name} <{p.email}>"), ("ONCALL_PHONE", p.phone)], 2)
    r.shuffle(env_)
    name = app_name(r)
    out = started(h, r, d, name, env_, show_start=r.random() < 0.5)
    out += pm2(h, d, ["env", "0"])
    targets = [t for _, v in env_ for t in [p.email, p.name, p.phone] if t in v]
    return out, targets


@category("negative", "pm2-status-clean", 20)
def pm2_status_clean(h, r):
    fresh_daemon(h)
    name = app_name(r)
    k = r.randrange(4)
    if k == 3:
        lines = [f"GET /v1/{r.choice(SERVICES)} 200 request_id={uuid(r)}", f'etag: "{hexs(r, 32)}"', f"cache key sha256:{hexs(r, 64)}", f"trace_id={hexs(r, 32)} span_id={hexs(r, 16)}"]
        d = app_dir(h, r, "".join(f"console.log({line!r});\n" for line in r.sample(lines, 3)) + SERVER)
        started(h, r, d, name, plains(r, 2), show_start=False)
        import time
        time.sleep(1.5)
        return pm2(h, d, ["logs", name, "--nostream", "--lines", "20"]), []
    d = app_dir(h, r)
    env_ = plains(r, r.randint(1, 3)) + [(n.upper(), v) for n, v in clean_pairs(r, r.randint(1, 3)) if v]
    r.shuffle(env_)
    out = started(h, r, d, name, env_)
    if k == 0:
        out += pm2(h, d, ["env", "0"])
    elif k == 1:
        out += pm2(h, d, ["describe", name])
    else:
        out += pm2(h, d, ["ls"])
    return out, []
