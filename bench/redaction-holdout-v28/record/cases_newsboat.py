"""Newsboat 2.21 (Debian 12), new to the holdouts: `newsboat -x reload -l 6 -d newsboat.log` (one
reload without the interface, debug log) and `newsboat -e` (OPML export), against this harness's
HTTP stand-in on 127.0.0.1 (a Tiny Tiny RSS / Nextcloud News / FeedHQ / Miniflux API that refuses
the login, and feeds that answer 404 or a small RSS document). The debug log echoes every
configuration command as it tokenizes it (`ttrss-password "…"`), Tiny Tiny RSS's login request
and reply with the password in JSON, and every feed URL (SQL queries, errors), so credentials in
a URL (`user:password@`, `?apikey=`) reach it and the OPML export. Clean: URLs without
credentials, `*-passwordfile`/`*-passwordeval` references, feeds with ids and digests."""

import os
from http.server import BaseHTTPRequestHandler

from registry import category
from values import ORGS, SERVICES, hexs, secret_token, uuid

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+()*~^"
REMOTES = ["ttrss", "ttrss", "ocnews", "feedhq", "miniflux"]
PATHS = {"ttrss": "tt-rss/", "ocnews": "nextcloud/", "feedhq": "", "miniflux": "miniflux/"}


class Api(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, code, ctype, body):
        body = body.encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if "/api" in self.path:
            self.reply(200, "application/json", '{"seq":0,"status":1,"content":{"error":"LOGIN_ERROR"}}')
        else:
            self.reply(401, "text/plain", "Error=BadAuthentication\n")

    def do_GET(self):
        if self.path.startswith("/feeds/") and self.path.endswith(".xml"):
            items = "".join(f"<item><title>Release {i}.{len(self.path) % 9}</title><guid isPermaLink=\"false\">{i:04d}-{len(self.path):04d}</guid><link>https://example.com/releases/{i}</link><pubDate>Sat, 2{i} Nov 2026 09:00:00 +0000</pubDate></item>" for i in range(1, 4))
            self.reply(200, "application/rss+xml", f'<?xml version="1.0"?><rss version="2.0"><channel><title>Releases</title><link>https://example.com/</link><description>Release notes</description>{items}</channel></rss>')
        else:
            self.reply(401 if "/api" in self.path or "/v1/" in self.path else 404, "text/plain", "not here\n")


def server(h):
    if "newsboat" not in h.servers:
        h.servers["newsboat"], _ = h.serve(Api, 8080)
    return f"127.0.0.1:{h.servers['newsboat']}"


def reload_log(h, config, urls):
    h.fresh(".newsboat")
    h.fresh(".local/share/newsboat")
    h.write(".newsboat/config", config)
    h.write(".newsboat/urls", urls)
    log = f"{h.home}/newsboat.log"
    if os.path.exists(log):  # newsboat appends to its log
        os.remove(log)
    out = "$ newsboat -x reload -l 6 -d newsboat.log\n" + h.run(["newsboat", "-x", "reload", "-l", "6", "-d", log], ok=None)
    with open(log, encoding="utf-8", errors="replace") as f:
        out += "$ cat newsboat.log\n" + h.normalize(f.read())
    return out


def export(h, config, urls):
    h.fresh(".newsboat")
    h.fresh(".local/share/newsboat")
    h.write(".newsboat/config", config)
    h.write(".newsboat/urls", urls)
    return "$ newsboat -e\n" + h.run(["newsboat", "-e"], ok=None)


def remote_config(h, r, kind, password_line):
    addr = server(h)
    lines = [f'urls-source "{kind}"', f'{kind}-url "http://{addr}/{PATHS[kind]}"', f'{kind}-login "{r.choice(["reader", "feeds", "news-bot", "dev"])}"', password_line]
    if kind == "ttrss" and r.random() < 0.5:
        lines.append('ttrss-mode "multi"')
    if r.random() < 0.5:
        lines.append(f"reload-threads {r.randint(1, 4)}")
    return "\n".join(lines) + "\n"


def remote_password_case(h, r, pw):
    kind = r.choice(REMOTES)
    return reload_log(h, remote_config(h, r, kind, f'{kind}-password "{pw}"'), "")


@category("secret", "newsboat-remote-password-log", 40)
def newsboat_remote_password_log(h, r):
    pw = secret_token(r, bad=BAD)
    return remote_password_case(h, r, pw), [pw]


def feed_url(r, addr, secret):
    base = f"http://{addr}/feeds/{r.choice(SERVICES)}"
    form = r.randrange(4)
    if form == 0:
        return f"http://{r.choice(['reader', 'feeds', 'ci'])}:{secret}@{addr}/feeds/{r.choice(SERVICES)}.xml"
    if form == 1:
        return f"{base}.xml?apikey={secret}"
    if form == 2:
        return f"{base}/atom?token={secret}&limit={r.randint(10, 50)}"
    return f"https://{r.choice(ORGS)}.example.com/private.atom?private_token={secret}"


@category("secret", "newsboat-url-credentials", 40)
def newsboat_url_credentials(h, r):
    addr = server(h)
    targets, urls = [], []
    for _ in range(r.randint(1, 2)):
        tok = secret_token(r, bad=BAD)
        targets.append(tok)
        urls.append(feed_url(r, addr, tok) + (f' "{r.choice(["work", "ci", "private"])}"' if r.random() < 0.5 else ""))
    if r.random() < 0.5:
        urls.append(f"http://{addr}/feeds/{r.choice(SERVICES)}.xml")
    r.shuffle(urls)
    config = "show-read-feeds yes\n" if r.random() < 0.5 else "auto-reload no\n"
    if r.random() < 0.5:
        out = reload_log(h, config, "\n".join(urls) + "\n")
    else:
        out = export(h, config, "\n".join(urls) + "\n")
    return out, [t for t in targets if t in out]


@category("negative", "newsboat-clean", 52)
def newsboat_clean(h, r):
    addr = server(h)
    kind = r.randrange(3)
    if kind == 0:
        remote = r.choice(REMOTES)
        ref = r.choice([f'{remote}-passwordfile "~/.config/newsboat/{remote}.pass"', f'{remote}-passwordeval "pass show rss/{r.choice(SERVICES)}"', f'{remote}-passwordeval "secret-tool lookup service {remote}"'])
        if remote == "miniflux":
            ref = f'miniflux-password ""'
        return reload_log(h, remote_config(h, r, remote, ref), ""), []
    urls = []
    for _ in range(r.randint(2, 4)):
        urls.append(r.choice([f"http://{addr}/feeds/{r.choice(SERVICES)}.xml", f"http://{addr}/feeds/{uuid(r)}.xml", f"http://{addr}/feeds/{hexs(r, 12)}.xml?since={hexs(r, 40)}",
                              f"https://{r.choice(ORGS)}.example.com/releases.atom", f"http://{addr}/feeds/{r.choice(SERVICES)}.xml?etag={hexs(r, 32)}"]) + (f' "{r.choice(["work", "releases", "ops"])}"' if r.random() < 0.3 else ""))
    config = "show-read-feeds yes\n" if r.random() < 0.5 else "auto-reload no\n"
    if kind == 1:
        return reload_log(h, config, "\n".join(urls) + "\n"), []
    return export(h, config, "\n".join(urls) + "\n"), []
