"""Cyrus SASL 2.1.28 (`sasl2-bin`, Debian 12), new to the holdouts: `sasldblistusers2` listing
the accounts `saslpasswd2` stored in a sasldb2 file (user@realm and the attribute name; the
passwords are never listed)."""

import os

from registry import category
from values import Person, hidden, secret_token

BAD = "\"'\\$`%{}#"
ROLE_USERS = ["postmaster", "noreply", "ci-bot", "alerts", "backup", "imap-probe", "smtp-relay", "monitoring"]
REALMS = ["mail.example.net", "example.org", "imap.example.com", "lists.example.net"]


def listing(h, r, accounts):
    d = h.fresh("sasl")
    db = os.path.join(d, "sasldb2")
    passwords = []
    for user, realm in accounts:
        passwords.append(secret_token(r, bad=BAD))
        h.run(["saslpasswd2", "-p", "-c", "-f", db, "-u", realm, user], input=passwords[-1])
    return hidden("$ sasldblistusers2 -f /etc/sasldb2\n" + h.run(["sasldblistusers2", "-f", db]), *passwords)


@category("pii", "sasldb-list-person", 16)
def sasldb_list_person(h, r):
    accounts, targets = [], []
    for _ in range(r.randint(1, 3)):
        p = Person(r)
        local, domain = p.email.split("@")
        accounts.append((local, domain))
        targets.append(p.email)
    if r.random() < 0.5:
        accounts.append((r.choice(ROLE_USERS), r.choice(REALMS)))
    r.shuffle(accounts)
    return listing(h, r, accounts), targets


@category("negative", "sasldb-list-clean", 16)
def sasldb_list_clean(h, r):
    accounts = [(u, r.choice(REALMS)) for u in r.sample(ROLE_USERS, r.randint(1, 4))]
    return listing(h, r, accounts), []
