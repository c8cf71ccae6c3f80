"""The recording harness (adapted from v14's): a throwaway HOME under a temp root, the programs'
configuration and sources written there, throwaway servers on 127.0.0.1 started when a case first
needs them (lighttpd, etcd; one at a time), batch runs that compile or load one program for all of
a category's cases, and the normalization that replaces what varies between machines and runs
(temp paths, ports, clock readings, addresses, build ids, this machine's host name) by fixed
stand-ins."""

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

SEP = "@@CASE-END@@"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_tcp(port, what):
    for _ in range(600):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start")


class Harness:
    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="atx-v15-rec-")
        os.chmod(self.root, 0o755)
        # a home without a user segment, as in a container (see v10's README)
        self.home = os.path.join(self.root, "workspace")
        os.makedirs(self.home)
        self._procs = []
        self._n = itertools.count()
        self.host = socket.gethostname()
        self.ports = {}
        self.server = None

    # ---- one server at a time ----------------------------------------------------------------

    def _only(self, name):
        if self.server and self.server != name:
            for p in list(self._procs):
                self._stop_proc(p)
            self.server = None
        return self.server == name

    def lighttpd(self):
        if self._only("lighttpd"):
            return
        d = os.path.join(self.root, "lighttpd")
        os.makedirs(os.path.join(d, "htdocs", "api"), exist_ok=True)
        for page in ["index.html", "api/report", "api/orders", "api/search", "api/export", "api/profile"]:
            self.write(os.path.join(d, "htdocs", page), "ok\n")
        port = self.lighttpd_port = free_port()
        self.ports[port] = "8080"
        self.lighttpd_error = os.path.join(d, "error.log")
        self.lighttpd_access = os.path.join(d, "access.log")
        conf = f"""server.document-root = "{d}/htdocs"
server.bind = "127.0.0.1"
server.port = {port}
server.errorlog = "{self.lighttpd_error}"
server.modules += ( "mod_accesslog" )
accesslog.filename = "{self.lighttpd_access}"
debug.log-request-header = "enable"
mimetype.assign = ( "" => "text/plain" )
"""
        cfg = self.write(os.path.join(d, "lighttpd.conf"), conf)
        p = subprocess.Popen(["lighttpd", "-D", "-f", cfg], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._procs.append(p)
        self.server = "lighttpd"
        wait_tcp(port, "lighttpd")
        time.sleep(0.3)

    def lighttpd_since(self, which, requests):
        """Send requests (path, headers) with Python's urllib (the client is not what is recorded)
        and return what lighttpd wrote to its error log (request headers) or access log."""
        self.lighttpd()
        log = self.lighttpd_error if which == "error" else self.lighttpd_access
        # lighttpd buffers its access log (flushed about once a second): start from a log that has
        # stopped growing, so no earlier request's line lands in this case
        start = self._settled_size(log)
        for path, headers in requests:
            req = urllib.request.Request(f"http://127.0.0.1:{self.lighttpd_port}{path}", headers=dict(headers))
            try:
                with urllib.request.urlopen(req, timeout=60) as resp:
                    resp.read()
            except urllib.error.HTTPError:
                pass
        want = len(requests)
        text = ""
        for _ in range(400):
            with open(log, encoding="utf-8", errors="replace") as f:
                f.seek(start)
                text = f.read()
            n = text.count("\n") if which == "access" else text.count("rqst: \n")
            if n >= want:
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"lighttpd wrote {text!r} for {want} requests")
        if text.count("\n") != (want if which == "access" else text.count("\n")) or (which == "error" and text.count("rqst: \n") != want):
            raise RuntimeError(f"lighttpd's log holds another case's request:\n{text}")
        text = re.sub(r"\[\d\d/[A-Z][a-z]{2}/20\d\d:\d\d:\d\d:\d\d [+-]\d{4}\]", "[27/Nov/2026:09:00:00 +0000]", text)
        text = re.sub(r"^20\d\d-\d\d-\d\d \d\d:\d\d:\d\d:", "2026-11-27 09:00:00:", text, flags=re.M)
        text = re.sub(r"\bfd:\d+\b", "fd:7", text)
        text = re.sub(r"Python-urllib/3\.\d+", "Python-urllib/3.11", text)
        return self.normalize(text)

    @staticmethod
    def _settled_size(path):
        last, stable = -1, 0
        while stable < 12:
            size = os.path.getsize(path) if os.path.exists(path) else 0
            stable = stable + 1 if size == last else 0
            last = size
            time.sleep(0.1)
        return last

    def etcd(self):
        if self._only("etcd"):
            return
        d = os.path.join(self.root, "etcd")
        os.makedirs(d, exist_ok=True)
        port, peer = free_port(), free_port()
        self.etcd_port = port
        self.ports[port] = "2379"
        self.ports[peer] = "2380"
        log = open(os.path.join(d, "etcd.log"), "wb")
        p = subprocess.Popen(
            ["etcd", "--name", "dev", "--data-dir", os.path.join(d, "data"), "--listen-client-urls", f"http://127.0.0.1:{port}", "--advertise-client-urls", f"http://127.0.0.1:{port}",
             "--listen-peer-urls", f"http://127.0.0.1:{peer}", "--initial-advertise-peer-urls", f"http://127.0.0.1:{peer}", "--initial-cluster", f"dev=http://127.0.0.1:{peer}"],
            stdout=log, stderr=subprocess.STDOUT, env=self.env())
        log.close()
        self._procs.append(p)
        self.server = "etcd"
        wait_tcp(port, "etcd")
        for _ in range(100):
            if subprocess.run(["etcdctl", "--endpoints", f"127.0.0.1:{port}", "endpoint", "health"], env=self.env(ETCDCTL_API=3), capture_output=True).returncode == 0:
                return
            time.sleep(0.2)
        raise RuntimeError("etcd not healthy")

    def etcdctl(self, *args, ok=(0,)):
        self.etcd()
        return self.run(["etcdctl", "--endpoints", f"127.0.0.1:{self.etcd_port}", *args], env=self.env(ETCDCTL_API=3), ok=ok)

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
        p = subprocess.run(args, cwd=cwd or self.home, input=input, env=env or self.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
        out = p.stdout.decode("utf-8", "replace")
        if ok is not None and p.returncode not in ok:
            raise RuntimeError(f"{args!r} exited {p.returncode}:\n{out}")
        return self.normalize(out)

    def script(self, ext, code, name=None):
        return self.write(f"src/{name or 'job'}.{ext}", code)

    def split(self, out, n):
        parts = out.split(SEP + "\n")
        if len(parts) != n + 1:
            raise RuntimeError(f"batch split into {len(parts)} parts for {n} cases:\n{out[-3000:]}")
        return parts[:-1]

    # ---- one program run for all of a category's cases ------------------------------------

    def csharp(self, snippets):
        """The Mono C# REPL (`csharp`) reading the cases' statements on stdin, as a pasted session."""
        code = "".join(s.rstrip("\n") + f'\nConsole.WriteLine("{SEP}");\n' for s in snippets)
        return self.split(self.run(["csharp"], input=code, ok=None), len(snippets))

    def gprolog(self, goals, name):
        """GNU Prolog consulting a file whose initialization goals are the cases (an uncaught
        exception in one is reported as a warning and the next one runs); the consult banner,
        before the first goal's output, is left out."""
        code = ":- set_prolog_flag(double_quotes, atom).\n" + "".join(f":- initialization(({g})).\n:- initialization((write('{SEP}'), nl)).\n" for g in goals)
        path = self.script("pl", code, name.replace("-", "_"))
        out = self.run(["gprolog", "--consult-file", path], input="", ok=None)
        m = re.search(r" bytes written, \d+ ms\n", out)
        if not m:
            raise RuntimeError(f"gprolog did not compile {name}:\n{out}")
        return self.split(out[m.end():], len(goals))

    def swipl(self, goals, name):
        """SWI-Prolog loading a file whose directives are the cases."""
        code = "".join(f":- {g}.\n:- format('{SEP}~n').\n" for g in goals)
        path = self.script("pl", code, name)
        return self.split(self.run(["swipl", "-q", path, "-g", "halt"], input="", ok=None), len(goals))

    def fortran(self, subroutines, name):
        """gfortran: one program calling one contained subroutine per case."""
        calls = "".join(f"  call case{i}()\n  write(*, '(A)') '{SEP}'\n" for i in range(len(subroutines)))
        subs = "".join(f"subroutine case{i}()\n{body}\nend subroutine case{i}\n" for i, body in enumerate(subroutines))
        code = f"program {name.replace('-', '_')}\n  implicit none\n{calls}contains\n{subs}end program\n"
        return self._compiled(["gfortran", "-ffree-line-length-none", "-o"], "f90", code, name, len(subroutines))

    def cobol(self, records, name):
        """GnuCOBOL: one program with a group item per case, DISPLAYed."""
        ws = "".join(r[0] for r in records)
        proc = "".join(f"{r[1]}           DISPLAY \"{SEP}\".\n" for r in records)
        code = f"""       IDENTIFICATION DIVISION.
       PROGRAM-ID. RECDUMP.
       DATA DIVISION.
       WORKING-STORAGE SECTION.
{ws}       PROCEDURE DIVISION.
{proc}           STOP RUN.
"""
        return self._compiled(["cobc", "-x", "-free", "-o"], "cob", code, name, len(records))

    def nim(self, blocks, name):
        code = "import std/[tables, strutils, json, options]\n" + "".join(f"block:\n{indent(b)}\n  echo \"{SEP}\"\n" for b in blocks)
        path = self.script("nim", code, name.replace("-", "_"))
        exe = path[:-4]
        self.run(["nim", "c", "--hints:off", "--warnings:off", f"--nimcache:{self.home}/.cache/nim-{name}", f"-o:{exe}", path])
        return self.split(self.run([exe], ok=None), len(blocks))

    def dlang(self, functions, name, imports="std.stdio, std.format, std.conv"):
        decls = "".join(f"void case{i}()\n{{\n{body}\n}}\n" for i, body in enumerate(functions))
        calls = "".join(f"    case{i}();\n    writeln(\"{SEP}\");\n" for i in range(len(functions)))
        code = f"import {imports};\n{decls}void main()\n{{\n{calls}}}\n"
        return self._compiled(["gdc", "-o"], "d", code, name, len(functions))

    def _compiled(self, compiler, ext, code, name, n):
        path = self.script(ext, code, name.replace("-", "_"))
        exe = path[: -len(ext) - 1]
        self.run([*compiler, exe, path])
        return self.split(self.run([exe], ok=None, cwd=os.path.dirname(path)), n)

    # ---- normalization ---------------------------------------------------------------------

    def normalize(self, text):
        text = text.replace(self.root, "")
        for port, fixed in self.ports.items():
            for host in ("127.0.0.1", "localhost"):
                text = text.replace(f"{host}:{port}", f"{host}:{fixed}")
        text = re.sub(r"127\.0\.0\.1:(?!8080\b|2379\b|2380\b)\d{4,5}\b", "127.0.0.1:51724", text)
        if len(self.host) >= 4:  # a shorter name would match inside random text
            text = re.sub(rf"\b{re.escape(self.host)}\b", "devbox", text)
        text = re.sub(r"<[0-9a-f]{32}>", "<9907188d69b84a12a99743144575976f>", text)  # Mono module ids
        text = re.sub(r"\[0x[0-9a-f]{5}\]", "[0x00000]", text)
        text = re.sub(r"\b0x[0-9a-f]{8,16}\b", "0x55d1c0a4e2b0", text)  # D trace addresses
        text = re.sub(r"\b_[GL]?\d+\{", "_12345{", text)  # SWI-Prolog anonymous dict tags
        return text

    def close(self):
        for p in list(self._procs):
            self._stop_proc(p)
        shutil.rmtree(self.root, ignore_errors=True)


def indent(code, n=2):
    return "\n".join((" " * n + line) if line.strip() else line for line in code.split("\n"))
