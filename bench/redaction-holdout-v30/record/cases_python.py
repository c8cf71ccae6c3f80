"""Python packaging against a stand-in package index on 127.0.0.1 (port written `8080`: a simple
index page per project with sha256 fragments, the wheel files, and an upload endpoint that
accepts or refuses): twine 4.0.2 (`twine upload --verbose`, which prints `password: <hidden>`)
with the token typed after `-p`, in `TWINE_PASSWORD=` before the command, or in `~/.pypirc`
(shown with `cat`); pip 23.0.1 (`pip download -v`, Debian's python3) with the password in the
`--index-url` typed (pip itself prints it as `****`). Clean: the same runs with the password set
where the terminal does not show it (a CI variable, `pip.conf`), so only pip's and twine's masks
show: a case fails to record if the password does."""

import base64
import hashlib
import io
import os
import shlex
import zipfile
from http.server import BaseHTTPRequestHandler

from registry import category
from values import SERVICES, password, plain, pypi

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"
USERS = ["ci", "deploy", "jenkins", "svc-pypi", "__token__"]


class IndexHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "nginx/1.24.0"
    sys_version = ""

    def log_message(self, *args):
        pass

    def reply(self, code, body=b"", ctype="text/html", reason=None, extra=()):
        self.send_response(code, reason)
        self.send_header("Content-Type", ctype)
        for k, v in extra:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def authorized(self):
        cred = self.server.state.get("cred")
        return cred is None or self.headers.get("Authorization") == "Basic " + base64.b64encode(f"{cred[0]}:{cred[1]}".encode()).decode()

    def do_GET(self):
        if not self.authorized():
            return self.reply(401, b"Unauthorized\n", extra=[("WWW-Authenticate", 'Basic realm="pypi"')])
        files = self.server.state["files"]
        parts = [p for p in self.path.split("/") if p]
        if len(parts) == 2 and parts[0] == "simple":
            links = "".join(f'<a href="/files/{fn}#sha256={hashlib.sha256(data).hexdigest()}">{fn}</a><br/>\n' for fn, data in files.items() if fn.startswith(parts[1].replace("-", "_")))
            if not links:
                return self.reply(404, b"Not Found\n")
            return self.reply(200, f"<!DOCTYPE html>\n<html><body>\n{links}</body></html>\n".encode())
        if len(parts) == 2 and parts[0] == "files" and parts[1] in files:
            return self.reply(200, files[parts[1]], ctype="application/octet-stream")
        return self.reply(404, b"Not Found\n")

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(n)
        if self.authorized() and self.server.state.get("upload_ok"):
            return self.reply(200, b"OK\n")
        return self.reply(403, b"Invalid or non-existent authentication information.\n", reason="Invalid or non-existent authentication information.")


def index(h):
    if not hasattr(h, "py_index"):
        port, srv = h.serve(IndexHandler, 8080, files={}, cred=None, upload_ok=False)
        h.py_index = (port, srv.state)
    return h.py_index


def wheel(name, version):
    """A minimal pure-Python wheel (bytes) and its file name."""
    mod = name.replace("-", "_")
    dist = f"{mod}-{version}.dist-info"
    files = {
        f"{mod}/__init__.py": f'__version__ = "{version}"\n',
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {name} client library\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{p},sha256={base64.urlsafe_b64encode(hashlib.sha256(t.encode()).digest()).decode().rstrip('=')},{len(t.encode())}\n" for p, t in files.items()) + f"{dist}/RECORD,,\n"
    files[f"{dist}/RECORD"] = record
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p, t in files.items():
            info = zipfile.ZipInfo(p, date_time=(2026, 11, 20, 10, 0, 0))
            z.writestr(info, t)
    return f"{mod}-{version}-py3-none-any.whl", buf.getvalue()


def project(h, r):
    name = f"acme-{r.choice(SERVICES)}"
    version = f"{r.randint(0, 4)}.{r.randint(0, 20)}.{r.randint(0, 9)}"
    fn, data = wheel(name, version)
    d = h.fresh("pkg")
    os.makedirs(os.path.join(d, "dist"))
    with open(os.path.join(d, "dist", fn), "wb") as f:
        f.write(data)
    index(h)[1]["files"][fn] = data
    return d, name


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def shown(env_shown, args):
    return "$ " + (env_shown + " " if env_shown else "") + " ".join(shlex.quote(a) if "*" not in a else a for a in args) + "\n"


def twine(h, r, d, port, front, env):
    args = ["twine", "upload", "--verbose", "--disable-progress-bar", *front, "dist/*"]
    real = [a for a in args if a != "dist/*"] + [os.path.join("dist", f) for f in sorted(os.listdir(os.path.join(d, "dist")))]
    return args, h.run(real, cwd=d, env=env, ok=None)


def pip_download(h, r, d, url_shown, env):
    name = index(h)[1]["last"]
    args = ["python3", "-m", "pip", "download", "-v", "--no-deps", "-d", "wheelhouse", *(["--index-url", url_shown] if url_shown else []), name]
    return args, h.run(args, cwd=d, env=env, ok=None)


@category("secret", "twine-pip-typed-credentials", 30)
def twine_pip_typed(h, r):
    port, state = index(h)
    d, name = project(h, r)
    state["last"] = name
    k = r.randrange(4)
    if k in (0, 1):
        secret = pypi(r) if r.random() < 0.6 else pw(r)
        user = "__token__" if secret.startswith("pypi-") else r.choice(USERS[:-1])
        state["cred"], state["upload_ok"] = (user, secret), r.random() < 0.5
        url = f"http://127.0.0.1:{port}/legacy/"
        if k == 0:
            args, out = twine(h, r, d, port, ["--repository-url", url, "-u", user, "-p", secret], h.env())
            return "$ cd pkg\n" + shown("", args) + out, [secret]
        args, out = twine(h, r, d, port, ["--repository-url", url], h.env(TWINE_USERNAME=user, TWINE_PASSWORD=secret))
        return "$ cd pkg\n" + shown(f"TWINE_USERNAME={user} TWINE_PASSWORD={secret}", args) + out, [secret]
    if k == 2:
        secret = pypi(r) if r.random() < 0.5 else pw(r)
        user = "__token__" if secret.startswith("pypi-") else r.choice(USERS[:-1])
        state["cred"], state["upload_ok"] = (user, secret), r.random() < 0.5
        h.write(".pypirc", f"[distutils]\nindex-servers =\n    internal\n\n[internal]\nrepository = http://127.0.0.1:{port}/legacy/\nusername = {user}\npassword = {secret}\n", mode=0o600)
        args, out = twine(h, r, d, port, ["-r", "internal"], h.env())
        os.remove(os.path.join(h.home, ".pypirc"))
        return "$ cat ~/.pypirc\n" + f"[distutils]\nindex-servers =\n    internal\n\n[internal]\nrepository = http://127.0.0.1:{port}/legacy/\nusername = {user}\npassword = {secret}\n" + "$ cd pkg\n" + shown("", args) + out, [secret]
    user, secret = r.choice(USERS[:-1]), pw(r)
    state["cred"] = (user, secret)
    url = f"http://{user}:{secret}@127.0.0.1:{port}/simple/"
    if r.random() < 0.5:
        args, out = pip_download(h, r, d, url, h.env())
        return "$ cd pkg\n" + shown("", args) + out, [secret]
    args, out = pip_download(h, r, d, None, h.env(PIP_INDEX_URL=url))
    return "$ cd pkg\n" + shown(f"PIP_INDEX_URL={url}", args) + out, [secret]


@category("negative", "twine-pip-clean", 30)
def twine_pip_clean(h, r):
    port, state = index(h)
    d, name = project(h, r)
    state["last"] = name
    user, secret = r.choice(USERS[:-1]), pw(r)
    state["cred"], state["upload_ok"] = (user, secret), r.random() < 0.5
    k = r.randrange(3)
    if k == 0:
        args, out = twine(h, r, d, port, ["--repository-url", f"http://127.0.0.1:{port}/legacy/"], h.env(TWINE_USERNAME=user, TWINE_PASSWORD=secret))
        out = "$ cd pkg\n" + shown("", args) + out
    elif k == 1:
        conf = h.write(".config/pip/pip.conf", f"[global]\nindex-url = http://{user}:{secret}@127.0.0.1:{port}/simple/\n")
        args, out = pip_download(h, r, d, None, h.env())
        os.remove(conf)
        out = "$ cd pkg\n" + shown("", args) + out
    else:
        args, out = pip_download(h, r, d, None, h.env(PIP_INDEX_URL=f"http://{user}:{secret}@127.0.0.1:{port}/simple/"))
        out = "$ cd pkg\n" + shown("", args) + out
    if secret in out:
        raise RuntimeError("the password was printed:\n" + out)
    return out, []
