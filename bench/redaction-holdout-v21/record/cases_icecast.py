"""Icecast 2.4, new to the holdouts: the streaming server's public status (`status-json.xsl`)
and admin statistics (`/admin/stats`), which publish the `<admin>` contact and `<location>` of
its configuration. One server per case, as `nobody`, on 127.0.0.1, stopped before the case
returns (and on every exit)."""

import base64
import http.client
import os
import signal
import subprocess
import time
from xml.sax.saxutils import escape

from registry import category
from values import Person, s, ALNUM

SHOWN_PORT = 8000


def icecast(h, admin, location, admin_pw, paths):
    """Run icecast2 with this contact and location; return each path's response body."""
    d = h.fresh("icecast")
    logs = os.path.join(d, "log")
    os.makedirs(logs)
    os.chmod(logs, 0o777)
    port = h.free_port(SHOWN_PORT)
    conf = (
        "<icecast>\n"
        f"  <location>{escape(location)}</location>\n  <admin>{escape(admin)}</admin>\n  <hostname>localhost</hostname>\n"
        "  <limits><clients>20</clients><sources>2</sources></limits>\n"
        f"  <authentication><source-password>{s(h.secret_rng, ALNUM, 20)}</source-password><admin-user>admin</admin-user><admin-password>{admin_pw}</admin-password></authentication>\n"
        f"  <listen-socket><port>{port}</port><bind-address>127.0.0.1</bind-address></listen-socket>\n"
        f"  <paths><basedir>/usr/share/icecast2</basedir><logdir>{logs}</logdir><webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot></paths>\n"
        "  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>\n"
        "</icecast>\n"
    )
    path = h.write(os.path.join(d, "icecast.xml"), conf)
    proc = subprocess.Popen(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "icecast2", "-c", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=h.env())
    stop = lambda: (proc.poll() is None and proc.send_signal(signal.SIGTERM), proc.wait(timeout=10))  # noqa: E731
    h.closers.append(stop)
    try:
        # the server answers before it has published its configuration's stats: wait for them
        for _ in range(100):
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                c.request("GET", "/status-json.xsl")
                if '"host"' in c.getresponse().read().decode():
                    break
            except ConnectionRefusedError:
                pass
            time.sleep(0.1)
        else:
            raise RuntimeError("icecast2 did not publish its stats")
        bodies = []
        for p in paths:
            for _ in range(50):
                try:
                    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                    headers = {"User-Agent": "curl/7.88.1"}
                    if p.startswith("/admin/"):
                        headers["Authorization"] = "Basic " + base64.b64encode(f"admin:{admin_pw}".encode()).decode()
                    c.request("GET", p, headers=headers)
                    bodies.append(c.getresponse().read().decode())
                    break
                except ConnectionRefusedError:
                    time.sleep(0.1)
            else:
                raise RuntimeError("icecast2 did not answer")
        return bodies
    finally:
        stop()
        h.closers.remove(stop)


@category("pii", "icecast-status-admin", 25)
def icecast_status_admin(h, r):
    p = Person(r)
    h.secret_rng = r
    shape = r.randrange(3)
    admin = p.email if shape == 0 else f"{p.name} <{p.email}>" if shape == 1 else f"{p.name}, {p.phone}"
    targets = [p.email] if shape == 0 else [p.name, p.email] if shape == 1 else [p.name, p.phone]
    location = r.choice([p.city, f"{p.street}, {p.city}", "Studio B, " + p.city])
    if p.street in location:
        targets.append(p.street)
    paths = r.choice([["/status-json.xsl"], ["/admin/stats"], ["/status-json.xsl", "/admin/stats"]])
    bodies = icecast(h, admin, location, s(r, ALNUM, 16), paths)
    out = ""
    for path, body in zip(paths, bodies):
        flags = "-s --netrc " if path.startswith("/admin/") else "-s "
        out += f"$ curl {flags}http://localhost:{SHOWN_PORT}{path}\n" + h.normalize(body) + ("" if body.endswith("\n") else "\n")
    # the JSON status writes a value as is; the XML stats escape <, > and & and write every
    # non-ASCII character as a hexadecimal character reference: each form printed is a target
    printed = [form for t in targets for form in dict.fromkeys([t, escape(t), xml_refs(escape(t))]) if form in out]
    return out, printed


def xml_refs(text):
    return "".join(c if ord(c) < 128 else f"&#x{ord(c):X};" for c in text)
