"""The recording harness (adapted from v27's, itself from v25's): a throwaway HOME under a temp root, the programs'
configuration and data written there, every program run once per case with stdout and stderr
as one terminal shows them, and the normalization that replaces what varies between machines and
runs (temp paths, clock readings, process ids, ports, this machine's host name and kernel) by
fixed stand-ins. The only servers are this harness's own stand-ins on 127.0.0.1 (line-protocol
IMAP, POP3 and SMTP responders that refuse every login, HTTP stand-ins for feed readers' APIs and
a CalDAV refusal), in threads stopped on every exit path."""

import os
import re
import shutil
import socket
import socketserver
import subprocess
import tempfile
import threading
from http.server import ThreadingHTTPServer


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v28-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self.host = socket.gethostname()
        # the ports this run chose, each replaced by its usual port in every capture
        self.ports = {}
        # what to stop on every exit (a server still running when a case failed)
        self.closers = []
        # the stand-in servers started so far, by name: their ports
        self.servers = {}

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
            text = re.sub(rf'(?:(?<=:)|(?<=port )|(?<=port = )|(?<=port=")){port}(?![0-9])', stand_in, text)
        # offlineimap's imaplib2 debug: its clock (mm:ss.cc) and the random tag prefix of a run
        text = re.sub(r"^( \[imap\]:   )\d\d:\d\d\.\d\d ", r"\g<1>09:00.00 ", text, flags=re.M)
        # newsboat's log time; the stand-in servers' Date header as vdirsyncer prints it
        text = re.sub(r"^\[20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\] ", "[2026-11-28 09:00:00] ", text, flags=re.M)
        text = re.sub(r"'Date': '[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} 20\d\d \d\d:\d\d:\d\d GMT'", "'Date': 'Sat, 28 Nov 2026 09:00:00 GMT'", text)
        text = re.sub(r"Python/3\.\d+\.\d+", "Python/3.11.2", text)
        # newsboat's own timings, and a stack address it prints per parsed item (ASLR)
        text = re.sub(r"\bign = 0x7ff[0-9a-f]{9}\b", "ign = 0x7ffd5e3c1a40", text)
        text = re.sub(r"(ScopeMeasure: function `[^']+' took )\d+\.\d+ s", r"\g<1>0.000100 s", text)
        # s-nail's SMTP dialog: the message's Date and generated Message-ID
        text = re.sub(r"^(s-nail: >>> Date: ).*$", r"\g<1>Sat, 28 Nov 2026 09:00:00 +0000", text, flags=re.M)
        text = re.sub(r"^(s-nail: >>> Message-ID: <)20\d{12}\.[A-Za-z0-9]+@", r"\g<1>20261128090000.k7Qm2xTa@", text, flags=re.M)
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

    def serve_lines(self, handler, stand_in, **state):
        """A line-protocol stand-in (socketserver) on 127.0.0.1 in a thread, stopped on close."""
        port = self.free_port(stand_in)
        srv = socketserver.ThreadingTCPServer(("127.0.0.1", port), handler)
        srv.daemon_threads = True
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
