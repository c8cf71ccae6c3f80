"""The recording harness (adapted from v15's): a throwaway HOME under a temp root, the programs'
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
        self.root = tempfile.mkdtemp(prefix="atx-v16-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self.host = socket.gethostname()

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
        text = re.sub(r"\$[0-9A-F]{16}\b", "$0000000000401182", text)  # Free Pascal code addresses
        text = re.sub(r"\$7F[0-9A-F]{10}\b", "$7F3E6D506A68", text)  # Gforth backtrace addresses
        text = re.sub(r"^20\d\d/\d\d/\d\d \d\d:\d\d:\d\d ", "2026/11/28 09:00:00 ", text, flags=re.M)  # rclone log lines
        text = re.sub(r"restic-check-cache-\d+", "restic-check-cache-1009185425", text)
        return text

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)
