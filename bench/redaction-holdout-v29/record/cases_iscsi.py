"""open-iscsi 2.1.8 (`iscsiadm`, Debian 12), new to the holdouts: a node record added with
`iscsiadm -m node -o new` (no iscsid needed), CHAP credentials set with `-o update -n
node.session.auth.password -v <password>` (the command shown), and the record printed with
`-o show -S` (iscsiadm prints passwords only when asked with -S). The records live in
/etc/iscsi/nodes under target names made for this corpus and are deleted after each case.
Clean: `-o show` without -S (iscsiadm's `********`), records without CHAP."""

from registry import category
from values import SERVICES, password, plain

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def node(h, r, settings, show_secrets, shown_updates):
    iqn = f"iqn.2026-11.org.example.atx-v29:{r.choice(SERVICES)}-{r.randint(1, 99)}"
    portal = "127.0.0.1:3260"
    base = ["iscsiadm", "-m", "node", "-T", iqn, "-p", portal]
    h.run(["iscsiadm", "-m", "node", "-o", "new", "-T", iqn, "-p", portal], ok=None)
    try:
        lines = []
        for key, value in settings:
            out = h.run([*base, "-o", "update", "-n", key, "-v", value])
            if shown_updates:
                lines.append(f"$ iscsiadm -m node -T {iqn} -p {portal} -o update -n {key} -v {value}\n{out}")
        flag = " -S" if show_secrets else ""
        out = h.run([*base, "-o", "show"] + (["-S"] if show_secrets else []))
        lines.append(f"$ iscsiadm -m node -T {iqn} -p {portal} -o show{flag}\n{out}")
        return "".join(lines)
    finally:
        h.run([*base, "-o", "delete"], ok=None)


def chap(r, targets, mutual):
    user, secret = r.choice(["initiator", "chapuser", f"{r.choice(SERVICES)}-host"]), pw(r)
    targets.append(secret)
    s = [("node.session.auth.authmethod", "CHAP"), ("node.session.auth.username", user), ("node.session.auth.password", secret)]
    if mutual:
        secret_in = pw(r)
        targets.append(secret_in)
        s += [("node.session.auth.username_in", "target"), ("node.session.auth.password_in", secret_in)]
    return s


@category("secret", "iscsi-node-show-chap", 26)
def iscsi_chap(h, r):
    targets = []
    settings = chap(r, targets, r.random() < 0.4)
    shown_updates = r.random() < 0.4
    show_secrets = True if not shown_updates else r.random() < 0.6
    out = node(h, r, settings, show_secrets, shown_updates)
    return out, [t for t in targets if t in out]


@category("negative", "iscsi-node-show-clean", 30)
def iscsi_clean(h, r):
    targets = []
    settings = chap(r, targets, r.random() < 0.4) if r.random() < 0.7 else [("node.startup", r.choice(["automatic", "manual"]))]
    settings.append(("node.session.timeo.replacement_timeout", str(r.choice([15, 30, 120]))))
    return node(h, r, settings, False, False), []
