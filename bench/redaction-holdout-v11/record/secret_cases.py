"""Secret categories: a real program prints a credential it was handed or that it stores."""

import base64
import json
import os

import programs as P
import values as V
from registry import category

N = 13


def svc(r):
    return r.choice(V.SERVICES)


def role_name(r):
    return f"{r.choice(['svc', 'app', 'etl', 'ro', 'report', 'api'])}_{r.choice(V.SERVICES)}{r.randint(1, 9)}"


@category("secret", "postgres-log-role-password", N)
def postgres_log_role_password(h, r):
    role, pw = role_name(r), V.password(r)
    stmt = r.choice([
        f"CREATE ROLE {role} LOGIN PASSWORD '{pw}'",
        f"CREATE USER {role} WITH ENCRYPTED PASSWORD '{pw}' CONNECTION LIMIT {r.randint(5, 50)}",
        f"ALTER ROLE {role} WITH PASSWORD '{pw}' VALID UNTIL '2027-0{r.randint(1, 9)}-01'",
    ])
    setup = f"DROP ROLE IF EXISTS {role}; " + ("" if stmt.startswith("C") else f"CREATE ROLE {role} LOGIN; ")
    h.psql(setup, "-q")
    extra = f"GRANT CONNECT ON DATABASE app TO {role}"

    def act():
        h.psql(stmt)
        h.psql(extra)
        h.psql(f"SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname = '{role}'")

    log = h.pg_log_since(act)
    h.psql(f"DROP OWNED BY {role}; DROP ROLE {role}", "-q")
    return log, [pw]


@category("secret", "pg-dump-copy-tokens", N)
def pg_dump_copy_tokens(h, r):
    rows, targets = [], []
    for i in range(r.randint(2, 4)):
        tok = V.api_token(r)
        rows.append([r.choice(["github", "gitlab", "openai", "slack", "sendgrid", "linear", "grafana"]), tok, f"2026-0{r.randint(1, 9)}-1{r.randint(0, 9)} 08:00:00+00"])
        targets.append(tok)
    table = P.pg_table(h, r, r.choice(["integrations", "api_credentials", "provider_tokens"]), [("id", "serial primary key"), ("provider", "text"), ("token", "text"), ("created_at", "timestamptz")], rows)
    out = h.run(["pg_dump", "--data-only", "--no-owner", "-t", table, "app"])
    return out, targets


@category("secret", "psql-expanded-api-keys", N)
def psql_expanded_api_keys(h, r):
    rows, targets = [], []
    for i in range(r.randint(1, 3)):
        key = r.choice([V.stripe, V.stripe_whsec, V.sendgrid, V.mailgun, V.shopify, V.twilio_token])(r)
        rows.append([f"{svc(r)}-{r.choice(['prod', 'staging'])}", r.choice(["stripe", "sendgrid", "mailgun", "shopify", "twilio"]), key, r.choice([True, False])])
        targets.append(key)
    table = P.pg_table(h, r, r.choice(["merchant_settings", "tenant_keys", "webhooks"]), [("id", "serial"), ("tenant", "text"), ("vendor", "text"), ("secret", "text"), ("active", "boolean")], rows)
    return h.psql(f"SELECT * FROM {table} ORDER BY id", "-x"), targets


@category("secret", "psql-aligned-service-credentials", N)
def psql_aligned_service_credentials(h, r):
    rows, targets = [], []
    for i in range(r.randint(2, 4)):
        pw = V.password(r)
        rows.append([svc(r), r.choice(V.HOSTS), r.choice(["deploy", "app", "readonly", "etl"]), pw])
        targets.append(pw)
    table = P.pg_table(h, r, r.choice(["service_accounts", "db_credentials", "connections"]), [("id", "serial"), ("service", "text"), ("host", "text"), ("username", "text"), ("password", "text")], rows)
    sql = r.choice([f"SELECT service, host, username, password FROM {table}", f"TABLE {table}", f"SELECT * FROM {table} WHERE username <> 'root'"])
    return h.psql(sql), targets


@category("secret", "redis-monitor-session-tokens", N)
def redis_monitor_session_tokens(h, r):
    sid, uid = V.uuid(r), r.randint(1000, 99999)
    access, refresh = V.jwt(r), V.session_cookie(r)
    cmds = [["SET", f"session:{sid}", access, "EX", "3600"], ["HSET", f"oauth:user:{uid}", "access_token", access, "refresh_token", refresh, "provider", r.choice(["github", "google", "okta"])], ["EXPIRE", f"oauth:user:{uid}", "86400"], ["GET", f"session:{sid}"]]
    targets = [access, refresh]
    if r.random() < 0.5:
        key = V.api_token(r)
        cmds.append(["SET", f"cache:{svc(r)}:api_key", key])
        targets.append(key)
    return P.redis_monitor(h, cmds), targets


@category("secret", "redis-config-get-requirepass", N)
def redis_config_get_requirepass(h, r):
    pw, master = V.password(r), V.password(r)
    h.redis("CONFIG", "SET", "requirepass", pw)
    h.run(["redis-cli", "-p", str(h.redis_port), "-a", pw, "--no-auth-warning", "CONFIG", "SET", "masterauth", master])
    pattern = r.choice(["requirepass", "*auth*", "*pass*"])
    flags = r.choice([["--no-auth-warning"], [], ["--no-auth-warning", "--no-raw"]])
    out = h.run(["redis-cli", "-p", str(h.redis_port), "-a", pw, *flags, "CONFIG", "GET", pattern])
    cmd = f"$ redis-cli -a \"$REDIS_PASSWORD\" {' '.join(flags)} CONFIG GET '{pattern}'".replace("  ", " ")
    h.run(["redis-cli", "-p", str(h.redis_port), "-a", pw, "--no-auth-warning", "CONFIG", "SET", "masterauth", ""])
    h.run(["redis-cli", "-p", str(h.redis_port), "-a", pw, "--no-auth-warning", "CONFIG", "SET", "requirepass", ""])
    targets = [v for v in (pw, master) if v in out]
    return f"{cmd}\n{out}", targets


@category("secret", "redis-hgetall-credentials", N)
def redis_hgetall_credentials(h, r):
    key = f"creds:{svc(r)}:{r.choice(['prod', 'staging', 'eu'])}"
    cid = f"{V.hexs(r, 20)}"
    secret = r.choice([V.session_cookie, V.password, V.aws_secret])(r)
    api = V.api_token(r)
    h.redis("DEL", key)
    h.redis("HSET", key, "client_id", cid, "client_secret", secret, "api_key", api, "rotated_at", f"2026-1{r.randint(0, 1)}-0{r.randint(1, 9)}")
    out = P.redis_prompt(h, "HGETALL", key, raw=r.random() < 0.5)
    h.redis("DEL", key)
    return out, [secret, api]


@category("secret", "swaks-auth-transcript", N)
def swaks_auth_transcript(h, r):
    user = r.choice(["mailer", "apikey", "postmaster@mg.kestrel-analytics.io", "noreply@tidewater-labs.com", "smtp-relay"])
    pw = r.choice([V.password, V.sendgrid, V.mailgun])(r)
    mech = r.choice(["LOGIN", "PLAIN"])
    out = P.swaks(h, "--from", "alerts@ci.example.com", "--to", "ops@example.org", "--auth", mech, "--auth-user", user, "--auth-password", pw, "--header", f"Subject: smtp check {r.randint(1, 999)}")
    if mech == "PLAIN":
        targets = [base64.b64encode(f"\0{user}\0{pw}".encode()).decode()]
    else:
        targets = [base64.b64encode(pw.encode()).decode()]
    return out, targets


@category("secret", "msmtp-debug-auth-plain", N)
def msmtp_debug_auth_plain(h, r):
    user = r.choice(["ci-notify", "apikey", "smtp@tidewater-labs.com", "relay"])
    pw = r.choice([V.password, V.sendgrid])(r)
    rc = P.msmtp_rc(h, user, pw, sender=r.choice(["ci@example.com", "builds@example.net"]))
    out = P.msmtp(h, rc, ["ops@example.org"], f"Subject: nightly build {r.randint(100, 999)}\n\nfinished\n")
    if f"password = {pw}" in out:
        raise RuntimeError("msmtp printed the configured password")
    return out, [base64.b64encode(f"\0{user}\0{pw}".encode()).decode()]


@category("secret", "httpie-verbose-auth-headers", N)
def httpie_verbose_auth_headers(h, r):
    shape = r.randrange(4)
    path = f"/v{r.randint(1, 3)}/{svc(r)}/{r.randint(1, 999)}"
    if shape == 0:
        user, pw = r.choice(["deploy", "ci", "admin", "registry"]), V.password(r)
        return P.httpie(h, "-v", "-a", f"{user}:{pw}", "GET", h.url + path), [base64.b64encode(f"{user}:{pw}".encode()).decode()]
    tok = V.api_token(r)
    if shape == 1:
        return P.httpie(h, "-v", "GET", h.url + path, f"Authorization:Bearer {tok}"), [tok]
    if shape == 2:
        hdr = r.choice(["X-API-Key", "PRIVATE-TOKEN", "X-Auth-Token", "Api-Key"])
        return P.httpie(h, "-v", "DELETE", h.url + path, f"{hdr}:{tok}"), [tok]
    return P.httpie(h, "-v", "GET", h.url + path, f"{r.choice(['api_key', 'access_token', 'token'])}=={tok}", "limit==50"), [tok]


@category("secret", "httpie-json-body-secrets", N)
def httpie_json_body_secrets(h, r):
    if r.random() < 0.5:
        cid, secret = V.hexs(r, 24), V.session_cookie(r)
        out = P.httpie(h, "-v", "POST", h.url + "/oauth/token", "grant_type=client_credentials", f"client_id={cid}", f"client_secret={secret}")
        return out, [secret]
    access, refresh = V.jwt(r), V.session_cookie(r)
    body = json.dumps({"access_token": access, "token_type": "Bearer", "expires_in": 3600, "refresh_token": refresh, "scope": "read write"}).encode()
    out = P.httpie(h, r.choice(["-v", "--print=hb", "-b"]) if r.random() < 0.7 else "-v", "POST", h.url + "/oauth/token", "grant_type=refresh_token", reply={"body": body, "headers": [("Content-Type", "application/json")]})
    return out, [t for t in (access, refresh) if t in out]


def session_token(r):
    return "IQoJb3JpZ2luX2Vj" + V.s(r, V.B64, r.randint(180, 320))


def aws_env(r, token=True):
    e = {"AWS_ACCESS_KEY_ID": V.aws_key_id(r, "ASIA" if token else "AKIA"), "AWS_SECRET_ACCESS_KEY": V.aws_secret(r)}
    if token:
        e["AWS_SESSION_TOKEN"] = session_token(r)
    e["_request_id"] = V.uuid(r)
    e["_region"] = r.choice(["us-east-1", "eu-west-1", "eu-central-1", "us-west-2"])
    return e


@category("secret", "aws-debug-session-token", N)
def aws_debug_session_token(h, r):
    env = aws_env(r)
    tok, secret = env["AWS_SESSION_TOKEN"], env["AWS_SECRET_ACCESS_KEY"]
    args = r.choice([["sts", "get-caller-identity"], ["secretsmanager", "list-secrets", "--max-results", "5"], ["ssm", "describe-parameters"], ["logs", "describe-log-groups", "--limit", "3"]])
    out = P.aws_debug(h, args, env)
    if secret in out:
        raise RuntimeError("aws printed the secret access key")
    return out, [tok]


@category("secret", "aws-debug-secret-value-body", N)
def aws_debug_secret_value_body(h, r):
    env = aws_env(r, token=False)
    name = f"{r.choice(['prod', 'staging'])}/{svc(r)}/{r.choice(['db', 'api', 'smtp'])}"
    pw = r.choice([V.password, V.api_token])(r)
    shape = r.randrange(3)
    if shape == 0:
        secret_string = json.dumps({"username": r.choice(["app", "svc_etl"]), "password": pw, "host": r.choice(V.HOSTS), "port": 5432})
        body = json.dumps({"ARN": f"arn:aws:secretsmanager:us-east-1:{r.randint(10**11, 10**12 - 1)}:secret:{name}-{V.s(r, V.ALNUM, 6)}", "Name": name, "SecretString": secret_string, "VersionId": V.uuid(r), "VersionStages": ["AWSCURRENT"]})
        out = P.aws_debug(h, ["secretsmanager", "get-secret-value", "--secret-id", name], env, body=body.encode())
    elif shape == 1:
        body = json.dumps({"ARN": f"arn:aws:secretsmanager:us-east-1:{r.randint(10**11, 10**12 - 1)}:secret:{name}-{V.s(r, V.ALNUM, 6)}", "Name": name, "VersionId": V.uuid(r)})
        out = P.aws_debug(h, ["secretsmanager", "create-secret", "--name", name, "--secret-string", pw], env, body=body.encode())
    else:
        body = json.dumps({"Parameter": {"Name": f"/{name}", "Type": "SecureString", "Value": pw, "Version": r.randint(1, 9), "ARN": f"arn:aws:ssm:us-east-1:{r.randint(10**11, 10**12 - 1)}:parameter/{name}", "DataType": "text"}})
        out = P.aws_debug(h, ["ssm", "get-parameter", "--name", f"/{name}", "--with-decryption"], env, body=body.encode())
    if env["AWS_SECRET_ACCESS_KEY"] in out:
        raise RuntimeError("aws printed the secret access key")
    return out, [pw]


@category("secret", "ruby-net-http-debug-output", N)
def ruby_net_http_debug_output(h, r):
    path = f"/api/{svc(r)}/{r.choice(['sync', 'status', 'events'])}"
    shape = r.randrange(4)
    cookie = V.session_cookie(r)
    reply = {"headers": [("Set-Cookie", f"_session_id={cookie}; Path=/; HttpOnly")], "body": b'{"status":"ok"}'} if r.random() < 0.4 else {}
    extra = [cookie] if reply else []
    if shape == 0:
        tok = V.api_token(r)
        return P.ruby_http(h, "get", path, headers=[("Authorization", f"Bearer {tok}")], reply=reply), [tok] + extra
    if shape == 1:
        user, pw = r.choice(["deploy", "ci", "sidekiq"]), V.password(r)
        return P.ruby_http(h, "get", path, basic=(user, pw), reply=reply), [base64.b64encode(f"{user}:{pw}".encode()).decode()] + extra
    if shape == 2:
        tok = r.choice([V.shopify, V.stripe, V.twilio_token])(r)
        return P.ruby_http(h, "post", path, headers=[(r.choice(["X-Shopify-Access-Token", "X-Api-Key"]), tok)], body=json.dumps({"sync": True}), reply=reply), [tok] + extra
    pw = V.password(r)
    return P.ruby_http(h, "post", "/users/sign_in", body=json.dumps({"user": {"login": "deploy", "password": pw}}), reply=reply), [pw] + extra


@category("secret", "svn-auth-show-passwords", N)
def svn_auth_show_passwords(h, r):
    if not hasattr(h, "svn"):
        h.svn = P.Svnserve(h)
    user, pw = r.choice(["deploy", "builder", "jenkins", "release"]), V.password(r)
    realm = r.choice(["platform", "Corporate SVN", "build repository"])
    h.svn.users(realm, [(user, pw)])
    cfg = h.fresh_dir(".subversion-ci")
    P.svn_plaintext_config(h, cfg)
    wc = h.fresh_dir("wc")
    h.run(["svn", "checkout", "--config-dir", cfg, "--non-interactive", "--username", user, "--password", pw, h.svn.url(), wc])
    out = h.run(["svn", "auth", "--config-dir", cfg, "--show-passwords"])
    return out.replace("/workspace/.subversion-ci", "/workspace/.subversion"), [pw]


@category("secret", "hg-config-auth-secrets", N)
def hg_config_auth_secrets(h, r):
    prefix = f"hg.{r.choice(['corp', 'internal', 'acme-labs'])}.{r.choice(['com', 'io', 'net'])}"
    user, pw = r.choice(["deploy", "ci", "release-bot"]), V.password(r)
    h.write(".hgrc", f"[ui]\nusername = Build Bot <builds@example.com>\n\n[auth]\ncorp.prefix = https://{prefix}\ncorp.username = {user}\ncorp.password = {pw}\ncorp.schemes = https\n\n[extensions]\nrebase =\n")
    out = P.hg(h, ["config", r.choice(["auth", "--debug", "auth.corp.password"])] if r.random() < 0.8 else ["config"])
    if pw not in out:
        raise RuntimeError("hg config did not print the password")
    return out, [pw]


@category("secret", "sqlalchemy-echo-token-params", N)
def sqlalchemy_echo_token_params(h, r):
    toks = [V.api_token(r) for _ in range(r.randint(1, 3))]
    stmts = [("INSERT INTO api_keys (owner, token, scopes) VALUES (:owner, :token, :scopes)", {"owner": f"{svc(r)}-worker", "token": t, "scopes": r.choice(["read", "read,write", "admin"])}) for t in toks]
    if r.random() < 0.5:
        stmts.append(("SELECT id, owner FROM api_keys WHERE token = :token", {"token": toks[0]}))
    return P.sqlalchemy_echo(h, "CREATE TABLE api_keys (id INTEGER PRIMARY KEY, owner TEXT, token TEXT, scopes TEXT)", stmts), toks


@category("secret", "ioredis-debug-auth-command", N)
def ioredis_debug_auth_command(h, r):
    user, pw = r.choice(["app", "worker", "cache-rw"]), V.password(r)
    h.redis("ACL", "SETUSER", user, "on", "resetpass", f">{pw}", "~*", "&*", "+@all")
    cmds = [["SET", f"job:{r.randint(1, 9999)}:status", "queued"], ["INCR", "jobs:enqueued"]]
    out = P.ioredis_debug(h, {"username": user, "password": pw}, cmds)
    h.redis("ACL", "DELUSER", user)
    return out, [pw]


@category("secret", "knex-debug-bindings-tokens", N)
def knex_debug_bindings_tokens(h, r):
    table = f"tokens_{V.s(r, V.LOWER, 5)}"
    toks = [V.api_token(r) for _ in range(r.randint(1, 2))]
    rows = ", ".join(json.dumps({"owner": f"{svc(r)}-bot", "token": t}) for t in toks)
    js = f"  await knex('{table}').insert([{rows}]);\n  await knex('{table}').where({{ owner: 'x' }}).update({{ revoked: true }});"
    out = P.knex_debug(h, f"CREATE TABLE {table} (id serial primary key, owner text, token text, revoked boolean default false);", js)
    return out, toks


def pandas_targets(out, values):
    """The value whole where pandas printed it whole, else the visible part before its `...`."""
    targets = []
    for v in values:
        if v in out:
            targets.append(v)
            continue
        for n in range(len(v) - 1, 5, -1):
            if v[:n] + "..." in out:
                targets.append(v[:n])
                break
        else:
            raise RuntimeError("pandas printed a value neither whole nor cut")
    return targets


@category("secret", "pandas-print-credentials-frame", N)
def pandas_print_credentials_frame(h, r):
    rows, secrets = [], []
    for i in range(r.randint(2, 5)):
        sec = r.choice([V.password, V.api_token, V.aws_secret, V.stripe])(r)
        rows.append([svc(r), r.choice(["prod", "staging", "dev"]), sec, r.randint(1, 400)])
        secrets.append(sec)
    how = r.choice(["print(df)", "print(df.to_string())", "print(df.head())", "print(df.to_string(index=False))"])
    out = P.pandas_print(h, rows, ["service", "env", "secret", "age_days"], how)
    return out, pandas_targets(out, secrets)


@category("secret", "csv-table-secrets", N)
def csv_table_secrets(h, r):
    rows, targets = [], []
    for i in range(r.randint(2, 4)):
        sec = r.choice([V.password, V.api_token, V.google_api, V.azure_storage])(r)
        rows.append([svc(r), r.choice(["api_key", "db_password", "storage_key", "webhook_secret"]), sec, f"2026-0{r.randint(1, 9)}-0{r.randint(1, 9)}"])
        targets.append(sec)
    return P.csv_tool(h, r, ["service", "kind", "value", "rotated"], rows, name="secrets-export.csv"), targets
