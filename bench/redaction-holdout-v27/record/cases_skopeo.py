"""skopeo 1.9 (Debian 12), new to the holdouts, against this harness's stand-in registry on
127.0.0.1 (plain HTTP, `--tls-verify=false`): `skopeo login` and the auth file it writes,
`skopeo login --get-login`, and `skopeo inspect` / `skopeo inspect --config` of an image whose
configuration carries environment variables, a command line and labels."""

import base64
import hashlib
import json
from http.server import BaseHTTPRequestHandler

from registry import category
from values import BOTS, ORGS, PLAIN_NAMES, REPOS, ROLES, SERVICES, Person, clean_pairs, hexs, plain_value, secret_pairs, secret_token

MANIFEST_TYPE = "application/vnd.docker.distribution.manifest.v2+json"
CONFIG_TYPE = "application/vnd.docker.container.image.v1+json"
LAYER_TYPE = "application/vnd.docker.image.rootfs.diff.tar.gzip"


class Registry(BaseHTTPRequestHandler):
    """A registry v2 stand-in: `/v2/` (Basic auth when the state asks for it), one image's
    manifest, config blob and tag list."""

    def log_message(self, *args):
        pass

    def reply(self, code, body=b"", ctype="application/json", extra=None):
        self.send_response(code)
        self.send_header("Docker-Distribution-API-Version", "registry/2.0")
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        st = self.server.state
        if st.get("auth") and self.headers.get("Authorization") != st["auth"]:
            return self.reply(401, b'{"errors":[{"code":"UNAUTHORIZED"}]}', extra={"WWW-Authenticate": 'Basic realm="registry"'})
        if self.path == "/v2/":
            return self.reply(200, b"{}")
        img = st.get("image")
        if img and self.path.endswith("/tags/list"):
            return self.reply(200, json.dumps({"name": img["name"], "tags": img["tags"]}).encode())
        if img and "/manifests/" in self.path:
            return self.reply(200, img["manifest"], MANIFEST_TYPE, {"Docker-Content-Digest": img["digest"]})
        if img and "/blobs/" in self.path:
            return self.reply(200, img["config"], "application/octet-stream")
        return self.reply(404, b'{"errors":[{"code":"NAME_UNKNOWN"}]}')


def registry(h):
    if not hasattr(h, "registry"):
        h.registry_port, h.registry = h.serve(Registry, 5000)
    h.registry.state.clear()
    return f"127.0.0.1:{h.registry_port}"


def skopeo(h, *args, ok=(0,), input=None):
    return h.run(["skopeo", *args], ok=ok, input=input)


def image(r, env, cmd, labels):
    created = f"2026-{r.randint(1, 10):02d}-{r.randint(10, 28)}T{r.randint(10, 23)}:{r.randint(10, 59)}:{r.randint(10, 59)}.{r.randint(100000000, 999999999)}Z"
    config = {
        "architecture": "amd64", "os": "linux", "created": created,
        "config": {"Env": ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", *env], "Cmd": cmd, "WorkingDir": "/app", "Labels": labels},
        "rootfs": {"type": "layers", "diff_ids": ["sha256:" + hexs(r, 64) for _ in range(r.randint(1, 3))]},
    }
    cfg = json.dumps(config, indent=2).encode()
    layers = [{"mediaType": LAYER_TYPE, "size": r.randint(2_000_000, 40_000_000), "digest": "sha256:" + hexs(r, 64)} for _ in config["rootfs"]["diff_ids"]]
    manifest = json.dumps({"schemaVersion": 2, "mediaType": MANIFEST_TYPE, "config": {"mediaType": CONFIG_TYPE, "size": len(cfg), "digest": "sha256:" + hashlib.sha256(cfg).hexdigest()}, "layers": layers}, indent=3).encode()
    name = f"{r.choice(ORGS)}/{r.choice(REPOS)}"
    tags = sorted({r.choice(["latest", "main", "stable"]), f"v{r.randint(1, 4)}.{r.randint(0, 20)}.{r.randint(0, 9)}"})
    return {"name": name, "tags": tags, "manifest": manifest, "config": cfg, "digest": "sha256:" + hashlib.sha256(manifest).hexdigest()}


def env_lines(r, secret):
    lines, targets = [], []
    if secret:
        for name, v in secret_pairs(r, r.randint(1, 3)):
            lines.append(f"{name}={v}")
            targets.append(v)
    else:
        lines += [f"{k.upper()}={v}" for k, v in clean_pairs(r, r.randint(1, 3)) if v]
    for name in r.sample(PLAIN_NAMES, r.randint(1, 3)):
        lines.append(f"{name}={plain_value(r, name)}")
    r.shuffle(lines)
    return lines, targets


def base_labels(r):
    return {"org.opencontainers.image.revision": hexs(r, 40), "org.opencontainers.image.source": f"https://git.example.com/{r.choice(ORGS)}/{r.choice(REPOS)}"}


def inspect(h, r, img, config=False):
    addr = registry(h)
    h.registry.state["image"] = img
    ref = f"docker://{addr}/{img['name']}:{img['tags'][-1]}"
    if config:
        return f"$ skopeo inspect --tls-verify=false --config {ref}\n" + skopeo(h, "inspect", "--tls-verify=false", "--config", ref)
    return f"$ skopeo inspect --tls-verify=false {ref}\n" + skopeo(h, "inspect", "--tls-verify=false", ref)


@category("secret", "skopeo-login-authfile", 20)
def skopeo_login_authfile(h, r):
    addr = registry(h)
    user = r.choice(["deploy", "ci", "robot$builder", "pusher", r.choice(SERVICES)])
    pw = secret_token(r, bad="\"'\\$`!% ")
    auth = base64.b64encode(f"{user}:{pw}".encode()).decode()
    h.registry.state["auth"] = "Basic " + auth
    authfile = h.fresh("containers") + "/auth.json"
    if r.random() < 0.5:
        out = f"$ skopeo login --tls-verify=false --authfile containers/auth.json -u '{user}' -p {pw} {addr}\n"
        out += skopeo(h, "login", "--tls-verify=false", "--authfile", authfile, "-u", user, "-p", pw, addr)
        targets = [pw, auth]
    else:
        out = f"$ skopeo login --tls-verify=false --authfile containers/auth.json -u '{user}' --password-stdin {addr} < token.txt\n"
        out += skopeo(h, "login", "--tls-verify=false", "--authfile", authfile, "-u", user, "--password-stdin", addr, input=pw + "\n")
        targets = [auth]
    with open(authfile) as f:
        out += "$ cat containers/auth.json\n" + f.read() + "\n"
    return out, targets


@category("secret", "skopeo-inspect-env", 20)
def skopeo_inspect_env(h, r):
    env, targets = env_lines(r, secret=True)
    img = image(r, env, ["node", "server.js"], base_labels(r))
    return inspect(h, r, img, config=r.random() < 0.4), targets


@category("secret", "skopeo-inspect-cmd", 12)
def skopeo_inspect_cmd(h, r):
    env, _ = env_lines(r, secret=False)
    pw = secret_token(r, bad="\"'\\$`!% ")
    style = r.randrange(3)
    if style == 0:
        cmd = ["/app/server", "--db-password", pw, "--listen", ":8080"]
    elif style == 1:
        cmd = ["sh", "-c", f"exec worker --api-token={pw} --queue {r.choice(SERVICES)}"]
    else:
        cmd = ["/usr/bin/exporter", f"--redis.password={pw}", "--web.listen-address=:9121"]
    img = image(r, env, cmd, base_labels(r))
    # only --config prints the command line
    return inspect(h, r, img, config=True), [pw]


@category("pii", "skopeo-inspect-maintainer", 20)
def skopeo_inspect_maintainer(h, r):
    p = Person(r)
    labels = base_labels(r)
    if r.random() < 0.5:
        labels["maintainer"] = f"{p.name} <{p.email}>"
    else:
        labels["org.opencontainers.image.authors"] = f"{p.name} <{p.email}>"
        labels["com.example.oncall.phone"] = p.phone
    targets = [p.name, p.email] + ([p.phone] if "com.example.oncall.phone" in labels else [])
    env, _ = env_lines(r, secret=False)
    img = image(r, env, ["python3", "-m", "app"], labels)
    return inspect(h, r, img, config=r.random() < 0.3), targets


@category("negative", "skopeo-inspect-clean", 30)
def skopeo_inspect_clean(h, r):
    env, _ = env_lines(r, secret=False)
    labels = base_labels(r)
    if r.random() < 0.5:
        labels["maintainer"] = f"{r.choice(ROLES)} <{r.choice(BOTS)}>"
    labels["org.opencontainers.image.base.digest"] = "sha256:" + hexs(r, 64)
    img = image(r, env, ["/app/server", "--password-file", "/run/secrets/" + r.choice(SERVICES)], labels)
    return inspect(h, r, img, config=r.random() < 0.4), []


@category("negative", "skopeo-get-login-clean", 16)
def skopeo_get_login_clean(h, r):
    addr = registry(h)
    user = r.choice(["deploy", "ci", "pusher", "mirror"]) + f"-{r.randint(1, 90)}"
    pw = secret_token(r, bad="\"'\\$`!% ")
    h.registry.state["auth"] = "Basic " + base64.b64encode(f"{user}:{pw}".encode()).decode()
    authfile = h.fresh("containers") + "/auth.json"
    out = f"$ skopeo login --tls-verify=false --authfile containers/auth.json -u {user} --password-stdin {addr} < token.txt\n"
    out += skopeo(h, "login", "--tls-verify=false", "--authfile", authfile, "-u", user, "--password-stdin", addr, input=pw + "\n")
    out += f"$ skopeo login --get-login --authfile containers/auth.json {addr}\n" + skopeo(h, "login", "--get-login", "--authfile", authfile, addr)
    if r.random() < 0.5:
        out += f"$ skopeo logout --authfile containers/auth.json {addr}\n" + skopeo(h, "logout", "--authfile", authfile, addr)
    return out, []
