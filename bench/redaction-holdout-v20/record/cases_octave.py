"""GNU Octave printing what a script loaded: a struct's display, a cell array, a containers.Map's
`values`, `jsonencode`, and an `error()` message, run as `octave-cli --quiet <script>.m`."""

import os

from registry import category
from values import BOTS, HOSTS, ROLES, SERVICES, digest, placeholder, plain_value, secret_pairs, secret_token, uuid

SCRIPTS = ["load_config.m", "check_env.m", "deploy_settings.m", "api_client.m", "sync_job.m"]


def oct_plain(r):
    # no quote, backslash or `%` (error() formats its message)
    return secret_token(r, bad="\"'\\$`!%")


def octave(h, r, body):
    d = h.fresh("octave")
    name = r.choice(SCRIPTS)
    h.write(os.path.join(d, name), body)
    return f"$ octave-cli --quiet {name}\n" + h.run(["octave-cli", "--norc", "--no-history", "--quiet", name], cwd=d, ok=(0, 1))


def field(name):
    return name.lower()


def struct_lit(pairs):
    return "struct(" + ", ".join(f"'{k}', {v}" for k, v in pairs) + ")"


def q(v):
    return "'" + v.replace("'", "''") + "'"


def shape_body(r, values, others):
    """An Octave script printing `values` (name, text) among `others` (name, literal) in one of five ways."""
    shape = r.randrange(5)
    var = r.choice(["cfg", "settings", "conf", "opts", "env"])
    fields = [(field(k), q(v)) for k, v in values] + others
    r.shuffle(fields)
    if shape == 0:
        return f"{var} = {struct_lit(fields)}\n"
    if shape == 1:
        cells = "; ".join(f"{q(k)}, {v}" for k, v in fields)
        return f"{var} = {{{cells}}}\n"
    if shape == 2:
        ks = ", ".join(q(k) for k, _ in fields)
        vs = ", ".join(v for _, v in fields)
        return f"m = containers.Map({{{ks}}}, {{{vs}}});\nm\nkeys(m)\nvalues(m)\n"
    if shape == 3:
        return f"{var} = {struct_lit(fields)};\ndisp(jsonencode({var}))\n"
    shown = values or [(others[0][0], others[0][1].strip("'"))]
    fmt = ", ".join("%s=%s" for _ in shown)
    args = ", ".join(f"{q(k)}, {q(v)}" for k, v in shown)
    return f"{var} = {struct_lit(fields)};\nerror('request to %s failed: %s rejected', {q(r.choice(HOSTS))}, sprintf('{fmt}', {args}));\n"


@category("secret", "octave-printed-secrets", 24)
def octave_printed_secrets(h, r):
    values = [(k, v) for k, v in secret_pairs(r, r.randint(1, 2)) if "%" not in v]
    while not values:
        values = [(r.choice(["API_KEY", "DB_PASSWORD"]), oct_plain(r))]
    others = [(field(n), q(plain_value(r, n))) for n in r.sample(["APP_ENV", "LOG_LEVEL", "REGION", "SERVICE_NAME", "DB_HOST"], r.randint(1, 2))]
    if r.random() < 0.3:
        others.append(("retries", str(r.randint(1, 5))))
    body = shape_body(r, values, others)
    return octave(h, r, body), [v for _, v in values]


@category("negative", "octave-printed-clean", 24)
def octave_printed_clean(h, r):
    others = [(field(n), q(plain_value(r, n))) for n in r.sample(["APP_ENV", "LOG_LEVEL", "REGION", "SERVICE_NAME", "DB_HOST", "GIT_SHA", "BUILD_ID"], r.randint(1, 3))]
    values = [(r.choice(["api_key", "token", "password", "secret"]), placeholder(r).replace("%", "")), (r.choice(["checksum", "request_id", "build", "owner"]), r.choice([digest(r), uuid(r), r.choice(BOTS), r.choice(ROLES)]))]
    if r.random() < 0.4:
        values.append(("service", f"{r.choice(SERVICES)}-{r.randint(1, 40)}"))
    body = shape_body(r, values, others)
    return octave(h, r, body), []
