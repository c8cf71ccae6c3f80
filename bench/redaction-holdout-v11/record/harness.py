"""The recording harness (adapted from v10's): a throwaway HOME under a temp root, and throwaway
servers on 127.0.0.1 that the cases talk to (HTTP, SMTP, PostgreSQL, Redis, svnserve), plus the
normalization that replaces what varies between machines and runs (temp paths, ports, pids,
clock readings, this machine's host name) by fixed stand-ins."""

import http.server
import itertools
import os
import re
import shutil
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time

FIXED_DATE_HTTP = "Fri, 27 Nov 2026 09:00:00 GMT"
FIXED_DATE_MAIL = "Fri, 27 Nov 2026 09:00:00 +0000"
PY_PREFIX = sys.base_prefix
DEBIAN_PYTHON = "/usr/bin/python3"
NODE_DIR = os.environ.get("ATX_V11_NODE_DIR", "")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HttpServer:
    """What the next request gets back, set by the case before it runs its client."""

    def __init__(self):
        self.reply()
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def reply(self, status=200, headers=(), body=b'{"ok":true}\n', require_auth=False):
        self.status, self.headers, self.body, self.require_auth = status, list(headers), body, require_auth

    def _handler(self):
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            server_version = "nginx/1.24.0"
            sys_version = ""

            def date_time_string(self, timestamp=None):
                return FIXED_DATE_HTTP

            def log_message(self, fmt, *args):
                pass

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

            do_GET = do_POST = do_PUT = do_HEAD = do_DELETE = do_PATCH = _answer

        return Handler

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class SmtpServer:
    """A minimal SMTP receiver: EHLO offers AUTH PLAIN LOGIN, every command succeeds."""

    def __init__(self):
        class Handler(socketserver.StreamRequestHandler):
            def say(self, line):
                self.wfile.write((line + "\r\n").encode())

            def handle(self):
                self.say("220 mail.internal ESMTP Postfix")
                while True:
                    raw = self.rfile.readline()
                    if not raw:
                        return
                    cmd = raw.decode("utf-8", "replace").strip()
                    verb = cmd.split(" ")[0].upper()
                    if verb in ("EHLO", "HELO"):
                        self.say("250-mail.internal")
                        self.say("250-SIZE 10240000")
                        self.say("250-AUTH PLAIN LOGIN")
                        self.say("250 8BITMIME")
                    elif verb == "AUTH":
                        parts = cmd.split(" ")
                        if parts[1].upper() == "LOGIN":
                            if len(parts) < 3:
                                self.say("334 VXNlcm5hbWU6")
                                self.rfile.readline()
                            self.say("334 UGFzc3dvcmQ6")
                            self.rfile.readline()
                        elif len(parts) < 3:
                            self.say("334 ")
                            self.rfile.readline()
                        self.say("235 2.7.0 Authentication successful")
                    elif verb == "DATA":
                        self.say("354 End data with <CR><LF>.<CR><LF>")
                        while self.rfile.readline().rstrip(b"\r\n") != b".":
                            pass
                        self.say("250 2.0.0 Ok: queued as 4F2A31C0D9")
                    elif verb == "QUIT":
                        self.say("221 2.0.0 Bye")
                        return
                    elif verb in ("MAIL", "RCPT", "RSET", "NOOP"):
                        self.say("250 2.1.0 Ok")
                    else:
                        self.say("502 5.5.2 Error: command not recognized")

        class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.srv = Server(("127.0.0.1", 0), Handler)
        self.port = self.srv.server_address[1]
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()

    def close(self):
        self.srv.shutdown()
        self.srv.server_close()


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v11-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container (see v10's README)
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self.http = HttpServer()
        self.smtp = SmtpServer()
        self.url = f"http://127.0.0.1:{self.http.port}"
        self.host = socket.gethostname()
        self.pg_port = free_port()
        self.redis_port = free_port()
        self.ports = {self.http.port: "8080", self.smtp.port: "2525", self.pg_port: "5432", self.redis_port: "6379"}
        self._procs = []
        self._n = itertools.count()
        self._start_postgres()
        self._start_redis()

    # ---- servers ---------------------------------------------------------------------------

    def _start_postgres(self):
        self.pgdata = os.path.join(self.root, "pgdata")
        self.pgsock = os.path.join(self.root, "pgsock")
        self.pglog = os.path.join(self.root, "postgres.log")
        for d in (self.pgdata, self.pgsock):
            os.makedirs(d, mode=0o700)
            shutil.chown(d, "postgres", "postgres")
        open(self.pglog, "w").close()
        shutil.chown(self.pglog, "postgres", "postgres")
        bindir = "/usr/lib/postgresql/15/bin"
        as_pg = ["runuser", "-u", "postgres", "--"]
        subprocess.run(as_pg + [f"{bindir}/initdb", "-D", self.pgdata, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"], check=True, stdout=subprocess.DEVNULL)
        opts = f"-p {self.pg_port} -k {self.pgsock} -c listen_addresses=127.0.0.1 -c log_statement=all -c log_min_duration_statement=-1 -c log_line_prefix='%m [%p] %q%u@%d ' -c lc_messages=C"
        subprocess.run(as_pg + [f"{bindir}/pg_ctl", "-D", self.pgdata, "-o", opts, "-l", self.pglog, "-w", "start"], check=True, stdout=subprocess.DEVNULL)
        self.psql("CREATE DATABASE app", db="postgres")

    def _stop_postgres(self):
        subprocess.run(["runuser", "-u", "postgres", "--", "/usr/lib/postgresql/15/bin/pg_ctl", "-D", self.pgdata, "-m", "fast", "-w", "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)

    def _start_redis(self):
        p = subprocess.Popen(["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", self.root, "--logfile", ""], cwd=self.root, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        self._procs.append(p)
        for _ in range(100):
            if subprocess.run(["redis-cli", "-p", str(self.redis_port), "PING"], capture_output=True).stdout.strip() == b"PONG":
                return
            time.sleep(0.05)
        raise RuntimeError("redis did not start")

    def start(self, args, env=None, cwd=None):
        """A background program (a server or MONITOR), stopped by `stop` or at close."""
        p = subprocess.Popen(args, cwd=cwd or self.home, env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self._procs.append(p)
        return p

    def stop(self, p):
        p.terminate()
        out = p.communicate(timeout=20)[0].decode("utf-8", "replace")
        self._procs.remove(p)
        return self.normalize(out)

    # ---- running programs ------------------------------------------------------------------

    def env(self, **extra):
        e = {
            "HOME": self.home,
            "USER": "dev",
            "LOGNAME": "dev",
            "PATH": f"{os.path.dirname(sys.executable)}:/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TZ": "UTC",
            "TERM": "dumb",
            "COLUMNS": "120",
            "SHELL": "/bin/bash",
            "NO_COLOR": "1",
            "PGHOST": "127.0.0.1",
            "PGPORT": str(self.pg_port),
            "PGUSER": "postgres",
            "PGDATABASE": "app",
            "PAGER": "cat",
            "PSQL_PAGER": "cat",
        }
        e.update({k: str(v) for k, v in extra.items()})
        return e

    def fresh_dir(self, name):
        d = os.path.join(self.home, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        return d

    def write(self, path, text, mode=0o644):
        full = path if os.path.isabs(path) else os.path.join(self.home, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
        os.chmod(full, mode)
        return full

    def run(self, args, cwd=None, input=None, env=None, ok=(0,)):
        """Run a program; its stdout and stderr as one terminal would show them, normalized."""
        if isinstance(input, str):
            input = input.encode()
        p = subprocess.run(args, cwd=cwd or self.home, input=input, env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        out = p.stdout.decode("utf-8", "replace")
        if ok is not None and p.returncode not in ok:
            raise RuntimeError(f"{args!r} exited {p.returncode}:\n{out}")
        return self.normalize(out)

    def psql(self, sql, *flags, db="app"):
        return self.run(["psql", "-X", "-v", "ON_ERROR_STOP=1", "-d", db, *flags, "-c", sql] if sql else ["psql", "-X", "-d", db, *flags])

    def psql_file(self, script, *flags):
        path = self.write(f"sql/{next(self._n)}.sql", script)
        return self.run(["psql", "-X", "-v", "ON_ERROR_STOP=1", *flags, "-f", path])

    def pg_log_since(self, action):
        """What the server logged while `action` ran (log_statement=all)."""
        start = os.path.getsize(self.pglog)
        action()
        time.sleep(0.15)
        with open(self.pglog, encoding="utf-8", errors="replace") as f:
            f.seek(start)
            return self.normalize(f.read())

    def redis(self, *args, input=None):
        return self.run(["redis-cli", "-p", str(self.redis_port), *args], input=input)

    def python(self, code, *args, env=None):
        """A script under Debian's Python 3 (for the Debian-packaged libraries)."""
        path = self.write(f"scripts/s{next(self._n)}.py", code)
        return self.run([DEBIAN_PYTHON, path, *args], env=env)

    def node(self, code, env=None):
        path = self.write(f"scripts/s{next(self._n)}.js", code)
        return self.run(["node", path], env=env or self.env(NODE_PATH=os.path.join(NODE_DIR, "node_modules")))

    # ---- normalization ---------------------------------------------------------------------

    def normalize(self, text):
        text = text.replace(self.root, "")
        text = text.replace(PY_PREFIX, "/usr")
        text = text.replace(os.path.dirname(os.path.dirname(sys.executable)), "/usr")
        if NODE_DIR:
            text = text.replace(NODE_DIR, "/workspace/app")
        text = re.sub(r"/scripts/s\d+\.(py|js)", r"/scripts/job.\1", text)
        text = re.sub(r"/sql/\d+\.sql", "/sql/job.sql", text)
        for port, fixed in self.ports.items():
            for host in ("127.0.0.1", "localhost"):
                text = text.replace(f"{host}:{port}", f"{host}:{fixed}")
            text = re.sub(rf"(?<![\w.+/-]){port}(?![\w+/-])", fixed, text)
        # clients' ephemeral ports, as servers and debug logs print them
        fixed_ports = "|".join(self.ports.values())
        text = re.sub(rf"127\.0\.0\.1:(?!({fixed_ports})\b)\d{{4,5}}\b", "127.0.0.1:51724", text)
        if len(self.host) >= 4:  # a shorter name would match inside random text
            text = re.sub(rf"\b{re.escape(self.host)}\b", "devbox", text)
        text = re.sub(r"\b20\d\d-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{3})?(?= UTC)", lambda m: "2026-11-27 09:00:00" + (".000" if m.group(1) else ""), text)
        text = re.sub(r"\[\d+\] (?=\S*@\S* ?(LOG|STATEMENT|ERROR|DETAIL|HINT|FATAL|WARNING):|(LOG|STATEMENT|ERROR|DETAIL|HINT|FATAL|WARNING):)", "[4242] ", text)
        text = re.sub(r"\b(20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d)\.\d{3}Z", "2026-11-27T09:00:00.000Z", text)
        text = re.sub(r"\[(generated|cached since) (in )?\d+\.\d+s( ago)?\]", lambda m: "[generated in 0.00021s]" if m.group(1) == "generated" else "[cached since 0.0042s ago]", text)
        ticks = itertools.count()
        text = re.sub(r"\b\d\d:\d\d:\d\d\.\d{6}\b", lambda m: f"09:00:00.{(next(ticks) * 37) % 1000000:06d}", text)
        text = re.sub(r"\b1[789]\d{8}\.\d{6}\b", lambda m: f"1795770000.{(next(ticks) * 41) % 1000000:06d}", text)
        text = re.sub(r"\b20\d\d-\d\d-\d\d[ T]\d\d:\d\d:\d\d(,\d{3})?\b", lambda m: "2026-11-27 09:00:00" + (",000" if m.group(1) else ""), text)
        text = re.sub(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d? \w{3} 20\d\d \d\d:\d\d:\d\d [+-]\d{4}\b", FIXED_DATE_MAIL, text)
        text = re.sub(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d \w{3} 20\d\d \d\d:\d\d:\d\d GMT\b", FIXED_DATE_HTTP, text)
        text = re.sub(r"(Time|Planning Time|Execution Time): \d+\.\d+ ms", r"\1: 0.123 ms", text)
        text = re.sub(r"\b20\d{6}T\d{6}Z\b", "20261127T090000Z", text)
        text = re.sub(r"\b0x7f[0-9a-f]{10}\b", "0x7f3a2c1d9e50", text)
        text = re.sub(r"Message-I[dD]: <[^>@]+@[^>]+>", "Message-Id: <20261127090000.004242@devbox>", text)
        text = re.sub(r"\bactual time=\d+\.\d+\.\.\d+\.\d+", "actual time=0.011..0.042", text)
        return text

    def close(self):
        for p in list(self._procs):
            p.terminate()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
        self._stop_postgres()
        self.http.close()
        self.smtp.close()
        shutil.rmtree(self.root, ignore_errors=True)
