"""Breezy 3.3 (`brz`, Debian 12), new to the holdouts: `brz config` listing a branch's and the
user's options, `brz info` naming the push branch, and `brz log` naming committers. Each case
is a fresh standalone tree under the throwaway home; nothing is pushed (no network)."""

import os

from registry import category
from values import BOTS, PLAIN_NAMES, ROLES, SERVICES, Person, clean_pairs, plain_value, secret_pairs, secret_token

BAD = "\"'\\$`!%{}@:/?#[]&=+ ,"
HOSTS = ["code.example.net", "bzr.internal", "launchpad.example.org", "vcs.staging.lan"]


def brz(h, cwd, *args):
    return h.run(["brz", *args], cwd=cwd)


def tree(h, r, who):
    d = h.fresh("repo")
    brz(h, h.home, "whoami", who)
    brz(h, d, "init", "-q", ".")
    h.write(os.path.join(d, "README"), f"{r.choice(SERVICES)}\n")
    brz(h, d, "add", "-q", "README")
    brz(h, d, "commit", "-q", "-m", r.choice(["first import", "initial layout", "add readme"]))
    return d


def set_options(h, d, pairs):
    for k, v in pairs:
        brz(h, d, "config", f"{k}={v}")


def url_with(r, user, pw):
    return f"https://{user}:{pw}@{r.choice(HOSTS)}/{r.choice(SERVICES)}"


def option_pairs(r, clean):
    pairs, targets = [], []
    if clean:
        pairs += [(k, v) for k, v in clean_pairs(r, r.randint(1, 2)) if v]
    else:
        for name, v in secret_pairs(r, r.randint(1, 2)):
            if any(c in v for c in BAD):
                v = secret_token(r, bad=BAD)
            pairs.append((name.lower(), v))
            targets.append(v)
    for name in r.sample(PLAIN_NAMES, r.randint(1, 2)):
        pairs.append((name.lower(), plain_value(r, name)))
    r.shuffle(pairs)
    return pairs, targets


@category("secret", "brz-config-options", 24)
def brz_config_options(h, r):
    d = tree(h, r, f"{r.choice(ROLES)} <{r.choice(BOTS)}>")
    pairs, targets = option_pairs(r, clean=False)
    if r.random() < 0.5:
        pw = secret_token(r, bad=BAD)
        pairs.append(("push_location", url_with(r, r.choice(["deploy", "ci", "bzr"]), pw)))
        targets.append(pw)
    set_options(h, d, pairs)
    return "$ brz config\n" + brz(h, d, "config"), targets


@category("secret", "brz-info-push-url", 20)
def brz_info_push_url(h, r):
    d = tree(h, r, f"{r.choice(ROLES)} <{r.choice(BOTS)}>")
    pw = secret_token(r, bad=BAD)
    set_options(h, d, [("push_location", url_with(r, r.choice(["deploy", "ci", "release"]), pw))])
    return "$ brz info\n" + brz(h, d, "info"), [pw]


@category("pii", "brz-log-committer", 22)
def brz_log_committer(h, r):
    p = Person(r)
    d = tree(h, r, f"{p.name} <{p.email}>")
    if r.random() < 0.5:
        return "$ brz whoami\n" + brz(h, d, "whoami") + "$ brz log\n" + brz(h, d, "log"), [p.name, p.email]
    return "$ brz log\n" + brz(h, d, "log"), [p.name, p.email]


@category("negative", "brz-config-clean", 24)
def brz_config_clean(h, r):
    d = tree(h, r, f"{r.choice(ROLES)} <{r.choice(BOTS)}>")
    pairs, _ = option_pairs(r, clean=True)
    if r.random() < 0.5:
        pairs.append(("push_location", f"https://{r.choice(HOSTS)}/{r.choice(SERVICES)}"))
    set_options(h, d, pairs)
    return "$ brz config\n" + brz(h, d, "config"), []


@category("negative", "brz-log-clean", 20)
def brz_log_clean(h, r):
    d = tree(h, r, f"{r.choice(ROLES)} <{r.choice(BOTS)}>")
    return "$ brz log\n" + brz(h, d, "log") + "$ brz info\n" + brz(h, d, "info"), []
