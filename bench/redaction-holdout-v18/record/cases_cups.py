"""CUPS: a private `cupsd -f` on 127.0.0.1 (its own configuration, spool and state under the
throwaway home) with queues added by `lpadmin`, shown by `lpstat -v`, `lpstat -l -p` and
`lpoptions -p`. CUPS removes a `user:password@` from an ipp/ipps device URI it shows, but keeps
a query string and an SMB URI's `workgroup/user:password@` path."""

import os
import signal
import subprocess
import time

from registry import category
from values import ROLES, SERVICES, Person, hexs, placeholder, secret_token, uuid

HOSTS = ["printhost.example.net", "print.example.com", "mfp-3.example.org", "10.0.4.21"]


def cupsd(h):
    """Start a private cupsd (once per category) and return the environment that reaches it."""
    d = os.path.join(h.home, "cups")
    port_holder = {}

    def start():
        import shutil

        shutil.rmtree(d, ignore_errors=True)
        for sub in ("cache", "log", "spool", "state"):
            os.makedirs(os.path.join(d, sub))
        port = h.free_port(631)
        port_holder["port"] = port
        access = "  Order allow,deny\n  Allow from 127.0.0.1\n"
        h.write(f"{d}/cupsd.conf", f"Listen 127.0.0.1:{port}\nLogLevel warn\nBrowsing No\n<Location />\n{access}</Location>\n<Location /admin>\n{access}</Location>\n<Policy default>\n  <Limit All>\n    Order deny,allow\n  </Limit>\n</Policy>\n")
        h.write(f"{d}/cups-files.conf", f"CacheDir {d}/cache\nStateDir {d}/state\nRequestRoot {d}/spool\nServerRoot {d}\nErrorLog {d}/log/error_log\nAccessLog {d}/log/access_log\nPageLog {d}/log/page_log\nUser lp\nGroup lp\nSystemGroup root\n")
        for root, dirs, files in os.walk(d):
            os.chmod(root, 0o777)
        p = subprocess.Popen(["cupsd", "-f", "-c", f"{d}/cupsd.conf", "-s", f"{d}/cups-files.conf"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=h.env())
        env = h.env(CUPS_SERVER=f"127.0.0.1:{port}")
        for _ in range(100):
            if subprocess.run(["lpstat", "-r"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.startswith(b"scheduler is running"):
                break
            time.sleep(0.1)
        else:
            p.kill()
            raise RuntimeError("cupsd did not start")

        def stop():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()

        h.cups_env = env
        return stop

    h.use_server("cupsd", start)
    return h.cups_env


def lp(h, env, args, ok=(0,)):
    return h.run(args, env=env, ok=ok)


def fresh_queue(h, env, r, uri, info=None, location=None):
    name = f"{r.choice(['office', 'lab', 'floor2', 'finance', 'warehouse', 'print'])}-{r.choice(['laser', 'mfp', 'color', 'label'])}-{r.randint(1, 99)}"
    args = ["lpadmin", "-p", name, "-E", "-v", uri]
    if info:
        args += ["-D", info]
    if location:
        args += ["-L", location]
    lp(h, env, args)
    return name


def remove_queue(h, env, name):
    lp(h, env, ["lpadmin", "-x", name])


def show(h, env, r, name, how):
    if how == 0:
        return lp(h, env, ["lpstat", "-v", name])
    if how == 1:
        return lp(h, env, ["lpstat", "-l", "-p", name])
    return lp(h, env, ["lpoptions", "-p", name])


def uri_token(r):
    while True:
        v = secret_token(r, bad="\"'\\$`!%+/=#&?:@ ")
        if len(v) >= 8:
            return v


@category("secret", "cups-device-uri-query", 17)
def cups_device_uri_query(h, r):
    env = cupsd(h)
    tok = uri_token(r)
    key = r.choice(["api_key", "token", "access_token", "key"])
    uri = f"ipps://{r.choice(HOSTS)}/ipp/print?{key}={tok}" + r.choice(["", "&waitjob=false", f"&tenant={r.choice(SERVICES)}"])
    name = fresh_queue(h, env, r, uri, info=r.choice(ROLES))
    out = show(h, env, r, name, r.choice([0, 2]))
    remove_queue(h, env, name)
    return out, [tok]


@category("secret", "cups-smb-device-uri", 17)
def cups_smb_device_uri(h, r):
    env = cupsd(h)
    pw = uri_token(r)
    user = r.choice(["deploy", "printsvc", "scan2mail", "svc-print"])
    uri = f"smb://{r.choice(['WORKGROUP', 'CORP', 'EXAMPLE'])}/{user}:{pw}@{r.choice(['fileserver', 'fs01.example.net', '10.0.4.30'])}/{r.choice(['laser', 'mfp', 'PrinterQ'])}"
    name = fresh_queue(h, env, r, uri)
    out = show(h, env, r, name, r.choice([0, 2]))
    remove_queue(h, env, name)
    return out, [pw]


@category("pii", "cups-printer-info-person", 13)
def cups_printer_info_person(h, r):
    env = cupsd(h)
    p = Person(r)
    how = r.randrange(3)
    info = [f"{p.name}'s desk printer", f"{p.name} <{p.email}>", f"Home office of {p.name}"][how]
    location = f"{p.street}, {p.city}"
    name = fresh_queue(h, env, r, f"ipp://{r.choice(HOSTS)}/printers/{r.choice(['laser', 'mfp'])}", info=info, location=location)
    out = show(h, env, r, name, r.choice([1, 2]))
    remove_queue(h, env, name)
    targets = [p.name, p.street] + ([p.email] if how == 1 else [])
    return out, targets


@category("negative", "cups-device-uri-stripped", 20)
def cups_device_uri_stripped(h, r):
    """An ipp/ipps URI's `user:password@` is removed by CUPS before it shows the URI."""
    env = cupsd(h)
    pw = uri_token(r)
    uri = f"{r.choice(['ipp', 'ipps'])}://{r.choice(['deploy', 'print', 'ci'])}:{pw}@{r.choice(HOSTS)}/printers/{r.choice(['laser', 'mfp', 'color'])}-{r.randint(1, 9)}"
    name = fresh_queue(h, env, r, uri, info=r.choice(ROLES))
    out = show(h, env, r, name, r.choice([0, 2]))
    remove_queue(h, env, name)
    if pw in out:
        raise RuntimeError("cups showed a device URI's password")
    return out, []


@category("negative", "cups-lpstat-clean", 20)
def cups_lpstat_clean(h, r):
    env = cupsd(h)
    info = r.choice([r.choice(ROLES), f"asset {uuid(r)}", f"build {hexs(r, 12)}", f"{r.choice(SERVICES)} labels"])
    uri = r.choice([f"ipp://{r.choice(HOSTS)}/printers/q{r.randint(1, 9)}?token={placeholder(r).replace(' ', '')}", f"ipps://{r.choice(HOSTS)}/ipp/print/{hexs(r, 8)}", f"http://{r.choice(HOSTS)}:631/printers/queue{r.randint(1, 4)}"])
    name = fresh_queue(h, env, r, uri, info=info, location=r.choice(["Building 2, floor 3", "Warehouse dock B", "Server room", "Lab 4.12"]))
    out = show(h, env, r, name, r.randrange(3))
    remove_queue(h, env, name)
    return out, []
