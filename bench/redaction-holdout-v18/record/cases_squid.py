"""Squid: `squid -k parse` on a private configuration (it echoes every directive it reads, a
`cache_peer … login=user:password` included), and the access log of a running squid (127.0.0.1
only) that proxied requests to an HTTP server inside the recorder, in Squid's native format
(`strip_query_terms off` to keep queries, or the default, which drops them) and in a custom
`logformat` with request headers."""

import base64
import os
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from registry import category
from values import BOTS, SERVICES, Person, digest, hexs, placeholder, secret_token, uuid

PEERS = ["parent.example.net", "proxy.corp.example.com", "upstream.example.org"]
HEADER_FORMAT = 'logformat headers %ts.%03tu %6tr %>a %Ss/%03>Hs %<st %rm %ru %un %Sh/%<a "%{Authorization}>h" "%{X-Api-Key}>h" "%{From}>h"'


class Origin(BaseHTTPRequestHandler):
    server_version = "nginx/1.24.0"
    sys_version = ""

    def do_GET(self):
        body = b"ok\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, *args):
        pass


def origin(h):
    """The recorder's own HTTP server on 127.0.0.1 (once per run), written as port 8080."""
    if getattr(h, "origin_port", None):
        return h.origin_port
    port = h.free_port(8080)
    srv = ThreadingHTTPServer(("127.0.0.1", port), Origin)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    h.closers.append(lambda: (srv.shutdown(), srv.server_close()))
    h.origin_port = port
    return port


def squid_conf(h, extra, port=None, cache_log="cache.log"):
    d = os.path.join(h.home, "squid")
    os.makedirs(d, exist_ok=True)
    os.chmod(d, 0o777)
    listen = f"http_port 127.0.0.1:{port}\n" if port else "http_port 127.0.0.1:3128\n"
    conf = f"""{listen}acl local_clients src 127.0.0.1
http_access allow local_clients
http_access deny all
cache deny all
cache_effective_user proxy
pid_filename none
shutdown_lifetime 0 seconds
cache_log {d}/{cache_log}
coredump_dir {d}
{extra}"""
    return h.write("squid/squid.conf", conf)


def parse(h, extra):
    conf = squid_conf(h, extra)
    return h.run(["squid", "-k", "parse", "-f", conf], ok=None)


def start_squid(h, name, extra):
    if h.server and h.server[0] == name:
        return h.squid
    port = h.free_port(3128)
    d = os.path.join(h.home, "squid")
    log = os.path.join(d, f"{name}.log")
    cache_log = os.path.join(d, f"{name}-cache.log")
    conf = squid_conf(h, extra.replace("LOG", log), port, f"{name}-cache.log")
    conf_copy = h.write(f"squid/{name}.conf", open(conf).read())

    def start():
        if os.path.exists(cache_log):
            os.remove(cache_log)
        p = subprocess.Popen(["squid", "-N", "-f", conf_copy], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=h.env())
        # wait for its listening line (a probing connection would itself be logged)
        for _ in range(150):
            if os.path.exists(cache_log) and "Accepting HTTP Socket connections" in open(cache_log, errors="replace").read():
                break
            time.sleep(0.1)
        else:
            p.kill()
            raise RuntimeError("squid did not start")

        def stop():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()

        return stop

    h.use_server(name, start)
    h.squid = (port, log)
    return port, log


def through_squid(h, port, log, requests):
    """Send requests through squid; the access-log lines they added, as `tail` shows them."""
    before = os.path.getsize(log) if os.path.exists(log) else 0
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": f"http://127.0.0.1:{port}"}))
    for url, headers in requests:
        req = urllib.request.Request(url, headers=headers)
        for _ in range(100):  # a refused connection (squid still starting) is not logged
            try:
                opener.open(req, timeout=10).read()
                break
            except urllib.error.HTTPError:
                break
            except urllib.error.URLError as e:
                if not isinstance(e.reason, ConnectionRefusedError):
                    raise
                time.sleep(0.1)
        else:
            raise RuntimeError("squid refused every connection")
    new = ""
    for _ in range(50):
        if os.path.exists(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                f.seek(before)
                new = f.read()
            if new.count("\n") >= len(requests):
                return h.normalize(new)
        time.sleep(0.1)
    raise RuntimeError(f"squid logged {new.count(chr(10))} of {len(requests)} lines")


def url(h, path, query):
    q = "&".join(f"{k}={urllib.parse.quote(v, safe='')}" for k, v in query)
    return f"http://127.0.0.1:{origin(h)}{path}" + (f"?{q}" if q else "")


def plain_token(r):
    while True:
        v = secret_token(r, bad="\"'\\$`!%+/=#&?:@ ")
        if len(v) >= 8:
            return v


@category("secret", "squid-parse-cache-peer", 17)
def squid_parse_cache_peer(h, r):
    user = r.choice(["deploy", "proxyuser", "svc-egress", "build"])
    pw = plain_token(r)
    peer = r.choice(PEERS)
    how = r.randrange(2)
    line = f"cache_peer {peer} parent {r.choice([3128, 8080, 8000])} 0 no-query default login={user}:{pw}\n"
    if how == 1:
        line = f"cache_peer {peer} parent 3128 0 no-query login=PASSTHRU name=upstream\ncache_peer {r.choice(PEERS)} parent 8080 0 no-query login={user}:{pw} name=fallback\n"
    return parse(h, line + "never_direct allow all\n"), [pw]


@category("secret", "squid-access-log-query", 17)
def squid_access_log_query(h, r):
    port, log = start_squid(h, "native-query", "strip_query_terms off\naccess_log stdio:LOG squid\n")
    tok = plain_token(r)
    key = r.choice(["access_token", "api_key", "token", "key", "sig", "auth"])
    reqs = [(url(h, f"/{r.choice(SERVICES)}/v1/items", [("page", str(r.randint(1, 9))), (key, tok)]), {})]
    if r.random() < 0.5:
        reqs.insert(0, (url(h, "/healthz", []), {}))
    return through_squid(h, port, log, reqs), [tok]


@category("secret", "squid-access-log-headers", 17)
def squid_access_log_headers(h, r):
    port, log = start_squid(h, "headers", f"{HEADER_FORMAT}\naccess_log stdio:LOG headers\n")
    how = r.randrange(3)
    if how == 0:
        user, pw = r.choice(["deploy", "ci", "admin"]), plain_token(r)
        b64 = base64.b64encode(f"{user}:{pw}".encode()).decode()
        hdr, target = {"Authorization": f"Basic {b64}"}, b64
    elif how == 1:
        tok = plain_token(r)
        hdr, target = {"Authorization": f"Bearer {tok}"}, tok
    else:
        tok = plain_token(r)
        hdr, target = {"X-Api-Key": tok}, tok
    out = through_squid(h, port, log, [(url(h, f"/api/{r.choice(SERVICES)}", []), hdr)])
    return out, [target]


@category("pii", "squid-access-log-person", 13)
def squid_access_log_person(h, r):
    p = Person(r)
    how = r.randrange(2)
    if how == 0:
        port, log = start_squid(h, "native-query", "strip_query_terms off\naccess_log stdio:LOG squid\n")
        q = [("email", p.email), ("name", p.name), ("phone", p.phone)]
        out = through_squid(h, port, log, [(url(h, "/crm/contacts/search", q), {})])
        targets = [urllib.parse.quote(v, safe="") for v in (p.email, p.name, p.phone)]
    else:
        port, log = start_squid(h, "headers", f"{HEADER_FORMAT}\naccess_log stdio:LOG headers\n")
        out = through_squid(h, port, log, [(url(h, f"/orders/{r.randint(1000, 99999)}", []), {"From": p.email})])
        targets = [p.email]
    return out, targets


@category("negative", "squid-parse-clean", 20)
def squid_parse_clean(h, r):
    lines = [f"cache_peer {r.choice(PEERS)} parent 3128 0 no-query login=PASSTHRU\n", f"visible_hostname {r.choice(['proxy-01', 'egress-' + hexs(r, 6), 'squid.example.net'])}\n",
             f"cache_mem {r.choice([64, 128, 256])} MB\n", f"acl build_hosts dstdomain .{r.choice(['example.com', 'example.org'])}\n", f"logformat build %ts %rm %ru {r.choice(['%un', '%>a'])}\n",
             f"request_header_add X-Request-Id \"{uuid(r)}\" all\n", f"note build_sha {hexs(r, 40)}\n", "strip_query_terms on\n"]
    return parse(h, "".join(r.sample(lines, r.randint(2, 5)))), []


@category("negative", "squid-access-stripped", 20)
def squid_access_stripped(h, r):
    """Squid's default drops the query from the logged URL, the token in it included."""
    port, log = start_squid(h, "native-stripped", "access_log stdio:LOG squid\n")
    tok = plain_token(r)
    path = f"/{r.choice(SERVICES)}/v{r.randint(1, 3)}/{r.choice(['items', 'orders', 'export', 'events'])}/{r.randint(100, 99999)}"
    out = through_squid(h, port, log, [(url(h, path, [(r.choice(["access_token", "api_key", "token"]), tok)]), {})])
    if tok in out:
        raise RuntimeError("squid logged a stripped query")
    return out, []


@category("negative", "squid-access-clean", 20)
def squid_access_clean(h, r):
    how = r.randrange(2)
    if how == 0:
        port, log = start_squid(h, "native-query", "strip_query_terms off\naccess_log stdio:LOG squid\n")
        q = [("build", uuid(r)), ("sha", hexs(r, 40)), ("owner", r.choice(BOTS)), ("checksum", digest(r))]
        reqs = [(url(h, f"/artifacts/{r.choice(SERVICES)}", r.sample(q, r.randint(1, 3))), {})]
    else:
        port, log = start_squid(h, "headers", f"{HEADER_FORMAT}\naccess_log stdio:LOG headers\n")
        reqs = [(url(h, f"/api/{r.choice(SERVICES)}", []), r.choice([{"Authorization": f"Bearer {placeholder(r)}"}, {"X-Api-Key": placeholder(r)}, {"From": r.choice(BOTS)}]))]
    return through_squid(h, port, log, reqs), []
