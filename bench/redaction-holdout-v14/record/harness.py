"""The recording harness (adapted from v13's): a throwaway HOME under a temp root, the programs'
configuration written there, throwaway servers on 127.0.0.1 started when a case first needs them
(HAProxy; a Kerberos database with no KDC process), and the normalization that replaces what
varies between machines and runs (temp paths, ports, clock readings, table addresses, this
machine's host name) by fixed stand-ins."""

import itertools
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_tcp(port, what):
    for _ in range(400):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start")


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v14-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container (see v10's README)
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self._procs = []
        self._n = itertools.count()
        self.host = socket.gethostname()
        self.ports = {}
        self.haproxy_port = None
        self.krb_dir = None

    # ---- HAProxy: one instance, logging to stdout (a file here) -------------------------------

    def haproxy(self):
        if self.haproxy_port:
            return
        d = os.path.join(self.root, "haproxy")
        os.makedirs(d)
        self.haproxy_port = free_port()
        self.ports[self.haproxy_port] = "8080"
        conf = f"""global
    log stdout format raw local0
defaults
    mode http
    log global
    option httplog
    timeout client 10s
    timeout connect 10s
    timeout server 10s
frontend web
    bind 127.0.0.1:{self.haproxy_port}
    capture request header Authorization len 400
    capture request header X-Api-Key len 200
    capture request header Cookie len 200
    http-request return status 200 content-type text/plain string ok
"""
        cfg = self.write(os.path.join(d, "haproxy.cfg"), conf)
        self.haproxy_log = os.path.join(d, "haproxy.log")
        self._haproxy_log_f = open(self.haproxy_log, "wb")
        p = subprocess.Popen(["haproxy", "-f", cfg, "-db"], stdout=self._haproxy_log_f, stderr=subprocess.STDOUT)
        self._procs.append(p)
        wait_tcp(self.haproxy_port, "haproxy")

    def haproxy_log_since(self, requests):
        """Send requests (path, headers) with Python's urllib (the client is not what is recorded)
        and return the log lines HAProxy wrote for them."""
        start = os.path.getsize(self.haproxy_log)
        for path, headers in requests:
            req = urllib.request.Request(f"http://127.0.0.1:{self.haproxy_port}{path}", headers=dict(headers))
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    resp.read()
            except urllib.error.HTTPError:
                pass
        want = len(requests)
        for _ in range(100):
            with open(self.haproxy_log, encoding="utf-8", errors="replace") as f:
                f.seek(start)
                text = f.read()
            if text.count("\n") >= want:
                break
            time.sleep(0.05)
        text = re.sub(r"\[\d\d/[A-Z][a-z]{2}/20\d\d:\d\d:\d\d:\d\d\.\d{3}\]", "[27/Nov/2026:09:00:00.000]", text)
        text = re.sub(r" \d+/-1/-1/-1/\d+ ", " 0/-1/-1/-1/0 ", text)
        text = re.sub(r" \d+/\d+/\d+/\d+/\d+ 0/0 ", " 1/1/0/0/0 0/0 ", text)
        return self.normalize(text)

    # ---- vsftpd: one instance, its protocol log read per case --------------------------------

    def vsftpd(self):
        if getattr(self, "ftp_port", None):
            return
        d = os.path.join(self.root, "vsftpd")
        os.makedirs(os.path.join(d, "empty"))
        os.makedirs(os.path.join(d, "pub", "releases"))
        self.write(os.path.join(d, "pub", "README.txt"), "mirror\n")
        os.chmod(os.path.join(d, "pub"), 0o555)
        self.ftp_port = free_port()
        self.ports[self.ftp_port] = "2121"
        self.vsftpd_log = os.path.join(d, "vsftpd.log")
        conf = f"""listen=YES
listen_address=127.0.0.1
listen_port={self.ftp_port}
background=NO
anonymous_enable=YES
anon_root={d}/pub
local_enable=YES
secure_chroot_dir={d}/empty
vsftpd_log_file={self.vsftpd_log}
xferlog_enable=YES
log_ftp_protocol=YES
pasv_address=127.0.0.1
seccomp_sandbox=NO
"""
        cfg = self.write(os.path.join(d, "vsftpd.conf"), conf)
        p = subprocess.Popen(["vsftpd", cfg], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._procs.append(p)
        wait_tcp(self.ftp_port, "vsftpd")
        # the readiness probe is a connection vsftpd logs too: let its lines land before any case
        for _ in range(100):
            if os.path.exists(self.vsftpd_log) and "220 (vsFTPd" in open(self.vsftpd_log).read():
                break
            time.sleep(0.1)
        time.sleep(0.5)

    def ftp_log_since(self, sessions):
        """Log in with Python's ftplib (the client is not what is recorded) once per (user,
        password, commands) session; return vsftpd's log lines for them."""
        import ftplib

        start = os.path.getsize(self.vsftpd_log) if os.path.exists(self.vsftpd_log) else 0
        for user, pw, commands in sessions:
            f = ftplib.FTP()
            f.connect("127.0.0.1", self.ftp_port, timeout=30)
            try:
                f.login(user, pw)
                for c in commands:
                    f.nlst(c) if c.startswith("/") else f.sendcmd(c)
                f.quit()
            except ftplib.error_perm:
                f.close()
        # the session processes and their privileged parent write the log apart: wait until every
        # session's last line is there and nothing more comes, so no line spills into the next case
        text, last = "", None
        for _ in range(300):
            with open(self.vsftpd_log, encoding="utf-8", errors="replace") as f:
                f.seek(start)
                text = f.read()
            done = text.count("221 Goodbye.") + text.count("530 Login incorrect.")
            if done >= len(sessions) and text == last:
                break
            last = text
            time.sleep(0.2)
        else:
            raise RuntimeError("vsftpd's log did not settle")
        if text.count("CONNECT:") != len(sessions):
            raise RuntimeError("vsftpd's log holds another case's session:\n" + text)
        text = re.sub(r"\[pid \d+\]", "[pid 4242]", text)
        text = re.sub(r"\(127,0,0,1,\d+,\d+\)", "(127,0,0,1,200,77)", text)
        text = re.sub(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d 20\d\d\b", "Fri Nov 27 09:00:00 2026", text)
        return self.normalize(text)

    # ---- Kerberos: a realm database (kadmin.local works on it directly; no KDC is started) ----

    def krb(self):
        if self.krb_dir:
            return
        d = self.krb_dir = os.path.join(self.root, "krb5kdc")
        os.makedirs(d)
        self.write(os.path.join(d, "krb5.conf"), "[libdefaults]\n    default_realm = EXAMPLE.COM\n[realms]\n    EXAMPLE.COM = {\n        kdc = kdc.example.com\n        admin_server = kdc.example.com\n    }\n")
        self.write(os.path.join(d, "kdc.conf"), f"[realms]\n    EXAMPLE.COM = {{\n        database_name = {d}/principal\n        key_stash_file = {d}/stash\n        acl_file = {d}/kadm5.acl\n    }}\n")
        self.krb_env = self.env(KRB5_CONFIG=os.path.join(d, "krb5.conf"), KRB5_KDC_PROFILE=os.path.join(d, "kdc.conf"))
        self.run(["kdb5_util", "create", "-r", "EXAMPLE.COM", "-s", "-P", "v14-recorder-master-key"], env=self.krb_env)

    def kadmin(self, query, ok=(0,)):
        self.krb()
        return self.run(["kadmin.local", "-q", query], env=self.krb_env, ok=ok)

    def _stop_proc(self, p):
        p.terminate()
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        if p in self._procs:
            self._procs.remove(p)

    # ---- running programs ------------------------------------------------------------------

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

    def run(self, args, cwd=None, input=None, env=None, ok=(0,)):
        """Run a program; its stdout and stderr as one terminal would show them, normalized."""
        if isinstance(input, str):
            input = input.encode()
        os.makedirs(os.path.join(self.home, ".cache"), exist_ok=True)
        p = subprocess.run(args, cwd=cwd or self.home, input=input, env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        out = p.stdout.decode("utf-8", "replace")
        if ok is not None and p.returncode not in ok:
            raise RuntimeError(f"{args!r} exited {p.returncode}:\n{out}")
        return self.normalize(out)

    def script(self, ext, code, name=None):
        return self.write(f"scripts/{name or 'job'}.{ext}", code)

    def run_batch(self, args_for, ext, forms, sep_code, name="batch"):
        """One interpreter run for several independent cases (the JVM's start-up is seconds on
        this shared machine): each case's forms, then a separator line the program prints; the
        output split at the separators, one text per case."""
        code = "".join(f + sep_code for f in forms)
        path = self.script(ext, code, name)
        out = self.run(args_for(path), ok=None)
        parts = out.split("@@CASE-END@@\n")
        if len(parts) != len(forms) + 1:
            raise RuntimeError(f"batch split into {len(parts)} parts for {len(forms)} forms:\n{out[-2000:]}")
        return parts[:-1]

    # ---- normalization ---------------------------------------------------------------------

    def normalize(self, text):
        text = text.replace(self.root, "")
        for port, fixed in self.ports.items():
            for host in ("127.0.0.1", "localhost"):
                text = text.replace(f"{host}:{port}", f"{host}:{fixed}")
        text = re.sub(r"127\.0\.0\.1:(?!8080\b)\d{4,5}\b", "127.0.0.1:51724", text)
        if len(self.host) >= 4:  # a shorter name would match inside random text
            text = re.sub(rf"\b{re.escape(self.host)}\b", "devbox", text)
        text = re.sub(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d UTC 20\d\d\b", "Fri Nov 27 09:00:00 UTC 2026", text)
        text = re.sub(r"\b\d\d/\d\d/\d\d \d\d:\d\d:\d\d\b", "11/27/26 09:00:00", text)
        text = re.sub(r"#<hash-table [0-9a-f]+ ", "#<hash-table 7f1c899f0d00 ", text)
        text = re.sub(r"\buser/eval\d+\b", "user/eval164", text)
        text = re.sub(r"@[0-9a-f]{5,8}\b", "@6d4a65a7", text)  # Java identity hash codes
        return text

    def close(self):
        for p in list(self._procs):
            self._stop_proc(p)
        if getattr(self, "_haproxy_log_f", None):
            self._haproxy_log_f.close()
        shutil.rmtree(self.root, ignore_errors=True)
