"""direnv 2.32 in a project folder whose `.envrc` exports a credential (directly, or through
direnv's `dotenv` from a `.env` file): `direnv export bash|zsh|json` (the shell code direnv hands
the shell, values quoted as `$'…'`, next to its own DIRENV_DIFF/DIRENV_WATCHES blobs), `direnv
exec . …` running a command in that environment, `direnv dotenv bash|json .env`. Clean: what
direnv logs when it loads (`direnv: export +NAME …`, names only), `direnv allow`, `direnv
status` (paths and the allow file's hash), blocked folders, and exports of plain settings."""

import os

from registry import category
from values import PLAIN_NAMES, plain, plain_value, secret_pairs


def project(h, r, pairs, others, via_dotenv):
    d = h.fresh("proj")
    if via_dotenv:
        h.write("proj/.env", "".join(f"{n}={v}\n" for n, v in pairs + others))
        envrc = "dotenv\n"
    else:
        envrc = "".join(f"export {n}={v}\n" for n, v in others) + "".join(f"export {n}={r.choice(['', chr(34)])}{v}{{q}}\n".replace("{q}", "") for n, v in pairs)
        envrc = "".join(f"export {n}={v}\n" for n, v in others + pairs)
    if r.random() < 0.4:
        envrc = "PATH_add bin\n" + envrc
    h.write("proj/.envrc", envrc)
    h.run(["direnv", "allow", "."], cwd=d)
    return d


def pairs_for(r):
    pairs = [(n, v) for n, v in secret_pairs(r, r.randint(1, 2)) if plain(v, "\"'\\$`!%# ")]
    return pairs


def others_for(r):
    return [(n, plain_value(r, n)) for n in r.sample(PLAIN_NAMES, r.randint(1, 3))]


@category("secret", "direnv-export-values", 35)
def direnv_export_values(h, r):
    pairs = []
    while not pairs:
        pairs = pairs_for(r)
    others = others_for(r)
    via_dotenv = r.random() < 0.35
    d = project(h, r, pairs, others, via_dotenv)
    k = r.randrange(3)
    if k == 0:
        fmt = r.choice(["bash", "zsh", "json"])
        args = ["direnv", "export", fmt]
    elif k == 1:
        name = pairs[0][0]
        args = r.choice([["direnv", "exec", ".", "printenv", name], ["direnv", "exec", ".", "sh", "-c", f"env | grep {name}"]])
    else:
        if not via_dotenv:
            h.write("proj/.env", "".join(f"{n}={v}\n" for n, v in pairs + others))
        args = ["direnv", "dotenv", r.choice(["bash", "json"]), ".env"]
    shown = " ".join(a if " " not in a else f"'{a}'" for a in args)
    out = f"$ cd proj\n$ cat .envrc\n" + open(os.path.join(d, ".envrc")).read() + f"$ {shown}\n" + h.run(args, cwd=d)
    if k == 1 and len(pairs) > 1:
        return out, [pairs[0][1]] + [v for _, v in pairs[1:] if v in out]
    return out, [v for _, v in pairs]


@category("negative", "direnv-load-clean", 30)
def direnv_load_clean(h, r):
    secret_names = [n for n, _ in secret_pairs(r, r.randint(1, 2))]
    others = others_for(r)
    d = h.fresh("proj")
    refs = "".join(f'export {n}="$(cat /run/secrets/{n.lower()} 2>/dev/null)"\n' for n in secret_names)
    h.write("proj/.envrc", "".join(f"export {n}={v}\n" for n, v in others) + refs)
    k = r.randrange(4)
    out = "$ cd proj\n$ cat .envrc\n" + open(os.path.join(d, ".envrc")).read()
    if k == 0:
        return out + "$ direnv export bash\n" + h.run(["direnv", "export", "bash"], cwd=d, ok=None), []
    out += "$ direnv allow .\n" + h.run(["direnv", "allow", "."], cwd=d)
    if k == 1:
        return out + "$ direnv status\n" + h.run(["direnv", "status"], cwd=d), []
    fmt = r.choice(["bash", "json", "zsh"])
    return out + f"$ direnv export {fmt}\n" + h.run(["direnv", "export", fmt], cwd=d), []
