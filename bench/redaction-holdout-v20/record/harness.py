"""The recording harness (adapted from v19's, whose stand-ins for its own programs are kept: the
ISO clock ones also cover ProFTPD's debug clock): a throwaway HOME under a temp root, the
programs' configuration written there, every program run once per case with stdout and stderr as
one terminal shows them, and the normalization that replaces what varies between machines and
runs (temp paths, clock readings, ports, pids, this machine's host name) by fixed stand-ins."""

import os
import re
import shutil
import socket
import subprocess
import tempfile


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v20-rec-")
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
        # the client side's ephemeral ports (Apache's `[client …]`, Varnish's ReqStart/BackendOpen)
        text = re.sub(r"(127\.0\.0\.1[: ])[1-6]\d{4}\b", r"\g<1>54321", text)
        # Apache's error-log clock, pid and thread id
        text = re.sub(r"\[\w{3} \w{3} \d\d \d\d:\d\d:\d\d\.\d{6} 20\d\d\]", "[Sat Nov 28 09:00:00.000000 2026]", text)
        text = re.sub(r"\[pid \d+:tid \d+\]", "[pid 41727:tid 41731]", text)
        text = re.sub(r"\(pid=\d+\)", "(pid=41727)", text)
        # HTTP dates, access-log clocks, ETags of the served files
        text = re.sub(r"\w{3}, \d\d \w{3} 20\d\d \d\d:\d\d:\d\d GMT", "Sat, 28 Nov 2026 09:00:00 GMT", text)
        text = re.sub(r"\[\d\d/\w{3}/20\d\d:\d\d:\d\d:\d\d [+-]\d{4}\]", "[28/Nov/2026:09:00:00 +0000]", text)
        text = re.sub(r'ETag: ((?:W/)?\\*")([0-9a-f]+-)[0-9a-f]{10,16}(\\*")', r"ETag: \g<1>\g<2>5f1c2a9b8d3e0\g<3>", text)
        # Varnish's epoch timestamps (and the durations after them) and its child's pid
        text = re.sub(r"(Timestamp +\w+: )1\d{9}\.\d{6} \d+\.\d{6} \d+\.\d{6}", r"\g<1>1795856400.000000 0.000000 0.000000", text)
        text = re.sub(r"Child \(\d+\)", "Child (41733)", text)
        # ZNC's debug clock and pid
        text = re.sub(r"\[20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}\]", "[2026-11-28 09:00:00.000000]", text)
        text = re.sub(r"\[pid: \d+\]", "[pid: 41727]", text)
        # KeePassXC's export clocks and OpenVPN's log clock
        text = re.sub(r"\b20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ\b", "2026-11-28T09:00:00Z", text)
        text = re.sub(r"\b20\d\d-\d\d-\d\d \d\d:\d\d:\d\d( us=\d+)?", lambda m: "2026-11-28 09:00:00" + (" us=120000" if m.group(1) else ""), text)
        # the rsync daemon's log clock and pid, chronyd's log clock
        text = re.sub(r"\b20\d\d/\d\d/\d\d \d\d:\d\d:\d\d \[\d+\]", "2026/11/28 09:00:00 [41727]", text)
        # ProFTPD's debug clock (milliseconds), host name (however short) and pid
        text = re.sub(r"(\d\d:\d\d:\d\d),\d{3} \S+ proftpd\[\d+\]", r"\g<1>,000 devbox proftpd[41727]", text)
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
