"""How each program is run, shared by the secret, personal-data and negative cases: a case
chooses what to plant, these functions write it in the program's own literal syntax, run the
real program and return what it printed."""

import json
import os
import re
import time

from harness import LDAP_SUFFIX

# ---- literals in each language -------------------------------------------------------------


def php_lit(v, ind=""):
    if isinstance(v, dict):
        inner = ind + "    "
        return "[\n" + "".join(f"{inner}{php_lit(k)} => {php_lit(x, inner)},\n" for k, x in v.items()) + ind + "]"
    if isinstance(v, list):
        return "[" + ", ".join(php_lit(x, ind) for x in v) + "]"
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    return "'" + str(v).replace("\\", "\\\\").replace("'", "\\'") + "'"


def perl_lit(v, ind=""):
    if isinstance(v, dict):
        inner = ind + "    "
        return "{\n" + "".join(f"{inner}{perl_lit(k)} => {perl_lit(x, inner)},\n" for k, x in v.items()) + ind + "}"
    if isinstance(v, list):
        return "[" + ", ".join(perl_lit(x, ind) for x in v) + "]"
    if v is None:
        return "undef"
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, (int, float)):
        return str(v)
    return "'" + str(v).replace("\\", "\\\\").replace("'", "\\'") + "'"


def lua_lit(v, ind=""):
    if isinstance(v, dict):
        inner = ind + "  "
        return "{\n" + "".join(f"{inner}[{lua_lit(k)}] = {lua_lit(x, inner)},\n" for k, x in v.items()) + ind + "}"
    if isinstance(v, list):
        return "{" + ", ".join(lua_lit(x, ind) for x in v) + "}"
    if v is None:
        return "nil"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    return json.dumps(str(v))


def js_lit(v):
    """JSON is a JavaScript object literal; the printed form is util.inspect's, not this."""
    return json.dumps(v, indent=2)


# ---- PHP -----------------------------------------------------------------------------------

PHP_DUMPERS = {
    "var_dump": "var_dump($config);",
    "print_r": "print_r($config);\necho \"\\n\";",
    "var_export": "var_export($config);\necho \"\\n\";",
    "json_pretty": "echo json_encode($config, JSON_PRETTY_PRINT), \"\\n\";",
    "json": "echo json_encode($config), \"\\n\";",
    "json_unescaped": "echo json_encode($config, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), \"\\n\";",
}


def php_dump(h, value, how, var="config", before=""):
    code = f"<?php\n{before}${var} = {php_lit(value)};\n" + PHP_DUMPERS[how].replace("$config", f"${var}") + "\n"
    return h.php(code)


def php_json_as_printed(s, escaped_slashes=True):
    """How json_encode prints a plain string (without the quotes)."""
    out = json.dumps(s)[1:-1]
    return out.replace("/", "\\/") if escaped_slashes else out


# ---- Perl ----------------------------------------------------------------------------------


def perl_dumper(h, value, var="config", indent=None, sortkeys=True, terse=False):
    opts = []
    if sortkeys:
        opts.append("$Data::Dumper::Sortkeys = 1;")
    if indent is not None:
        opts.append(f"$Data::Dumper::Indent = {indent};")
    if terse:
        opts.append("$Data::Dumper::Terse = 1;")
    code = "use strict;\nuse warnings;\nuse Data::Dumper;\n" + "\n".join(opts) + f"\nmy ${var} = {perl_lit(value)};\nprint Dumper(${var});\n"
    return h.perl(code)


def perl_lwp(h, method, path, headers=(), content=None, credentials=None, dump_response=True):
    """LWP::UserAgent with its request/response dump handlers (the documented debugging idiom)."""
    hdrs = ", ".join(f"{perl_lit(k)} => {perl_lit(v)}" for k, v in headers)
    creds = ""
    if credentials:
        creds = f"$ua->credentials('127.0.0.1:{h.http.port}', 'restricted', {perl_lit(credentials[0])}, {perl_lit(credentials[1])});\n"
    body = f", Content => {perl_lit(content)}" if content is not None else ""
    code = (
        "use strict;\nuse warnings;\nuse LWP::UserAgent;\n"
        "my $ua = LWP::UserAgent->new(agent => 'deploy-hook/1.4 ');\n"
        "$ua->add_handler(request_send => sub { shift->dump(maxlength => 2048); return });\n"
        + ("$ua->add_handler(response_done => sub { shift->dump(maxlength => 2048); return });\n" if dump_response else "")
        + creds
        + f"my $res = $ua->{method.lower()}('{h.url}{path}'{', ' + hdrs if hdrs else ''}{body});\n"
        + "print $res->status_line, \"\\n\";\n"
    )
    return h.perl(code)


# ---- Node ----------------------------------------------------------------------------------


def node_log(h, value, var="config", how="log"):
    show = {
        "log": f"console.log({var});",
        "labelled": f"console.log('loaded %s config:', {var}.env || 'app', {var});",
        "dir": f"console.dir({var}, {{ depth: null }});",
        "error": f"console.error('config =', {var});",
        "table": f"console.table({var});",
    }[how]
    return h.node(f"const {var} = {js_lit(value)};\n{show}\n")


def node_repl(h, lines):
    return h.run(["node", "-i"], input="\n".join(lines) + "\n.exit\n")


# ---- Lua -----------------------------------------------------------------------------------

LUA_DUMP = r"""
local function dump(v, indent)
  indent = indent or ""
  if type(v) ~= "table" then
    return type(v) == "string" and string.format("%q", v) or tostring(v)
  end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local out = {}
  for _, k in ipairs(keys) do
    out[#out + 1] = indent .. "  " .. tostring(k) .. " = " .. dump(v[k], indent .. "  ")
  end
  return "{\n" .. table.concat(out, ",\n") .. "\n" .. indent .. "}"
end
"""


def lua_run(h, value, body, ok=(0,)):
    return h.lua(f"{LUA_DUMP}\nlocal config = {lua_lit(value)}\n{body}\n", ok=ok)


# ---- FTP, LDAP, tcpdump, strace ------------------------------------------------------------


def lftp(h, user, password, commands, url_creds=False):
    target = f"ftp://127.0.0.1:{h.ftp.port}"
    if url_creds:
        return h.run(["lftp", "-d", "-e", f"{commands}; quit", target.replace("ftp://", f"ftp://{user}:{password}@")], ok=None)
    return h.run(["lftp", "-d", "-u", f"{user},{password}", "-e", f"{commands}; quit", target], ok=None)


def ldif(dn, attrs):
    lines = [f"dn: {dn}"]
    for k, v in attrs:
        lines.append(f"{k}: {v}")
    return "\n".join(lines) + "\n"


def ldap_entries(h, entries, *flags):
    """Add entries (dn, attrs) with ldapadd; returns what ldapadd printed."""
    return h.ldap_add("\n".join(ldif(dn, a) for dn, a in entries), *flags)


def ldap_cleanup(h, entries):
    h.ldap_delete(*[dn for dn, _ in reversed(entries)])


def dn_in(ou, rdn):
    return f"{rdn},ou={ou},{LDAP_SUFFIX}"


def tcpdump(h, port, action, flags=("-A",)):
    return h.capture(f"tcp port {port}", action, flags)


def strace(h, prog_args, trace="openat,write,connect,sendto", extra=()):
    out = h.run(["strace", "-f", "-s", "256", "-e", f"trace={trace}", *extra, *prog_args], ok=None)
    # the dynamic loader's opens are alike in every run and machine-specific; the program's own lines are kept
    return "\n".join(line for line in out.split("\n") if not re.search(r'openat\(AT_FDCWD, "/(etc/ld\.so|lib|usr/lib)', line))


def quote(a):
    return a if re.fullmatch(r"[\w@%+=:,./-]+", a) else "'" + a.replace("'", "'\\''") + "'"


def settle():
    time.sleep(0.1)


# ---- fetchmail and Dovecot ------------------------------------------------------------------


def fetchmail_rc(h, user, password, proto="IMAP"):
    port = h.imap_port if proto == "IMAP" else h.pop3_port
    pw = password.replace("\\", "\\\\").replace('"', '\\"')
    rc = f'poll 127.0.0.1 service {port} protocol {proto} user "{user}" password "{pw}" sslproto \'\' keep fetchall mda "cat"\n'
    return h.write(".fetchmailrc", rc, 0o600)


def fetchmail(h, *flags):
    # a Kerberos cache in the throwaway home: fetchmail -v -v names it while probing GSSAPI
    return h.run(["fetchmail", "--nosyslog", "-f", h.home + "/.fetchmailrc", *flags], env=h.env(KRB5CCNAME=f"FILE:{h.home}/.krb5cc_dev"), ok=None)


# ---- Ansible -------------------------------------------------------------------------------


def yaml_scalar(v):
    return json.dumps(v) if isinstance(v, str) else json.dumps(v)


def ansible_playbook(h, vars_, tasks, verbosity="-v", ok=(0, 2)):
    """`ansible-playbook` on localhost with a local connection; vars and tasks as YAML (JSON is
    YAML), so the values reach Ansible exactly as planted."""
    play = [{"hosts": "localhost", "connection": "local", "gather_facts": False, "vars": vars_, "tasks": tasks}]
    path = h.write("ansible/site.yml", json.dumps(play, indent=2) + "\n")
    a = os.path.join(h.home, ".ansible")
    env = h.env(
        ANSIBLE_NOCOLOR="1",
        ANSIBLE_LOCALHOST_WARNING="0",
        ANSIBLE_REMOTE_TMP=f"{a}/remote_tmp",
        ANSIBLE_LOCAL_TEMP=f"{a}/local_tmp",
        ANSIBLE_LIBRARY=f"{a}/plugins/modules",
        ANSIBLE_COLLECTIONS_PATH=f"{a}/collections",
        ANSIBLE_RETRY_FILES_ENABLED="0",
        ANSIBLE_PYTHON_INTERPRETER="/usr/bin/python3",
    )
    out = h.run(["ansible-playbook", "-i", "localhost,", verbosity, "site.yml"], cwd=os.path.dirname(path), env=env, ok=ok)
    out = re.sub(r"ansible-tmp-\d+\.\d+-\d+-\d+", "ansible-tmp-1795770000.1234567-4242-271828182845904", out)
    out = re.sub(r"ansible-local-\d+[a-z0-9_]+", "ansible-local-4242x7k2q9wm", out)
    out = re.sub(r"/tmp[a-z0-9_]{8}\b", "/tmpa1b2c3d4", out)
    out = re.sub(r'"delta": "\d+:\d\d:\d\d\.\d+"', '"delta": "0:00:00.004242"', out)
    return out
