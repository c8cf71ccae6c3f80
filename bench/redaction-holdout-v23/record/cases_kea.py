"""ISC Kea 2.2, new to the holdouts: the control agent (`kea-ctrl-agent`) answering `curl` with
its own configuration (`config-get`, basic authentication's client passwords included), its
debug log (each request's `Authorization` header and each response's body), and the DHCPv4
server's configuration check (`kea-dhcp4 -t`). One agent per case, listening on 127.0.0.1 only
(its port shown as 8000, the packaged default), its pid and lock files in the case's folder,
stopped before the case returns and on every exit. Kea's JSON writes each byte of a non-ASCII
character as its own `\\u00XX` escape: the people's names and streets are targeted as printed."""

import base64
import json
import os
import shlex
import signal
import socket
import subprocess
import time

from registry import category
from values import BOTS, ROLES, Person, hexs, password, secret_token

SHOWN_PORT = 8000
ADMINS = ["admin", "kea-api", "stork", "ops", "dhcp-admin", "netbox"]


def kea_pw(r):
    while True:
        v = password(r) if r.random() < 0.7 else secret_token(r)
        if not any(c in v for c in "\"'\\$`!#;&|<>()*? :%"):
            return v


def agent(h, r, conf_extra, fn, log=False):
    """Run one control agent with `conf_extra` merged into its configuration; call fn(port, d)."""
    d = h.fresh("kea")
    port = h.free_port(SHOWN_PORT)
    conf = {"http-host": "127.0.0.1", "http-port": port, "control-sockets": {"dhcp4": {"socket-type": "unix", "socket-name": os.path.join(d, "kea4-ctrl-socket")}}}
    conf.update(conf_extra)
    if log:
        conf["loggers"] = [{"name": "kea-ctrl-agent", "output_options": [{"output": "stdout"}], "severity": "DEBUG", "debuglevel": 99}]
    else:
        conf["loggers"] = [{"name": "kea-ctrl-agent", "output_options": [{"output": "stdout"}], "severity": "WARN"}]
    path = h.write(os.path.join(d, "kea-ctrl-agent.conf"), json.dumps({"Control-agent": conf}, indent=2, ensure_ascii=False) + "\n")
    env = h.env(KEA_PIDFILE_DIR=d, KEA_LOCKFILE_DIR=d)
    logf = open(os.path.join(d, "agent.log"), "wb")
    proc = subprocess.Popen(["kea-ctrl-agent", "-c", path], stdout=logf, stderr=subprocess.STDOUT, env=env, cwd=d)

    def stop():
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
        logf.close()

    h.closers.append(stop)
    try:
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError("kea-ctrl-agent did not listen")
        result = fn(port, d)
        time.sleep(0.2)
    finally:
        stop()
        h.closers.remove(stop)
    with open(os.path.join(d, "agent.log"), "rb") as f:
        agent_log = h.normalize(f.read().decode("utf-8", "replace"))
    return result, agent_log, path.replace(h.root, "")


def curl(h, port, command, auth=None, header=None, netrc=False, pretty=False):
    """Run curl as a user types it (`auth` is user:password, `header` a whole header line)."""
    body = json.dumps({"command": command})
    args = ["curl", "-s"]
    if netrc:
        args.append("--netrc")
    if auth:
        args += ["-u", auth]
    if header:
        args += ["-H", header]
    args += ["-H", "Content-Type: application/json", "-d", body, f"http://127.0.0.1:{port}/"]
    out = h.run(args, ok=None)
    shown = " ".join(shlex.quote(a) for a in args)
    return f"$ {h.normalize(shown)}\n{out}" + ("" if out.endswith("\n") else "\n")


def clients(r, n):
    out = []
    for user in r.sample(ADMINS, n):
        out.append((user, kea_pw(r)))
    return out


@category("secret", "kea-ca-config-get", 24)
def kea_ca_config_get(h, r):
    cl = clients(r, r.randint(1, 2))
    auth = {"type": "basic", "realm": r.choice(["kea-control-agent", "kea-api", "dhcp"]), "clients": [{"user": u, "password": p} for u, p in cl]}
    user, pw = cl[0]
    shape = r.randrange(3)
    targets = [p for _, p in cl]

    def session(port, d):
        out = ""
        if shape == 1:  # a mistyped password first: a password all the same
            wrong = kea_pw(r)
            targets.append(wrong)
            out += curl(h, port, r.choice(["config-get", "status-get"]), auth=f"{user}:{wrong}")
        if shape == 2:
            b64 = base64.b64encode(f"{user}:{pw}".encode()).decode()
            targets.append(b64)
            out += curl(h, port, "config-get", header=f"Authorization: Basic {b64}")
        else:
            out += curl(h, port, "config-get", auth=f"{user}:{pw}")
        return out

    out, _, _ = agent(h, r, {"authentication": auth}, session)
    return out, [t for t in targets if t in out]


@category("secret", "kea-ca-debug-log", 24)
def kea_ca_debug_log(h, r):
    cl = clients(r, r.randint(1, 2))
    auth = {"type": "basic", "realm": "kea-control-agent", "clients": [{"user": u, "password": p} for u, p in cl]}
    sent = []

    def session(port, d):
        for _ in range(r.randint(1, 2)):
            user, pw = r.choice(cl)
            sent.append(base64.b64encode(f"{user}:{pw}".encode()).decode())
            curl(h, port, r.choice(["config-get", "version-get", "list-commands", "status-get"]), auth=f"{user}:{pw}")

    _, log, path = agent(h, r, {"authentication": auth}, session, log=True)
    text = f"$ kea-ctrl-agent -c {path}\n" + log
    targets = [t for t in sent + [p for _, p in cl] if t in text]
    return text, targets


@category("pii", "kea-ca-user-context", 28)
def kea_ca_user_context(h, r):
    p = Person(r)
    ctx = {"contact": p.name, "email": p.email}
    targets = [p.name, p.email]
    if r.random() < 0.6:
        ctx["phone"] = p.phone
        targets.append(p.phone)
    if r.random() < 0.4:
        ctx["site"] = f"{p.street}, {p.city}"
        targets.append(p.street)
    ctx["ticket"] = f"NET-{r.randint(1000, 9999)}"
    r_keys = list(ctx.items())
    r.shuffle(r_keys)

    def session(port, d):
        return curl(h, port, "config-get")

    out, _, _ = agent(h, r, {"user-context": dict(r_keys)}, session)
    return out, [kea_json_escape(v) for v in targets]


def kea_json_escape(value):
    """How Kea 2.2's JSON writes a string: every byte of a non-ASCII character as its own \\u00XX."""
    return "".join(c if ord(c) < 128 else "".join(f"\\u{b:04x}" for b in c.encode()) for c in value)


@category("negative", "kea-ca-commands-clean", 30)
def kea_ca_commands_clean(h, r):
    extra = {}
    use_file = r.random() < 0.6
    user = r.choice(ADMINS)
    if use_file:
        extra["authentication"] = {"type": "basic", "realm": "kea-control-agent", "directory": "", "clients": [{"user": user, "password-file": "{file}"}]}
    if r.random() < 0.5:
        extra["user-context"] = {"owner": r.choice(ROLES), "mail": r.choice(BOTS), "change": f"CHG{r.randint(10000, 99999)}", "rev": hexs(r, 12)}

    def session(port, d):
        out = ""
        for cmd in r.sample(["config-get", "version-get", "list-commands", "status-get", "build-report"], r.randint(1, 2)):
            out += curl(h, port, cmd, netrc=use_file)
        return out

    # the password file and the netrc must exist before the agent reads its configuration
    pw = kea_pw(r)
    if use_file:
        pw_file = h.write("kea-pw/api-password", pw, 0o600)
        extra["authentication"]["clients"][0]["password-file"] = pw_file
        h.write(".netrc", f"machine 127.0.0.1 login {user} password {pw}\n", 0o600)
    try:
        out, _, _ = agent(h, r, extra, session)
    finally:
        if os.path.exists(os.path.join(h.home, ".netrc")):
            os.remove(os.path.join(h.home, ".netrc"))
    assert pw not in out
    return out, []


MACS = lambda r: ":".join(hexs(r, 2) for _ in range(6))  # noqa: E731


@category("negative", "kea-dhcp4-config-check", 30)
def kea_dhcp4_config_check(h, r):
    d = h.fresh("kea4")
    subnets = []
    for sid in range(1, r.randint(1, 3) + 1):
        net = r.choice([f"10.{r.randint(0, 255)}.{r.randint(0, 255)}", f"192.168.{r.randint(0, 255)}", f"172.{r.randint(16, 31)}.{r.randint(0, 255)}"])
        reservations = []
        for i in range(r.randint(0, 3)):
            res = {"hw-address": MACS(r), "ip-address": f"{net}.{10 + i}", "hostname": f"{r.choice(['printer', 'ap', 'cam', 'kiosk', 'nas', 'voip'])}-{r.randint(1, 40)}"}
            if r.random() < 0.3:
                res["user-context"] = {"asset": f"IT-{r.randint(10000, 99999)}", "owner": r.choice(ROLES)}
            reservations.append(res)
        sub = {"id": sid, "subnet": f"{net}.0/24", "pools": [{"pool": f"{net}.100 - {net}.200"}], "reservations": reservations}
        if r.random() < 0.4:
            sub["valid-lifetime"] = r.choice([600, 1800, 43200])
        subnets.append(sub)
    conf = {"Dhcp4": {
        "interfaces-config": {"interfaces": []},
        "lease-database": {"type": "memfile", "persist": False},
        "valid-lifetime": r.choice([3600, 7200, 14400, 86400]),
        "option-data": [{"name": "domain-name-servers", "data": subnets[0]["subnet"].replace(".0/24", ".1")}, {"name": "domain-name", "data": r.choice(["example.org", "corp.example.com", "lab.example.net"])}],
        "subnet4": subnets,
        "loggers": [{"name": "kea-dhcp4", "output_options": [{"output": "stdout"}], "severity": "INFO"}],
    }}
    fault = r.random()
    if fault < 0.15:  # a typo the check reports
        conf["Dhcp4"]["valid-lifetme"] = 600
    elif fault < 0.35 and subnets[0]["reservations"]:  # the same hardware address reserved twice
        first = subnets[0]["reservations"][0]
        subnets[0]["reservations"].append({"hw-address": first["hw-address"], "ip-address": subnets[0]["subnet"].replace(".0/24", ".99"), "hostname": f"spare-{r.randint(1, 9)}"})
    elif fault < 0.45:  # a pool outside its subnet
        subnets[-1]["pools"] = [{"pool": f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.0/26"}]
    path = h.write(os.path.join(d, "kea-dhcp4.conf"), json.dumps(conf, indent=2) + "\n")
    env = h.env(KEA_PIDFILE_DIR=d, KEA_LOCKFILE_DIR=d)
    out = h.run(["kea-dhcp4", "-t", path], env=env, ok=None)
    return f"$ kea-dhcp4 -t {path.replace(h.root, '')}\n" + out, []
