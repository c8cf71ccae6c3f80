"""Monit 5.33, new to the holdouts: `monit -c ~/.monitrc -t` checks a control file (mode 0600).
An `allow` line that lacks the colon between user and password (`allow ops s3cret`,
`allow ops "s3cret"`) is reported with the password quoted (`invalid allow option: ops 's3cret'`,
`syntax error 's3cret'`); a good control file gives `Control file syntax OK`, and `-v` prints the
runtime constants and the service list, never a credential. Offline: no daemon is started."""

import crypt
import os

from registry import category
from values import BOTS, SERVICES, password

ADMINS = ["admin", "ops", "monit", "noc", "oncall"]


def monit_pw(r):
    """A password Monit's lexer reads as one word: letters, digits and hyphens, opening with a letter."""
    while True:
        v = password(r)
        if v[0].isalpha() and all(c.isalnum() or c == "-" for c in v):
            return v


def control_file(h, r, allow_lines, extra=""):
    port = r.choice([2812, 2812, 2813])
    # Monit's own files default to the login's home (getpwuid), not $HOME: named here
    text = f"set daemon 30\nset log syslog\nset idfile {h.home}/.monit.id\nset statefile {h.home}/.monit.state\n"
    if r.random() < 0.5:
        text += f"set mailserver smtp.example.org port 587\nset alert {r.choice(BOTS)}\n"
    text += f"set httpd port {port} and\n    use address {r.choice(['localhost', '127.0.0.1'])}\n"
    text += "".join(f"    {line}\n" for line in allow_lines)
    text += extra
    for svc in r.sample(SERVICES, r.randint(1, 3)):
        kind = r.randrange(3)
        if kind == 0:
            text += f"\ncheck process {svc} with pidfile /run/{svc}.pid\n    start program = \"/usr/bin/systemctl start {svc}\"\n"
        elif kind == 1:
            text += f"\ncheck host {svc}-api with address 127.0.0.1\n    if failed port {r.randint(3000, 9000)} protocol http request \"/health\" then alert\n"
        else:
            text += f"\ncheck filesystem {svc}-data with path /srv/{svc}\n    if space usage > {r.choice([80, 85, 90])}% then alert\n"
    return text


def monit(h, r, rc, args=None, ok=(0,)):
    h.write(".monitrc", rc, mode=0o600)
    if r.random() < 0.5:  # a first run on this home: Monit draws and stores its id
        for f in (".monit.id", ".monit.state"):
            if os.path.exists(os.path.join(h.home, f)):
                os.remove(os.path.join(h.home, f))
    args = ["-c", "~/.monitrc"] + (args or ["-t"])
    real = [os.path.join(h.home, ".monitrc") if a == "~/.monitrc" else a for a in args]
    return f"$ monit {' '.join(args)}\n" + h.run(["monit", *real], ok=ok)


@category("secret", "monit-config-error", 24)
def monit_config_error(h, r):
    users = r.sample(ADMINS, r.randint(1, 3))
    pws = [monit_pw(r) for _ in users]
    broken = r.randrange(len(users))
    lines = []
    for i, (u, pw) in enumerate(zip(users, pws)):
        if i == broken:
            lines.append(r.choice([f"allow {u} {pw}", f'allow {u} "{pw}"']) + (" read-only" if r.random() < 0.3 else ""))
        else:
            lines.append(r.choice([f"allow {u}:{pw}", f'allow {u}:"{pw}"']))
    out = monit(h, r, control_file(h, r, lines), ok=(1,))
    assert pws[broken] in out, (lines, out)
    return out, [pws[broken]]


def htpasswd(r, users):
    return "".join(f"{u}:{crypt.crypt(monit_pw(r), crypt.mksalt(crypt.METHOD_MD5))}\n" for u in users)


@category("negative", "monit-verbose-check", 25)
def monit_verbose_check(h, r):
    users = r.sample(ADMINS, r.randint(1, 2))
    if r.random() < 0.3:
        h.write(".monit/htpasswd", htpasswd(r, users))
        lines = [f"allow md5 {os.path.join('/workspace', '.monit/htpasswd')} {' '.join(users)}"]
    else:
        lines = [f"allow {u}:{monit_pw(r)}" for u in users]
    lines.append(r.choice(["allow localhost", "allow 10.0.0.0/8", "allow @monit", "allow 192.168.1.0/255.255.255.0"]))
    rc = control_file(h, r, lines)
    if lines[0].startswith("allow md5"):
        rc = rc.replace("/workspace/.monit/htpasswd", os.path.join(h.home, ".monit/htpasswd"))
    out = monit(h, r, rc, args=r.choice([["-t"], ["-v", "-t"], ["-v", "-t"]]))
    return out, []
