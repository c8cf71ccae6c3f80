"""Negative categories: the same programs with nothing to remove. Hashes, ids, public keys,
bots' addresses, masked credentials, code that reads secrets, placeholders. A negative holds no
person's name, e-mail or phone, and no secret; where a program was handed a credential and is
known to mask it, the recorder checks that it did."""

import base64
import glob
import json
import os
import textwrap

from registry import category
from values import HOSTS, ORGS, REPOS, SERVICES, hexs, password, api_token, uuid, s, ALNUM

COUNT = 18
# the project's own installed packages (the worktree's node_modules), never fetched
NODE_MODULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "node_modules")


def assert_absent(text, *values):
    for v in values:
        if v in text:
            raise RuntimeError("a credential the program should have masked is in its output")


def clean_headers(r):
    return [
        ("Content-Type", "application/json"),
        ("ETag", f'W/"{hexs(r, 8)}-{hexs(r, 27)}"'),
        ("X-Cache-Key", f"v{r.randint(1, 4)}-assets-{hexs(r, 32)}"),
        ("X-Request-Id", uuid(r)),
        ("Cache-Control", "public, max-age=300"),
        ("X-Trace-Id", hexs(r, 32)),
    ]


def listing_body(r):
    items = [{"id": uuid(r), "sha": hexs(r, 40), "state": r.choice(["success", "queued", "failure"]), "ref": r.choice(["main", "release/2.4", "dependabot/npm_and_yarn/vite-5.4.21"])} for _ in range(r.randint(1, 3))]
    return (json.dumps({"total": len(items), "items": items}) + "\n").encode()


@category("negative", "curl-verbose-clean", COUNT)
def curl_clean(h, r):
    h.server.reply(200, r.sample(clean_headers(r), r.randint(3, 6)), listing_body(r))
    path = f"/api/{r.choice(SERVICES)}/builds?page={r.randint(1, 9)}&per_page={r.choice([20, 50, 100])}&sort=created_at_desc"
    args = ["curl", "-sS", "-v", "-H", "Accept: application/json", "-H", f"X-Request-Id: {uuid(r)}"]
    if r.random() < 0.3:
        args += ["-H", f"If-None-Match: \"{hexs(r, 16)}\""]
    return h.run(args + [h.url + path]), []


@category("negative", "wget-debug-masked-url", COUNT)
def wget_masked(h, r):
    pw = password(r)
    user = r.choice(["mirror", "reader", "ci"])
    h.server.reply(200, [("Content-Type", "application/gzip"), ("ETag", f'"{hexs(r, 16)}"')], b"\x1f\x8b" + bytes(r.randint(10, 60)))
    url = h.url.replace("http://", f"http://{user}:{s(r, ALNUM, len(pw))}@") + f"/public/{r.choice(SERVICES)}-{r.randint(1, 5)}.{r.randint(0, 30)}.{r.randint(0, 9)}.tar.gz"
    out = h.run(["wget", "--debug", "-O", "/dev/null", url])
    assert_absent(out, url.split(":")[2].split("@")[0])
    return out, []


@category("negative", "git-trace-curl-redacted", COUNT)
def git_trace_redacted(h, r):
    tok = api_token(r)
    h.server.reply(403, [("Content-Type", "text/plain")], b"forbidden\n", require_auth=True)
    d = h.fresh_dir(f"src/{r.choice(REPOS)}")
    h.run(["git", "init", "-q"], cwd=d)
    # the credential comes from a helper, so that the URL git prints carries none
    store = h.write(f"{d}/.git/creds", h.url.replace("http://", f"http://{r.choice(['ci', 'x-access-token', 'deploy'])}:{tok}@") + "\n", 0o600)
    h.run(["git", "config", "credential.helper", f"store --file={store}"], cwd=d)
    url = h.url + f"/{r.choice(ORGS)}/{r.choice(REPOS)}.git"
    var = r.choice(["GIT_TRACE_CURL", "GIT_CURL_VERBOSE"])
    out = h.run(["git", "ls-remote", url], cwd=d, env=h.env(**{var: "1", "GIT_TRACE_CURL_NO_DATA": "1"}), ok=None)
    assert_absent(out, tok)
    return out, []


@category("negative", "npm-config-protected", COUNT)
def npm_protected(h, r):
    d = h.fresh_dir(f"src/{r.choice(REPOS)}")
    tok = api_token(r)
    h.write(f"{d}/.npmrc", f"//registry.npmjs.org/:_authToken={tok}\n@{r.choice(ORGS)}:registry=https://npm.pkg.github.com/\nfund=false\n")
    h.write(f"{d}/package.json", json.dumps({"name": f"@{r.choice(ORGS)}/{r.choice(REPOS)}", "version": f"{r.randint(0, 4)}.{r.randint(0, 20)}.{r.randint(0, 9)}", "private": True}, indent=2))
    out = h.run(["npm", "config", "list"] + (["--json"] if r.random() < 0.2 else []), cwd=d)
    assert_absent(out, tok)
    return out, []


@category("negative", "checksums-digests", COUNT)
def checksums(h, r):
    d = h.fresh_dir("dist")
    names = []
    for _ in range(r.randint(2, 4)):
        name = f"{r.choice(SERVICES)}-{r.randint(1, 5)}.{r.randint(0, 30)}.{r.randint(0, 9)}-{r.choice(['linux-amd64', 'darwin-arm64', 'windows-amd64'])}.{r.choice(['tar.gz', 'zip'])}"
        with open(f"{d}/{name}", "wb") as f:
            f.write(os.urandom(r.randint(100, 4000)))
        names.append(name)
    tool = r.choice(["sha256sum", "sha1sum", "md5sum", "b2sum", "sha512sum", "openssl"])
    if tool == "openssl":
        return h.run(["openssl", "dgst", "-sha256", *names], cwd=d), []
    return h.run([tool, *names], cwd=d), []


BOTS = [
    ("dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com"),
    ("github-actions[bot]", "41898282+github-actions[bot]@users.noreply.github.com"),
    ("renovate[bot]", "29139614+renovate[bot]@users.noreply.github.com"),
    ("GitHub", "noreply@github.com"),
    ("semantic-release-bot", "semantic-release-bot@martynus.net"),
    ("pre-commit-ci[bot]", "66853113+pre-commit-ci[bot]@users.noreply.github.com"),
]


def bot_repo(h, r, n):
    d = h.fresh_dir(f"src/{r.choice(REPOS)}")
    h.run(["git", "init", "-q", "-b", "main"], cwd=d)
    for i in range(n):
        name, mail = r.choice(BOTS)
        date = f"2026-{r.randint(1, 11):02d}-{r.randint(10, 28)}T0{r.randint(1, 9)}:{r.randint(10, 59)}:00Z"
        env = h.env(GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=mail, GIT_COMMITTER_NAME="GitHub", GIT_COMMITTER_EMAIL="noreply@github.com", GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
        pkg = r.choice(["vite", "esbuild", "@types/node", "actions/checkout", "pytest", "ruff"])
        h.write(f"{d}/deps/{i}.lock", f"{pkg} {r.randint(1, 9)}.{r.randint(0, 30)}.{r.randint(0, 20)} sha512-{base64.b64encode(os.urandom(48)).decode()}\n")
        h.run(["git", "add", "-A"], cwd=d, env=env)
        msg = f"chore(deps): bump {pkg} from {r.randint(1, 5)}.{r.randint(0, 9)}.{r.randint(0, 9)} to {r.randint(5, 9)}.{r.randint(0, 9)}.{r.randint(0, 9)}"
        h.run(["git", "commit", "-q", "-m", msg], cwd=d, env=env)
    return d


@category("negative", "git-log-bots-noreply", COUNT)
def git_log_bots(h, r):
    d = bot_repo(h, r, r.randint(2, 4))
    args = r.choice([["log"], ["log", "--pretty=fuller"], ["log", "--format=%H %an <%ae> %s"], ["shortlog", "-sne", "HEAD"]])
    return h.run(["git", "--no-pager", *args], cwd=d), []


@category("negative", "git-plumbing-hashes", COUNT)
def git_plumbing(h, r):
    d = bot_repo(h, r, r.randint(1, 3))
    cmd = r.choice([["rev-parse", "HEAD", "HEAD^{tree}"], ["ls-tree", "-r", "HEAD"], ["cat-file", "-p", "HEAD"], ["show-ref", "--head"], ["log", "--oneline", "--no-abbrev-commit"], ["count-objects", "-v"], ["rev-list", "--all", "--objects"]])
    return h.run(["git", "--no-pager", *cmd], cwd=d), []


@category("negative", "npm-pip-integrity", COUNT)
def npm_pip_integrity(h, r):
    d = h.fresh_dir(f"pkg/{r.choice(REPOS)}")
    if r.random() < 0.5:
        name = f"@{r.choice(ORGS)}/{r.choice(SERVICES)}-client"
        h.write(f"{d}/package.json", json.dumps({"name": name, "version": f"{r.randint(0, 3)}.{r.randint(0, 20)}.{r.randint(0, 9)}", "main": "index.js", "license": "MIT"}, indent=2))
        h.write(f"{d}/index.js", f"module.exports = {{ id: '{uuid(r)}', retries: {r.randint(1, 5)} }};\n")
        h.write(f"{d}/README.md", f"# {name}\n")
        return h.run(["npm", "pack", "--dry-run", "--ignore-scripts"] + (["--json"] if r.random() < 0.5 else []), cwd=d), []
    files = []
    for _ in range(r.randint(1, 3)):
        f = f"{r.choice(SERVICES)}_{r.choice(['client', 'core', 'utils'])}-{r.randint(0, 4)}.{r.randint(0, 20)}.{r.randint(0, 9)}-py3-none-any.whl"
        with open(f"{d}/{f}", "wb") as fh:
            fh.write(os.urandom(r.randint(200, 3000)))
        files.append(f)
    return h.run(["python3", "-m", "pip", "hash", *files] + (["-a", "sha512"] if r.random() < 0.3 else []), cwd=d), []


MINIFIED = [
    "base64-js/base64js.min.js",
    "@microsoft/jest-sarif/node_modules/ajv/dist/ajv.min.js",
    "uri-js/dist/es5/uri.all.min.js",
    "playwright-core/lib/vite/htmlReport/report.js",
    "playwright-core/lib/vite/traceViewer/assets/xtermModule-Cv6bi7od.js",
]


@category("negative", "node-modules-minified-js", COUNT)
def minified(h, r):
    for _ in range(50):
        path = os.path.join(NODE_MODULES, r.choice(MINIFIED))
        size = os.path.getsize(path)
        length = r.randint(500, 1400)
        start = r.randint(0, max(0, size - length))
        out = h.run(["bash", "-c", f"head -c {start + length} {path} | tail -c {length}"]).encode("utf-8", "replace").decode("utf-8", "ignore")
        if "@" not in out and "opyright" not in out and "icense" not in out and "\ufffd" not in out:
            return out, []
    raise RuntimeError("no clean window")


@category("negative", "uuid-ids-listing", COUNT)
def uuid_ids(h, r):
    kind = r.randrange(4)
    if kind == 0:
        return h.run(["python3", "-c", f"import uuid\nfor i in range({r.randint(2, 6)}): print(uuid.uuid4())\nprint(uuid.uuid5(uuid.NAMESPACE_URL, 'https://{r.choice(ORGS)}.example/{r.choice(REPOS)}'))"]), []
    if kind == 1:
        return h.run(["node", "-e", f"const c = require('crypto'); for (let i = 0; i < {r.randint(2, 5)}; i++) console.log(c.randomUUID(), c.randomBytes(8).toString('hex'))"]), []
    if kind == 2:
        return h.run(["bash", "-c", f"for i in $(seq {r.randint(2, 5)}); do cat /proc/sys/kernel/random/uuid; done"]), []
    d = h.fresh_dir("data")
    rows = "\n".join(f"INSERT INTO jobs VALUES('{uuid(r)}', '{r.choice(SERVICES)}', '{r.choice(['done', 'failed', 'running'])}', '{hexs(r, 40)}', {r.randint(100, 90000)});" for _ in range(r.randint(2, 5)))
    h.run(["sqlite3", f"{d}/jobs.db"], input=f"CREATE TABLE jobs(id TEXT PRIMARY KEY, queue TEXT, state TEXT, commit_sha TEXT, duration_ms INTEGER);\n{rows}\n".encode())
    return h.run(["sqlite3", r.choice(["-box", "-json", "-column"]), "-header", f"{d}/jobs.db", "SELECT * FROM jobs;"]), []


@category("negative", "ssh-public-keys-fingerprints", COUNT)
def ssh_public(h, r):
    d = h.fresh_dir(".ssh-pub")
    kind = r.choice(["ed25519", "ecdsa", "rsa"])
    bits = "-b 2048" if kind == "rsa" else ""
    comment = r.choice([f"{r.choice(REPOS)}-deploy-key", f"ci-runner-{r.randint(1, 40):02d}", f"{r.choice(SERVICES)}-backup"])
    h.run(["bash", "-c", f"ssh-keygen -q -t {kind} {bits} -N '' -C '{comment}' -f {d}/key"])
    show = r.choice([f"cat {d}/key.pub", f"ssh-keygen -lf {d}/key.pub", f"ssh-keygen -lvf {d}/key.pub", f"ssh-keygen -E md5 -lf {d}/key.pub", f"ssh-keygen -y -f {d}/key && ssh-keygen -lf {d}/key.pub"])
    return h.run(["bash", "-c", show]), []


@category("negative", "openssl-cert-public", COUNT)
def openssl_cert(h, r):
    d = h.fresh_dir("tls")
    cn = f"{r.choice(SERVICES)}.{r.choice(['internal', 'svc.cluster.local', 'staging.lan'])}"
    alg = r.choice([["-newkey", "rsa:2048"], ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"], ["-newkey", "ed25519"]])
    h.run(["openssl", "req", "-x509", *alg, "-nodes", "-keyout", f"{d}/tls.key", "-out", f"{d}/tls.crt", "-days", "365", "-subj", f"/CN={cn}/O={r.choice(ORGS).title()} Internal CA"])
    show = r.choice([["x509", "-in", f"{d}/tls.crt", "-noout", "-text"], ["x509", "-in", f"{d}/tls.crt"], ["x509", "-in", f"{d}/tls.crt", "-noout", "-fingerprint", "-sha256", "-subject", "-issuer", "-dates"], ["pkey", "-in", f"{d}/tls.key", "-pubout"]])
    return h.run(["openssl", *show]), []


@category("negative", "gpg-public-key-export", COUNT)
def gpg_public(h, r):
    genv = h.gpg_env()
    uid = f"{r.choice(ORGS).title()} {r.choice(['Release Signing', 'Package Signing', 'Build Attestation'])} Key {r.randint(2024, 2027)}"
    h.run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "", "--faked-system-time", "20261127T090000!", "--quick-gen-key", uid, r.choice(["ed25519", "rsa2048"]), "sign", "never"], env=genv)
    args = r.choice([["--armor", "--export", uid], ["--fingerprint", uid], ["--list-keys", "--keyid-format", "long"], ["--export", "--armor", "--export-options", "export-minimal", uid]])
    return h.run(["gpg", "--batch", *args], env=genv), []


CODE_FILES = {
    "src/config.py": 'import os\n\nDATABASE_URL = os.environ.get("DATABASE_URL")\nAPI_TOKEN = os.environ["API_TOKEN"]\nSECRET_KEY = os.getenv("SECRET_KEY", "")\nTOKEN_TTL = int(os.getenv("TOKEN_TTL", "3600"))\n',
    "src/client.ts": 'const apiKey = process.env.STRIPE_SECRET_KEY ?? "";\nexport const authHeader = (token: string) => `Bearer ${{token}}`;\nconst password = await prompt("Password: ");\n',
    "deploy/values.yaml": 'db:\n  passwordSecretRef:\n    name: {svc}-db\n    key: password\napiToken: "${{{{ secrets.API_TOKEN }}}}"\n',
    "cmd/main.go": 'token := os.Getenv("GITHUB_TOKEN")\nif token == "" {{\n\tlog.Fatal("GITHUB_TOKEN is not set")\n}}\nsecret, err := sm.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{{SecretId: aws.String("{svc}/prod/db")}})\n',
    "config/settings.rb": 'Rails.application.credentials.dig(:aws, :secret_access_key)\nENV.fetch("REDIS_PASSWORD") {{ nil }}\n',
    ".github/workflows/ci.yml": "env:\n  NPM_TOKEN: ${{{{ secrets.NPM_TOKEN }}}}\n  SLACK_WEBHOOK: ${{{{ secrets.SLACK_WEBHOOK_URL }}}}\n",
}


@category("negative", "grep-code-reads-secret", COUNT)
def grep_code(h, r):
    d = h.fresh_dir(f"src/{r.choice(REPOS)}")
    svc = r.choice(SERVICES)
    for name in r.sample(sorted(CODE_FILES), r.randint(3, 6)):
        h.write(f"{d}/{name}", CODE_FILES[name].format(svc=svc))
    pattern = r.choice(["token", "secret", "password|passwd", "api_?key|token|secret"])
    out = h.run(["bash", "-c", f"grep -rnEi '{pattern}' . | sort"], cwd=d, ok=(0, 1))
    return out, []


def clean_env(r):
    return {
        "CI": "true",
        "GITHUB_SHA": hexs(r, 40),
        "GITHUB_RUN_ID": str(r.randint(10**9, 10**10)),
        "GITHUB_REPOSITORY": f"{r.choice(ORGS)}/{r.choice(REPOS)}",
        "RUNNER_OS": "Linux",
        "AWS_REGION": r.choice(["eu-west-1", "us-east-1"]),
        "AWS_PROFILE": r.choice(["dev", "staging"]),
        "TOKEN_TTL": str(r.choice([900, 3600])),
        "MAX_TOKENS": str(r.choice([1024, 4096, 8192])),
        "PASSWORD_MIN_LENGTH": "12",
        "SECRET_NAME": f"{r.choice(SERVICES)}/prod/db",
        "NODE_OPTIONS": "--max-old-space-size=4096",
        "BUILD_ID": uuid(r),
        "IMAGE_DIGEST": f"sha256:{hexs(r, 64)}",
    }


@category("negative", "env-dump-clean", COUNT)
def env_clean(h, r):
    env = clean_env(r)
    items = r.sample(list(env.items()), r.randint(7, len(env)))
    full = h.env(**dict(items))
    prog = r.randrange(4)
    if prog == 0:
        return h.run(["env"], env=full), []
    if prog == 1:
        return h.run(["bash", "-c", "printenv | sort"], env=full), []
    if prog == 2:
        return h.run(["python3", "-c", "import os; print(os.environ)"], env=full), []
    return h.run(["node", "-p", "process.env"], env=full), []


@category("negative", "placeholder-config-print", COUNT)
def placeholders(h, r):
    svc = r.choice(SERVICES)
    kind = r.randrange(4)
    d = h.fresh_dir("cfg")
    if kind == 0:
        env = h.env(API_KEY=r.choice(["<YOUR_API_KEY>", "your-api-key-here", "changeme", "xxxxxxxxxxxxxxxx"]), DB_PASSWORD=r.choice(["${DB_PASSWORD}", "********", "<redacted>", "REPLACE_ME"]), STRIPE_SECRET_KEY=r.choice(["sk_test_...", "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx", "<stripe-secret-key>"]), GITHUB_TOKEN="${{ secrets.GITHUB_TOKEN }}")
        return h.run(["bash", "-c", "printenv | grep -E 'KEY|PASSWORD|TOKEN' | sort"], env=env), []
    if kind == 1:
        h.write(f"{d}/values.yaml", textwrap.dedent(f"""\
            database:
              host: {r.choice(HOSTS)}
              password: "{{{{ .Values.db.password }}}}"
              passwordFrom: op://{svc}-prod/postgres/password
            stripe:
              secretKey: ${{vault:secret/data/{svc}#stripe_key}}
            aws:
              secretArn: arn:aws:secretsmanager:eu-west-1:{r.randint(10**11, 10**12 - 1)}:secret:{svc}/prod/api-{s(r, ALNUM, 6)}
            slack:
              webhook: https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX
            """))
        return h.run(["yq", r.choice([".", ".database", "."]), f"{d}/values.yaml"]), []
    if kind == 2:
        conf = f"{d}/pip.conf"
        h.write(conf, f"[global]\nindex-url = https://${{PIP_USER}}:${{PIP_TOKEN}}@pkgs.{r.choice(ORGS)}.dev/simple/\ntimeout = 60\n")
        return h.run(["python3", "-m", "pip", "config", "list"], env=h.env(PIP_CONFIG_FILE=conf)), []
    h.run(["git", "init", "-q"], cwd=d)
    h.run(["git", "config", "url.https://${GITHUB_TOKEN}@github.com/.insteadOf", "https://github.com/"], cwd=d)
    h.run(["git", "config", "credential.helper", r.choice(["store", "cache --timeout=3600", "manager"])], cwd=d)
    h.run(["git", "remote", "add", "origin", f"https://<token>@github.com/{r.choice(ORGS)}/{r.choice(REPOS)}.git"], cwd=d)
    return h.run(["git", "config", "--list", "--local"], cwd=d), []


@category("negative", "bash-xtrace-clean", COUNT)
def bash_clean(h, r):
    svc = r.choice(SERVICES)
    body = f"""\
        VERSION={r.randint(0, 4)}.{r.randint(0, 30)}.{r.randint(0, 9)}
        COMMIT={hexs(r, 40)}
        BUILD_ID={uuid(r)}
        mkdir -p dist
        printf '%s\\n' "{svc} $VERSION $COMMIT" > dist/BUILD_INFO
        sha256sum dist/BUILD_INFO
        TOKEN_TTL=3600
        api_key="${{API_KEY:-}}"
        if [ -z "$api_key" ]; then echo "API_KEY not set, skipping upload"; fi
        echo "built {svc} $VERSION ($BUILD_ID)"
        """
    script = h.write("build.sh", "#!/usr/bin/env bash\nset -euo pipefail\n" + textwrap.dedent(body))
    d = h.fresh_dir("build")
    return h.run(["bash", "-x", script], cwd=d), []


CLEAN_TRACEBACK = '''\
import traceback


def fetch(url, token_type, max_tokens):
    raise TimeoutError(f"read timed out after 30s: {{url}}")


def main():
    api_key = None
    token_type = "Bearer"
    max_tokens = {max_tokens}
    secret_name = "{svc}/prod/api"
    request_id = "{rid}"
    url = "https://api.{svc}.internal/v1/complete"
    try:
        fetch(url, token_type, max_tokens)
    except Exception as exc:
        print("".join(traceback.TracebackException.from_exception(exc, capture_locals=True).format()), end="")


main()
'''


@category("negative", "python-traceback-clean", COUNT)
def python_traceback_clean(h, r):
    svc = r.choice(SERVICES)
    script = h.write(f"{svc}_client.py", CLEAN_TRACEBACK.format(max_tokens=r.choice([1024, 2048, 4096, 8192]), svc=svc, rid=uuid(r)))
    return h.run(["python3", script]), []


@category("negative", "node-debug-http-clean", COUNT)
def node_debug_clean(h, r):
    h.server.reply(200, r.sample(clean_headers(r), 3), listing_body(r))
    opts = {"host": "127.0.0.1", "port": h.server.port, "path": f"/api/{r.choice(SERVICES)}?cursor={hexs(r, 24)}", "headers": {"accept": "application/json", "x-request-id": uuid(r), "user-agent": f"{r.choice(SERVICES)}-worker/{r.randint(1, 9)}.{r.randint(0, 9)}"}}
    js = f"require('http').get({json.dumps(opts)}, (res) => {{ res.resume(); res.on('end', () => console.log(res.statusCode, res.headers.etag)); }});\n"
    script = h.write("get.js", js)
    return h.run(["node", script], env=h.env(NODE_DEBUG="http")), []


@category("negative", "http-server-log-clean", COUNT)
def http_log_clean(h, r):
    h.server.reply(200, [("Content-Type", "text/plain")], b"ok\n")
    paths = [
        f"/static/js/main.{hexs(r, 8)}.js",
        f"/api/{r.choice(SERVICES)}?page={r.randint(1, 9)}&sort=created_at_desc",
        f"/artifacts/sha256:{hexs(r, 64)}",
        f"/runs/{uuid(r)}/logs",
        f"/commits/{hexs(r, 40)}",
        "/healthz",
        f"/search?q={r.choice(['timeout', 'retry+policy', 'token+bucket'])}&limit=20",
    ]
    for p in r.sample(paths, r.randint(3, 6)):
        h.run(["curl", "-s", "-o", "/dev/null", h.url + p])
    return "\n".join(h.normalize(line) for line in h.server.log) + "\n", []


@category("negative", "ssh-verbose-config", COUNT)
def ssh_verbose(h, r):
    user = r.choice(["deploy", "git", "ubuntu", "ci"])
    if r.random() < 0.5:
        out = h.run(["ssh", "-G", "-l", user, "-p", str(r.choice([22, 2222, 443])), r.choice(["127.0.0.1", "git.internal.lan", "bastion.staging.lan"])])
    else:
        # an HTTP server where sshd should be: the banner exchange fails after the debug preamble
        out = h.run(["ssh", "-v", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "ConnectTimeout=3", "-l", user, "-p", str(h.server.port), "127.0.0.1"], ok=None)
    return out.replace("/root/", "/workspace/").replace("user root", "user dev"), []
