"""Two HTTP servers new to the holdouts: Apache httpd 2.4 (`-D DUMP_CONFIG`/`DUMP_RUN_CFG`/`-S`,
its access log, its `trace4` header log) and Varnish 7.1 (`varnishlog` of requests
through it, `varnishadm vcl.show`). Each listens on 127.0.0.1 only, one at a time, and is stopped
before the next category and on every exit; Varnish's backend is a small HTTP server inside the
recorder."""

import base64
import http.client
import http.server
import os
import subprocess
import threading
import time
import urllib.parse

from registry import category
from values import BOTS, SERVICES, Person, digest, hexs, placeholder, secret_pairs, secret_token, uuid

MODULES = "/usr/lib/apache2/modules"
APACHE_PORT, VARNISH_PORT, VARNISH_ADMIN, BACKEND_PORT = "8080", "6081", "6082", "9000"
AGENTS = ["curl/7.88.1", "python-requests/2.31.0", "Go-http-client/1.1", "axios/1.6.8", "okhttp/4.12.0"]


def q(value):
    """A query value as a client writes it: spaces as `+`, `@` and `:` left as they are."""
    return urllib.parse.quote_plus(value, safe="@:")


def request(port, path, headers, method="GET"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        for k, v in headers:
            conn.putheader(k, v)
        conn.endheaders()
        conn.getresponse().read()
    finally:
        conn.close()


def client_headers(r, extra):
    return [("User-Agent", r.choice(AGENTS)), ("Accept", r.choice(["*/*", "application/json"]))] + extra


# ---- Apache httpd -------------------------------------------------------------------------


def apache_conf(h, port, body="", loglevel="info", logformat=None):
    d = os.path.join(h.home, "httpd")
    os.makedirs(os.path.join(d, "htdocs", "api"), exist_ok=True)
    os.makedirs(os.path.join(d, "logs"), exist_ok=True)
    with open(os.path.join(d, "htdocs", "index.html"), "w") as f:
        f.write("ok\n")
    fmt = logformat or '"%h %l %u %t \\"%r\\" %>s %b \\"%{Referer}i\\" \\"%{User-Agent}i\\""'
    conf = f"""ServerRoot {d}
PidFile {d}/httpd.pid
Mutex file:{d} default
LoadModule mpm_event_module {MODULES}/mod_mpm_event.so
LoadModule authz_core_module {MODULES}/mod_authz_core.so
LoadModule headers_module {MODULES}/mod_headers.so
LoadModule env_module {MODULES}/mod_env.so
LoadModule setenvif_module {MODULES}/mod_setenvif.so
LoadModule mime_module {MODULES}/mod_mime.so
LoadModule alias_module {MODULES}/mod_alias.so
LoadModule dir_module {MODULES}/mod_dir.so
LoadModule info_module {MODULES}/mod_info.so
LoadModule proxy_module {MODULES}/mod_proxy.so
LoadModule proxy_http_module {MODULES}/mod_proxy_http.so
TypesConfig /etc/mime.types
User www-data
Group www-data
ServerName devbox
Listen 127.0.0.1:{port}
DocumentRoot {d}/htdocs
ErrorLog {d}/logs/error.log
LogLevel {loglevel}
LogFormat {fmt} combined
CustomLog {d}/logs/access.log combined
FallbackResource /index.html
{body}"""
    h.write(os.path.join(d, "httpd.conf"), conf)
    return d


def apache_cmd(h, d, *args):
    return h.run(["apache2", "-f", os.path.join(d, "httpd.conf"), *args], ok=None)


def start_apache(h, d):
    p = subprocess.Popen(["apache2", "-f", os.path.join(d, "httpd.conf"), "-D", "FOREGROUND"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=h.env())
    port = int(h.port_of["apache"])
    for _ in range(100):
        try:
            request(port, "/index.html", [])
            break
        except OSError:
            time.sleep(0.1)
    else:
        p.kill()
        raise RuntimeError("apache did not start")

    def stop():
        p.terminate()
        p.wait(timeout=20)

    return stop


class LogTail:
    """What a log file gained since the last call (as `tail -f` shows it during one case)."""

    def __init__(self, h, path):
        self.h = h
        self.path = path
        self.offset = 0

    def new(self):
        time.sleep(0.3)
        with open(self.path, encoding="utf-8", errors="replace") as f:
            f.seek(self.offset)
            text = f.read()
            self.offset = f.tell()
        return self.h.normalize(text)


def apache(h, name, loglevel="info", logformat=None):
    """The category's Apache server (started once), its access and error logs' tails."""
    if not (h.server and h.server[0] == name):
        port = h.free_port(APACHE_PORT)
        h.port_of = getattr(h, "port_of", {})
        h.port_of["apache"] = str(port)
        d = apache_conf(h, port, loglevel=loglevel, logformat=logformat)
        for log in ("access.log", "error.log"):
            open(os.path.join(d, "logs", log), "w").close()
        h.use_server(name, lambda: start_apache(h, d))
        h.apache_logs = (LogTail(h, os.path.join(d, "logs", "access.log")), LogTail(h, os.path.join(d, "logs", "error.log")))
        h.apache_logs[0].new()
        h.apache_logs[1].new()
    return int(h.port_of["apache"]), h.apache_logs


def trace_lines(text):
    """The error log's header lines and request notes, as `grep -E 'trace[34]|AH00128'` keeps."""
    return "".join(line for line in text.splitlines(True) if "[http:trace" in line or "AH00128" in line)


def secret_directive(r, name, value):
    return r.choice([
        f"SetEnv {name} {value}",
        f"Define {name} {value}",
        f'RequestHeader set Authorization "Bearer {value}"',
        f'RequestHeader set X-Api-Key "{value}"',
        f'Header always set X-Debug-Token "{value}"',
        f"SetEnvIf Request_URI ^/api {name}={value}",
    ])


@category("secret", "apache-dump-config", 22)
def apache_dump_config(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    lines = [secret_directive(r, n, v) for n, v in pairs]
    vhost = f"<VirtualHost 127.0.0.1:{APACHE_PORT}>\n  ServerName {r.choice(SERVICES)}.example.com\n  " + "\n  ".join(lines) + "\n</VirtualHost>\n"
    body = vhost if r.random() < 0.5 else "\n".join(lines) + "\n"
    d = apache_conf(h, APACHE_PORT, body)
    dumps = ["DUMP_RUN_CFG", "DUMP_CONFIG"] if any(line.startswith("Define") for line in lines) and r.random() < 0.5 else ["DUMP_CONFIG", "DUMP_RUN_CFG"]
    for dump in dumps:
        out = apache_cmd(h, d, "-t", "-D", dump)
        # a secret the dump does not print (`Define` is read before mod_info sees the tree) is no target
        targets = [v for _, v in pairs if v in out]
        if targets:
            return out, targets
    raise RuntimeError("apache dump printed none of the planted values")


@category("secret", "apache-access-log-query", 22)
def apache_access_log_query(h, r):
    port, (access, _) = apache(h, "apache-access-headers", logformat='"%h %l %u %t \\"%r\\" %>s %b \\"%{User-Agent}i\\" auth=\\"%{Authorization}i\\" key=\\"%{X-Api-Key}i\\""')
    targets = []
    for _ in range(r.randint(1, 3)):
        tok = secret_token(r, bad="\"'\\$`!%&#?+ /")
        how = r.randrange(3)
        svc = r.choice(SERVICES)
        if how == 0:
            request(port, f"/api/{svc}?{r.choice(['access_token', 'token', 'api_key', 'key'])}={tok}&page={r.randint(1, 9)}", client_headers(r, []))
        elif how == 1:
            request(port, f"/api/{svc}/{r.randint(100, 9999)}", client_headers(r, [("Authorization", f"Bearer {tok}")]))
        else:
            request(port, f"/api/{svc}", client_headers(r, [("X-Api-Key", tok)]))
        targets.append(tok)
    return access.new(), targets


@category("secret", "apache-trace-headers", 22)
def apache_trace_headers(h, r):
    port, (_, error) = apache(h, "apache-trace", loglevel="info http:trace4")
    tok = secret_token(r, bad="\"'\\$`!%")
    how = r.randrange(4)
    if how == 0:
        user = r.choice(["deploy", "ci", "admin", "svc-billing"])
        b = base64.b64encode(f"{user}:{tok}".encode()).decode()
        headers, target = [("Authorization", f"Basic {b}")], b
    elif how == 1:
        headers, target = [("Authorization", f"Bearer {tok}")], tok
    elif how == 2:
        headers, target = [("Cookie", f"{r.choice(['sessionid', 'sid', '_session'])}={tok}; theme=dark")], tok
    else:
        headers, target = [(r.choice(["X-Api-Key", "X-Auth-Token", "Private-Token"]), tok)], tok
    request(port, f"/api/{r.choice(SERVICES)}", client_headers(r, headers))
    return trace_lines(error.new()), [target]


@category("pii", "apache-access-log-person", 25)
def apache_access_log_person(h, r):
    port, (access, _) = apache(h, "apache-access-person", logformat='"%h %l %u %t \\"%r\\" %>s %b \\"%{Referer}i\\" \\"%{User-Agent}i\\""')
    p = Person(r)
    fields = [("name", p.name), ("email", p.email), ("phone", p.phone)]
    if r.random() < 0.5:
        fields.append(("street", p.street))
    r.shuffle(fields)
    path = f"/{r.choice(['signup', 'api/customers', 'checkout/address', 'newsletter/subscribe'])}?" + "&".join(f"{k}={q(v)}" for k, v in fields)
    request(port, path, client_headers(r, []))
    return access.new(), [q(v) for _, v in fields]


@category("negative", "apache-dump-config-clean", 22)
def apache_dump_config_clean(h, r):
    lines = [
        f"SetEnv API_TOKEN {placeholder(r)}",
        f"SetEnv BUILD_ID {uuid(r)}",
        f"Define GIT_SHA {hexs(r, 40)}",
        f'Header always set X-Request-Id "{uuid(r)}"',
        f'RequestHeader set X-Forwarded-Proto "https"',
        f"ServerAdmin {r.choice(BOTS)}",
        f"SetEnv CHECKSUM {digest(r)}",
        f'RequestHeader set Authorization "Bearer {r.choice(["YOUR_TOKEN_HERE", "<your-api-key>", "${API_TOKEN}", "changeme"])}"',
    ]
    lines = r.sample(lines, r.randint(3, 6))
    d = apache_conf(h, APACHE_PORT, f"<VirtualHost 127.0.0.1:{APACHE_PORT}>\n  ServerName {r.choice(SERVICES)}.example.com\n  " + "\n  ".join(lines) + "\n</VirtualHost>\n")
    return apache_cmd(h, d, "-t", "-D", r.choice(["DUMP_CONFIG", "DUMP_RUN_CFG"])), []


@category("negative", "apache-vhosts-dump", 22)
def apache_vhosts_dump(h, r):
    hosts = r.sample(SERVICES, r.randint(1, 4))
    body = "".join(f"<VirtualHost 127.0.0.1:{APACHE_PORT}>\n  ServerName {s}.example.com\n  ServerAlias {s}.example.org\n  ServerAdmin {r.choice(BOTS)}\n</VirtualHost>\n" for s in hosts)
    body += f"Define RELEASE {uuid(r)}\nDefine COMMIT {hexs(r, 12)}\n"
    d = apache_conf(h, APACHE_PORT, body)
    how = r.randrange(3)
    out = apache_cmd(h, d, "-S") if how == 0 else apache_cmd(h, d, "-t", "-D", "DUMP_RUN_CFG") if how == 1 else apache_cmd(h, d, "-t", "-D", "DUMP_MODULES")
    return out, []


@category("negative", "apache-access-log-clean", 22)
def apache_access_log_clean(h, r):
    port, (access, _) = apache(h, "apache-access-headers", logformat='"%h %l %u %t \\"%r\\" %>s %b \\"%{User-Agent}i\\" auth=\\"%{Authorization}i\\" key=\\"%{X-Api-Key}i\\""')
    for _ in range(r.randint(1, 3)):
        how = r.randrange(3)
        svc = r.choice(SERVICES)
        if how == 0:
            request(port, f"/api/{svc}?request_id={uuid(r)}&commit={hexs(r, 40)}&page={r.randint(1, 9)}", client_headers(r, []))
        elif how == 1:
            request(port, f"/api/{svc}/{r.randint(100, 9999)}", client_headers(r, [("Authorization", f"Bearer {r.choice(['YOUR_TOKEN_HERE', '<token>', 'changeme', 'REDACTED'])}")]))
        else:
            request(port, f"/static/{hexs(r, 8)}.js", client_headers(r, [("X-Api-Key", r.choice(["${API_KEY}", "xxxxxxxxxxxxxxxx", "TODO-set-me"]))]))
    return access.new(), []


@category("negative", "apache-trace-clean", 22)
def apache_trace_clean(h, r):
    port, (_, error) = apache(h, "apache-trace", loglevel="info http:trace4")
    headers = r.sample([("X-Request-Id", uuid(r)), ("If-None-Match", f'"{hexs(r, 1)}-{hexs(r, 13)}"'), ("X-Commit", hexs(r, 40)), ("Cookie", f"theme={r.choice(['dark', 'light'])}; lang=en"),
                        ("Authorization", f"Bearer {r.choice(['YOUR_TOKEN_HERE', '<token>', 'changeme'])}"), ("X-Trace-Id", hexs(r, 32)), ("From", r.choice(BOTS))], r.randint(2, 4))
    request(port, f"/api/{r.choice(SERVICES)}/{r.randint(1, 999)}", client_headers(r, headers))
    return trace_lines(error.new()), []


# ---- Varnish ----------------------------------------------------------------------------------


class Backend(http.server.BaseHTTPRequestHandler):
    server_version = "nginx/1.24.0"
    sys_version = ""

    def do_GET(self):
        body = b"ok\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=60")
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, *args):
        pass


def backend(h):
    if not getattr(h, "backend_port", None):
        port = h.free_port(BACKEND_PORT)
        srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), Backend)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        h.closers.append(lambda: (srv.shutdown(), srv.server_close()))
        h.backend_port = port
    return h.backend_port


def vcl_text(backend_port, extra=""):
    return f'vcl 4.1;\n\nbackend default {{\n    .host = "127.0.0.1";\n    .port = "{backend_port}";\n}}\n{extra}'


def varnish(h, name):
    """The category's varnishd (started once): (work dir, listening port)."""
    if not (h.server and h.server[0] == name):
        bport = backend(h)
        port, admin = h.free_port(VARNISH_PORT), h.free_port(VARNISH_ADMIN)
        d = h.fresh("varnish")
        os.chmod(d, 0o755)
        work = os.path.join(d, "work")
        vcl = h.write(os.path.join(d, "default.vcl"), vcl_text(bport))

        def start():
            p = subprocess.Popen(["varnishd", "-F", "-n", work, "-a", f"127.0.0.1:{port}", "-T", f"127.0.0.1:{admin}", "-f", vcl, "-s", "malloc,32m"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=h.env())
            for _ in range(100):
                try:
                    request(port, "/healthz", [])
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                p.kill()
                raise RuntimeError("varnishd did not start")

            def stop():
                p.terminate()
                p.wait(timeout=30)

            return stop

        h.use_server(name, start)
        h.varnish = (work, port)
    return h.varnish


def varnishlog(h, work, query, tags=None):
    time.sleep(0.3)  # the transaction is logged when it ends
    args = ["varnishlog", "-n", work, "-d", "-g", "request", "-q", query]
    if tags:
        args += ["-i", tags]
    out = h.run(args)
    shown = "varnishlog -g request -q '" + query + "'" + (f" -i {tags}" if tags else "")
    return f"$ {shown}\n{out}"


TAG_SETS = [None, "ReqURL,ReqHeader", "ReqURL,ReqHeader,BereqHeader", "Req*,Bereq*"]


@category("secret", "varnishlog-request-headers", 22)
def varnishlog_request_headers(h, r):
    work, port = varnish(h, "varnish-log")
    tok = secret_token(r, bad="\"'\\$`!%")
    how = r.randrange(3)
    if how == 0:
        b = base64.b64encode(f"{r.choice(['deploy', 'ci', 'admin'])}:{tok}".encode()).decode()
        headers, target = [("Authorization", f"Basic {b}")], b
    elif how == 1:
        headers, target = [("Authorization", f"Bearer {tok}")], tok
    else:
        headers, target = [(r.choice(["Cookie", "X-Api-Key", "X-Auth-Token"]), f"session={tok}" if r.random() < 0.3 else tok)], tok
    path = f"/api/{r.choice(SERVICES)}/{r.randint(10000, 99999)}"
    request(port, path, client_headers(r, headers))
    return varnishlog(h, work, f'ReqURL ~ "^{path}"', r.choice(TAG_SETS[1:])), [target]


@category("secret", "varnishlog-url-query", 22)
def varnishlog_url_query(h, r):
    work, port = varnish(h, "varnish-log")
    tok = secret_token(r, bad="\"'\\$`!%&#?+ /")
    svc = r.choice(SERVICES)
    n = r.randint(10000, 99999)
    path = f"/{svc}/{n}?{r.choice(['access_token', 'token', 'api_key', 'sig', 'password'])}={tok}"
    request(port, path, client_headers(r, []))
    return varnishlog(h, work, f'ReqURL ~ "^/{svc}/{n}"', r.choice([None, "ReqURL", "ReqURL,BereqURL", "ReqURL,ReqHeader"])), [tok]


@category("secret", "varnishadm-vcl-show", 22)
def varnishadm_vcl_show(h, r):
    work, port = varnish(h, "varnish-admin")
    pairs = secret_pairs(r, r.randint(1, 2))
    sets = []
    for name, v in pairs:
        sets.append(r.choice([
            f'    set bereq.http.Authorization = "Bearer {v}";',
            f'    set bereq.http.X-Api-Key = "{v}";',
            f'    set bereq.http.{name.title().replace("_", "-")} = "{v}";',
        ]))
    extra = "\nsub vcl_backend_fetch {\n" + "\n".join(sets) + "\n}\n"
    n = getattr(h, "vcl_count", 0) + 1
    h.vcl_count = n
    name = f"{r.choice(SERVICES)}_{n}"
    path = h.write(os.path.join(h.home, "varnish", f"{name}.vcl"), vcl_text(int(h.backend_port), extra))
    h.run(["varnishadm", "-n", work, "vcl.load", name, path])
    out = h.run(["varnishadm", "-n", work, "vcl.show", name])
    return f"$ varnishadm vcl.show {name}\n{out}", [v for _, v in pairs]


@category("pii", "varnishlog-request-person", 25)
def varnishlog_request_person(h, r):
    work, port = varnish(h, "varnish-log")
    p = Person(r, ascii_only=True)
    svc = r.choice(SERVICES)
    n = r.randint(10000, 99999)
    how = r.randrange(2)
    if how == 0:
        path = f"/{svc}/{n}"
        headers = [("X-User-Name", p.name), ("X-User-Email", p.email), ("From", p.email)]
        targets = [p.name, p.email]
    else:
        p = Person(r)
        path = f"/{svc}/{n}?name={q(p.name)}&email={q(p.email)}&phone={q(p.phone)}"
        headers, targets = [], [q(p.name), q(p.email), q(p.phone)]
    request(port, path, client_headers(r, headers))
    return varnishlog(h, work, f'ReqURL ~ "^/{svc}/{n}"', r.choice(TAG_SETS[1:])), targets


@category("negative", "varnishlog-clean", 22)
def varnishlog_clean(h, r):
    work, port = varnish(h, "varnish-log")
    svc = r.choice(SERVICES)
    n = r.randint(10000, 99999)
    path = r.choice([f"/{svc}/{n}?request_id={uuid(r)}", f"/{svc}/{n}/{hexs(r, 40)}", f"/{svc}/{n}?page={r.randint(1, 9)}&sort=created_at"])
    headers = r.sample([("X-Request-Id", uuid(r)), ("If-None-Match", f'"{hexs(r, 16)}"'), ("Authorization", f"Bearer {r.choice(['YOUR_TOKEN_HERE', '<token>', 'changeme'])}"),
                        ("X-Trace-Id", hexs(r, 32)), ("Cookie", "theme=dark; lang=en"), ("From", r.choice(BOTS))], r.randint(1, 3))
    request(port, path, client_headers(r, headers))
    return varnishlog(h, work, f'ReqURL ~ "^/{svc}/{n}"', r.choice(TAG_SETS)), []


@category("negative", "varnishadm-clean", 22)
def varnishadm_clean(h, r):
    work, port = varnish(h, "varnish-admin")
    how = r.randrange(3)
    if how == 0:
        extra = f'\nsub vcl_backend_fetch {{\n    set bereq.http.X-Request-Id = "{uuid(r)}";\n    set bereq.http.Authorization = "Bearer {r.choice(["YOUR_TOKEN_HERE", "<your-api-key>", "changeme"])}";\n}}\n'
        n = getattr(h, "vcl_count", 0) + 1
        h.vcl_count = n
        name = f"{r.choice(SERVICES)}_{n}"
        path = h.write(os.path.join(h.home, "varnish", f"{name}.vcl"), vcl_text(int(h.backend_port), extra))
        h.run(["varnishadm", "-n", work, "vcl.load", name, path])
        return f"$ varnishadm vcl.show {name}\n" + h.run(["varnishadm", "-n", work, "vcl.show", name]), []
    if how == 1:
        return "$ varnishadm backend.list -p\n" + h.run(["varnishadm", "-n", work, "backend.list", "-p"]), []
    params = r.sample(["default_ttl", "default_grace", "thread_pools", "thread_pool_max", "workspace_client", "http_max_hdr", "vcl_path", "feature"], r.randint(1, 3))
    out = "".join(h.run(["varnishadm", "-n", work, "param.show", p]) for p in params)
    return f"$ for p in {' '.join(params)}; do varnishadm param.show $p; done\n{out}", []
