"""The recording harness (adapted from v21's): a throwaway HOME under a temp root, the programs'
configuration and sources written there, every program run once per case with stdout and stderr
as one terminal shows them, and the normalization that replaces what varies between machines and
runs (temp paths, clock readings, process ids, this machine's host name) by fixed stand-ins.
No program listens on a port: every program runs offline and exits."""

import os
import re
import shutil
import socket
import subprocess
import tempfile


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v25-rec-")
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
            text = re.sub(rf"(?<![0-9]){port}(?![0-9])", stand_in, text)
        # Breezy's commit time in `brz log`
        text = re.sub(r"^timestamp: \w{3} 20\d\d-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}$", "timestamp: Sat 2026-11-28 09:00:00 +0000", text, flags=re.M)
        # Node.js: a stack frame's column and the Node version it prints stay as printed (one
        # Node, one file); nothing else in these programs' output varies between runs
        return text

    def free_port(self, stand_in):
        """A free port on 127.0.0.1, written as `stand_in` in every capture."""
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        self.ports[str(port)] = str(stand_in)
        return port

    def close(self):
        for stop in list(self.closers):
            stop()
        shutil.rmtree(self.root, ignore_errors=True)
