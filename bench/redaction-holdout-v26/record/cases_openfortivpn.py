"""openfortivpn 1.19 (Debian 12), new to the holdouts: its configuration report at the debug
levels (`-vvv` prints the password, `-vv` does not) and the connection errors against a closed
127.0.0.1 port."""

import os

from registry import category
from values import Person, hexs, hidden, secret_token

BAD = "\"'\\$`%{}# "
ROLE_USERS = ["svc-backup", "ci-runner", "monitoring", "vpn-probe", "jump-host", "build-agent"]


def run_ofv(h, r, user, pw, level, cert=None):
    port = h.free_port("10443")
    d = h.fresh("forti")
    lines = ["host = 127.0.0.1", f"port = {port}", f"username = {user}"]
    if pw is not None:
        lines.append(f"password = {pw}")
    if cert or r.random() < 0.4:
        lines.append(f"trusted-cert = {cert or hexs(r, 64)}")
    if r.random() < 0.3:
        lines.append(f"realm = {r.choice(['staff', 'contractors', 'ops'])}")
    h.write(os.path.join(d, "config"), "\n".join(lines) + "\n", mode=0o600)
    flag = "-" + "v" * level
    out = h.run(["openfortivpn", "-c", "config", flag], cwd=d, ok=None, timeout=60)
    return f"$ openfortivpn -c config {flag}\n" + out


@category("secret", "openfortivpn-debug-password", 28)
def openfortivpn_debug_password(h, r):
    pw = secret_token(r, bad=BAD)
    return run_ofv(h, r, r.choice(ROLE_USERS), pw, 3), [pw]


@category("pii", "openfortivpn-user-person", 24)
def openfortivpn_user_person(h, r):
    p = Person(r)
    pw = secret_token(r, bad=BAD)
    return hidden(run_ofv(h, r, p.email, pw, 2), pw), [p.email]


@category("negative", "openfortivpn-clean", 28)
def openfortivpn_clean(h, r):
    # -vv reports the configuration without the password the file holds
    pw = secret_token(r, bad=BAD)
    return hidden(run_ofv(h, r, r.choice(ROLE_USERS), pw, r.choice([1, 2]), cert=hexs(r, 64)), pw), []
