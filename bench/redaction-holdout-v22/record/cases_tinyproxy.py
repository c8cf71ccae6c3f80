"""Tinyproxy 1.11, new to the holdouts: run in the foreground (`-d`), it logs every request line it
proxies whole, query string and user info included (`Request (file descriptor 4): GET http://…`).
One `tinyproxy` per case on 127.0.0.1, stopped before the case returns (and on every exit); the
requests (sent by the recorder as a client would, not shown) go to a closed port on 127.0.0.1,
shown as `8080`, so the proxy logs its failed connection too."""

import os
import signal
import socket
import subprocess
import time

from registry import category
from values import SERVICES, api_token, hexs, password, plain, secret_token, slack_webhook_path, uuid

SHOWN_PROXY_PORT = 8888
SHOWN_UPSTREAM_PORT = 8080


def with_tinyproxy(h, r, request_lines, basic_auth=None):
    d = h.fresh("tinyproxy")
    port = h.free_port(SHOWN_PROXY_PORT)
    upstream = h.free_port(SHOWN_UPSTREAM_PORT)  # nothing listens there
    conf = f"Port {port}\nListen 127.0.0.1\nTimeout {r.choice([30, 60, 600])}\nLogLevel {r.choice(['Info', 'Connect'])}\nMaxClients {r.choice([10, 50, 100])}\n"
    if basic_auth:
        conf += f"BasicAuth {basic_auth[0]} {basic_auth[1]}\n"
    if r.random() < 0.5:
        conf += "Allow 127.0.0.1\n"
    if r.random() < 0.4:
        conf += "ViaProxyName \"tinyproxy\"\nDisableViaHeader No\n"
    h.write(os.path.join(d, "tinyproxy.conf"), conf)
    log = os.path.join(h.root, "tinyproxy.log")
    with open(log, "wb") as f:
        proc = subprocess.Popen(["tinyproxy", "-d", "-c", os.path.join(d, "tinyproxy.conf")], stdout=f, stderr=subprocess.STDOUT, env=h.env(), cwd=h.home)

    def stop():
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)

    h.closers.append(stop)
    try:
        h.wait_listening(port, proc, "tinyproxy")
        for line in request_lines:
            req = line.replace("{up}", f"127.0.0.1:{upstream}")
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(f"{req}\r\nHost: 127.0.0.1:{upstream}\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\n\r\n".encode())
                while s.recv(4096):
                    pass
        time.sleep(0.2)
    finally:
        stop()
        h.closers.remove(stop)
    text = h.normalize(open(log, encoding="utf-8", errors="replace").read())
    os.remove(log)
    return "$ tinyproxy -d -c /etc/tinyproxy/tinyproxy.conf\n" + text


def url_token(r):
    while True:
        v = r.choice([api_token, secret_token, password])(r)
        if plain(v, "\"'\\$`!%&#?/+= <>") and len(v) >= 8:
            return v


def proxy_pw(r):
    """A password Tinyproxy's configuration reads as one word."""
    while True:
        v = password(r)
        if all(c.isalnum() or c == "-" for c in v):
            return v


PATHS = ["/api/v1/orders", "/v2/reports/export", "/hooks/deploy", "/graphql", "/v1/metrics", "/internal/sync"]


@category("secret", "tinyproxy-request-log", 24)
def tinyproxy_request_log(h, r):
    lines, targets = [], []
    for _ in range(r.randint(1, 3)):
        shape = r.randrange(4)
        if shape == 0:
            t = url_token(r)
            lines.append(f"GET http://{{up}}{r.choice(PATHS)}?{r.choice(['access_token', 'api_key', 'token', 'apikey', 'auth'])}={t}&page={r.randint(1, 9)} HTTP/1.1")
        elif shape == 1:
            t = url_token(r)
            lines.append(f"GET http://{{up}}{r.choice(PATHS)}?limit={r.choice([50, 100])}&{r.choice(['key', 'secret', 'password', 'client_secret'])}={t} HTTP/1.1")
        elif shape == 2:
            t = url_token(r)
            lines.append(f"{r.choice(['GET', 'POST'])} http://{r.choice(['deploy', 'ci', 'svc-' + r.choice(SERVICES)])}:{t}@{{up}}{r.choice(PATHS)} HTTP/1.1")
        else:
            t = slack_webhook_path(r)
            lines.append(f"POST http://{{up}}/services/{t} HTTP/1.1")
        targets.append(t)
    auth = (r.choice(["proxyuser", "deploy"]), hexs(r, 8)) if r.random() < 0.2 else None
    out = with_tinyproxy(h, r, lines, auth)
    return out, targets


@category("negative", "tinyproxy-request-clean", 25)
def tinyproxy_request_clean(h, r):
    lines = []
    for _ in range(r.randint(1, 3)):
        q = r.choice([f"page={r.randint(1, 40)}&per_page=50", f"id={uuid(r)}", f"commit={hexs(r, 40)}", f"sha256={hexs(r, 64)}", f"request_id={hexs(r, 24)}",
                      f"utm_source=newsletter&utm_campaign={r.choice(SERVICES)}-{r.randint(2024, 2026)}", "access_token=<redacted>", f"since=2026-11-{r.randint(1, 27):02d}T00:00:00Z"])
        lines.append(f"{r.choice(['GET', 'GET', 'HEAD'])} http://{{up}}{r.choice(PATHS)}?{q} HTTP/1.1")
    # a proxy login configured (BasicAuth): the log names the user, never the password
    auth = (r.choice(["proxyuser", "deploy"]), proxy_pw(r)) if r.random() < 0.4 else None
    out = with_tinyproxy(h, r, lines, auth)
    if auth:
        assert auth[1] not in out
    return out, []
