"""The recording harness (adapted from v11's): a throwaway HOME under a temp root, and throwaway
servers on 127.0.0.1 that the cases talk to (HTTP, SMTP, FTP, OpenLDAP's slapd), plus the
normalization that replaces what varies between machines and runs (temp paths, ports, pids,
clock readings, addresses, this machine's host name) by fixed stand-ins."""

import http.server
import itertools
import os
import re
import shutil
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time

FIXED_DATE_HTTP = "Fri, 27 Nov 2026 09:00:00 GMT"
FIXED_DATE_MAIL = "Fri, 27 Nov 2026 09:00:00 +0000"
PY_PREFIX = sys.base_prefix
DEBIAN_PYTHON = "/usr/bin/python3"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HttpServer:
    """What the next request gets back, set by the case before it runs its client."""

    def __init__(self):
        self.reply()
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def reply(self, status=200, headers=(), body=b'{"ok":true}\n', require_auth=False):
        self.status, self.headers, self.body, self.require_auth = status, list(headers), body, require_auth

    def _handler(self):
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            server_version = "nginx/1.24.0"
            sys_version = ""

            def date_time_string(self, timestamp=None):
                return FIXED_DATE_HTTP

            def log_message(self, fmt, *args):
                pass

            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                if server.require_auth and "Authorization" not in self.headers:
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="restricted"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(server.status)
                for k, v in server.headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(server.body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(server.body)

            do_GET = do_POST = do_PUT = do_HEAD = do_DELETE = do_PATCH = _answer

        return Handler

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class SmtpServer:
    """A minimal SMTP receiver: EHLO offers AUTH PLAIN LOGIN, every command succeeds."""

    def __init__(self):
        class Handler(socketserver.StreamRequestHandler):
            def say(self, line):
                self.wfile.write((line + "\r\n").encode())

            def handle(self):
                self.say("220 mail.internal ESMTP Postfix")
                while True:
                    raw = self.rfile.readline()
                    if not raw:
                        return
                    cmd = raw.decode("utf-8", "replace").strip()
                    verb = cmd.split(" ")[0].upper()
                    if verb in ("EHLO", "HELO"):
                        self.say("250-mail.internal")
                        self.say("250-SIZE 10240000")
                        self.say("250-AUTH PLAIN LOGIN")
                        self.say("250 8BITMIME")
                    elif verb == "AUTH":
                        parts = cmd.split(" ")
                        if parts[1].upper() == "LOGIN":
                            if len(parts) < 3:
                                self.say("334 VXNlcm5hbWU6")
                                self.rfile.readline()
                            self.say("334 UGFzc3dvcmQ6")
                            self.rfile.readline()
                        elif len(parts) < 3:
                            self.say("334 ")
                            self.rfile.readline()
                        self.say("235 2.7.0 Authentication successful")
                    elif verb == "DATA":
                        self.say("354 End data with <CR><LF>.<CR><LF>")
                        while self.rfile.readline().rstrip(b"\r\n") != b".":
                            pass
                        self.say("250 2.0.0 Ok: queued as 4F2A31C0D9")
                    elif verb == "QUIT":
                        self.say("221 2.0.0 Bye")
                        return
                    elif verb in ("MAIL", "RCPT", "RSET", "NOOP"):
                        self.say("250 2.1.0 Ok")
                    else:
                        self.say("502 5.5.2 Error: command not recognized")

        class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.srv = Server(("127.0.0.1", 0), Handler)
        self.port = self.srv.server_address[1]
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()

    def close(self):
        self.srv.shutdown()
        self.srv.server_close()



class FtpServer:
    """A minimal FTP control channel: accepts any USER/PASS, answers PWD/CWD/TYPE/SYST/FEAT/QUIT,
    refuses the rest (enough for lftp's login dialogue; no data connections)."""

    def __init__(self):
        class Handler(socketserver.StreamRequestHandler):
            def say(self, line):
                self.wfile.write((line + "\r\n").encode())

            def handle(self):
                self.say("220 (vsFTPd 3.0.3)")
                cwd = "/"
                while True:
                    raw = self.rfile.readline()
                    if not raw:
                        return
                    cmd = raw.decode("utf-8", "replace").strip()
                    verb, _, arg = cmd.partition(" ")
                    verb = verb.upper()
                    if verb == "USER":
                        self.say("331 Please specify the password.")
                    elif verb == "PASS":
                        self.say("230 Login successful.")
                    elif verb == "FEAT":
                        self.say("211-Features:")
                        self.say(" EPSV")
                        self.say(" PASV")
                        self.say(" SIZE")
                        self.say(" UTF8")
                        self.say("211 End")
                    elif verb == "SYST":
                        self.say("215 UNIX Type: L8")
                    elif verb == "PWD":
                        self.say(f'257 "{cwd}" is the current directory')
                    elif verb == "CWD":
                        cwd = arg if arg.startswith("/") else cwd.rstrip("/") + "/" + arg
                        self.say("250 Directory successfully changed.")
                    elif verb == "TYPE":
                        self.say("200 Switching to Binary mode.")
                    elif verb == "OPTS":
                        self.say("200 Always in UTF8 mode.")
                    elif verb == "QUIT":
                        self.say("221 Goodbye.")
                        return
                    else:
                        self.say("500 Unknown command.")

        class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.srv = Server(("127.0.0.1", 0), Handler)
        self.port = self.srv.server_address[1]
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()

    def close(self):
        self.srv.shutdown()
        self.srv.server_close()


LDAP_SUFFIX = "dc=example,dc=org"
LDAP_ADMIN = "cn=admin,dc=example,dc=org"
LDAP_ADMIN_PW = "v12-recorder-admin"

class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v12-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container (see v10's README)
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self._procs = []
        self._n = itertools.count()
        self.http = HttpServer()
        self.smtp = SmtpServer()
        self.ftp = FtpServer()
        self.url = f"http://127.0.0.1:{self.http.port}"
        self.host = socket.gethostname()
        self.ldap_port = free_port()
        self.imap_port, self.pop3_port = free_port(), free_port()
        self.ports = {self.http.port: "8080", self.smtp.port: "2525", self.ftp.port: "2121", self.ldap_port: "3389", self.imap_port: "1143", self.pop3_port: "1110"}
        self.dovecot_conf = None
        try:
            self._start_slapd()
            self._start_dovecot()
            self._build_go()
        except BaseException:
            self.close()
            raise

    # ---- servers ---------------------------------------------------------------------------

    def _start_slapd(self):
        d = os.path.join(self.root, "ldap")
        os.makedirs(os.path.join(d, "db"))
        conf = "\n".join([
            *(f"include /etc/ldap/schema/{s}.schema" for s in ("core", "cosine", "inetorgperson", "nis")),
            f"pidfile {d}/slapd.pid",
            "modulepath /usr/lib/ldap",
            "moduleload back_mdb",
            "database mdb",
            "maxsize 16777216",
            f'suffix "{LDAP_SUFFIX}"',
            f'rootdn "{LDAP_ADMIN}"',
            f"rootpw {LDAP_ADMIN_PW}",
            f"directory {d}/db",
            "",
        ])
        self.slapd_conf = self.write(os.path.join(d, "slapd.conf"), conf)
        self.slapd_log = os.path.join(d, "slapd.log")
        self._slapd_log_f = open(self.slapd_log, "wb")
        p = subprocess.Popen(["slapd", "-f", self.slapd_conf, "-h", f"ldap://127.0.0.1:{self.ldap_port}/", "-d", "stats"], stdout=self._slapd_log_f, stderr=subprocess.STDOUT)
        self._procs.append(p)
        for _ in range(100):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.ldap_port)) == 0:
                    break
            time.sleep(0.05)
        else:
            raise RuntimeError("slapd did not start")
        self.ldap_add(f"dn: {LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example\n\n"
                      f"dn: ou=people,{LDAP_SUFFIX}\nobjectClass: organizationalUnit\nou: people\n\n"
                      f"dn: ou=services,{LDAP_SUFFIX}\nobjectClass: organizationalUnit\nou: services\n")

    def ldap_add(self, ldif, *flags):
        return self.run(["ldapadd", "-x", "-H", f"ldap://127.0.0.1:{self.ldap_port}", "-D", LDAP_ADMIN, "-w", LDAP_ADMIN_PW, *flags], input=ldif)

    def ldap_delete(self, *dns):
        return self.run(["ldapdelete", "-x", "-H", f"ldap://127.0.0.1:{self.ldap_port}", "-D", LDAP_ADMIN, "-w", LDAP_ADMIN_PW, *dns], ok=None)

    def ldap_search(self, base, filt, *attrs, bind=True, flags=()):
        auth = ["-D", LDAP_ADMIN, "-w", LDAP_ADMIN_PW] if bind else []
        return self.run(["ldapsearch", "-x", "-H", f"ldap://127.0.0.1:{self.ldap_port}", *auth, *flags, "-b", base, filt, *attrs])

    def slapd_log_since(self, action):
        start = os.path.getsize(self.slapd_log)
        action()
        time.sleep(0.2)
        with open(self.slapd_log, encoding="utf-8", errors="replace") as f:
            f.seek(start)
            return self.normalize(f.read())

    def slapcat(self, base=None):
        return self.run(["slapcat", "-f", self.slapd_conf, *(["-b", base] if base else [])])

    def _start_dovecot(self):
        d = os.path.join(self.root, "dovecot")
        os.makedirs(os.path.join(d, "run"))
        os.makedirs(os.path.join(d, "home"))
        shutil.chown(os.path.join(d, "home"), "nobody", "nogroup")
        self.mail_users = os.path.join(d, "users")
        open(self.mail_users, "w").close()
        self.dovecot_log = os.path.join(d, "dovecot.log")
        conf = f"""base_dir = {d}/run
state_dir = {d}/run
protocols = imap pop3
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_debug = yes
auth_debug_passwords = yes
auth_verbose = yes
auth_verbose_passwords = plain
log_path = {self.dovecot_log}
mail_location = maildir:{d}/home/%u/Maildir
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {self.mail_users}
}}
userdb {{
  driver = static
  args = uid=nobody gid=nogroup home={d}/home/%u
}}
service imap-login {{
  inet_listener imap {{
    port = {self.imap_port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service pop3-login {{
  inet_listener pop3 {{
    port = {self.pop3_port}
  }}
  inet_listener pop3s {{
    port = 0
  }}
}}
"""
        self.dovecot_conf = self.write(os.path.join(d, "dovecot.conf"), conf)
        subprocess.run(["dovecot", "-c", self.dovecot_conf], check=True)
        for _ in range(100):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.imap_port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("dovecot did not start")

    def mail_user(self, user, password):
        with open(self.mail_users, "a") as f:
            f.write(f"{user}:{{PLAIN}}{password}::::::\n")

    def dovecot_log_since(self, action):
        start = os.path.getsize(self.dovecot_log)
        action()
        time.sleep(0.3)
        with open(self.dovecot_log, encoding="utf-8", errors="replace") as f:
            f.seek(start)
            return self.normalize(f.read())

    def _build_go(self):
        """One Go program per printing idiom is built once (record/go/), run per case."""
        src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "go")
        self.go_src = os.path.join(self.home, "gocode")
        shutil.copytree(src, self.go_src)
        self.go_bin = os.path.join(self.root, "bin", "svcconf")
        self.run(["go", "build", "-o", self.go_bin, "./cmd/svcconf"], cwd=self.go_src, env=self.go_env())

    def start(self, args, env=None, cwd=None):
        """A background program (a capture), stopped by `stop` or at close."""
        p = subprocess.Popen(args, cwd=cwd or self.home, env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self._procs.append(p)
        return p

    def stop(self, p):
        p.terminate()
        out = p.communicate(timeout=20)[0].decode("utf-8", "replace")
        self._procs.remove(p)
        return self.normalize(out)

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
        }
        e.update({k: str(v) for k, v in extra.items()})
        return e

    def go_env(self, **extra):
        tmp = os.path.join(self.home, ".cache", "go-tmp")
        os.makedirs(tmp, exist_ok=True)
        return self.env(GOPATH=os.path.join(self.home, "go"), GOCACHE=os.path.join(self.home, ".cache", "go-build"), GOTMPDIR=tmp, GOPROXY="off", GOFLAGS="-mod=mod", CGO_ENABLED="0", **extra)

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
        p = subprocess.run(args, cwd=cwd or self.home, input=input, env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=180)
        out = p.stdout.decode("utf-8", "replace")
        if ok is not None and p.returncode not in ok:
            raise RuntimeError(f"{args!r} exited {p.returncode}:\n{out}")
        return self.normalize(out)

    def script(self, ext, code):
        return self.write(f"scripts/s{next(self._n)}.{ext}", code)

    def php(self, code, *flags, env=None, ok=(0,)):
        return self.run(["php", *flags, self.script("php", code)], env=env, ok=ok)

    def perl(self, code, env=None, ok=(0,)):
        return self.run(["perl", self.script("pl", code)], env=env, ok=ok)

    def lua(self, code, ok=(0,)):
        return self.run(["lua5.4", self.script("lua", code)], ok=ok)

    def node(self, code, env=None, ok=(0,)):
        return self.run(["node", self.script("js", code)], env=env, ok=ok)

    def go(self, mode, config, ok=(0,)):
        import json as _json
        return self.run([self.go_bin, mode], input=_json.dumps(config), ok=ok)

    def capture(self, port_filter, action, flags=("-A",)):
        """What `tcpdump -i lo -nn -l <flags>` printed on loopback while `action` ran."""
        p = subprocess.Popen(["tcpdump", "-i", "lo", "-nn", "-l", *flags, port_filter], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self._procs.append(p)
        time.sleep(0.6)
        action()
        time.sleep(0.4)
        p.terminate()
        out, err = p.communicate(timeout=20)
        self._procs.remove(p)
        # the terminal shows tcpdump's banner and counters too
        return self.normalize(err.decode("utf-8", "replace").split("\n", 1)[0] + "\n" + out.decode("utf-8", "replace"))

    # ---- normalization ---------------------------------------------------------------------

    def normalize(self, text):
        text = text.replace(self.root, "")
        text = re.sub(r"/scripts/s\d+\.(php|pl|lua|js)", r"/scripts/job.\1", text)
        for port, fixed in self.ports.items():
            for host in ("127.0.0.1", "localhost"):
                text = text.replace(f"{host}:{port}", f"{host}:{fixed}")
                text = text.replace(f"{host}.{port}", f"{host}.{fixed}")
            text = re.sub(rf"(?<![\w.+/-]){port}(?![\w+/-])", fixed, text)
            text = text.replace(f"htons({port})", f"htons({fixed})")
        # clients' ephemeral ports, as servers, captures and debug logs print them
        fixed_ports = "|".join(self.ports.values())
        text = re.sub(rf"127\.0\.0\.1([:.])(?!({fixed_ports})\b)\d{{4,5}}\b", r"127.0.0.1\g<1>51724", text)
        text = re.sub(r"htons\((?!(" + fixed_ports + r")\))\d{4,5}\)", "htons(51724)", text)
        for port, fixed in self.ports.items():
            text = text.replace(f"127.0.0.1/{port}", f"127.0.0.1/{fixed}")
        text = re.sub(r"\brport=\d+", "rport=51724", text)
        if len(self.host) >= 4:  # a shorter name would match inside random text
            text = re.sub(rf"\b{re.escape(self.host)}\b", "devbox", text)
        text = re.sub(r"go-build\d+", "go-build2718281828", text)
        text = re.sub(r"^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d (?=\S+: )", "Nov 27 09:00:00 ", text, flags=re.M)
        text = re.sub(r"\b(at )?(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d 20\d\d\b", r"\1Fri Nov 27 09:00:00 2026", text)
        text = re.sub(r"\bpid=\d+", "pid=4242", text)
        ticks = itertools.count()
        text = re.sub(r"\b\d\d:\d\d:\d\d\.\d{6}\b", lambda m: f"09:00:00.{(next(ticks) * 37) % 1000000:06d}", text)
        text = re.sub(r"\b20\d\d[/-]\d\d[/-]\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?", lambda m: "2026/11/27 09:00:00" if "/" in m.group(0) else "2026-11-27 09:00:00" + (m.group(1) and ".000" or ""), text)
        text = re.sub(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d? \w{3} 20\d\d \d\d:\d\d:\d\d [+-]\d{4}\b", FIXED_DATE_MAIL, text)
        text = re.sub(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d \w{3} 20\d\d \d\d:\d\d:\d\d GMT\b", FIXED_DATE_HTTP, text)
        text = re.sub(r"^[0-9a-f]{8}\.[0-9a-f]{8} (?=0x[0-9a-f]+ )", "6926d3e0.1c2b3a4d ", text, flags=re.M)
        text = re.sub(r"qtime=\d+\.\d+ etime=\d+\.\d+", "qtime=0.000009 etime=0.000113", text)
        text = re.sub(r"\b20\d{12}(\.\d{6})?Z", lambda m: "20261127090000" + (".000000" if m.group(1) else "") + "Z", text)
        text = re.sub(r"\b0x(7f|55|56|c0)[0-9a-f]{7,10}\b", "0xc000012345", text)
        text = re.sub(r"\[pid +\d+\]", "[pid  4242]", text)
        text = re.sub(r"^(ok|FAIL)(\s+\S+\s+)\d+\.\d+s(?=\t|$)", r"\1\g<2>0.004s", text, flags=re.M)
        text = re.sub(r"^(\s*--- (PASS|FAIL|SKIP): \S+ )\(\d+\.\d+s\)", r"\1(0.00s)", text, flags=re.M)
        text = re.sub(r"Date: [A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} 20\d\d \d\d:\d\d:\d\d GMT", f"Date: {FIXED_DATE_HTTP}", text)
        return text

    def close(self):
        for p in list(self._procs):
            p.terminate()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
        for srv in ("http", "smtp", "ftp"):
            if hasattr(self, srv):
                getattr(self, srv).close()
        if self.dovecot_conf:
            subprocess.run(["doveadm", "-c", self.dovecot_conf, "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
            time.sleep(0.5)
        if getattr(self, "_slapd_log_f", None):
            self._slapd_log_f.close()
        shutil.rmtree(self.root, ignore_errors=True)
