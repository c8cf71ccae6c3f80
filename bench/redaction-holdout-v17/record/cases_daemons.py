"""Daemons' logs and admin tools: aria2's log of its HTTP requests, privoxy's header log
(`debug 1`, `8`, `512`) and memcached (`memcached-tool dump|stats|display`, its `-vv` log),
against an HTTP server inside the recorder that answers every GET with a short body."""

import base64
import json
import os
import re
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from registry import category
from values import BOTS, SERVICES, Person, digest, google_api, harmless, hexs, placeholder, secret_token, session_cookie, uuid


# extra response headers for the next GET of a path (Set-Cookie, Location), set by a case
REPLY_HEADERS = {}


class Quiet(BaseHTTPRequestHandler):
    server_version = "nginx/1.24.0"
    sys_version = ""

    def do_GET(self):
        body = b"ok\n"
        extra = REPLY_HEADERS.pop(self.path.split("?")[0], [])
        self.send_response(302 if any(k == "Location" for k, _ in extra) else 200)
        for k, v in extra:
            self.send_header(k, v)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


_http = {}


def http_port(h):
    """The recorder's own HTTP server (written as port 8080), started once."""
    if "port" not in _http:
        port = h.free_port(8080)
        srv = ThreadingHTTPServer(("127.0.0.1", port), Quiet)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        _http["port"] = port
        h.closers.append(lambda: (srv.shutdown(), srv.server_close()))
    return _http["port"]


def spawn(h, args, log):
    out = open(log, "ab")
    p = subprocess.Popen(args, cwd=h.home, env=h.env(), stdout=out, stderr=subprocess.STDOUT)

    def stop():
        p.terminate()
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        out.close()

    return p, stop


def wait_port(port):
    import socket

    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


# ---- aria2 ----------------------------------------------------------------------------------


def aria2(h, url, extra, level="info"):
    d = h.fresh("downloads")
    out = h.run(["aria2c", f"--log-level={level}", "-l", "-", "--console-log-level=error", "--summary-interval=0", "--allow-overwrite=true", "-d", d] + extra + [url], ok=None)
    lines = out.splitlines(keepends=True)
    # from the first request to the end of the download (the lines before describe the machine)
    start = next(i for i, l in enumerate(lines) if "Downloading 1 item(s)" in l) + 1
    last = "Download complete" if level == "info" else "DefaultBtProgressInfoFile"
    end = next((i for i, l in enumerate(lines) if last in l), len(lines) - 1) + (1 if level == "info" else 0)
    kept = [l for l in lines[start:end] if "certificate(s) were imported" not in l and "SocketCore.cc" not in l]
    return "".join(kept).replace(d, "/workspace/downloads")


def file_path(r):
    return r.choice(["/releases/app.tar.gz", "/artifacts/build.zip", "/dumps/nightly.sql.gz", "/exports/report.csv", "/models/weights.bin"])


@category("secret", "aria2-request-headers", 13)
def aria2_request_headers(h, r):
    port = http_port(h)
    tok, extra, targets = secret_token(r, bad="\"'\\$`!% "), [], []
    how = r.randrange(3)
    if how == 0:
        extra += ["--header", f"{r.choice(['X-Api-Key', 'X-Auth-Token', 'Private-Token'])}: {tok}"]
        url = f"http://127.0.0.1:{port}{file_path(r)}"
    elif how == 1:
        # (a `Cookie:` header is logged as `Cookie: <snip>`, like Authorization)
        extra += ["--header", f"{r.choice(['X-Vault-Token', 'DD-API-KEY', 'X-Goog-Api-Key', 'X-JFrog-Art-Api'])}: {tok}"]
        url = f"http://127.0.0.1:{port}{file_path(r)}"
    else:
        url = f"http://127.0.0.1:{port}{file_path(r)}?{r.choice(['token', 'access_token', 'X-Amz-Security-Token', 'sig'])}={tok}"
    targets.append(tok)
    return aria2(h, url, extra), targets


@category("secret", "aria2-uri-userinfo", 13)
def aria2_uri_userinfo(h, r):
    port = http_port(h)
    pw = secret_token(r, bad="\"'\\$`!% @:/?#%[]")
    user = r.choice(["deploy", "ci", "mirror", "backup"])
    return aria2(h, f"http://{user}:{pw}@127.0.0.1:{port}{file_path(r)}", [], level="debug"), [pw]


@category("negative", "aria2-auth-snipped", 16)
def aria2_auth_snipped(h, r):
    port = http_port(h)
    pw = secret_token(r, bad="\"'\\$`!% ")
    extra = ["--http-user=" + r.choice(["deploy", "ci", "mirror"]), "--http-passwd=" + pw]
    if r.random() < 0.5:
        extra += ["--header", f"X-Request-Id: {uuid(r)}"]
    out = aria2(h, f"http://127.0.0.1:{port}{file_path(r)}?build={r.randint(100, 9999)}", extra)
    if pw in out or "Authorization: <snip>" not in out:
        raise RuntimeError("aria2 printed the --http-passwd it is expected to hide")
    return out, []


@category("negative", "aria2-request-clean", 16)
def aria2_request_clean(h, r):
    port = http_port(h)
    extra = []
    for header in r.sample([f"X-Request-Id: {uuid(r)}", f"If-None-Match: \"{hexs(r, 32)}\"", f"X-Build: {r.randint(100, 99999)}", "Accept-Language: en", f"X-Api-Key: {r.choice(['<your-api-key>', 'YOUR_TOKEN_HERE', '${API_KEY}', 'REDACTED'])}"], r.randint(1, 3)):
        extra += ["--header", header]
    url = f"http://127.0.0.1:{port}{file_path(r)}" + r.choice(["", f"?sha={hexs(r, 40)}", f"?v={r.randint(1, 40)}"])
    return aria2(h, url, extra), []


# ---- privoxy --------------------------------------------------------------------------------


def privoxy(h):
    def start():
        port = h.free_port(8118)
        conf = h.fresh("privoxy")
        h.write(os.path.join(conf, "config"), f"listen-address 127.0.0.1:{port}\nconfdir {conf}\ndebug 1\ndebug 8\ndebug 512\n")
        p, stop = spawn(h, ["privoxy", "--no-daemon", os.path.join(conf, "config")], os.path.join(conf, "stderr.log"))
        wait_port(port)
        _http["privoxy"] = (port, os.path.join(conf, "stderr.log"))  # with --no-daemon it logs to stderr
        return stop

    h.use_server("privoxy", start)
    return _http["privoxy"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


def through_privoxy(h, path, headers, proxy_user=""):
    port, log = privoxy(h)
    upstream = http_port(h)
    before = os.path.getsize(log) if os.path.exists(log) else 0
    # a redirect is logged, never followed (build_opener drops the default redirect handler)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": f"http://{proxy_user}127.0.0.1:{port}"}), NoRedirect)
    try:
        opener.open(urllib.request.Request(f"http://127.0.0.1:{upstream}{path}", headers=headers), timeout=30).read()
    except urllib.error.HTTPError as e:
        if e.code != 302:
            raise
    for _ in range(100):  # privoxy writes the access line last
        time.sleep(0.05)
        with open(log, encoding="utf-8", errors="replace") as f:
            f.seek(before)
            text = f.read()
        if '" 200 ' in text or '" 302 ' in text:
            break
    return h.normalize(text)


API_PATHS = ["/api/v1/orders", "/v2/reports/daily", "/internal/health/deep", "/graphql", "/api/builds/latest"]


@category("secret", "privoxy-header-scan", 13)
def privoxy_header_scan(h, r):
    tok = secret_token(r, bad="\"'\\$`!% ")
    how = r.randrange(4)
    path, headers = r.choice(API_PATHS), {"Accept": "application/json"}
    if how == 0:
        headers["Authorization"] = f"Bearer {tok}"
        target = tok
    elif how == 1:
        target = base64.b64encode(f"{r.choice(['deploy', 'svc-reports', 'admin'])}:{tok}".encode()).decode()
        headers["Authorization"] = f"Basic {target}"
    elif how == 2:
        tok = session_cookie(r)
        headers["Cookie"] = f"{r.choice(['sessionid', 'connect.sid', '_gh_sess'])}={tok}; theme=dark"
        target = tok
    else:
        tok = google_api(r) if r.random() < 0.5 else tok
        path += f"?{r.choice(['key', 'api_key', 'access_token'])}={urllib.parse.quote(tok, safe='')}"
        target = urllib.parse.quote(tok, safe="")
    return through_privoxy(h, path, headers), [target]


@category("secret", "privoxy-response-headers", 13)
def privoxy_response_headers(h, r):
    path = r.choice(["/login", "/oauth/callback", "/session", "/auth/sso", "/api/v1/token"])
    how = r.randrange(3)
    if how == 0:
        tok = session_cookie(r)
        REPLY_HEADERS[path] = [("Set-Cookie", f"{r.choice(['sessionid', '_app_session', 'SESSION'])}={tok}; Path=/; HttpOnly; SameSite=Lax")]
    elif how == 1:
        tok = secret_token(r, bad="\"'\\$`!% &=?#;")
        REPLY_HEADERS[path] = [("Location", f"https://app.example-corp.net/callback#access_token={tok}&token_type=bearer&expires_in=3600")]
    else:
        tok = secret_token(r, bad="\"'\\$`!% ;")
        REPLY_HEADERS[path] = [(r.choice(["X-Auth-Token", "X-Subject-Token", "X-Api-Key"]), tok)]
    return through_privoxy(h, path, {"Accept": "text/html"}), [tok]


@category("secret", "privoxy-proxy-authorization", 13)
def privoxy_proxy_authorization(h, r):
    user = r.choice(["deploy", "egress", "build", "squad7"])
    pw = secret_token(r, bad="\"'\\$`!% @:/?#[]")
    blob = base64.b64encode(f"{user}:{pw}".encode()).decode()
    path = r.choice(API_PATHS) + r.choice(["", f"?page={r.randint(1, 40)}"])
    return through_privoxy(h, path, {"Accept": "application/json"}, proxy_user=f"{user}:{pw}@"), [blob]


@category("pii", "privoxy-request-person", 12)
def privoxy_request_person(h, r):
    p = Person(r, ascii_only=True)
    how = r.randrange(3)
    headers = {"Accept": "application/json"}
    if how == 0:
        q = urllib.parse.urlencode({"email": p.email, "name": p.name})
        path, targets = f"/api/v1/customers?{q}", [urllib.parse.quote_plus(p.email), urllib.parse.quote_plus(p.name)]
    elif how == 1:
        headers["From"] = p.email
        path = f"/api/v1/customers/lookup?phone={urllib.parse.quote(p.phone)}"
        targets = [p.email, urllib.parse.quote(p.phone)]
    else:
        q = urllib.parse.urlencode({"to": p.email, "full_name": p.name, "phone": p.phone})
        path, targets = f"/v2/notify/sms?{q}", [urllib.parse.quote_plus(p.email), urllib.parse.quote_plus(p.name), urllib.parse.quote_plus(p.phone)]
    return through_privoxy(h, path, headers), targets


@category("negative", "privoxy-log-clean", 16)
def privoxy_log_clean(h, r):
    path = r.choice(API_PATHS) + r.choice(["", f"?page={r.randint(1, 40)}", f"?build={uuid(r)}", f"?sha={hexs(r, 40)}"])
    headers = {"Accept": "application/json", "X-Request-Id": uuid(r)}
    if r.random() < 0.4:
        headers["Authorization"] = f"Bearer {r.choice(['<token>', 'YOUR_TOKEN_HERE', '${API_TOKEN}', 'REDACTED'])}"
    if r.random() < 0.4:
        headers["From"] = r.choice(BOTS)
    if r.random() < 0.3:
        headers["If-None-Match"] = f'"{hexs(r, 32)}"'
    return through_privoxy(h, path, headers), []


# ---- memcached ------------------------------------------------------------------------------


def memcached(h):
    """A fresh memcached for one case (`-vv`), its log file and port."""
    h.stop_server()
    port = h.free_port(11211)
    log = os.path.join(h.fresh("memcached"), "memcached.log")
    holder = {}

    def start():
        p, stop = spawn(h, ["memcached", "-u", "nobody", "-l", "127.0.0.1", "-p", str(port), "-U", "0", "-m", "16", "-vv"], log)
        wait_port(port)
        return stop

    h.use_server(f"memcached-{port}", start)
    return port, log, holder


def mc_set(port, items):
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        f = sock.makefile("rwb")
        for key, value, ttl in items:
            data = value.encode()
            f.write(f"set {key} 0 {ttl} {len(data)}\r\n".encode() + data + b"\r\n")
            f.flush()
            if f.readline().strip() != b"STORED":
                raise RuntimeError("memcached did not store")


def memcached_tool(h, port, mode):
    out = h.run(["/usr/share/memcached/scripts/memcached-tool", f"127.0.0.1:{port}", mode])
    return re.sub(r"^(add \S+ \d+) \d{10} ", r"\1 1795856400 ", out, flags=re.M)  # absolute expiry times


@category("secret", "memcached-tool-dump", 13)
def memcached_tool_dump(h, r):
    port, _, _ = memcached(h)
    items, targets = [], []
    for _ in range(r.randint(1, 3)):
        how = r.randrange(3)
        if how == 0:
            tok = session_cookie(r)
            value = json.dumps({"user_id": r.randint(100, 99999), "session_token": tok}) if r.random() < 0.3 else tok
            items.append((f"session:{uuid(r)}", value, 3600))
            targets.append(tok)
        elif how == 1:
            tok = secret_token(r, bad="\"'\\$`!% ")
            items.append((f"{r.choice(SERVICES)}:api_token", tok, 86400))
            targets.append(tok)
        else:
            tok = secret_token(r, bad="\"'\\$`!% ")
            items.append((f"config:{r.choice(SERVICES)}", json.dumps({"db_host": "db.internal", "db_user": "app", "db_password": tok}), 300))
            targets.append(tok)
    mc_set(port, items)
    out = memcached_tool(h, port, "dump")
    # the dump walks `lru_crawler metadump`, which now and then leaves out an item just stored
    return out, [t for t in targets if t in out]


@category("pii", "memcached-dump-profile", 12)
def memcached_dump_profile(h, r):
    port, _, _ = memcached(h)
    p = Person(r)
    value = json.dumps({"id": r.randint(1000, 99999), "name": p.name, "email": p.email, "phone": p.phone, "address": f"{p.street}, {p.city}"}, ensure_ascii=r.random() < 0.3)
    mc_set(port, [(f"user:{r.randint(1000, 99999)}:profile", value, 900)])
    out = memcached_tool(h, port, "dump")
    targets = [json.dumps(p.name, ensure_ascii="\\u" in value)[1:-1], p.email, p.phone, json.dumps(p.street, ensure_ascii="\\u" in value)[1:-1]]
    return out, targets


@category("negative", "memcached-stats-display", 16)
def memcached_stats_display(h, r):
    port, _, _ = memcached(h)
    mc_set(port, [(f"{r.choice(SERVICES)}:{uuid(r)}", harmless(r), 60) for _ in range(r.randint(1, 4))])
    return memcached_tool(h, port, r.choice(["stats", "display", "settings"])), []


@category("negative", "memcached-verbose-log", 16)
def memcached_verbose_log(h, r):
    port, log, _ = memcached(h)
    mc_set(port, [(f"{r.choice(['cache', 'etag', 'build', 'rate'])}:{r.choice([uuid(r), hexs(r, 40), str(r.randint(1, 99999))])}", r.choice([placeholder(r), digest(r), str(r.randint(0, 500))]), r.choice([0, 60, 3600])) for _ in range(r.randint(1, 4))])
    memcached_tool(h, port, "dump")
    h.stop_server()
    with open(log, encoding="utf-8", errors="replace") as f:
        text = f.read()
    # the slab table it prints first is alike in every run: from the listening line on
    return h.normalize(text[text.index("<") :] if "<" in text else text), []
