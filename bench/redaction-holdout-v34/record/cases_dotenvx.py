"""dotenvx 1.x (npm `@dotenvx/dotenvx`), offline: `dotenvx encrypt -k <names>` (which encrypts the values with the
file's public key and writes the private key to `.env.keys`), `set`, `get`, `run`, `decrypt`,
`encrypt`, `keypair` and `ls`. Secrets: the private keys (`cat .env.keys`, `dotenvx keypair
[--format shell] [-f …]`, `dotenvx keypair DOTENV_PRIVATE_KEY…`, a private key typed before
`dotenvx run` or `get` as CI does), and the decrypted values (`get KEY`, `get` as JSON or
`--format shell|eval`, `decrypt` then `cat`, `decrypt --stdout`, `run -- printenv KEY`, `set
--plain`). Clean: the encrypted files (`encrypted:…` and `DOTENV_PUBLIC_KEY`), the public key
alone, `ls`, what `run`, `encrypt` and `set` print about what they did, plain values."""

import os

from registry import category
from tools import bin_, typed
from values import PLAIN_NAMES, hidden, plain_value, secret_pairs

FILES = [".env", ".env", ".env.production", ".env.staging", ".env.ci"]


def env(h, **extra):
    return h.env(DOTENVX_NO_UPDATE="1", **extra)


def dx(h, d, args, shown=None, **extra):
    out = h.run([bin_("dotenvx")] + args, cwd=d, env=env(h, **extra), ok=None)
    return typed(["dotenvx"] + (shown or args)) + out


def cat(h, d, name):
    return typed(["cat", name]) + h.run(["cat", name], cwd=d)


def key_name(f):
    suffix = f[len(".env."):].upper() if f.startswith(".env.") else ""
    return "DOTENV_PRIVATE_KEY" + (f"_{suffix}" if suffix else "")


def fill(h, r, d, f, secrets, plains, plain_secrets=False):
    """Write file f with the pairs, then `dotenvx encrypt -k <secrets' names>` (unless
    plain_secrets): secrets encrypted, plain settings left plain. Returns what dotenvx printed and
    the private key from .env.keys."""
    pairs = secrets + plains
    r.shuffle(pairs)
    h.write(os.path.join(d, f), "".join(f"{k}={v}\n" if r.random() < 0.6 else f'{k}="{v}"\n' for k, v in pairs))
    out = ""
    if not plain_secrets:
        out = h.run([bin_("dotenvx"), "encrypt", "-f", f, "-k"] + [k for k, _ in secrets], cwd=d, env=env(h))
    keys = open(os.path.join(d, ".env.keys")).read() if os.path.exists(os.path.join(d, ".env.keys")) else ""
    private = next((line.split("=", 1)[1].strip().strip('"') for line in keys.splitlines() if line.startswith(key_name(f) + "=")), None)
    return out, private


def plains_for(r, n):
    return [(k, plain_value(r, k)) for k in r.sample(PLAIN_NAMES, n)]


@category("secret", "dotenvx-private-keys", 25)
def dotenvx_private_keys(h, r):
    d = h.fresh("app")
    f = r.choice(FILES)
    secrets = secret_pairs(r, r.randint(1, 3))
    _, private = fill(h, r, d, f, secrets, plains_for(r, r.randint(0, 2)))
    fflag = [] if f == ".env" else ["-f", f]
    k = r.randrange(5)
    if k == 0:
        out = cat(h, d, ".env.keys")
    elif k == 1:
        out = dx(h, d, ["keypair"] + fflag + r.choice([[], ["--format", "shell"]]))
    elif k == 2:
        out = dx(h, d, ["keypair", key_name(f)] + fflag)
    elif k == 3:
        # CI: the key handed in the environment, typed before the command; .env.keys is not there
        os.remove(os.path.join(d, ".env.keys"))
        name = secrets[0][0]
        out = f"$ {key_name(f)}={private} dotenvx run {' '.join(fflag)}{' ' if fflag else ''}-- node -e 'console.log(Object.keys(process.env).length)'\n"
        out += h.run([bin_("dotenvx"), "run"] + fflag + ["--", "node", "-e", "console.log(Object.keys(process.env).length)"], cwd=d, env=env(h, **{key_name(f): private}), ok=None)
        return hidden(out, *[v for _, v in secrets]) if name else out, [private]
    else:
        out = cat(h, d, f) + cat(h, d, ".env.keys")
    return out, [private]


@category("secret", "dotenvx-decrypted-values", 25)
def dotenvx_decrypted_values(h, r):
    d = h.fresh("app")
    f = r.choice(FILES)
    secrets = secret_pairs(r, r.randint(1, 3))
    k = r.randrange(7)
    _, _ = fill(h, r, d, f, secrets, plains_for(r, r.randint(0, 2)), plain_secrets=(k == 6))
    fflag = [] if f == ".env" else ["-f", f]
    name, value = r.choice(secrets)
    if k == 0:
        return dx(h, d, ["get", name] + fflag), [value]
    if k == 1:
        out = dx(h, d, ["get"] + fflag + r.choice([[], ["--format", "shell"], ["--format", "eval"], ["--pretty-print"]]))
        return out, [v for _, v in secrets]
    if k == 2:
        out = dx(h, d, ["decrypt"] + fflag) + cat(h, d, f)
        return out, [v for _, v in secrets]
    if k == 3:
        return dx(h, d, ["decrypt", "--stdout"] + fflag), [v for _, v in secrets]
    if k == 4:
        return dx(h, d, ["run"] + fflag + ["--", "printenv", name]), [value]
    if k == 5:
        out = dx(h, d, ["run"] + fflag + ["--", "node", "-e", f'console.log("{name} =", process.env.{name})'])
        return out, [value]
    out = typed(["dotenvx", "set", name, value, "--plain"] + fflag) + h.run([bin_("dotenvx"), "set", name, value, "--plain"] + fflag, cwd=d, env=env(h)) + cat(h, d, f)
    return out, [v for _, v in secrets]


@category("negative", "dotenvx-encrypted-clean", 35)
def dotenvx_encrypted_clean(h, r):
    d = h.fresh("app")
    f = r.choice(FILES)
    secrets = secret_pairs(r, r.randint(1, 3))
    plains = plains_for(r, r.randint(1, 3))
    fflag = [] if f == ".env" else ["-f", f]
    k = r.randrange(6)
    if k == 0:
        # the set commands as typed would show the values: only what they printed
        out, private = fill(h, r, d, f, secrets, plains)
        out = cat(h, d, f)
    elif k == 1:
        _, private = fill(h, r, d, f, secrets, plains)
        out = dx(h, d, ["keypair", key_name(f).replace("PRIVATE", "PUBLIC")] + fflag) + dx(h, d, ["ls"])
    elif k == 2:
        _, private = fill(h, r, d, f, secrets, plains)
        out = dx(h, d, ["run"] + fflag + ["--", "node", "-e", 'console.log("listening on :" + (process.env.PORT || 8080))'])
    elif k == 3:
        # a plain file, encrypted: what encrypt prints, then the file
        h.write(os.path.join(d, f), "".join(f"{a}={b}\n" for a, b in secrets + plains))
        out = dx(h, d, ["encrypt"] + fflag) + cat(h, d, f)
        private = None
    elif k == 4:
        _, private = fill(h, r, d, f, secrets, plains)
        name, _ = r.choice(plains)
        out = dx(h, d, ["get", name] + fflag) + dx(h, d, ["ls"])
    else:
        _, private = fill(h, r, d, f, secrets, plains)
        out = dx(h, d, ["encrypt"] + fflag) + cat(h, d, f)
    return hidden(out, *[v for _, v in secrets], private), []


@category("secret", "dotenvx-run-debug", 10)
def dotenvx_run_debug(h, r):
    d = h.fresh("app")
    f = r.choice(FILES)
    secrets = secret_pairs(r, r.randint(1, 3))
    _, private = fill(h, r, d, f, secrets, plains_for(r, r.randint(0, 2)))
    fflag = [] if f == ".env" else ["-f", f]
    out = dx(h, d, ["run", "--debug"] + fflag + ["--", "true"])
    return hidden(out, private), [v for _, v in secrets]


@category("negative", "dotenvx-run-clean", 25)
def dotenvx_run_clean(h, r):
    d = h.fresh("app")
    f = r.choice(FILES)
    secrets = secret_pairs(r, r.randint(1, 3))
    plains = plains_for(r, r.randint(1, 3))
    fflag = [] if f == ".env" else ["-f", f]
    k = r.randrange(4)
    if k == 3:
        # a plain file the developer never encrypted: the example it derives, and the hook's verdict
        h.write(os.path.join(d, ".env"), "".join(f"{a}={b}\n" for a, b in secrets + plains))
        out = dx(h, d, ["ext", "genexample"]) + cat(h, d, ".env.example")
        return hidden(out, *[v for _, v in secrets]), []
    _, private = fill(h, r, d, f, secrets, plains)
    if k == 0:
        out = dx(h, d, ["run", "--verbose"] + fflag + ["--", "node", "-e", 'console.log("ready")'])
    elif k == 1:
        out = dx(h, d, ["run", "--quiet"] + fflag + ["--", "node", "-e", 'console.log(Object.keys(process.env).filter((k) => k.startsWith("DOTENV")).join(" "))'])
    else:
        h.run(["git", "init", "-q"], cwd=d, ok=None)
        out = dx(h, d, ["ext", "gitignore"]) + cat(h, d, ".gitignore") + dx(h, d, ["ext", "precommit"])
    return hidden(out, *[v for _, v in secrets], private), []
