"""zsh 5.9, fish 3.6 and dash 0.5.12 listing their variables, as a developer checks what a
project's environment exported: zsh's `typeset -p`, `typeset -x`, `export` and `set`; fish's
`set -S` (scope, export flag and every element between bars), `set -x` and `set --show`; dash's
`export -p` and `set`, whole or `grep`ped. The values were exported by whatever started the shell
(a `.env` loader, a CI job). PII: identities exported for git and Debian tooling
(`GIT_AUTHOR_NAME`, `DEBFULLNAME`, `DEBEMAIL`, `EMAIL`). Clean: the same listings with build
settings, versions, ids and digests, references and masks in a secret's place, and zsh's
names-only listings (`typeset +x`)."""

from registry import category
from values import PLAIN_NAMES, Person, clean_pairs, plain, plain_value, secret_pairs, visible_parts

SHELLS = ["zsh", "fish", "dash"]


def listing(r, shell, names, whole):
    """The shell command that lists `names` (or everything, when `whole`)."""
    pat = "|".join(names)
    if shell == "zsh":
        if whole:
            return r.choice(["typeset -x", "export"])
        return r.choice([f"typeset -p {' '.join(names)}", f"export | grep -E '^({pat})='", f"set | grep -E '^({pat})='"])
    if shell == "fish":
        if whole:
            return "set -x"
        return r.choice([f"set -S {' '.join(names)}", f"set --show {names[0]}", f"set -x | grep -E '^({pat}) '"])
    if whole:
        return "export -p"
    return r.choice([f"export -p | grep -E '({pat})='", f"set | grep -E '^({pat})='"])


def run_shell(h, shell, cmd, env_vars):
    args = {"zsh": ["zsh", "-f", "-c", cmd], "fish": ["fish", "--no-config", "-c", cmd], "dash": ["dash", "-c", cmd]}[shell]
    shown = {"zsh": f"zsh -fc '{cmd}'", "fish": f"fish --no-config -c '{cmd}'", "dash": f"dash -c '{cmd}'"}[shell]
    if "'" in cmd:
        shown = shown.replace(f"'{cmd}'", f'"{cmd}"')
    env = h.env(**dict(env_vars))
    return f"$ {shown}\n" + h.run(args, env=env, ok=None)


def plain_vars(r, n):
    return [(name, plain_value(r, name)) for name in r.sample(PLAIN_NAMES, n)]


@category("secret", "shell-variable-dump", 45)
def shell_variable_dump(h, r):
    shell = r.choice(SHELLS)
    pairs = secret_pairs(r, r.randint(1, 3))
    others = plain_vars(r, r.randint(2, 5))
    whole = r.random() < 0.3
    cmd = listing(r, shell, [n for n, _ in pairs], whole)
    out = run_shell(h, shell, cmd, pairs + others)
    # `set --show` lists the first name only; fish's `set -x` cuts long values with `…`: the
    # target is what was printed
    return out, [p for _, v in pairs for p in visible_parts(out, v)]


@category("pii", "shell-identity-vars", 30)
def shell_identity_vars(h, r):
    shell = r.choice(SHELLS)
    p = Person(r)
    while len(p.name) < 6:  # a target is at least 6 characters
        p = Person(r)
    ident = r.choice([[("GIT_AUTHOR_NAME", p.name), ("GIT_AUTHOR_EMAIL", p.email), ("GIT_COMMITTER_NAME", p.name), ("GIT_COMMITTER_EMAIL", p.email)],
                      [("DEBFULLNAME", p.name), ("DEBEMAIL", p.email)], [("NAME", p.name), ("EMAIL", p.email)]])
    others = plain_vars(r, r.randint(1, 4))
    whole = r.random() < 0.3
    cmd = listing(r, shell, [n for n, _ in ident], whole)
    out = run_shell(h, shell, cmd, ident + others)
    return out, [x for v in (p.name, p.email) for x in visible_parts(out, v)]


@category("negative", "shell-dump-clean", 45)
def shell_dump_clean(h, r):
    shell = r.choice(SHELLS)
    pairs = [(n.upper(), v) for n, v in clean_pairs(r, r.randint(1, 3)) if plain(v, "'\\`")]
    pairs = list(dict(pairs).items()) or [("GIT_SHA", "0" * 40)]
    others = plain_vars(r, r.randint(2, 5))
    env = pairs + others
    names = [n for n, _ in env]
    if shell == "zsh" and r.random() < 0.3:
        cmd = r.choice(["typeset +x", "typeset +"])
    else:
        cmd = listing(r, shell, names, r.random() < 0.3)
    return run_shell(h, shell, cmd, env), []
