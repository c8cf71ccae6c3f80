"""The recording harness (adapted from v25's): a throwaway HOME under a temp root, the programs'
configuration and data written there, every program run once per case with stdout and stderr
as one terminal shows them, and the normalization that replaces what varies between machines and
runs (temp paths, clock readings, process ids, ports, this machine's host name and kernel) by
fixed stand-ins. The only servers are this harness's own HTTP stand-ins (a container registry, a
web page, a WebDAV refusal) on 127.0.0.1, in threads stopped on every exit path."""

import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
from http.server import ThreadingHTTPServer


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v27-rec-")
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
            # only where a port is written (host:port, "port N"): a bare number may sit in a token
            text = re.sub(rf"(?:(?<=:)|(?<=port )){port}(?![0-9])", stand_in, text)
        # Facter cannot read /proc/1/environ in this machine's sandbox and says so on every run
        text = re.sub(r"^(?:\x1b\[[0-9;]*m)?Error: Facter: Permission denied @ rb_sysopen - /proc/1/environ(?:\x1b\[0m)?\n", "", text, flags=re.M)
        # collectd's log time
        text = re.sub(r"^\[20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\] ", "[2026-11-28 09:00:00] ", text, flags=re.M)
        text = re.sub(r"port (\d+) after \d+ ms", r"port \1 after 0 ms", text)
        # process ids in zabbix_agentd's messages
        text = re.sub(r"\bzabbix_agentd \[\d+\]", "zabbix_agentd [4242]", text)
        # yt-dlp: the kernel in its platform line, the stand-in server's clock and Python
        text = re.sub(r"Linux-[^ ]+-x86_64-with-glibc2\.\d+", "Linux-6.1.0-28-amd64-x86_64-with-glibc2.36", text)
        text = re.sub(r"Chrome/\d+\.0\.\d+\.\d+ Safari", "Chrome/93.0.4577.63 Safari", text)
        text = re.sub(r"^header: Date: .*$", "header: Date: Sat, 28 Nov 2026 09:00:00 GMT", text, flags=re.M)
        # duplicity: its run's time in file names and messages, its temp folders' random names
        text = re.sub(r"\b20\d\d[01]\dT\d{6}Z\b", "20261128T090000Z", text)
        text = re.sub(r"^Linux \S+ \S+ #1 SMP .* x86_64 *$", "Linux devbox 6.1.0-28-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 x86_64", text, flags=re.M)
        text = re.sub(r"^Temp has \d+ available, backup will use approx \d+\.$", "Temp has 74841305088 available, backup will use approx 272629760.", text, flags=re.M)
        text = re.sub(r"\b(duplicity-)[a-z0-9_]{8}(-tempdir)\b", r"\1k3j9x0qa\2", text)
        text = re.sub(r"\b(mktemp-)[a-z0-9_]{8}(-\d+)\b", r"\1u7w2p4ds\2", text)
        text = re.sub(r"\b(mkstemp-)[a-z0-9_]{8}(-\d+)\b", r"\1u7w2p4ds\2", text)
        # Puppet: its run time, a diff's file times and its temp file's name
        text = re.sub(r"Compiled catalog for \S+ in environment (\S+) in \d+\.\d+ seconds", r"Compiled catalog for devbox in environment \1 in 0.05 seconds", text)
        text = re.sub(r"Applied catalog in \d+\.\d+ seconds", "Applied catalog in 0.05 seconds", text)
        text = re.sub(r"\t20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \+0000$", "\t2026-11-28 09:00:00.000000000 +0000", text, flags=re.M)
        text = re.sub(r"\bpuppet-file20\d{6}-\d+-[a-z0-9]+\b", "puppet-file20261128-4242-1x9k2q", text)
        return text

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
        for stop in list(self.closers):
            stop()
        shutil.rmtree(self.root, ignore_errors=True)
