"""Facter 4.3 (Debian 12's `facter`, run here on its own, not through Puppet), new to the
holdouts: external facts from a `facts.d` folder (YAML, JSON, `key=value` text and an executable
script) and `FACTER_<name>` environment variables, queried by name with `--json`, `--yaml` or
plain output (`name => value` lines when several are asked for). Built-in facts are never asked
for: they describe this machine."""

import json
import os

from registry import category
from values import BOTS, PLAIN_NAMES, ROLES, Person, clean_pairs, plain_value, secret_pairs, secret_token

BAD = "\"'\\$`!%{}[],;&|<> #:=\n"
FORMATS = [["--json"], ["--yaml"], []]


def facts_dir(h, r, pairs, nested):
    d = h.fresh("facts.d")
    style = r.randrange(4)
    if style == 0:
        data = {nested: dict(pairs)} if nested else dict(pairs)
        h.write(f"{d}/{nested or 'app'}.yaml", "".join(f"{k}: {json.dumps(v, ensure_ascii=False)}\n" for k, v in data.items()) if not nested else f"{nested}:\n" + "".join(f"  {k}: {json.dumps(v, ensure_ascii=False)}\n" for k, v in pairs))
    elif style == 1:
        data = {nested: dict(pairs)} if nested else dict(pairs)
        h.write(f"{d}/{nested or 'app'}.json", json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    elif style == 2 or nested is None:
        h.write(f"{d}/{nested or 'app'}.txt", "".join(f"{k}={v}\n" for k, v in pairs))
        nested = None
    if style == 3 and nested is not None:
        script = "#!/bin/sh\n" + "".join(f"echo '{k}={v}'\n" for k, v in pairs)
        h.write(f"{d}/{nested}.sh", script, 0o755)
        nested = None
    return d, nested


def query(h, r, pairs, env=None, nested=None):
    d, nested = facts_dir(h, r, pairs, nested) if pairs else (h.fresh("facts.d"), None)
    names = [nested] if nested else [k for k, _ in pairs]
    if env:
        names += list(env)
    fmt = r.choice(FORMATS)
    if not fmt and len(names) == 1:
        fmt = ["--json"]
    prefix = "".join(f"FACTER_{k}={v} " for k, v in (env or {}).items())
    shown = f"$ {prefix}facter --external-dir facts.d {' '.join(fmt + names)}".replace("  ", " ")
    extra = {f"FACTER_{k}": v for k, v in (env or {}).items()}
    return shown + "\n" + h.run(["facter", "--external-dir", d, *fmt, *names], env=h.env(**extra))


def plain_pairs(r, n=(1, 2)):
    return [(name.lower(), plain_value(r, name)) for name in r.sample(PLAIN_NAMES, r.randint(*n))]


@category("secret", "facter-external-facts", 20)
def facter_external_facts(h, r):
    pairs, targets = [], []
    for name, v in secret_pairs(r, r.randint(1, 3)):
        if any(c in v for c in BAD):
            v = secret_token(r, bad=BAD)
        pairs.append((name.lower(), v))
        targets.append(v)
    pairs += plain_pairs(r)
    r.shuffle(pairs)
    nested = r.choice([None, "app", "profile_db", "ci"])
    return query(h, r, pairs, nested=nested), targets


@category("secret", "facter-env-facts", 12)
def facter_env_facts(h, r):
    """A secret handed to Facter as FACTER_<name>: the command line a user types shows it too."""
    name, v = secret_pairs(r, 1)[0]
    if any(c in v for c in BAD):
        v = secret_token(r, bad=BAD)
    pairs = plain_pairs(r, (1, 2)) if r.random() < 0.6 else []
    return query(h, r, pairs, env={name.lower(): v}), [v]


@category("pii", "facter-owner-facts", 12)
def facter_owner_facts(h, r):
    p = Person(r)
    pairs = [("owner_name", p.name), ("owner_email", p.email)]
    targets = [p.name, p.email]
    if r.random() < 0.6:
        pairs.append(("owner_phone", p.phone))
        targets.append(p.phone)
    pairs += plain_pairs(r)
    return query(h, r, pairs, nested=r.choice([None, "owner", "contact"])), targets


@category("negative", "facter-facts-clean", 28)
def facter_facts_clean(h, r):
    pairs = [(k, v) for k, v in clean_pairs(r, r.randint(1, 3)) if v and not any(c in v for c in BAD)]
    if r.random() < 0.4:
        pairs.append(("owner", r.choice([r.choice(ROLES), r.choice(BOTS)])))
    pairs += plain_pairs(r)
    r.shuffle(pairs)
    return query(h, r, pairs, nested=r.choice([None, "app", "build"])), []
