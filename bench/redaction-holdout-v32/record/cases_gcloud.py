"""Google Cloud CLI 528 (`gcloud`), its OAuth token endpoint and Secret Manager API played by a
stand-in on 127.0.0.1 (port written `8085`, set as `auth/token_host` and
`api_endpoint_overrides/secretmanager` in the configuration, which the cases do not show):
service-account key files (`cat key.json`, then `gcloud auth activate-service-account`), access
tokens (`gcloud auth print-access-token`, `gcloud config config-helper`), secret payloads
(`gcloud secrets versions access`, plain, `--format=json` with the base64 payload, or
`--log-http` with the response body). Clean: `gcloud config list`, `auth list`, `configurations
list`, `secrets describe|versions list|list`, `--log-http` of those (gcloud writes `--- Token
Redacted ---` for the bearer token). PII: `core/account` set to a person's address."""

import base64
import json
import os
import subprocess
from http.server import BaseHTTPRequestHandler

from registry import category
from values import ALNUM, B64, DIGITS, Person, SERVICES, hexs, s, secret_token, uuid

PROJECTS = ["acme-prod", "northwind-staging", "orbital-data-471", "kestrel-dev", "bluefin-platform"]
_g = {}


def crc32c(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


class GoogleStandIn(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def answer(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        st = self.server.state
        if self.path.startswith("/token"):
            out = {"access_token": st["token"], "expires_in": 3599, "token_type": "Bearer"}
        else:
            out = st["api"]
        body = json.dumps(out).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = answer
    do_POST = answer


def access_token(r):
    return "ya29." + r.choice(["a0", "c.c0", "A0"]) + s(r, ALNUM + "-_", r.choice([150, 200, 240]))


def configure(h, r, account=None, project=None):
    """The configuration file, written as `gcloud config set` writes it (not shown)."""
    if "port" not in _g:
        port, srv = h.serve(GoogleStandIn, 8085, token="", api={})
        _g.update(port=port, srv=srv)
    props = {"core": {"project": project or r.choice(PROJECTS), "disable_usage_reporting": "True"}, "auth": {"token_host": f"http://127.0.0.1:{_g['port']}/token"}, "api_endpoint_overrides": {"secretmanager": f"http://127.0.0.1:{_g['port']}/"}}
    if account:
        props["core"]["account"] = account
    h.write(".config/gcloud/active_config", "default")
    h.write(".config/gcloud/configurations/config_default", "".join(f"[{sec}]\n" + "".join(f"{k} = {v}\n" for k, v in kv.items()) for sec, kv in props.items()))
    return _g["srv"]


def gcloud(h, args, shown=True):
    out = h.run(["gcloud"] + args, env=h.env(CLOUDSDK_CORE_DISABLE_PROMPTS="1"), ok=None)
    return (f"$ gcloud {' '.join(args)}\n" if shown else "") + out


def sa_key(h, r, project):
    pem = subprocess.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], check=True, capture_output=True).stdout.decode()
    email = f"{r.choice(['deployer', 'ci-runner', 'terraform', 'github-actions', SERVICES[r.randrange(len(SERVICES))] + '-sa'])}-{s(r, DIGITS, 3)}@{project}.iam.gserviceaccount.com"
    key = {"type": "service_account", "project_id": project, "private_key_id": hexs(r, 40), "private_key": pem, "client_email": email, "client_id": s(r, DIGITS, 21),
           "auth_uri": "https://accounts.google.com/o/oauth2/auth", "token_uri": "https://oauth2.googleapis.com/token", "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
           "client_x509_cert_url": f"https://www.googleapis.com/robot/v1/metadata/x509/{email.replace('@', '%40')}", "universe_domain": "googleapis.com"}
    text = json.dumps(key, indent=2) + "\n"
    h.write("key.json", text, mode=0o600)
    body = json.dumps(pem)[1:-1]
    inner = body.split("-----\\n", 1)[1].rsplit("\\n-----END", 1)[0]
    return email, inner


# ---- secrets ---------------------------------------------------------------------------------


@category("secret", "gcloud-service-account-key", 20)
def gcloud_service_account_key(h, r):
    h.fresh(".config/gcloud")
    project = r.choice(PROJECTS)
    srv = configure(h, r, project=project)
    srv.state["token"] = access_token(r)
    email, inner = sa_key(h, r, project)
    out = "$ cat key.json\n" + h.run(["cat", "key.json"])
    if r.random() < 0.6:
        out += gcloud(h, ["auth", "activate-service-account", "--key-file=key.json"])
    return out, [inner]


@category("secret", "gcloud-access-tokens", 20)
def gcloud_access_tokens(h, r):
    h.fresh(".config/gcloud")
    project = r.choice(PROJECTS)
    srv = configure(h, r, project=project)
    tok = access_token(r)
    srv.state["token"] = tok
    sa_key(h, r, project)
    gcloud(h, ["auth", "activate-service-account", "--key-file=key.json"], shown=False)
    args = r.choice([["auth", "print-access-token"], ["config", "config-helper", "--format=json"], ["config", "config-helper", "--format=yaml(credential)"], ["auth", "print-access-token", "--format=json"]])
    return gcloud(h, args), [tok]


@category("secret", "gcloud-secret-versions-access", 20)
def gcloud_secret_versions_access(h, r):
    project = r.choice(PROJECTS)
    srv = configure(h, r, project=project)
    if "active" not in _g:
        h.fresh(".config/gcloud")
        srv = configure(h, r, project=project)
        srv.state["token"] = access_token(r)
        email, _ = sa_key(h, r, project)
        gcloud(h, ["auth", "activate-service-account", "--key-file=key.json"], shown=False)
        _g["active"] = email
    srv = configure(h, r, account=_g["active"], project=project)
    name = r.choice(["db-password", "stripe-api-key", "github-token", "smtp-password", "jwt-signing-secret", "openai-key"])
    v = secret_token(r)
    data = base64.b64encode(v.encode()).decode()
    srv.state["api"] = {"name": f"projects/{s(r, DIGITS, 12)}/secrets/{name}/versions/{r.randint(1, 9)}", "payload": {"data": data, "dataCrc32c": str(crc32c(v.encode()))}}
    k = r.randrange(3)
    if k == 0:
        return gcloud(h, ["secrets", "versions", "access", "latest", f"--secret={name}"]), [v]
    if k == 1:
        return gcloud(h, ["secrets", "versions", "access", str(r.randint(1, 9)), f"--secret={name}", "--format=json"]), [data]
    return gcloud(h, ["secrets", "versions", "access", "latest", f"--secret={name}", "--log-http"]), [v, data]


# ---- clean -----------------------------------------------------------------------------------


@category("negative", "gcloud-config-clean", 30)
def gcloud_config_clean(h, r):
    project = r.choice(PROJECTS)
    k = r.randrange(4)
    if k == 0:
        configure(h, r, account=f"{r.choice(['deployer', 'ci-runner', 'terraform'])}@{project}.iam.gserviceaccount.com", project=project)
        return gcloud(h, r.choice([["config", "list"], ["config", "list", "--format=json"], ["config", "configurations", "list"]])), []
    srv = configure(h, r, account=_g.get("active"), project=project)
    name = r.choice(["db-password", "stripe-api-key", "github-token", "smtp-password"])
    num = s(r, DIGITS, 12)
    if k == 1:
        srv.state["api"] = {"name": f"projects/{num}/secrets/{name}", "replication": {"automatic": {}}, "createTime": f"2026-0{r.randint(1, 9)}-1{r.randint(0, 9)}T08:{r.randint(10, 59)}:00.{s(r, DIGITS, 6)}Z", "etag": f'"{s(r, "0123456789abcdef", 14)}"', "labels": {"team": r.choice(["platform", "payments"])}, "versionAliases": {"current": str(r.randint(1, 9))}}
        return gcloud(h, ["secrets", "describe", name] + r.choice([[], ["--log-http"], ["--format=json"]])), []
    if k == 2:
        srv.state["api"] = {"versions": [{"name": f"projects/{num}/secrets/{name}/versions/{i}", "createTime": f"2026-0{r.randint(1, 9)}-1{r.randint(0, 9)}T08:00:00.{s(r, DIGITS, 6)}Z", "state": "ENABLED" if i == 3 else "DISABLED", "replicationStatus": {"automatic": {}}, "etag": f'"{s(r, "0123456789abcdef", 14)}"', "clientSpecifiedPayloadChecksum": True} for i in (3, 2, 1)], "totalSize": 3}
        return gcloud(h, ["secrets", "versions", "list", name] + r.choice([[], ["--format=json"], ["--log-http"]])), []
    srv.state["api"] = {"secrets": [{"name": f"projects/{num}/secrets/{n}", "replication": {"automatic": {}}, "createTime": "2026-03-02T10:00:00.000000Z", "etag": f'"{s(r, "0123456789abcdef", 14)}"'} for n in r.sample(["db-password", "stripe-api-key", "github-token", "smtp-password", "jwt-signing-secret"], 3)], "totalSize": 3}
    return gcloud(h, ["secrets", "list"] + r.choice([[], ["--format=json"], ["--uri"]])), []


# ---- personal data ---------------------------------------------------------------------------


@category("pii", "gcloud-account", 20)
def gcloud_account(h, r):
    p = Person(r)
    configure(h, r, account=p.email, project=r.choice(PROJECTS))
    args = r.choice([["config", "list"], ["config", "list", "--format=json"], ["config", "configurations", "list"], ["config", "get", "account"]])
    return gcloud(h, args), [p.email]
