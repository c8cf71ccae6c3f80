"""Negative categories: the same programs' ordinary output, with nothing secret or personal in it
(ids, hashes, versions, timings, plans, masked or absent credentials, placeholders, bot mailboxes)."""

import base64
import json
import os
import time

import programs as P
import values as V
from registry import category

N = 14
BOTS = ["ci-bot@example.com", "alerts@example.org", "noreply@example.net", "builds@ci.example.com", "monitoring@example.com", "dependabot[bot]@users.noreply.github.com"]


def svc(r):
    return r.choice(V.SERVICES)


def sha(r, n=40):
    return V.hexs(r, n)


def events_table(h, r):
    rows = [[V.uuid(r), svc(r), r.choice(["created", "updated", "failed", "retried"]), r.randint(1, 5000), sha(r)] for _ in range(r.randint(3, 6))]
    return P.pg_table(h, r, r.choice(["events", "jobs", "deployments", "builds"]), [("id", "serial primary key"), ("ref", "uuid"), ("service", "text"), ("state", "text"), ("duration_ms", "int"), ("commit_sha", "text")], rows)


@category("negative", "psql-explain-analyze", N)
def psql_explain_analyze(h, r):
    t = events_table(h, r)
    if r.random() < 0.4:
        h.psql(f"CREATE INDEX ON {t} (service)", "-q")
    q = r.choice([f"SELECT * FROM {t} WHERE service = '{svc(r)}'", f"SELECT service, count(*) FROM {t} GROUP BY service ORDER BY 2 DESC", f"SELECT * FROM {t} WHERE duration_ms > {r.randint(100, 4000)} ORDER BY id LIMIT 10"])
    return h.psql(f"EXPLAIN {r.choice(['', 'ANALYZE ', '(ANALYZE, BUFFERS) ', '(COSTS OFF) '])}{q}"), []


@category("negative", "psql-meta-commands", N)
def psql_meta_commands(h, r):
    t = events_table(h, r)
    schema = t.split(".")[0]
    cmds = r.sample(["\\conninfo", f"\\dt {schema}.*", f"\\d {t}", "\\du", "\\dn " + schema, "\\encoding", f"\\dt+ {schema}.*"], r.randint(2, 3))
    args = []
    for c in cmds:
        args += ["-c", c]
    return h.run(["psql", "-X", *args]), []


@category("negative", "pg-dump-schema-only", N)
def pg_dump_schema_only(h, r):
    t = events_table(h, r)
    return h.run(["pg_dump", "--schema-only", "--no-owner", "-t", t, "app"]), []


@category("negative", "postgres-log-statement-clean", N)
def postgres_log_statement_clean(h, r):
    t = events_table(h, r)

    def act():
        h.psql(f"SELECT id, state FROM {t} WHERE ref = '{V.uuid(r)}'")
        h.psql(f"UPDATE {t} SET state = 'retried' WHERE id = {r.randint(1, 3)}")
        if r.random() < 0.5:
            h.psql(f"DELETE FROM {t} WHERE duration_ms > {r.randint(4000, 5000)}")

    return h.pg_log_since(act), []


@category("negative", "psql-expanded-ids-digests", N)
def psql_expanded_ids_digests(h, r):
    rows = [[V.uuid(r), f"{r.randint(1, 4)}.{r.randint(0, 30)}.{r.randint(0, 9)}", sha(r), "sha256:" + sha(r, 64), r.randint(100, 9000)] for _ in range(r.randint(1, 3))]
    t = P.pg_table(h, r, r.choice(["releases", "artifacts", "images"]), [("id", "serial"), ("release_id", "uuid"), ("version", "text"), ("git_sha", "text"), ("digest", "text"), ("build_number", "int")], rows)
    return h.psql(f"SELECT * FROM {t}", "-x"), []


@category("negative", "psql-show-settings", N)
def psql_show_settings(h, r):
    queries = r.sample([
        "SHOW password_encryption",
        "SHOW ssl",
        "SELECT name, setting, source FROM pg_settings WHERE name IN ('password_encryption', 'ssl', 'krb_server_keyfile', 'authentication_timeout')",
        "SELECT name, setting, unit FROM pg_settings WHERE name LIKE 'log_%' ORDER BY name LIMIT 8",
        "SELECT rolname, rolsuper, rolcanlogin, rolpassword IS NOT NULL AS has_password FROM pg_authid WHERE rolname = 'postgres'",
        "SELECT version()",
        "SHOW max_connections",
    ], r.randint(1, 3))
    return "".join(h.psql(q) for q in queries), []


PLACEHOLDERS = ["${{DB_PASSWORD}}", "<your-api-key>", "********", "vault:secret/data/{svc}#token", "op://Engineering/{svc}/credential", "{{{{ secrets.STRIPE_KEY }}}}", "REPLACE_ME", "env:SENDGRID_API_KEY", "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/{svc}-AbCdEf", "${{{{ vault.{svc}.password }}}}", "(redacted)", "%(API_TOKEN)s"]


@category("negative", "psql-placeholder-config-rows", N)
def psql_placeholder_config_rows(h, r):
    rows = [[f"{svc(r)}.{r.choice(['api_key', 'password', 'token', 'webhook_secret', 'dsn'])}", r.choice(PLACEHOLDERS).format(svc=svc(r)), r.choice(["env", "vault", "ssm", "literal"])] for _ in range(r.randint(2, 5))]
    t = P.pg_table(h, r, r.choice(["app_config", "settings", "feature_config"]), [("id", "serial"), ("key", "text"), ("value", "text"), ("source", "text")], rows)
    return h.psql(f"SELECT key, value, source FROM {t}", *r.choice([[], ["-x"]])), []


@category("negative", "redis-info-sections", N)
def redis_info_sections(h, r):
    section = r.choice(["server", "memory", "keyspace", "clients", "persistence", "stats", "replication", "cpu"])
    h.redis("SET", f"counter:{r.randint(1, 999)}", str(r.randint(1, 99)))
    return P.redis_prompt(h, "INFO", section, raw=r.random() < 0.5), []


@category("negative", "redis-monitor-clean", N)
def redis_monitor_clean(h, r):
    job = r.randint(1000, 99999)
    cmds = [["INCR", f"stats:{svc(r)}:requests"], ["LPUSH", f"queue:{svc(r)}", json.dumps({"job_id": job, "attempt": r.randint(1, 3)})], ["EXPIRE", f"lock:{V.uuid(r)}", "30"], ["GET", f"feature:{r.choice(['dark_mode', 'new_checkout', 'beta_search'])}"], ["HINCRBY", f"rate:{r.randint(1, 500)}", "count", "1"]]
    return P.redis_monitor(h, r.sample(cmds, r.randint(3, 5))), []


@category("negative", "redis-scan-ttl-keys", N)
def redis_scan_ttl_keys(h, r):
    prefix = f"{svc(r)}:{V.s(r, V.LOWER, 3)}"
    keys = [f"{prefix}:{V.uuid(r)}" for _ in range(r.randint(2, 4))]
    for k in keys:
        h.redis("SET", k, str(r.randint(1, 9)), "EX", str(r.choice([60, 300, 3600])))
    out = h.redis("--scan", "--pattern", f"{prefix}:*")
    out = "\n".join(sorted(out.splitlines())) + "\n"
    out += "".join(f"{k} " + h.redis("TTL", k) for k in keys[:2])
    out += P.redis_prompt(h, "TYPE", keys[0], raw=False)
    for k in keys:
        h.redis("DEL", k)
    return out, []


@category("negative", "redis-acl-config-clean", N)
def redis_acl_config_clean(h, r):
    user = f"{r.choice(['metrics', 'readonly', 'replica-probe'])}"
    h.redis("ACL", "SETUSER", user, r.choice(["off", "on"]), "nopass", "~metrics:*", "+info", "+get")
    q = r.sample([["ACL", "LIST"], ["ACL", "WHOAMI"], ["CONFIG", "GET", "maxmemory*"], ["CONFIG", "GET", "requirepass"], ["ACL", "GETUSER", user], ["CONFIG", "GET", "appendonly"]], 2)
    out = "".join(P.redis_prompt(h, *c, raw=False) for c in q)
    h.redis("ACL", "DELUSER", user)
    return out, []


@category("negative", "swaks-bot-mail-masked", N)
def swaks_bot_mail_masked(h, r):
    args = ["--from", r.choice(BOTS), "--to", r.choice(["alerts@example.org", "oncall@example.com", "builds@example.net"]), "--header", f"Subject: [{svc(r)}] build #{r.randint(100, 9999)} {r.choice(['passed', 'failed'])}"]
    pw = V.password(r)
    if r.random() < 0.5:
        args += ["--auth", r.choice(["LOGIN", "PLAIN"]), "--auth-user", "relay", "--auth-password", pw, "--auth-hide-password"]
    out = P.swaks(h, *args)
    for v in (pw, base64.b64encode(pw.encode()).decode(), base64.b64encode(f"\0relay\0{pw}".encode()).decode()):
        if v in out:
            raise RuntimeError("swaks printed the password")
    return out, []


@category("negative", "msmtp-masked-config", N)
def msmtp_masked_config(h, r):
    pw = V.password(r)
    if r.random() < 0.5:
        rc = P.msmtp_rc(h, "relay", pw, sender=r.choice(BOTS[:5]))
        h.write(".msmtprc", rc, 0o600)
        out = h.run(["msmtp", "--pretend", r.choice(["alerts@example.org", "oncall@example.com"])])
    else:
        rc = P.msmtp_rc(h, sender=r.choice(BOTS[:5]))
        out = P.msmtp(h, rc, ["oncall@example.com"], f"Subject: disk usage {r.randint(70, 99)}%\n\nvolume /var at threshold\n")
    if pw in out:
        raise RuntimeError("msmtp printed the password")
    return out, []


@category("negative", "httpie-verbose-clean", N)
def httpie_verbose_clean(h, r):
    headers = [("ETag", f'W/"{sha(r, 16)}"'), ("X-Request-Id", V.uuid(r)), ("Cache-Control", "max-age=60"), ("X-RateLimit-Remaining", str(r.randint(0, 5000)))]
    body = json.dumps({"id": r.randint(1, 99999), "status": r.choice(["queued", "running", "done"]), "commit": sha(r), "version": f"{r.randint(1, 3)}.{r.randint(0, 20)}.{r.randint(0, 9)}"}).encode()
    return P.httpie(h, "-v", r.choice(["GET", "GET", "POST"]), f"{h.url}/v2/{svc(r)}/runs/{r.randint(1, 9999)}", *r.choice([[], ["Accept:application/json"], [f"dry_run:=true"]]), reply={"headers": headers + [("Content-Type", "application/json")], "body": body}), []


@category("negative", "httpie-headers-offline", N)
def httpie_headers_offline(h, r):
    if r.random() < 0.5:
        headers = [("Location", f"/v1/{svc(r)}/{V.uuid(r)}"), ("Link", f'<{h.url}/v1/items?page={r.randint(2, 9)}>; rel="next"'), ("X-Trace-Id", sha(r, 32))]
        return P.httpie(h, "--headers", "GET", f"{h.url}/v1/{svc(r)}", reply={"status": r.choice([200, 201, 302]), "headers": headers}), []
    return P.httpie(h, "--offline", "POST", f"https://api.example.com/v1/{svc(r)}/jobs", f"name={svc(r)}-nightly", f"retries:={r.randint(1, 5)}", "Authorization:Bearer <token>"), []


@category("negative", "aws-debug-unsigned", N)
def aws_debug_unsigned(h, r):
    bucket = f"{r.choice(V.ORGS)}-{r.choice(['public-assets', 'datasets', 'releases'])}"
    body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><ListBucketResult><Name>%s</Name><KeyCount>1</KeyCount><Contents><Key>v%d/app.tar.gz</Key><ETag>&quot;%s&quot;</Key></Contents></ListBucketResult>" % (bucket, r.randint(1, 9), sha(r, 32))).replace("</Key></Contents>", "</ETag><Size>%d</Size></Contents>" % r.randint(1000, 999999)).encode()
    args = r.choice([["s3api", "list-objects-v2", "--bucket", bucket, "--max-items", "1"], ["s3api", "head-bucket", "--bucket", bucket]])
    env = {"_request_id": V.uuid(r), "_region": r.choice(["us-east-1", "eu-west-1"])}
    h.http.reply(body=body, headers=[("Content-Type", "application/xml")])
    out = h.run(["aws", "--debug", "--no-sign-request", "--endpoint-url", h.url, "--region", env["_region"], *args], env=h.env(AWS_CONFIG_FILE=h.home + "/.aws/config", AWS_SHARED_CREDENTIALS_FILE=h.home + "/.aws/credentials"), ok=None)
    i = out.find("Making request")
    return out[out.rfind("\n", 0, i) + 1 :], []


@category("negative", "ruby-net-http-debug-clean", N)
def ruby_net_http_debug_clean(h, r):
    reply = {"headers": [("ETag", f'"{sha(r, 20)}"'), ("X-Request-Id", V.uuid(r)), ("Content-Type", "application/json")], "body": json.dumps({"build": r.randint(1, 9999), "sha": sha(r)}).encode()}
    return P.ruby_http(h, r.choice(["get", "head"]), f"/api/{svc(r)}/builds/{r.randint(1, 9999)}", headers=[("Accept", "application/json"), ("X-Request-Id", V.uuid(r))], reply=reply), []


@category("negative", "sqlalchemy-url-masked-echo", N)
def sqlalchemy_url_masked_echo(h, r):
    pw = V.password(r)
    url = f"postgresql+psycopg2://{r.choice(['app', 'etl', 'reporting'])}:{pw}@{r.choice(V.HOSTS)}:5432/{svc(r)}"
    code = f"""from sqlalchemy.engine import make_url
from sqlalchemy import create_engine, text
u = make_url({url!r})
print(repr(u))
print(u.render_as_string(hide_password=True))
print(u.drivername, u.host, u.port, u.database)
engine = create_engine("sqlite://", echo=True, future=True)
with engine.connect() as conn:
    conn.execute(text("SELECT :a AS job_id, :b AS state"), {{"a": {r.randint(1, 9999)}, "b": {r.choice(['queued', 'done'])!r}}})
"""
    out = h.python(code)
    if pw in out:
        raise RuntimeError("SQLAlchemy printed the password")
    return out, []


@category("negative", "pandas-describe-info", N)
def pandas_describe_info(h, r):
    rows = [[svc(r), r.randint(5, 900), round(r.uniform(0, 1), 3), r.choice(["ok", "degraded"])] for _ in range(r.randint(5, 12))]
    how = r.choice(["print(df.describe())", "df.info()", "print(df['status'].value_counts())", "print(df.groupby('service')['latency_ms'].mean().round(1))"])
    return P.pandas_print(h, rows, ["service", "latency_ms", "error_rate", "status"], how), []


@category("negative", "csv-table-metrics", N)
def csv_table_metrics(h, r):
    rows = [[svc(r), f"{r.randint(1, 5)}.{r.randint(0, 20)}.{r.randint(0, 9)}", sha(r, 12), r.randint(10, 900), f"{r.uniform(0, 2):.2f}"] for _ in range(r.randint(3, 6))]
    return P.csv_tool(h, r, ["service", "version", "commit", "p95_ms", "error_pct"], rows, name="metrics.csv"), []


@category("negative", "hg-log-config-clean", N)
def hg_log_config_clean(h, r):
    h.write(".hgrc", f"[ui]\nusername = release-bot <bot@noreply.example.com>\n\n[paths]\ndefault = https://hg.example.com/{r.choice(V.ORGS)}/{r.choice(V.REPOS)}\n")
    repo = h.fresh_dir("hgrepo")
    P.hg(h, ["init"], cwd=repo)
    for i in range(r.randint(1, 3)):
        h.write(os.path.join(repo, f"f{i}.txt"), f"{sha(r)}\n")
        P.hg(h, ["commit", "-A", "-m", f"{r.choice(['bump', 'chore', 'fix'])}: {svc(r)} {r.randint(1, 99)}", "-d", f"2026-11-{20 + i} 10:00:00 +0000"], cwd=repo)
    out = P.hg(h, r.choice([["log", "-v"], ["log", "-l", "2", "--template", "{node|short} {author} {desc}\n"], ["config", "ui"], ["paths"], ["summary"]]), cwd=repo)
    return out, []


@category("negative", "svn-info-log-clean", N)
def svn_info_log_clean(h, r):
    repo = os.path.join(h.fresh_dir("svnlocal"), "repo")
    h.run(["svnadmin", "create", repo])
    src = h.fresh_dir("svnsrc")
    for i in range(r.randint(1, 3)):
        h.write(os.path.join(src, r.choice(["src", "docs", "ci"]), f"f{i}.txt"), f"{sha(r)}\n")
    url = f"file://{repo}"
    h.run(["svn", "import", "--username", r.choice(["build", "release", "jenkins"]), "-m", f"import {svc(r)} {r.randint(1, 99)}", src, f"{url}/trunk"])
    out = h.run(["svn", *r.choice([["log", "-v", url], ["info", f"{url}/trunk"], ["list", "-R", f"{url}/trunk"]])])
    return out.replace("/workspace/svnlocal/repo", "/srv/svn/repo"), []


class Mosquitto:
    def __init__(self, h):
        from harness import free_port

        self.port = free_port()
        h.ports[self.port] = "1883"
        conf = h.write("mosquitto.conf", f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n")
        h.start(["/usr/sbin/mosquitto", "-c", conf])
        time.sleep(0.3)


@category("negative", "mosquitto-pub-sub-debug", N)
def mosquitto_pub_sub_debug(h, r):
    if not hasattr(h, "mqtt"):
        h.mqtt = Mosquitto(h)
    topic = f"{r.choice(['sensors', 'devices', 'fleet'])}/{V.hexs(r, 8)}/{r.choice(['telemetry', 'status', 'ota'])}"
    payload = json.dumps({"seq": r.randint(1, 9999), "fw": f"{r.randint(1, 3)}.{r.randint(0, 9)}.{r.randint(0, 9)}", "temp_c": round(r.uniform(-5, 40), 1)})
    sub = h.start(["mosquitto_sub", "-d", "-p", str(h.mqtt.port), "-h", "127.0.0.1", "-t", topic, "-C", "1", "-i", f"sub-{V.hexs(r, 6)}", "-v"])
    time.sleep(0.3)
    pub = h.run(["mosquitto_pub", "-d", "-p", str(h.mqtt.port), "-h", "127.0.0.1", "-t", topic, "-m", payload, "-q", str(r.randint(0, 1)), "-i", f"pub-{V.hexs(r, 6)}"])
    sub.wait(timeout=10)
    out = sub.stdout.read().decode()
    h._procs.remove(sub)
    return pub + h.normalize(out), []


@category("negative", "ioredis-debug-clean", N)
def ioredis_debug_clean(h, r):
    cmds = [["SET", f"build:{r.randint(1, 9999)}:sha", sha(r)], ["INCR", f"deploys:{svc(r)}"], ["EXPIRE", f"lock:{V.uuid(r)}", "30"]]
    return P.ioredis_debug(h, {"db": r.randint(0, 3), "connectionName": f"{svc(r)}-worker"}, r.sample(cmds, r.randint(1, 3))), []


@category("negative", "knex-debug-query-clean", N)
def knex_debug_query_clean(h, r):
    table = f"runs_{V.s(r, V.LOWER, 5)}"
    js = f"  await knex('{table}').insert({{ ref: '{V.uuid(r)}', state: 'queued' }});\n  const rows = await knex('{table}').select('id', 'state').where('state', 'queued').limit({r.randint(1, 50)});\n  console.log(rows);"
    return P.knex_debug(h, f"CREATE TABLE {table} (id serial primary key, ref uuid, state text);", js, namespaces=r.choice(["knex:query,knex:bindings", "knex:*"])), []
