"""How each program is run, shared by the secret, personal-data and negative cases: a case
chooses what to plant, these functions run the real program and return what it printed."""

import csv
import io
import json
import os
import re
import subprocess
import time

from values import s, ALNUM, LOWER

# ---- PostgreSQL ---------------------------------------------------------------------------


def sql_literal(v):
    if v is None:
        return "NULL"
    if isinstance(v, (int, float)):
        return str(v)
    return "'" + str(v).replace("'", "''") + "'"


def pg_table(h, r, table, columns, rows):
    """A fresh table in a fresh schema, filled; returns its qualified name."""
    schema = f"{r.choice(['app', 'billing', 'core', 'ops', 'crm', 'auth'])}_{s(r, LOWER, 4)}"
    name = f"{schema}.{table}"
    cols = ", ".join(f"{c} {t}" for c, t in columns)
    script = f"CREATE SCHEMA {schema};\nCREATE TABLE {name} ({cols});\n"
    if not rows:
        h.psql_file(script, "-q")
        return name
    values = ",\n".join("(" + ", ".join(sql_literal(v) for v in row) + ")" for row in rows)
    names = ", ".join(c for c, t in columns if "serial" not in t and "default" not in t)
    h.psql_file(f"CREATE SCHEMA {schema};\nCREATE TABLE {name} ({cols});\nINSERT INTO {name} ({names}) VALUES\n{values};\n", "-q")
    return name


def psql_show(h, sql, *flags):
    return h.psql(sql, *flags)


# ---- Redis --------------------------------------------------------------------------------


def redis_monitor(h, commands):
    """What `redis-cli MONITOR` printed while `commands` (lists of arguments) ran."""
    m = h.start(["redis-cli", "-p", str(h.redis_port), "MONITOR"])
    time.sleep(0.25)
    for c in commands:
        h.redis(*c)
    time.sleep(0.25)
    return h.stop(m)


def redis_prompt(h, *args, raw=True):
    """`redis-cli` output, with the prompt-like command line an agent's tool shows above it."""
    flags = [] if raw else ["--no-raw"]
    out = h.redis(*flags, *args)
    return f"$ redis-cli {' '.join(quote(a) for a in args)}\n{out}" if not raw else out


def quote(a):
    return a if re.fullmatch(r"[\w@%+=:,./-]+", a) else "'" + a.replace("'", "'\\''") + "'"


# ---- mail ---------------------------------------------------------------------------------


def swaks(h, *args):
    return h.run(["swaks", "--server", "127.0.0.1", "--port", str(h.smtp.port), "--helo", "devbox", *args])


def msmtp(h, rc, recipients, message):
    h.write(".msmtprc", rc, 0o600)
    return h.run(["msmtp", "--debug", *recipients], input=message)


def msmtp_rc(h, user=None, password=None, sender="ci@example.com", auth="plain"):
    lines = ["defaults", "tls off", "", "account default", "host 127.0.0.1", f"port {h.smtp.port}", f"from {sender}"]
    if user:
        lines += [f"auth {auth}", f"user {user}", f"password {password}"]
    else:
        lines += ["auth off"]
    return "\n".join(lines) + "\n"


# ---- HTTP clients -------------------------------------------------------------------------


def httpie(h, *args, reply=None):
    if reply is not None:
        h.http.reply(**reply)
    return h.run(["http", "--ignore-stdin", *args])


def aws_debug(h, args, env, body=b"{}", marker="Making request"):
    """`aws --debug` against the local endpoint, from the request being made to the end (what
    `2>&1 | sed -n '/Making request/,$p'` shows): the earlier hook chatter is all alike."""
    h.http.reply(body=body, headers=[("Content-Type", "application/x-amz-json-1.1"), ("x-amzn-RequestId", env.pop("_request_id", "0f0e0d0c-0b0a-4908-8706-050403020100"))])
    out = h.run(["aws", "--debug", "--endpoint-url", f"http://127.0.0.1:{h.http.port}", "--region", env.pop("_region", "us-east-1"), *args], env=h.env(AWS_CONFIG_FILE=h.home + "/.aws/config", AWS_SHARED_CREDENTIALS_FILE=h.home + "/.aws/credentials", **env), ok=None)
    i = out.find(marker)
    return out[out.rfind("\n", 0, i) + 1 :] if i >= 0 else out


def ruby_http(h, method, path, headers=(), body=None, basic=None, reply=None):
    if reply is not None:
        h.http.reply(**reply)
    hdrs = "".join(f"req[{json.dumps(k)}] = {json.dumps(v)}\n" for k, v in headers)
    auth = f"req.basic_auth({json.dumps(basic[0])}, {json.dumps(basic[1])})\n" if basic else ""
    setbody = f"req.body = {json.dumps(body)}\nreq['Content-Type'] = 'application/json'\n" if body is not None else ""
    code = f"""require 'net/http'
require 'uri'
uri = URI('http://127.0.0.1:{h.http.port}{path}')
http = Net::HTTP.new(uri.host, uri.port)
http.set_debug_output($stdout)
req = Net::HTTP::{method.capitalize()}.new(uri)
{hdrs}{auth}{setbody}res = http.request(req)
puts "status=#{{res.code}}"
"""
    path_rb = h.write("scripts/client.rb", code)
    return h.run(["ruby", path_rb])


# ---- Python libraries (Debian's) ----------------------------------------------------------

SQLA_PRELUDE = """import logging, sys
from sqlalchemy import create_engine, text
engine = create_engine("sqlite://", echo=True, future=True)
"""


def sqlalchemy_echo(h, ddl, statements):
    """SQLAlchemy's `echo=True` log of a DDL and parameterized statements on SQLite."""
    body = [f"with engine.begin() as conn:", f"    conn.execute(text({ddl!r}))"]
    for sql, params in statements:
        body.append(f"    conn.execute(text({sql!r}), {params!r})")
    return h.python(SQLA_PRELUDE + "\n".join(body) + "\n")


def pandas_print(h, rows, columns, how="print(df)"):
    data = json.dumps({"rows": rows, "columns": columns})
    code = f"""import json, pandas as pd
d = json.loads({data!r})
df = pd.DataFrame(d["rows"], columns=d["columns"])
{how}
"""
    return h.python(code)


def csv_text(columns, rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    w.writerows(rows)
    return buf.getvalue()


def csv_tool(h, r, columns, rows, name="export.csv"):
    """One of csvkit's and miller's table printers over a CSV file."""
    path = h.write(name, csv_text(columns, rows))
    tool = r.randrange(4)
    if tool == 0:
        return h.run(["csvlook", path])
    if tool == 1:
        return h.run(["mlr", "--icsv", "--opprint", "cat", path])
    if tool == 2:
        return h.run(["mlr", "--icsv", "--oxtab", "cat", path])
    return h.run(["mlr", "--icsv", "--ojson", "head", "-n", "5", path])


# ---- Node libraries -----------------------------------------------------------------------


def ioredis_debug(h, options, commands):
    code = f"""const Redis = require('ioredis');
const r = new Redis({{ host: '127.0.0.1', port: {h.redis_port}, lazyConnect: false, ...{json.dumps(options)} }});
(async () => {{
  for (const c of {json.dumps(commands)}) {{ await r.call(c[0], ...c.slice(1)); }}
  await r.quit();
}})().catch((e) => {{ console.error(e.message); process.exit(1); }});
"""
    return h.node(code, env=h.env(DEBUG="ioredis:*", NODE_PATH=os.path.join(os.environ["ATX_V11_NODE_DIR"], "node_modules"), DEBUG_COLORS="0"))


def knex_debug(h, schema_sql, js_body, namespaces="knex:query,knex:bindings"):
    h.psql_file(schema_sql, "-q")
    code = f"""const knex = require('knex')({{ client: 'pg', connection: {{ host: '127.0.0.1', port: {h.pg_port}, user: 'postgres', database: 'app' }} }});
(async () => {{
{js_body}
  await knex.destroy();
}})().catch((e) => {{ console.error(e.message); process.exit(1); }});
"""
    return h.node(code, env=h.env(DEBUG=namespaces, NODE_PATH=os.path.join(os.environ["ATX_V11_NODE_DIR"], "node_modules"), DEBUG_COLORS="0"))


# ---- version control ----------------------------------------------------------------------


def hg(h, args, cwd=None, env=None):
    return h.run(["hg", *args], cwd=cwd, env=env or h.env(HGPLAIN="1", HGRCPATH=os.path.join(h.home, ".hgrc")))


SVN_CONF = "[general]\nanon-access = none\nauth-access = write\npassword-db = passwd\nrealm = {realm}\n"


class Svnserve:
    """One svnserve over one repository, started at first use."""

    def __init__(self, h):
        self.h = h
        self.repos = os.path.join(h.root, "svnrepos")
        self.port = None

    def ensure(self):
        if self.port is not None:
            return
        from harness import free_port

        os.makedirs(self.repos, exist_ok=True)
        subprocess.run(["svnadmin", "create", os.path.join(self.repos, "platform")], check=True)
        self.port = free_port()
        self.h.ports[self.port] = "3690"
        self.h.start(["svnserve", "-d", "--foreground", "-r", self.repos, "--listen-host", "127.0.0.1", "--listen-port", str(self.port)])
        time.sleep(0.4)

    def users(self, realm, users):
        self.ensure()
        conf = os.path.join(self.repos, "platform", "conf")
        with open(os.path.join(conf, "svnserve.conf"), "w") as f:
            f.write(SVN_CONF.format(realm=realm))
        with open(os.path.join(conf, "passwd"), "w") as f:
            f.write("[users]\n" + "".join(f"{u} = {p}\n" for u, p in users))

    def url(self):
        return f"svn://127.0.0.1:{self.port}/platform"


def svn_plaintext_config(h, config_dir):
    h.write(os.path.join(config_dir, "servers"), "[global]\nstore-plaintext-passwords = yes\nstore-passwords = yes\n")
    h.write(os.path.join(config_dir, "config"), "[auth]\npassword-stores =\n")


def word(r):
    return s(r, ALNUM, 6)
