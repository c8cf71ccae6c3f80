"""A smart-HTTP git server on 127.0.0.1 for the git cases: Python's HTTP server in front of
`git http-backend` (CGI), with HTTP basic authentication against the one user and password a
case sets (`server.state["cred"]`, None for an open server). Bare repositories live under
`server.state["root"]`."""

import base64
import os
import subprocess
from http.server import BaseHTTPRequestHandler


class GitHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "nginx/1.24.0"
    sys_version = ""

    def log_message(self, *args):
        pass

    def authorized(self):
        cred = self.server.state.get("cred")
        if cred is None:
            return True
        want = "Basic " + base64.b64encode(f"{cred[0]}:{cred[1]}".encode()).decode()
        return self.headers.get("Authorization") == want

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.headers.get("Transfer-Encoding") == "chunked":
            body = self.read_chunked()
        if not self.authorized():
            msg = b"Unauthorized\n"
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="git"')
            self.send_header("Content-Length", str(len(msg)))
            self.end_headers()
            self.wfile.write(msg)
            return
        path, _, query = self.path.partition("?")
        env = {
            "PATH": "/usr/bin:/bin",
            "GIT_PROJECT_ROOT": self.server.state["root"],
            "GIT_HTTP_EXPORT_ALL": "1",
            "GIT_CONFIG_NOSYSTEM": "1",
            "HOME": self.server.state["root"],
            "REQUEST_METHOD": self.command,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "CONTENT_TYPE": self.headers.get("Content-Type") or "",
            "CONTENT_LENGTH": str(len(body)),
            "REMOTE_ADDR": "127.0.0.1",
            "REMOTE_USER": (self.server.state.get("cred") or ("anonymous",))[0],
        }
        for h in ("Content-Encoding", "Git-Protocol"):
            if self.headers.get(h):
                env["HTTP_" + h.upper().replace("-", "_")] = self.headers[h]
        out = subprocess.run(["git", "http-backend"], input=body, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        head, _, rest = out.partition(b"\r\n\r\n")
        status = 200
        headers = []
        for line in head.decode("latin-1").split("\r\n"):
            if not line:
                continue
            k, _, v = line.partition(":")
            if k.lower() == "status":
                status = int(v.strip().split()[0])
            else:
                headers.append((k, v.strip()))
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(rest)))
        self.end_headers()
        self.wfile.write(rest)

    def read_chunked(self):
        data = b""
        while True:
            size = int(self.rfile.readline().strip(), 16)
            if size == 0:
                self.rfile.readline()
                return data
            data += self.rfile.read(size)
            self.rfile.readline()

    do_GET = handle_any
    do_POST = handle_any


def bare_repo(h, root, name, env, author=("Release Bot", "ci-bot@example.com"), files=None):
    """A bare repository `<root>/<name>.git` with one or two commits (fixed dates)."""
    src = os.path.join(h.root, "seed-" + name.replace("/", "-"))
    os.makedirs(src, exist_ok=True)
    e = dict(env, GIT_AUTHOR_NAME=author[0], GIT_AUTHOR_EMAIL=author[1], GIT_COMMITTER_NAME=author[0], GIT_COMMITTER_EMAIL=author[1],
             GIT_AUTHOR_DATE="2026-11-20T10:00:00Z", GIT_COMMITTER_DATE="2026-11-20T10:00:00Z")
    subprocess.run(["git", "init", "-q", "-b", "main", src], env=e, check=True)
    for path, text in (files or {"README.md": f"# {name}\n"}).items():
        full = os.path.join(src, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
    subprocess.run(["git", "-C", src, "add", "-A"], env=e, check=True)
    subprocess.run(["git", "-C", src, "commit", "-q", "-m", "Initial import"], env=e, check=True)
    dest = os.path.join(root, name + ".git")
    subprocess.run(["rm", "-rf", dest], check=True)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    subprocess.run(["git", "clone", "-q", "--bare", src, dest], env=e, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["git", "-C", dest, "config", "http.receivepack", "true"], env=e, check=True)
    subprocess.run(["rm", "-rf", src], check=True)
    return dest
