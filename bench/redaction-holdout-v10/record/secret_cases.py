"""Secret categories: each runs a real program with a synthetic secret planted in its input and
returns (output, the exact substrings of the output that are the secret)."""

import base64
import re
import json
import textwrap
from urllib.parse import quote

from registry import category
from values import (
    HOSTS, ORGS, REPOS, SERVICES, ALNUM, anthropic, api_token, aws_key_id, aws_secret, azure_storage, databricks, digitalocean,
    gitlab, github, github_fine, google_api, grafana, huggingface, jwt, linear, mailgun, npm, openai, password, pypi, s,
    sendgrid, session_cookie, shopify, slack_bot, slack_webhook_path, stripe, stripe_whsec, telegram, twilio_token, uuid,
    hexs, discord,
)

COUNT = 13


def pem_body_lines(text, begin_marker):
    """The body lines of the first block opened by `begin_marker` (at least 16 characters each)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if begin_marker in line)
    body = []
    for line in lines[start + 1:]:
        if line.startswith("-----END"):
            break
        if ":" in line or line.startswith("=") or not line.strip():
            continue
        body.append(line.strip())
    return [b for b in body if len(b) >= 16]


def _split_copy(text, value):
    """The pieces of `value` where curl --trace-ascii cut it across lines (each new line opens with
    an offset such as `0040: `), or None when no such copy is in `text`."""
    for i in range(len(value) - 1, 0, -1):
        for m in re.finditer(re.escape(value[:i]) + r"\n[0-9a-f]{4}: ", text):
            rest = text[m.end():]
            if rest.startswith(value[i:]):
                return [value[:i], value[i:]]
            tail = _split_copy(rest, value[i:])
            if tail and rest.startswith(tail[0]):
                return [value[:i], *tail]
    return None


def trace_fragments(text, value):
    """Targets for a value curl may have cut: the value where it stands whole, and the pieces
    (6 characters or more) of a copy that was cut across lines."""
    found = ([value] if value in text else []) + (_split_copy(text, value) or [])
    if not found:
        raise RuntimeError("value not found in the trace")
    return [f for f in dict.fromkeys(found) if len(f) >= 6]


def json_body(r):
    return (json.dumps({"id": uuid(r), "status": r.choice(["ok", "queued", "active"]), "count": r.randint(0, 500)}) + "\n").encode()


def api_path(r):
    svc = r.choice(SERVICES)
    return r.choice([f"/v1/{svc}/status", f"/api/{svc}?limit={r.randint(5, 100)}", f"/v2/{svc}/jobs/{r.randint(100, 99999)}", "/user", f"/repos/{r.choice(ORGS)}/{r.choice(REPOS)}/actions/runs"])


@category("secret", "curl-verbose-bearer", COUNT)
def curl_verbose_bearer(h, r):
    tok = api_token(r)
    scheme = r.choice(["Bearer", "Bearer", "token"])
    h.server.reply(200, [("Content-Type", "application/json"), ("X-Request-Id", uuid(r))], json_body(r))
    args = ["curl", "-sS", "-v", "-H", f"Authorization: {scheme} {tok}", "-H", "Accept: application/json"]
    if r.random() < 0.4:
        args += ["-X", "POST", "-H", "Content-Type: application/json", "-d", json.dumps({"ref": "main", "dry_run": r.random() < 0.5})]
    return h.run(args + [h.url + api_path(r)]), [tok]


@category("secret", "curl-verbose-key-header-query", COUNT)
def curl_key_header_query(h, r):
    kind = r.randrange(6)
    h.server.reply(200, [("Content-Type", "application/json")], json_body(r))
    path = api_path(r)
    headers = []
    if kind == 0:
        tok = gitlab(r)
        headers = [f"PRIVATE-TOKEN: {tok}"]
    elif kind == 1:
        tok = anthropic(r)
        headers = [f"x-api-key: {tok}", "anthropic-version: 2023-06-01"]
    elif kind == 2:
        tok = shopify(r)
        headers = [f"X-Shopify-Access-Token: {tok}"]
    elif kind == 3:
        tok = google_api(r)
        path = f"/maps/api/geocode/json?address=Hauptstrasse+{r.randint(1, 90)}&key={tok}"
    elif kind == 4:
        tok = mailgun(r) if r.random() < 0.5 else hexs(r, 32)
        path = f"/api/v1/series?api_key={tok}&from={r.randint(1700000000, 1790000000)}"
    else:
        tok = huggingface(r) if r.random() < 0.5 else linear(r)
        path = f"/graphql?access_token={tok}"
    args = ["curl", "-sS", "-v"]
    for hd in headers:
        args += ["-H", hd]
    return h.run(args + [h.url + path]), [tok]


@category("secret", "curl-trace-basic-auth", COUNT)
def curl_trace_basic(h, r):
    user = r.choice(["deploy", "ci", "admin", "jenkins", "api", r.choice(SERVICES)])
    pw = password(r) if r.random() < 0.6 else api_token(r)
    b64 = base64.b64encode(f"{user}:{pw}".encode()).decode()
    h.server.reply(200, [("Content-Type", "application/json")], json_body(r))
    out = h.run(["curl", "-sS", "--trace-ascii", "-", "-u", f"{user}:{pw}", h.url + api_path(r)])
    return out, trace_fragments(out, b64)


@category("secret", "curl-trace-login-form-cookie", COUNT)
def curl_login_form(h, r):
    user = r.choice(["admin", "ops", "service-account", "backup", "grafana"])
    pw = password(r)
    cookie = session_cookie(r)
    name = r.choice(["session", "sessionid", "connect.sid", "_app_session", "JSESSIONID", "laravel_session"])
    h.server.reply(302, [("Location", "/dashboard"), ("Set-Cookie", f"{name}={cookie}; Path=/; HttpOnly; SameSite=Lax")], b"")
    out = h.run(["curl", "-sS", "--trace-ascii", "-", "-c", "-", "-d", f"username={user}&password={pw}", h.url + "/login"])
    return out, [*trace_fragments(out, pw), *trace_fragments(out, cookie)]


@category("secret", "wget-debug-basic-retry", COUNT)
def wget_basic(h, r):
    user = r.choice(["mirror", "ci", "deploy", "artifacts", "reader"])
    pw = password(r)
    b64 = base64.b64encode(f"{user}:{pw}".encode()).decode()
    h.server.reply(200, [("Content-Type", "application/octet-stream")], b"\x00" * r.randint(10, 90), require_auth=True)
    path = f"/private/{r.choice(['releases', 'artifacts', 'backups'])}/{r.choice(SERVICES)}-{r.randint(1, 9)}.{r.randint(0, 20)}.{r.randint(0, 9)}.tar.gz"
    url = h.url.replace("http://", f"http://{user}:{quote(pw, safe='')}@") + path
    out = h.run(["wget", "--debug", "-O", "/dev/null", url], ok=None)
    return out, [b64]


HTTPCLIENT_SCRIPT = """\
import http.client, json
conn = http.client.HTTPConnection("127.0.0.1", {port})
conn.set_debuglevel(1)
conn.request({method!r}, {path!r}, body={body!r}, headers={headers!r})
resp = conn.getresponse()
print(resp.status, resp.reason)
print(resp.read().decode())
"""


@category("secret", "python-httpclient-debuglevel", COUNT)
def python_httpclient(h, r):
    kind = r.randrange(4)
    h.server.reply(200, [("Content-Type", "application/json")], json_body(r))
    body = None
    method = "GET"
    if kind == 0:
        tok = api_token(r)
        headers = {"Authorization": f"Bearer {tok}", "Accept": "application/json"}
        targets = [tok]
    elif kind == 1:
        tok = sendgrid(r) if r.random() < 0.5 else openai(r)
        headers = {"X-API-Key": tok, "User-Agent": "sync-job/1.4"}
        targets = [tok]
    elif kind == 2:
        secret = s(r, ALNUM, r.choice([32, 40, 48]))
        method = "POST"
        headers = {"Content-Type": "application/json"}
        body = json.dumps({"grant_type": "client_credentials", "client_id": uuid(r), "client_secret": secret})
        targets = [secret]
    else:
        key, sec = aws_key_id(r), aws_secret(r)
        method = "POST"
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        body = f"Action=AssumeRole&AccessKeyId={key}&SecretAccessKey={sec.replace('+', '%2B').replace('/', '%2F')}"
        targets = [sec.replace("+", "%2B").replace("/", "%2F")]
    path = api_path(r) if method == "GET" else r.choice(["/oauth/token", "/v1/token", "/sts"])
    script = h.write("httpclient_debug.py", HTTPCLIENT_SCRIPT.format(port=h.server.port, method=method, path=path, body=body, headers=headers))
    return h.run(["python3", script]), targets


REQUESTS_SCRIPT = """\
import logging, requests
logging.basicConfig(level=logging.DEBUG)
r = requests.{method}("{url}", timeout=5)
print(r.status_code, r.text.strip())
"""


@category("secret", "python-requests-debug-query-token", COUNT)
def python_requests(h, r):
    kind = r.randrange(4)
    h.server.reply(200, [("Content-Type", "application/json")], json_body(r))
    method = "get"
    if kind == 0:
        tok = telegram(r)
        path = f"/bot{tok}/sendMessage?chat_id=-100{r.randint(1000000000, 9999999999)}&text=deploy+finished"
    elif kind == 1:
        tok = slack_webhook_path(r)
        path = f"/services/{tok}"
        method = "post"
    elif kind == 2:
        tok = jwt(r)
        path = f"/oauth/callback?state={hexs(r, 16)}&access_token={tok}&token_type=bearer"
    else:
        tok = r.choice([digitalocean, databricks, grafana, stripe])(r)
        path = f"/v1/export?format=csv&token={tok}"
    script = h.write("requests_debug.py", REQUESTS_SCRIPT.format(method=method, url=h.url + path))
    return h.run(["python3", script]), [tok]


NODE_HTTP_SCRIPT = """\
const http = require('http');
const req = http.request({opts}, (res) => {{
  let body = '';
  res.on('data', (c) => (body += c));
  res.on('end', () => console.log(res.statusCode, body.trim()));
}});
req.end({body});
"""


@category("secret", "node-debug-http-options", COUNT)
def node_debug_http(h, r):
    h.server.reply(200, [("Content-Type", "application/json")], json_body(r))
    opts = {"host": "127.0.0.1", "port": h.server.port, "path": api_path(r), "method": r.choice(["GET", "POST"])}
    kind = r.randrange(3)
    if kind == 0:
        tok = api_token(r)
        opts["headers"] = {"authorization": f"Bearer {tok}", "accept": "application/json"}
        targets = [tok]
    elif kind == 1:
        tok = r.choice([sendgrid, mailgun, databricks])(r)
        opts["headers"] = {"x-api-key": tok, "content-type": "application/json"}
        targets = [tok]
    else:
        pw = password(r)
        opts["auth"] = f"{r.choice(['svc', 'ci', 'metrics'])}:{pw}"
        targets = [pw]
    body = json.dumps(json.dumps({"dryRun": True})) if opts["method"] == "POST" else ""
    script = h.write("req.js", NODE_HTTP_SCRIPT.format(opts=json.dumps(opts), body=body))
    return h.run(["node", script], env=h.env(NODE_DEBUG=r.choice(["http", "http,net"]))), targets


@category("secret", "node-inspect-config", COUNT)
def node_inspect_config(h, r):
    pw = password(r)
    host = r.choice(HOSTS)
    db = r.choice(SERVICES)
    kind = r.randrange(3)
    if kind == 0:
        key = stripe(r)
        cfg = {"env": "production", "port": r.choice([3000, 8080, 4000]), "database": {"host": host, "port": 5432, "user": db, "password": pw, "ssl": True}, "stripe": {"secretKey": key, "apiVersion": "2024-06-20"}, "logLevel": "info"}
        js = f"const config = {json.dumps(cfg)};\nconsole.log(config);\n"
        targets = [pw, key]
    elif kind == 1:
        pw = quote(pw, safe="")
        js = f"const u = new URL({json.dumps(f'postgres://{db}:{pw}@{host}:5432/{db}?sslmode=require')});\nconsole.log(u);\n"
        targets = [pw]
    else:
        key = r.choice([openai, anthropic, google_api, sendgrid])(r)
        cfg = {"name": f"{db}-worker", "redis": {"url": f"redis://default:{pw}@{host}:6379/0"}, "providers": [{"id": "primary", "apiKey": key, "timeoutMs": 30000}], "retries": r.randint(1, 5)}
        js = f"const util = require('util');\nconsole.log(util.inspect({json.dumps(cfg)}, {{ depth: null }}));\n"
        targets = [pw, key]
    script = h.write("show-config.js", js)
    return h.run(["node", script]), targets


@category("secret", "bash-xtrace-deploy", COUNT)
def bash_xtrace(h, r):
    kind = r.randrange(3)
    svc = r.choice(SERVICES)
    if kind == 0:
        key, sec = aws_key_id(r), aws_secret(r)
        body = f"""\
            export AWS_ACCESS_KEY_ID={key}
            export AWS_SECRET_ACCESS_KEY='{sec}'
            export AWS_DEFAULT_REGION=eu-central-1
            bucket=s3://{svc}-artifacts
            echo "uploading to $bucket"
            """
        targets = [sec]
    elif kind == 1:
        tok = github(r, r.choice(["ghp", "ghs"])) if r.random() < 0.5 else github_fine(r)
        body = f"""\
            GITHUB_TOKEN={tok}
            repo={r.choice(ORGS)}/{r.choice(REPOS)}
            curl -fsS -o /dev/null -H "Authorization: token $GITHUB_TOKEN" "{h.url}/repos/$repo/releases"
            echo "release created"
            """
        targets = [tok]
    else:
        pw = password(r)
        tok = npm(r)
        body = f"""\
            login() {{ :; }}
            REGISTRY_PASSWORD='{pw}'
            login --username ci --password "$REGISTRY_PASSWORD" registry.internal:5000
            printf '//registry.npmjs.org/:_authToken=%s\\n' "{tok}" > .npmrc
            echo "logged in"
            """
        targets = [pw, tok]
    h.server.reply(201, [("Content-Type", "application/json")], json_body(r))
    script = h.write("deploy.sh", "#!/usr/bin/env bash\nset -euo pipefail\n" + textwrap.dedent(body))
    return h.run(["bash", "-x", script]), targets


def ordinary_env(r):
    return {
        "CI": "true",
        "NODE_ENV": r.choice(["production", "staging"]),
        "APP_NAME": r.choice(SERVICES),
        "PORT": str(r.choice([3000, 8000, 8080])),
        "LOG_LEVEL": r.choice(["info", "debug", "warn"]),
        "DATABASE_HOST": r.choice(HOSTS),
        "TZ": "UTC",
        "BUILD_NUMBER": str(r.randint(100, 9999)),
    }


@category("secret", "env-dump-secrets", COUNT)
def env_dump(h, r):
    planted = {}
    targets = []
    for name, gen in r.sample([("GITHUB_TOKEN", github), ("OPENAI_API_KEY", openai), ("STRIPE_SECRET_KEY", stripe), ("SENDGRID_API_KEY", sendgrid), ("DB_PASSWORD", password), ("TWILIO_AUTH_TOKEN", twilio_token), ("HF_TOKEN", huggingface), ("SLACK_BOT_TOKEN", slack_bot), ("DISCORD_TOKEN", discord), ("AZURE_STORAGE_KEY", azure_storage), ("PYPI_TOKEN", pypi)], r.randint(1, 3)):
        planted[name] = gen(r)
        targets.append(planted[name])
    env = ordinary_env(r)
    env.update(planted)
    items = list(env.items())
    r.shuffle(items)
    full = h.env(**dict(items))
    prog = r.randrange(4)
    if prog == 0:
        out = h.run(["env"], env=full)
    elif prog == 1:
        out = h.run(["bash", "-c", "printenv | sort"], env=full)
    elif prog == 2:
        out = h.run(["python3", "-c", "import os; print(os.environ)"], env=full)
    else:
        out = h.run(["node", "-p", "process.env"], env=full)
    return out, targets


def git_repo(h, r):
    d = h.fresh_dir(f"src/{r.choice(REPOS)}")
    h.run(["git", "init", "-q", "-b", "main"], cwd=d)
    return d


@category("secret", "git-remote-token-url", COUNT)
def git_remote(h, r):
    d = git_repo(h, r)
    org, repo = r.choice(ORGS), r.choice(REPOS)
    kind = r.randrange(4)
    if kind == 0:
        tok = github(r, "ghs")
        url = f"https://x-access-token:{tok}@github.com/{org}/{repo}.git"
    elif kind == 1:
        tok = gitlab(r)
        url = f"https://oauth2:{tok}@gitlab.com/{org}/{repo}.git"
    elif kind == 2:
        tok = s(r, "abcdefghijklmnopqrstuvwxyz0123456789", 52)
        url = f"https://{tok}@dev.azure.com/{org}/{repo}/_git/{repo}"
    else:
        tok = password(r)
        tok = quote(tok, safe="")
        url = f"https://{r.choice(['build', 'deploy'])}:{tok}@bitbucket.org/{org}/{repo}.git"
    h.run(["git", "remote", "add", "origin", url], cwd=d)
    shown = r.randrange(3)
    if shown == 0:
        out = h.run(["git", "remote", "-v"], cwd=d)
    elif shown == 1:
        out = h.run(["git", "config", "--list", "--show-origin"], cwd=d)
    else:
        out = h.run(["git", "remote", "show", "-n", "origin"], cwd=d)
    return out, [tok]


@category("secret", "git-credential-fill-extraheader", COUNT)
def git_credential(h, r):
    d = git_repo(h, r)
    kind = r.randrange(2)
    host = r.choice(["github.com", "gitlab.com", "git.internal.lan"])
    if kind == 0:
        tok = github(r) if host == "github.com" else gitlab(r) if host == "gitlab.com" else password(r)
        user = r.choice(["x-access-token", "oauth2", "ci-bot"])
        store = h.write(f"{d}/.git/creds", f"https://{user}:{quote(tok, safe='')}@{host}\n", 0o600)
        h.run(["git", "config", "credential.helper", f"store --file={store}"], cwd=d)
        out = h.run(["git", "credential", "fill"], cwd=d, input=f"protocol=https\nhost={host}\n\n".encode())
        return out, [tok]
    tok = github(r, "ghs")
    b64 = base64.b64encode(f"x-access-token:{tok}".encode()).decode()
    h.run(["git", "config", "--local", f"http.https://{host}/.extraheader", f"AUTHORIZATION: basic {b64}"], cwd=d)
    h.run(["git", "remote", "add", "origin", f"https://{host}/{r.choice(ORGS)}/{r.choice(REPOS)}"], cwd=d)
    out = h.run(["git", "config", "--list", "--show-origin"] if r.random() < 0.5 else ["git", "config", "--get-regexp", "http"], cwd=d)
    return out, [b64]


@category("secret", "pip-config-index-token", COUNT)
def pip_config(h, r):
    d = h.fresh_dir("pipcfg")
    conf = f"{d}/pip.conf"
    kind = r.randrange(3)
    if kind == 0:
        tok = pypi(r)
        text = f"[global]\nindex-url = https://__token__:{tok}@upload.pypi.org/simple\n"
    elif kind == 1:
        tok = quote(password(r), safe="")
        text = f"[global]\nindex-url = https://pypi.org/simple\nextra-index-url = https://{r.choice(['ci', 'reader'])}:{tok}@pkgs.{r.choice(ORGS)}.dev/simple/\n"
    else:
        tok = s(r, ALNUM, 52)
        text = f"[install]\nindex-url = https://aws:{tok}@{r.choice(ORGS)}-{r.randint(100000000000, 999999999999)}.d.codeartifact.eu-west-1.amazonaws.com/pypi/{r.choice(REPOS)}/simple/\ntrusted-host = pypi.internal\n"
    h.write(conf, text)
    out = h.run(["python3", "-m", "pip", "config", r.choice(["list", "debug"])], env=h.env(PIP_CONFIG_FILE=conf))
    return out, [tok]


@category("secret", "openssl-genpkey-pem", COUNT)
def openssl_genpkey(h, r):
    kind = r.randrange(4)
    if kind == 0:
        out = h.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"])
    elif kind == 1:
        out = h.run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
    elif kind == 2:
        out = h.run(["openssl", "genpkey", "-algorithm", r.choice(["ED25519", "X25519", "ED448"])])
    else:
        out = h.run(["openssl", "ecparam", "-name", r.choice(["prime256v1", "secp384r1"]), "-genkey"])
    marker = "PRIVATE KEY-----"
    return out, pem_body_lines(out, marker)


@category("secret", "ssh-gpg-private-key-export", COUNT)
def ssh_gpg_private(h, r):
    if r.random() < 0.6:
        d = h.fresh_dir(".ssh-keys")
        kind = r.choice(["ed25519", "ecdsa", "rsa"])
        name = r.choice(["id_deploy", "ci_key", f"{r.choice(REPOS)}_deploy"])
        bits = ["-b", "2048"] if kind == "rsa" else []
        out = h.run(["bash", "-c", f"ssh-keygen -q -t {kind} {' '.join(bits)} -N '' -C '{r.choice(REPOS)}-deploy-key' -f {d}/{name} && ssh-keygen -lf {d}/{name}.pub && cat {d}/{name}"])
        return out, pem_body_lines(out, "BEGIN OPENSSH PRIVATE KEY")
    uid = f"{r.choice(SERVICES).title()} Release Signing {r.randint(2024, 2027)}"
    genv = h.gpg_env()
    h.run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "", "--faked-system-time", "20261127T090000!", "--quick-gen-key", uid, r.choice(["ed25519", "rsa2048"]), "sign", "never"], env=genv)
    out = h.run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "", "--armor", "--export-secret-keys", uid], env=genv)
    return out, pem_body_lines(out, "BEGIN PGP PRIVATE KEY BLOCK")


TRACEBACK_SCRIPT = '''\
import traceback


def {fn}(dsn, timeout):
    raise ConnectionError(f"could not connect to server: Connection refused (timeout={{timeout}}s)")


def main():
    settings = {settings!r}
    dsn = {dsn!r}
    retries = {retries}
    try:
        {fn}(dsn, timeout=5)
    except Exception as exc:
        te = traceback.TracebackException.from_exception(exc, capture_locals=True)
        print("".join(te.format()), end="")


main()
'''


@category("secret", "python-traceback-locals", COUNT)
def python_traceback(h, r):
    pw = password(r)
    db = r.choice(SERVICES)
    scheme = r.choice(["postgresql", "mysql", "mongodb+srv", "redis", "amqp"])
    dsn = f"{scheme}://{db}:{pw}@{r.choice(HOSTS)}/{db}"
    key = r.choice([stripe, openai, sendgrid, twilio_token, stripe_whsec])(r)
    settings = {"DEBUG": False, "SECRET_KEY" if r.random() < 0.5 else "API_KEY": key, "TIME_ZONE": "UTC"}
    script = h.write(f"{db}_worker.py", TRACEBACK_SCRIPT.format(fn=r.choice(["connect", "open_pool", "ping"]), settings=settings, dsn=dsn, retries=r.randint(1, 5)))
    return h.run(["python3", script]), [pw, key]


@category("secret", "sqlite3-dump-tokens", COUNT)
def sqlite_tokens(h, r):
    d = h.fresh_dir("data")
    rows = []
    targets = []
    for i in range(r.randint(2, 4)):
        tok = r.choice([github, gitlab, npm, slack_bot, stripe, linear, grafana, huggingface])(r)
        targets.append(tok)
        rows.append(f"INSERT INTO api_tokens(id, label, token, created_at) VALUES({i + 1}, '{r.choice(SERVICES)}-{r.choice(['ci', 'sync', 'bot', 'deploy'])}', '{tok}', '2026-0{r.randint(1, 9)}-1{r.randint(0, 9)}');")
    sql = "CREATE TABLE api_tokens(id INTEGER PRIMARY KEY, label TEXT, token TEXT NOT NULL, created_at TEXT);\n" + "\n".join(rows) + "\n"
    if r.random() < 0.4:
        wh = slack_webhook_path(r)
        sql += f"CREATE TABLE webhooks(id INTEGER PRIMARY KEY, url TEXT);\nINSERT INTO webhooks(url) VALUES('https://hooks.slack.com/services/{wh}');\n"
        targets.append(wh)
    db = f"{d}/app.db"
    h.run(["sqlite3", db], input=sql.encode())
    mode = r.randrange(4)
    if mode == 0:
        out = h.run(["sqlite3", db, ".dump"])
    elif mode == 1:
        out = h.run(["sqlite3", "-header", "-column", db, "SELECT * FROM api_tokens;"])
        targets = [t for t in targets if t in out]
    elif mode == 2:
        out = h.run(["sqlite3", "-json", db, "SELECT * FROM api_tokens;"])
        targets = [t for t in targets if t in out]
    else:
        out = h.run(["sqlite3", "-line", db, "SELECT * FROM api_tokens;"])
        targets = [t for t in targets if t in out]
    return out, targets


@category("secret", "yq-jq-config-secrets", COUNT)
def yq_jq(h, r):
    d = h.fresh_dir("deploy")
    kind = r.randrange(3)
    pw = password(r)
    if kind == 0:
        b64 = base64.b64encode(pw.encode()).decode()
        key = api_token(r)
        kb64 = base64.b64encode(key.encode()).decode()
        h.write(f"{d}/secret.yaml", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {r.choice(SERVICES)}-env\ntype: Opaque\ndata:\n  DB_PASSWORD: {b64}\n  API_TOKEN: {kb64}\n")
        if r.random() < 0.5:
            return h.run(["yq", "-y", ".data", f"{d}/secret.yaml"]), [b64, kb64]
        return h.run(["yq", ".data | map_values(@base64d)", f"{d}/secret.yaml"]), [pw, key]
    if kind == 1:
        h.write(f"{d}/terraform.tfstate", json.dumps({"version": 4, "terraform_version": "1.9.5", "resources": [{"mode": "managed", "type": "aws_db_instance", "name": "main", "instances": [{"attributes": {"identifier": f"{r.choice(SERVICES)}-db", "username": "app", "password": pw, "engine": "postgres", "port": 5432}}]}]}))
        return h.run(["jq", ".resources[].instances[].attributes", f"{d}/terraform.tfstate"]), [pw]
    key = r.choice([stripe, sendgrid, openai])(r)
    h.write(f"{d}/docker-compose.yml", f"services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {pw}\n  app:\n    image: {r.choice(ORGS)}/{r.choice(REPOS)}:latest\n    environment:\n      - PAYMENT_KEY={key}\n      - PORT=8080\n")
    return h.run(["yq", ".services", f"{d}/docker-compose.yml"]), [pw, key]


@category("secret", "http-server-log-query-token", COUNT)
def http_server_log(h, r):
    h.server.reply(200, [("Content-Type", "text/plain")], b"ok\n")
    paths = [f"/static/app.{hexs(r, 8)}.js", "/healthz", f"/api/{r.choice(SERVICES)}?page={r.randint(1, 9)}"]
    kind = r.randrange(3)
    if kind == 0:
        tok = telegram(r)
        secret_path = f"/webhook/bot{tok}/getUpdates"
    elif kind == 1:
        tok = jwt(r) if r.random() < 0.5 else api_token(r)
        secret_path = f"/auth/callback?access_token={tok}&expires_in=3600"
    else:
        tok = slack_webhook_path(r)
        secret_path = f"/services/{tok}"
    paths.insert(r.randint(0, len(paths)), secret_path)
    for p in paths:
        h.run(["curl", "-s", "-o", "/dev/null", h.url + p])
    out = "\n".join(h.normalize(line) for line in h.server.log) + "\n"
    return out, [tok]


@category("secret", "git-show-dotenv-diff", COUNT)
def git_show_dotenv(h, r):
    d = git_repo(h, r)
    pw = password(r)
    key = r.choice([stripe, openai, sendgrid, anthropic, twilio_token])(r)
    fname = r.choice([".env", ".env.production", "config/secrets.yml"])
    if fname.endswith(".yml"):
        text = f"production:\n  database_password: {pw}\n  api_key: {key}\n  host: {r.choice(HOSTS)}\n"
    else:
        text = f"APP_ENV=production\nDATABASE_URL=postgres://app:{pw}@{r.choice(HOSTS)}:5432/app\nAPI_KEY={key}\nLOG_LEVEL=info\n"
    h.write(f"{d}/{fname}", text)
    h.write(f"{d}/README.md", f"# {r.choice(REPOS)}\n")
    genv = h.env(GIT_AUTHOR_NAME="deploy-bot", GIT_AUTHOR_EMAIL="deploy-bot@ci.invalid", GIT_COMMITTER_NAME="deploy-bot", GIT_COMMITTER_EMAIL="deploy-bot@ci.invalid", GIT_AUTHOR_DATE="2026-11-27T09:00:00Z", GIT_COMMITTER_DATE="2026-11-27T09:00:00Z")
    h.run(["git", "add", "-A"], cwd=d, env=genv)
    h.run(["git", "commit", "-q", "-m", r.choice(["add production config", "wip: env", "configure deploy"])], cwd=d, env=genv)
    out = h.run(["git", "--no-pager", r.choice(["show", "log"]), "-p", "-1"], cwd=d, env=genv)
    return out, [pw, key]


@category("secret", "git-trace-curl-url-credential", COUNT)
def git_trace_url(h, r):
    """GIT_TRACE_CURL redacts the Authorization header but, on a retry after 401, prints the
    URL it is about to request with the credential still in it (git 2.39)."""
    tok = api_token(r) if r.random() < 0.7 else quote(password(r), safe="")
    h.server.reply(403, [("Content-Type", "text/plain")], b"forbidden\n", require_auth=True)
    d = git_repo(h, r)
    url = h.url.replace("http://", f"http://{r.choice(['ci', 'x-access-token', 'deploy'])}:{tok}@") + f"/{r.choice(ORGS)}/{r.choice(REPOS)}.git"
    var = r.choice(["GIT_TRACE_CURL", "GIT_CURL_VERBOSE"])
    out = h.run(["git", "ls-remote", url], cwd=d, env=h.env(**{var: "1", "GIT_TRACE_CURL_NO_DATA": "1"}), ok=None)
    return out, [tok]


FETCH_SCRIPT = """\
const url = {url};
{call}
"""


@category("secret", "node-fetch-url-credentials", COUNT)
def node_fetch_credentials(h, r):
    """Node's fetch (undici) refuses a URL with credentials and quotes the whole URL in its error."""
    user = r.choice(["admin", "svc", "grafana", "elastic", "ci"])
    pw = quote(password(r) if r.random() < 0.6 else api_token(r), safe="")
    url = h.url.replace("http://", f"http://{user}:{pw}@") + api_path(r)
    call = r.choice([
        "fetch(url).then((r) => r.json()).then(console.log).catch((err) => console.error(err));",
        "fetch(url, { method: 'POST', body: '{}' }).catch((err) => { console.error('sync failed:', err.message); process.exitCode = 1; });",
        "await fetch(url);",
    ])
    ext = "mjs" if call.startswith("await") else "js"
    script = h.write(f"sync.{ext}", FETCH_SCRIPT.format(url=json.dumps(url), call=call))
    return h.run(["node", script], ok=None), [pw]


PYTEST_TEST = '''\
import pytest


@pytest.fixture
def settings():
    return {settings!r}


def test_{name}(settings):
    client_token = {token!r}
    response = {{"status": 401, "error": "invalid_token"}}
    assert response["status"] == 200, f"auth failed for {{settings['base_url']}}"
'''


@category("secret", "pytest-showlocals-failure", COUNT)
def pytest_showlocals(h, r):
    """pytest -l prints every local of the failing test, fixtures included."""
    d = h.fresh_dir(f"src/{r.choice(REPOS)}/tests")
    pw = password(r)
    token = r.choice([stripe, openai, github, sendgrid, slack_bot, jwt])(r)
    settings = {"base_url": f"https://api.{r.choice(SERVICES)}.internal", "db_url": f"postgresql://app:{quote(pw, safe='')}@{r.choice(HOSTS)}/app", "timeout": 10}
    name = r.choice(["sync_orders", "webhook_signature", "login", "refresh_token"])
    h.write(f"{d}/test_{name}.py", PYTEST_TEST.format(settings=settings, name=name, token=token))
    out = h.run(["python3", "-m", "pytest", "-l", "-q", "-p", "no:cacheprovider", *(["--tb=long"] if r.random() < 0.5 else []), f"test_{name}.py"], cwd=d, ok=(1,))
    return out, [quote(pw, safe=""), token]
