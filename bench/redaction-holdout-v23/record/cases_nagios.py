"""The Monitoring Plugins 2.3 (the checks Nagios and Icinga run), new to the holdouts, run by hand
as a user tries a check: `check_http -v` prints the request it sends (a `-a user:password`
becomes an `Authorization: Basic` header), the answer's headers and body, and the one-line
result with its performance data; `check_tcp` its result. The server they talk to is the Kea
control agent of cases_kea (one per case, on 127.0.0.1, shown on port 8000)."""

import base64
import json
import re
import shlex

from cases_kea import agent, kea_pw
from registry import category
from values import SERVICES, uuid

PLUGINS = "/usr/lib/nagios/plugins"


def plugin(h, name, args):
    out = h.run([f"{PLUGINS}/{name}", *args], ok=None)
    # the response time a check measures
    out = re.sub(r"in \d+\.\d+ second response time \|time=\d+\.\d+s", "in 0.004 second response time |time=0.003912s", out)
    out = re.sub(r"(\d+\.\d+) second response time on", "0.000 second response time on", out)
    out = re.sub(r"\|time=\d+\.\d+s;", "|time=0.000212s;", out)
    return f"$ {h.normalize(' '.join(shlex.quote(a) for a in [f'{PLUGINS}/{name}', *args]))}\n{out}"


def http_args(r, port, command, auth=None, headers=()):
    args = ["-H", "127.0.0.1", "-p", str(port)]
    if auth:
        args += ["-a", auth]
    for hd in headers:
        args += ["-k", hd]
    args += ["-T", "application/json", "-P", json.dumps({"command": command})]
    if r.random() < 0.4:
        args += ["-s", '"result": 0']
    args.append("-v")
    return args


@category("secret", "nagios-check-http-auth", 24)
def nagios_check_http_auth(h, r):
    user = r.choice(["monitor", "nagios", "icinga", "admin"])
    pw = kea_pw(r)
    auth = {"type": "basic", "realm": "kea-control-agent", "clients": [{"user": user, "password": pw}]}
    targets = [pw]
    shape = r.randrange(3)

    def session(port, d):
        if shape == 0:
            return plugin(h, "check_http", http_args(r, port, r.choice(["status-get", "version-get", "list-commands"]), auth=f"{user}:{pw}"))
        if shape == 1:  # a wrong password first, then the right one
            wrong = kea_pw(r)
            targets.append(wrong)
            return plugin(h, "check_http", http_args(r, port, "status-get", auth=f"{user}:{wrong}")) + plugin(h, "check_http", http_args(r, port, "status-get", auth=f"{user}:{pw}"))
        b64 = base64.b64encode(f"{user}:{pw}".encode()).decode()
        return plugin(h, "check_http", http_args(r, port, r.choice(["status-get", "config-get"]), headers=[f"Authorization: Basic {b64}"]))

    out, _, _ = agent(h, r, {"authentication": auth}, session)
    for t in list(targets):
        b64 = base64.b64encode(f"{user}:{t}".encode()).decode()
        if b64 in out:
            targets.append(b64)
    return out, [t for t in targets if t in out]


@category("negative", "nagios-plugins-clean", 30)
def nagios_plugins_clean(h, r):
    extra = {}
    if r.random() < 0.4:
        extra["user-context"] = {"service": r.choice(SERVICES), "request": uuid(r)}

    def session(port, d):
        out = ""
        for _ in range(r.randint(1, 2)):
            shape = r.randrange(4)
            if shape == 0:
                out += plugin(h, "check_tcp", ["-H", "127.0.0.1", "-p", str(port)] + (["-w", "1", "-c", "2"] if r.random() < 0.5 else []))
            elif shape == 1:
                out += plugin(h, "check_http", http_args(r, port, r.choice(["status-get", "version-get", "list-commands", "config-get"]), headers=[f"X-Request-Id: {uuid(r)}"]))
            elif shape == 2:
                ref = r.choice(["Authorization: Bearer ${API_TOKEN}", "Authorization: Bearer $USER3$", "X-Api-Key: $_SERVICEAPIKEY$", "Authorization: Bearer <your-token>"])
                out += plugin(h, "check_http", http_args(r, port, "status-get", headers=[ref]))
            else:
                out += plugin(h, "check_http", http_args(r, port, r.choice(["status-get", "version-get"])))
        return out

    out, _, _ = agent(h, r, extra, session)
    return out, []
