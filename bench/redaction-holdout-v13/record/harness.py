"""The recording harness (adapted from v12's): a throwaway HOME under a temp root, the programs'
configuration written there, throwaway servers on 127.0.0.1 started when a case first needs them
(nginx, snmpd, FreeRADIUS), and the normalization that replaces what varies between machines and
runs (temp paths, ports, pids, clock readings, this machine's host name) by fixed stand-ins."""

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

FIXED_DATE_HTTP = "Fri, 27 Nov 2026 09:00:00 GMT"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_udp_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_tcp(port, what):
    for _ in range(200):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start")


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v13-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container (see v10's README)
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self._procs = []
        self._n = itertools.count()
        self.host = socket.gethostname()
        self.ports = {}
        self.nginx_port = self.snmp_port = self.radius_port = None

    # ---- servers, started on first use -----------------------------------------------------

    def nginx(self):
        """nginx on 127.0.0.1 serving a small tree; its access and error logs are read per case."""
        if self.nginx_port:
            return
        d = os.path.join(self.root, "nginx")
        os.makedirs(os.path.join(d, "html", "static"))
        self.write(os.path.join(d, "html", "index.html"), "<h1>ok</h1>\n")
        self.write(os.path.join(d, "html", "static", "app.js"), "console.log(1)\n")
        self.nginx_port = free_port()
        self.ports[self.nginx_port] = "8080"
        self.nginx_access = os.path.join(d, "access.log")
        self.nginx_error = os.path.join(d, "error.log")
        conf = f"""daemon off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {self.nginx_error} notice;
events {{ worker_connections 64; }}
http {{
    access_log {self.nginx_access} combined;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    server {{
        listen 127.0.0.1:{self.nginx_port};
        server_name app.example.com;
        root {d}/html;
        location /api/ {{ return 204; }}
        location /auth/ {{ return 302 /; }}
    }}
}}
"""
        self.nginx_conf = self.write(os.path.join(d, "nginx.conf"), conf)
        p = subprocess.Popen(["nginx", "-c", self.nginx_conf, "-e", self.nginx_error], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._procs.append(p)
        wait_tcp(self.nginx_port, "nginx")

    def http_get(self, path, headers=(), method="GET", body=None):
        """One request to nginx from Python's urllib (the client is not what is recorded)."""
        req = urllib.request.Request(f"http://127.0.0.1:{self.nginx_port}{path}", method=method, data=body, headers=dict(headers))
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                resp.read()
        except urllib.error.HTTPError:
            pass

    def nginx_logs_since(self, action, which):
        path = self.nginx_access if which == "access" else self.nginx_error
        start = os.path.getsize(path) if os.path.exists(path) else 0
        action()
        time.sleep(0.2)
        with open(path, encoding="utf-8", errors="replace") as f:
            f.seek(start)
            return self.normalize(f.read())

    def snmpd(self, contact, location, community):
        """snmpd on 127.0.0.1 (one at a time: restarted when its sysContact/community changes)."""
        key = (contact, location, community)
        if getattr(self, "_snmp_key", None) == key:
            return
        if getattr(self, "_snmpd", None):
            self._stop_proc(self._snmpd)
        d = os.path.join(self.root, "snmp")
        os.makedirs(d, exist_ok=True)
        if not self.snmp_port:
            self.snmp_port = free_udp_port()
            self.ports[self.snmp_port] = "1161"
        conf = f"""agentAddress udp:127.0.0.1:{self.snmp_port}
rocommunity {community} 127.0.0.1
sysContact {contact}
sysLocation {location}
sysName gw-01.example.net
sysDescr Linux gw-01 6.1.0 x86_64
sysServices 72
"""  # the address is agentAddress's alone (a second one on the command line fails to bind)
        self.write(os.path.join(d, "snmpd.conf"), conf)
        p = subprocess.Popen(["snmpd", "-f", "-Lo", "-C", "-c", os.path.join(d, "snmpd.conf"), "-p", os.path.join(d, "snmpd.pid")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.env(MIBS=""))
        self._procs.append(p)
        self._snmpd, self._snmp_key = p, key
        time.sleep(0.8)

    def radiusd(self, users, client_secret):
        """FreeRADIUS (`freeradius -X`) with its stock configuration copied, our users and client
        secret; restarted when they change. Returns the debug log's path."""
        key = (tuple(users), client_secret)
        if getattr(self, "_radius_key", None) == key:
            return self.radius_log
        if getattr(self, "_radiusd", None):
            self._stop_proc(self._radiusd)
            self._radius_log_f.close()
        d = os.path.join(self.root, "raddb")
        if not os.path.exists(d):
            shutil.copytree("/etc/freeradius/3.0", d, symlinks=True)
            self.radius_port = free_udp_port()
            self.ports[self.radius_port] = "1812"
            # it stays root: another process on this shared machine kept replacing /dev/null by a
            # root-only file, which freerad cannot open
            conf = os.path.join(d, "radiusd.conf")
            with open(conf) as f:
                text = f.read()
            self.write(conf, re.sub(r"^(\s*)(user|group) = freerad$", r"\1# \2 = freerad", text, flags=re.M))
            # one small virtual server instead of the stock sites (no EAP, no inner tunnel)
            for sub in ("sites-enabled", "mods-enabled"):
                for name in os.listdir(os.path.join(d, sub)):
                    if sub == "sites-enabled" or name == "eap":
                        os.unlink(os.path.join(d, sub, name))
            self.write(os.path.join(d, "sites-enabled", "recorder"), f"""server default {{
\tlisten {{
\t\ttype = auth
\t\tipaddr = 127.0.0.1
\t\tport = {self.radius_port}
\t}}
\tauthorize {{
\t\tpreprocess
\t\tfiles
\t\tchap
\t\tpap
\t}}
\tauthenticate {{
\t\tAuth-Type PAP {{
\t\t\tpap
\t\t}}
\t\tAuth-Type CHAP {{
\t\t\tchap
\t\t}}
\t}}
\tpost-auth {{
\t}}
}}
""")
        self.write(os.path.join(d, "mods-config", "files", "authorize"), "".join(users))
        self.write(os.path.join(d, "clients.conf"), f'client localhost {{\n\tipaddr = 127.0.0.1\n\tsecret = {client_secret}\n\tshortname = recorder\n}}\n')
        self.radius_log = os.path.join(self.root, f"radiusd-{next(self._n)}.log")
        self._radius_log_f = open(self.radius_log, "wb")
        p = subprocess.Popen(["freeradius", "-X", "-f", "-d", d], stdout=self._radius_log_f, stderr=subprocess.STDOUT)
        self._procs.append(p)
        self._radiusd, self._radius_key = p, key
        for _ in range(200):
            with open(self.radius_log, encoding="utf-8", errors="replace") as f:
                if "Ready to process requests" in f.read():
                    return self.radius_log
            if p.poll() is not None:
                raise RuntimeError("freeradius exited:\n" + open(self.radius_log).read()[-3000:])
            time.sleep(0.1)
        raise RuntimeError("freeradius did not start")

    def radius_log_since(self, action):
        start = os.path.getsize(self.radius_log)
        out = action()
        time.sleep(0.3)
        with open(self.radius_log, encoding="utf-8", errors="replace") as f:
            f.seek(start)
            return out, self.normalize(f.read())

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
        os.makedirs(os.path.join(self.home, ".cache"), exist_ok=True)
        p = subprocess.run(args, cwd=cwd or self.home, input=input, env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        out = p.stdout.decode("utf-8", "replace")
        if ok is not None and p.returncode not in ok:
            raise RuntimeError(f"{args!r} exited {p.returncode}:\n{out}")
        return self.normalize(out)

    def script(self, ext, code, name=None):
        return self.write(f"scripts/{name or 's' + str(next(self._n))}.{ext}", code)

    # ---- normalization ---------------------------------------------------------------------

    def normalize(self, text):
        text = text.replace(self.root, "")
        text = re.sub(r"\bscripts/s\d+\.(exs|erl|jsh)", r"scripts/job.\1", text)
        for port, fixed in self.ports.items():
            for host in ("127.0.0.1", "localhost"):
                text = text.replace(f"{host}:{port}", f"{host}:{fixed}")
            text = re.sub(rf"(?<![\w.+/-]){port}(?![\w+/-])", fixed, text)
        fixed_ports = "|".join(self.ports.values()) or "0"
        text = re.sub(rf"127\.0\.0\.1([:.])(?!({fixed_ports})\b)\d{{4,5}}\b", r"127.0.0.1\g<1>51724", text)
        text = re.sub(rf"(from 127\.0\.0\.1 port |port )(?!({fixed_ports})\b)\d{{4,5}}\b", r"\g<1>51724", text)
        if len(self.host) >= 4:  # a shorter name would match inside random text
            text = re.sub(rf"\b{re.escape(self.host)}\b", "devbox", text)
        text = re.sub(r"\b\d\d/[A-Z][a-z]{2}/20\d\d:\d\d:\d\d:\d\d [+-]\d{4}\b", "27/Nov/2026:09:00:00 +0000", text)
        text = re.sub(r"\b20\d\d/\d\d/\d\d \d\d:\d\d:\d\d \[(\w+)\] \d+#\d+:", r"2026/11/27 09:00:00 [\1] 4242#4242:", text)
        text = re.sub(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d 20\d\d\b", "Fri Nov 27 09:00:00 2026", text)
        text = re.sub(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d\.\d+ 20\d\d\b", "Fri Nov 27 09:00:00.000 2026", text)
        text = re.sub(r"\b\d\d:\d\d:\d\d\.\d{3}\b", "09:00:00.000", text)
        text = re.sub(r"\bpid[= ]\d+", lambda m: m.group(0)[:4] + "4242", text)
        text = re.sub(r"^\(\d+\) ", "(0) ", text, flags=re.M)  # FreeRADIUS's request number
        text = re.sub(r"#PID<0\.\d+\.0>", "#PID<0.110.0>", text)
        text = re.sub(r"<0\.\d+\.0>", "<0.110.0>", text)
        text = re.sub(r"\bid=\d+\b(?= )", "id=7", text) if "Sent Access" in text or "Received Access" in text else text
        text = re.sub(r"\b(Received|Sent) (Access-\w+) Id \d+", r"\1 \2 Id 7", text)
        text = re.sub(r"\bId \d+ from 127", "Id 7 from 127", text)
        text = re.sub(r"^\[\d+\] ", "[0] ", text, flags=re.M)
        text = re.sub(r"\b0x[0-9a-f]{10,16}\b", "0x55d0c0ffee00", text)
        text = re.sub(r"\bjdk\.internal\.reflect\.\w+Accessor\d+", "jdk.internal.reflect.GeneratedMethodAccessor1", text)
        return text

    def close(self):
        for p in list(self._procs):
            self._stop_proc(p)
        if getattr(self, "_radius_log_f", None):
            self._radius_log_f.close()
        shutil.rmtree(self.root, ignore_errors=True)
