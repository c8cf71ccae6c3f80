"""The recording harness (adapted from v17's): a throwaway HOME under a temp root, the programs'
configuration and sources written there, every program run once per case with stdout and stderr
as one terminal shows them, and the normalization that replaces what varies between machines and
runs (temp paths, clock readings, addresses, this machine's host name) by fixed stand-ins."""

import os
import re
import shutil
import socket
import subprocess
import tempfile


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v18-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self.host = socket.gethostname()
        # the ports this run chose, each replaced by its usual port in every capture
        self.ports = {}
        # the one server running now (name, stop function), stopped before another starts
        self.server = None
        # what else to stop on every exit (the recorder's own HTTP server)
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
            "COMPOSER_HOME": os.path.join(self.home, ".config", "composer"),
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
        p = subprocess.run(args, cwd=cwd or self.home, input=input, env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
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
        # squid's log clocks and elapsed milliseconds
        text = re.sub(r"\b20\d\d/\d\d/\d\d \d\d:\d\d:\d\d(?=\| )", "2026/11/28 09:00:00", text)
        text = re.sub(r"^1[78]\d{8}\.\d{3} +\d+ ", "1795856400.000      2 ", text, flags=re.M)
        text = re.sub(r"rabbitmq-cluster-id-[\w-]{22}", "rabbitmq-cluster-id-Xq3vT0cKb8NwY2hLfR5sAg", text)
        # CUPS's "since" dates
        text = re.sub(r"\b\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d 20\d\d\b", "Sat Nov 28 09:00:00 2026", text)
        # log clocks, HTTP dates
        text = re.sub(r"\b20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}(\d{3})?\b", lambda m: "2026-11-28 09:00:00." + "0" * (len(m.group(0)) - 20), text)
        text = re.sub(r"\b\d\d/\d\d \d\d:\d\d:\d\d\b", "11/28 09:00:00", text)
        text = re.sub(r"^\w{3} \d\d \d\d:\d\d:\d\d\.\d{3} ", "Nov 28 09:00:00.000 ", text, flags=re.M)  # tor
        text = re.sub(r"(?<= 09:00:00\.000 )[0-9a-f]{12}\b", "7f3c2a1b56c0", text)
        text = re.sub(r"\w{3}, \d\d \w{3} 20\d\d \d\d:\d\d:\d\d GMT", "Sat, 28 Nov 2026 09:00:00 GMT", text)
        text = re.sub(r"\[\d\d/\w{3}/20\d\d:\d\d:\d\d:\d\d [+-]\d{4}\]", "[28/Nov/2026:09:00:00 +0000]", text)
        text = re.sub(r"GID#[0-9a-f]{16}", "GID#2089b05ecca3d829", text)  # aria2's download ids
        text = re.sub(r"\b0x55[0-9a-f]{10}\b", "0x55e06af842e0", text)
        text = re.sub(r"Python/3\.\d+\.\d+", "Python/3.11.7", text)
        text = re.sub(r"(<[\w.$]+)@[0-9a-f]{1,8}\b", r"\1@6d4b1c02", text)  # JVM identity hash codes (Groovy's dump())
        stable = {"pid": "41727", "uptime": "3", "time": "1795856400", "rusage_user": "0.004120", "rusage_system": "0.008240"}
        # memcached-tool's right-aligned `stats` table: the value keeps its column's right edge
        text = re.sub(r"^( +(pid|uptime|time|rusage_user|rusage_system) +)(\S+)(?=\r?$)", lambda m: (m.group(1) + " " * len(m.group(3)))[: len(m.group(1)) + len(m.group(3)) - len(stable[m.group(2)])] + stable[m.group(2)], text, flags=re.M)
        return text

    def free_port(self, stand_in):
        """A free port on 127.0.0.1, written as `stand_in` in every capture."""
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        self.ports[str(port)] = str(stand_in)
        return port

    def use_server(self, name, start):
        """Start `start()` (which returns a stop function) unless `name` already runs."""
        if self.server and self.server[0] == name:
            return
        self.stop_server()
        self.server = (name, start())

    def stop_server(self):
        if self.server:
            _, stop = self.server
            self.server = None
            stop()

    def close(self):
        self.stop_server()
        for stop in self.closers:
            stop()
        shutil.rmtree(self.root, ignore_errors=True)
