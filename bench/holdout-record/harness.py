"""The recording harness of the holdout recorders (v32, v34; adapted from v30's): a throwaway HOME under a temp root, the programs'
configuration and data written there, every program run once per case with stdout and stderr
as one terminal shows them, and the normalization that replaces what varies between machines and
runs (temp paths, clock readings, ports, this machine's host name, elapsed times) by fixed
stand-ins. The servers (git's smart HTTP through `git http-backend`, a stand-in package index)
listen on 127.0.0.1 only and are stopped on every exit path."""

import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer


class Harness:
    def __init__(self, corpus):
        # corpus: the recorder's name in the temp root's ("v34" -> atx-v34-rec-*)
        self.root = tempfile.mkdtemp(prefix=f"atx-{corpus}-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self.host = socket.gethostname()
        # the ports this run chose, each replaced by its usual port in every capture
        self.ports = {}
        # what to stop on every exit (a server still running when a case failed)
        self.closers = []

    def env(self, **extra):
        e = {
            "HOME": self.home,
            "USER": "dev",
            "LOGNAME": "dev",
            "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TZ": "UTC",
            "TERM": "dumb",
            "COLUMNS": "120",
            "SHELL": "/bin/bash",
            "NO_COLOR": "1",
            "PAGER": "cat",
            "TMPDIR": os.path.join(self.home, ".cache"),
            # no machine-wide git or npm configuration: only what a case writes
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_TERMINAL_PROMPT": "0",
            "NPM_CONFIG_GLOBALCONFIG": os.path.join(self.home, ".config", "npm-global-rc"),
            "NPM_CONFIG_UPDATE_NOTIFIER": "false",
            "DIRENV_LOG_FORMAT": "direnv: %s",
        }
        e.update({k: str(v) for k, v in extra.items()})
        return e

    def write(self, path, text, mode=0o644):
        full = path if os.path.isabs(path) else os.path.join(self.home, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
        os.chmod(full, mode)
        return full

    def fresh(self, sub):
        """An empty folder under the home for one case (a program's config or data dir)."""
        d = os.path.join(self.home, sub)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        return d

    def run(self, args, cwd=None, input=None, env=None, ok=(0,)):
        """Run a program; its stdout and stderr as one terminal would show them, normalized."""
        if isinstance(input, str):
            input = input.encode()
        os.makedirs(os.path.join(self.home, ".cache"), exist_ok=True)
        p = subprocess.run(args, cwd=cwd or self.home, input=input if input is not None else b"", env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        out = p.stdout.decode("utf-8", "replace")
        if ok is not None and p.returncode not in ok:
            raise RuntimeError(f"{args!r} exited {p.returncode}:\n{out}")
        return self.normalize(out)

    # ---- normalization ---------------------------------------------------------------------

    def normalize(self, text):
        text = text.replace(self.root, "")
        if len(self.host) >= 4:  # a shorter name would match inside random text
            text = re.sub(rf"\b{re.escape(self.host)}\b", "devbox", text)
        for port, stand_in in self.ports.items():
            # only where a port is written (host:port, "port N", ssh's -p N, scp's -P N): a bare
            # number may sit in a token
            text = re.sub(rf"(?:(?<=:)|(?<=%3a)|(?<=port )|(?<=port=)|(?<=-p )|(?<=-P )){port}(?![0-9])", stand_in, text)
        # git's trace clock ("06:46:38.068853 git.c:460  trace: ...")
        text = re.sub(r"^\d\d:\d\d:\d\d\.\d{6} ", "09:00:00.000000 ", text, flags=re.M)
        # git's index-pack lock reason names a pid and the host
        text = re.sub(r"--keep=fetch-pack \d+ on [^' ]+", "--keep=fetch-pack 4242 on devbox", text)
        # yarn's and pnpm's elapsed times
        text = re.sub(r"^(✨  )?Done in \d+(\.\d+)?m?s\.$", r"\g<1>Done in 0.21s.", text, flags=re.M)
        return text

    def daemon(self, args, port, name, env=None, wait=15):
        """Start a server on 127.0.0.1 (its log in the temp root), wait until `port` accepts, and
        stop it on close (or with the returned function)."""
        log = open(os.path.join(self.root, f"{name}.log"), "wb")
        p = subprocess.Popen(args, cwd=self.home, env=env or self.env(), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.time() + wait
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if p.poll() is not None or time.time() > deadline:
                    p.kill()
                    p.wait()
                    log.close()
                    raise RuntimeError(f"{name} did not start: " + open(log.name, encoding="utf-8", errors="replace").read()[-2000:])
                time.sleep(0.1)

        def stop():
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
            log.close()
            if stop in self.closers:
                self.closers.remove(stop)

        self.closers.append(stop)
        return stop

    def free_port(self, stand_in):
        """A free port on 127.0.0.1, written as `stand_in` in every capture."""
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        self.ports[str(port)] = str(stand_in)
        return port

    def serve(self, handler, stand_in, **state):
        """An HTTP stand-in on 127.0.0.1 in a thread, stopped on close; `state` is on `server`."""
        port = self.free_port(stand_in)
        srv = ThreadingHTTPServer(("127.0.0.1", port), handler)
        srv.state = state
        threading.Thread(target=srv.serve_forever, daemon=True).start()

        def stop():
            srv.shutdown()
            srv.server_close()

        self.closers.append(stop)
        return port, srv

    def close(self):
        for stop in reversed(list(self.closers)):
            try:
                stop()
            except Exception as e:  # stop the rest all the same
                print(f"stopping: {e}")
        shutil.rmtree(self.root, ignore_errors=True)
