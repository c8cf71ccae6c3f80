"""Icinga 2.13, new to the holdouts: `icinga2 object list` after `icinga2 daemon -C` (hosts and
services with their custom `vars`, `ApiUser` objects, `User` objects with their contacts) and
`icinga2 console --eval` printing dictionaries, arrays and strings. The configuration is one
`icinga2.conf` of the case's own (`daemon -C -c`, shown when the case shows that step); `daemon -C` writes its object cache to
/var/cache/icinga2, which the harness removes at the end."""

import os
import shlex

from registry import category
from values import BOTS, ROLES, SERVICES, Person, clean_pairs, digest_for, password, secret_token, uuid

BAD = "\"'\\$`!%{}"
HOSTS = ["db-01", "db-replica", "web-02", "mail-gw", "ldap-1", "cache-03", "api-edge", "backup-nas"]
COMMANDS = [("mysql", "check_mysql", "-u", "-p"), ("pgsql", "check_pgsql", "-l", "-p"), ("ldap", "check_ldap", "-D", "-P"), ("http", "check_http", "-a", None), ("snmp", "check_snmp", "-C", None), ("smtp", "check_smtp", "-U", "-P")]


def tok(r):
    return secret_token(r, bad=BAD)


def plain_pw(r):
    while True:
        v = password(r)
        if not any(c in v for c in BAD + "#"):
            return v


def q(v):
    return '"' + v + '"'


def object_list(h, r, conf, views):
    d = h.fresh("icinga2")
    path = os.path.join(d, "icinga2.conf")
    h.write(path, "const PluginDir = \"/usr/lib/nagios/plugins\"\n\n" + conf)
    check = h.run(["icinga2", "daemon", "-C", "-c", path])
    out = ""
    if r.random() < 0.3:
        out += f"$ icinga2 daemon -C -c {path.replace(h.root, '')}\n" + check
    for v in views:
        out += "$ icinga2 object list " + " ".join(shlex.quote(a) for a in v) + "\n" + h.run(["icinga2", "object", "list", *v])
    return out


def check_command(name, plugin, user_flag, pw_flag):
    args = [f'    "-H" = "$address$"']
    if user_flag:
        args.append(f'    "{user_flag}" = "${name}_user$"')
    if pw_flag:
        args.append(f'    "{pw_flag}" = "${name}_password$"')
    return f'object CheckCommand "{name}" {{\n  command = [ PluginDir + "/{plugin}" ]\n  arguments = {{\n' + "\n".join(args) + "\n  }\n}\n\n"


def host_obj(r, host, cmd, variables):
    lines = [f'  check_command = "{cmd}"', f'  address = "192.0.2.{r.randint(2, 250)}"'] + [f"  vars.{k} = {q(v)}" for k, v in variables]
    return f'object Host "{host}" {{\n' + "\n".join(lines) + "\n}\n\n"


@category("secret", "icinga2-object-vars", 24)
def icinga2_object_vars(h, r):
    shape = r.randrange(3)
    targets = []
    if shape < 2:
        name, plugin, uf, pf = r.choice([c for c in COMMANDS if c[3]])
        host = r.choice(HOSTS)
        pw = plain_pw(r) if r.random() < 0.6 else tok(r)
        targets.append(pw)
        variables = [(f"{name}_user", r.choice(["monitor", "nagios", "icinga", "svc-monitoring"])), (f"{name}_password", pw)]
        if r.random() < 0.5:
            variables.append(("os", r.choice(["Linux", "FreeBSD"])))
        conf = check_command(name, plugin, uf, pf) + host_obj(r, host, name, variables)
        views = [["--type", "Host", "--name", host]] if shape == 0 else [["--type", "Host"]]
    else:
        users = []
        conf = ""
        for _ in range(r.randint(1, 2)):
            u = r.choice(["root", "dashboard", "director", "grafana", "ansible", f"svc-{r.choice(SERVICES)}"])
            if u in users:
                continue
            users.append(u)
            pw = plain_pw(r) if r.random() < 0.5 else tok(r)
            targets.append(pw)
            perms = r.choice(['[ "*" ]', '[ "status/query", "objects/query/*" ]', '[ "actions/*", "objects/query/Host" ]'])
            conf += f'object ApiUser "{u}" {{\n  password = {q(pw)}\n  permissions = {perms}\n}}\n\n'
        views = [["--type", "ApiUser"]]
    return object_list(h, r, conf, views), targets


@category("negative", "icinga2-object-clean", 30)
def icinga2_object_clean(h, r):
    name, plugin, uf, pf = r.choice(COMMANDS)
    host = r.choice(HOSTS)
    variables = [(k, v) for k, v in clean_pairs(r, r.randint(1, 3), masks=False)]
    if uf and r.random() < 0.6:
        variables.append((f"{name}_user", r.choice(["monitor", "nagios", "icinga"])))
    if r.random() < 0.4:
        variables.append(("notes_owner", r.choice(BOTS)))
    conf = check_command(name, plugin, uf, pf) + host_obj(r, host, name, variables)
    if r.random() < 0.4:
        conf += f'object ApiUser "{r.choice(["dashboard", "director"])}" {{\n  client_cn = "{r.choice(HOSTS)}.example.org"\n  permissions = [ "status/query" ]\n}}\n\n'
    views = [["--type", "Host", "--name", host]] if r.random() < 0.6 else [["--type", "Host"]]
    if "ApiUser" in conf:
        views.append(["--type", "ApiUser"])
    return object_list(h, r, conf, views), []


@category("pii", "icinga2-user-object", 28)
def icinga2_user_object(h, r):
    conf, targets = "", []
    names = []
    for _ in range(r.randint(1, 2)):
        p = Person(r)
        login = f"{r.choice(['oncall', 'contact', 'staff', 'noc'])}-{r.randint(100, 999)}"  # a login that names nobody
        if login in names:
            continue
        names.append(login)
        lines = [f"  display_name = {q(p.name)}", f"  email = {q(p.email)}"]
        targets += [p.name, p.email]
        if r.random() < 0.6:
            lines.append(f"  pager = {q(p.phone)}")
            targets.append(p.phone)
        if r.random() < 0.3:
            lines.append(f"  vars.desk = {q(p.street + ', ' + p.city)}")
            targets.append(p.street)
        conf += f'object User "{login}" {{\n' + "\n".join(lines) + "\n}\n\n"
    views = [["--type", "User"]] if len(names) > 1 or r.random() < 0.5 else [["--type", "User", "--name", names[0]]]
    return object_list(h, r, conf, views), targets


def console(h, expr):
    return f"$ icinga2 console --eval {shlex.quote(expr)}\n" + h.run(["icinga2", "console", "--eval", expr], ok=None)


@category("secret", "icinga2-console-eval", 24)
def icinga2_console_eval(h, r):
    v = tok(r)
    shape = r.randrange(4)
    key = r.choice(["password", "api_token", "client_secret", "auth_token", "bind_password"])
    if shape == 0:
        expr = f'var c = {{ user = "{r.choice(["monitor", "deploy", "director"])}", {key} = "{v}", port = {r.choice([443, 5665, 3306])} }}; c'
    elif shape == 1:
        expr = f'var creds = {{ {key} = "{v}" }}; creds.{key}'
    elif shape == 2:
        expr = f'{{ endpoint = "https://{r.choice(HOSTS)}.example.org:5665", headers = {{ Authorization = "Bearer {v}" }} }}'
    else:
        expr = f'var t = "{v}"; if (len(t) < 64) {{ throw "{key} too short: " + t }}'
    return console(h, expr), [v]


@category("negative", "icinga2-console-clean", 30)
def icinga2_console_clean(h, r):
    shape = r.randrange(4)
    if shape == 0:
        pairs = clean_pairs(r, r.randint(1, 3))
        expr = "var c = { " + ", ".join(f'{k} = "{v}"' for k, v in pairs) + f', port = {r.choice([443, 5665])} }}; c'
    elif shape == 1:
        expr = f'{{ host = "{r.choice(HOSTS)}", owner = "{r.choice(ROLES)}", mail = "{r.choice(BOTS)}" }}'
    elif shape == 2:
        expr = f'[ "{digest_for(r, "sha256")}", "{uuid(r)}" ]'
    else:
        expr = f'var sum = "{digest_for(r, "etag")}"; if (len(sum) != 64) {{ throw "checksum has the wrong length: " + sum }}'
    return console(h, expr), []
