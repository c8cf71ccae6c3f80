"""The recording harness: a throwaway HOME, a throwaway HTTP server on 127.0.0.1, and the
normalization that replaces what varies between machines and runs (temp paths, the port,
pids, clock readings, this machine's host name) by fixed stand-ins."""

import http.server
import itertools
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading

FIXED_DATE_HTTP = "Fri, 27 Nov 2026 09:00:00 GMT"
FIXED_PORT = "8080"
PY_PREFIX = sys.base_prefix


class Server:
    """What the next request gets back, set by the case before it runs its client."""

    def __init__(self):
        self.status = 200
        self.headers = []
        self.body = b'{"ok":true}\n'
        self.require_auth = False
        self.log = []
        handler = self._handler()
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def reply(self, status=200, headers=(), body=b'{"ok":true}\n', require_auth=False):
        self.status, self.headers, self.body, self.require_auth = status, list(headers), body, require_auth
        self.log = []

    def _handler(self):
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def date_time_string(self, timestamp=None):
                return FIXED_DATE_HTTP

            def log_date_time_string(self):
                return "27/Nov/2026 09:00:00"

            def log_message(self, fmt, *args):
                server.log.append(f"{self.address_string()} - - [{self.log_date_time_string()}] {fmt % args}")

            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                if server.require_auth and "Authorization" not in self.headers:
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="restricted"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(server.status)
                for k, v in server.headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(server.body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(server.body)

            do_GET = do_POST = do_PUT = do_HEAD = do_DELETE = _answer

        return Handler

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v10-rec-")
        # a home without a user segment, as in a container: a path like /home/<user> could be
        # read as personal data, which no negative here means to hold
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self.gnupg = os.path.join(self.home, ".gnupg")
        os.makedirs(self.gnupg, mode=0o700)
        self.server = Server()
        self.url = f"http://127.0.0.1:{self.server.port}"
        self.host = socket.gethostname()
        self._n = itertools.count()

    def env(self, **extra):
        e = {
            "HOME": self.home,
            "USER": "dev",
            "LOGNAME": "dev",
            "PATH": f"{os.path.dirname(sys.executable)}:/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TZ": "UTC",
            "TERM": "xterm",
            "SHELL": "/bin/bash",
            "GNUPGHOME": self.gnupg,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_TERMINAL_PROMPT": "0",
            "XDG_CONFIG_DIRS": os.path.join(self.root, "xdg"),
            "PIP_DISABLE_PIP_VERSION_CHECK": "1",
            "NO_COLOR": "1",
        }
        e.update({k: str(v) for k, v in extra.items()})
        return e

    def fresh_dir(self, name):
        """A new empty directory under HOME, e.g. a project checkout."""
        d = os.path.join(self.home, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        return d

    def gpg_env(self, **extra):
        """The environment of a new, empty GnuPG home (one per case, so keys never accumulate)."""
        d = os.path.join(self.home, f".gnupg-{next(self._n)}")
        os.makedirs(d, mode=0o700)
        return self.env(GNUPGHOME=d, **extra)

    def write(self, path, text, mode=0o644):
        full = path if os.path.isabs(path) else os.path.join(self.home, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
        os.chmod(full, mode)
        return full

    def run(self, args, cwd=None, input=None, env=None, shell=False, ok=(0,)):
        """Run a program; its stdout and stderr as one terminal would show them, normalized."""
        p = subprocess.run(args, cwd=cwd or self.home, input=input, env=env or self.env(), shell=shell, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        out = p.stdout.decode("utf-8", "replace")
        if ok is not None and p.returncode not in ok:
            raise RuntimeError(f"{args!r} exited {p.returncode}:\n{out}")
        return self.normalize(out)

    def normalize(self, text):
        text = text.replace(self.root, "")
        text = text.replace(PY_PREFIX, "/usr")
        text = re.sub(r"/\.gnupg-\d+", "/.gnupg", text)
        text = text.replace(os.path.dirname(os.path.dirname(sys.executable)), "/usr")
        text = text.replace(f"127.0.0.1:{self.server.port}", f"127.0.0.1:{FIXED_PORT}")
        text = text.replace(f"127.0.0.1 port {self.server.port}", f"127.0.0.1 port {FIXED_PORT}")
        text = re.sub(rf"\bport {self.server.port}\b", f"port {FIXED_PORT}", text)
        text = re.sub(rf"(?<![\w.+/-]){self.server.port}(?![\w.+/-])", FIXED_PORT, text)
        text = re.sub(r"\((node|npm):\d+\)", r"(\1:4242)", text)
        if len(self.host) >= 4:  # a shorter name would match inside random text
            text = re.sub(rf"\b{re.escape(self.host)}\b", "devbox", text)
        ticks = itertools.count()
        text = re.sub(r"\b\d\d:\d\d:\d\d\.\d{6}\b", lambda m: f"09:00:00.{(next(ticks) * 37) % 1000000:06d}", text)
        text = re.sub(r"\b20\d\d-\d\d-\d\d[ T]\d\d:\d\d:\d\d\b", "2026-11-27 09:00:00", text)
        text = re.sub(r"\b(HTTP|NET|HTTP2|TLS|FETCH|UNDICI) \d+:", r"\1 4242:", text)
        text = re.sub(r"_logs/[0-9T_Z-]+-debug-0\.log", "_logs/2026-11-27T09_00_00_000Z-debug-0.log", text)
        text = re.sub(r"after \d+ ms", "after 0 ms", text)
        return text

    def close(self):
        self.server.close()
        shutil.rmtree(self.root, ignore_errors=True)
