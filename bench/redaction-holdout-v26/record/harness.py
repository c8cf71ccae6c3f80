"""The recording harness (adapted from v25's): a throwaway HOME under a temp root, the programs'
configuration written there, every program run once per case with stdout and stderr as one
terminal shows them, and the normalization that replaces what varies between machines and runs
(temp paths, clock readings, process ids, ports, this machine's host name and kernel) by fixed
stand-ins. Servers (ss-manager, a small POP3 responder) listen on 127.0.0.1 only and are stopped
on every exit path; the clients connect to them or to closed 127.0.0.1 ports."""

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v26-rec-")
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

    def run(self, args, cwd=None, input=None, env=None, ok=(0,), timeout=300):
        """Run a program; its stdout and stderr as one terminal would show them, normalized."""
        if isinstance(input, str):
            input = input.encode()
        os.makedirs(os.path.join(self.home, ".cache"), exist_ok=True)
        p = subprocess.run(args, cwd=cwd or self.home, input=input if input is not None else b"", env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
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
        # clocks: keepalived's log prefix, ss-manager's and stunnel's log times, mail Date headers
        text = re.sub(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d 20\d\d\b", "Sat Nov 28 09:00:00 2026", text)
        text = re.sub(r"\b20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\b", "2026-11-28 09:00:00", text)
        text = re.sub(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) 20\d\d \d\d:\d\d:\d\d [+-]\d{4}", "Sat, 28 Nov 2026 09:00:00 +0000", text)
        text = re.sub(r"\b20\d\d\.\d\d\.\d\d \d\d:\d\d:\d\d\b", "2026.11.28 09:00:00", text)
        # process ids (keepalived's children, ss-manager's servers)
        text = re.sub(r"\bpid=\d+", "pid=4242", text)
        text = re.sub(r"\bprocess(?: \(pid)? \d+", lambda m: re.sub(r"\d+$", "4242", m.group(0)), text)
        # this machine's kernel (keepalived's start line)
        text = re.sub(r"^(.*)Running on Linux \S+ .*$", r"\1Running on Linux 6.1.0-28-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22) (built for Linux 5.19.11)", text, flags=re.M)
        # keepalived's SMTP HELO name is this machine's host name, however short
        text = re.sub(r"(Smtp HELO name = )\S+", r"\1devbox", text)
        return text

    def free_port(self, stand_in):
        """A free port on 127.0.0.1, written as `stand_in` in every capture."""
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        self.ports[str(port)] = str(stand_in)
        return port

    def spawn(self, args, env=None):
        """Start a server in the background (output to a log under the home); stopped on close."""
        os.makedirs(os.path.join(self.home, ".cache"), exist_ok=True)
        log = open(os.path.join(self.home, ".cache", f"{os.path.basename(args[0])}.log"), "ab")
        p = subprocess.Popen(args, cwd=self.home, env=env or self.env(), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)

        def stop():
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
            log.close()
            if stop in self.closers:
                self.closers.remove(stop)

        self.closers.append(stop)
        return p, stop

    def close(self):
        for stop in list(self.closers):
            stop()
        shutil.rmtree(self.root, ignore_errors=True)
