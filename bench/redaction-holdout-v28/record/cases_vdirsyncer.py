"""vdirsyncer 0.19.0 (Debian 12), new to the holdouts: `vdirsyncer -vdebug discover` against this
harness's CalDAV/CardDAV stand-in on 127.0.0.1, which answers 401 to everything. The debug log
prints each request's method and URL (with the credentials when they are written in the URL),
its headers and body, the reply's headers and the traceback of the final error. Clean: the
username and password in their own keys or fetched by a command (neither is printed), URLs
without credentials."""

import urllib.parse
from http.server import BaseHTTPRequestHandler

from registry import category
from values import SERVICES, secret_token

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+()*~^"
USERS = ["ops@example.test", "calendar-sync", "dev", "shared-calendar", "reader"]


class Refuse(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def refuse(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = b"<html><body>401 Unauthorized</body></html>"
        self.send_response(401)
        self.send_header("WWW-Authenticate", 'Basic realm="dav"')
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_PROPFIND = do_OPTIONS = do_REPORT = refuse


def server(h):
    if "dav" not in h.servers:
        h.servers["dav"], _ = h.serve(Refuse, 8443)
    return f"127.0.0.1:{h.servers['dav']}"


def config(h, r, url, auth_lines):
    kind = r.choice(["caldav", "carddav"])
    pair = r.choice(["cal", "contacts", "work", "team"])
    ext = ".ics" if kind == "caldav" else ".vcf"
    lines = ["[general]", 'status_path = "~/.vdirsyncer/status/"', "", f"[pair {pair}]", f'a = "{pair}_remote"', f'b = "{pair}_local"', 'collections = ["from a"]', "",
             f"[storage {pair}_local]", 'type = "filesystem"', f'path = "~/.{pair}/"', f'fileext = "{ext}"', "", f"[storage {pair}_remote]", f'type = "{kind}"', f'url = "{url}"', *auth_lines]
    h.fresh(".config/vdirsyncer")
    h.write(".config/vdirsyncer/config", "\n".join(lines) + "\n", 0o600)
    return "$ vdirsyncer -vdebug discover\n" + h.run(["vdirsyncer", "-vdebug", "discover"], ok=None)


def path(r):
    return r.choice(["dav/", "remote.php/dav/", "caldav/", "dav.php/", f"{r.choice(SERVICES)}/dav/"])


@category("secret", "vdirsyncer-url-credentials", 30)
def vdirsyncer_url_credentials(h, r):
    addr = server(h)
    user = r.choice(USERS)
    pw = secret_token(r, bad=BAD)
    url = f"http://{urllib.parse.quote(user, safe='')}:{pw}@{addr}/{path(r)}"
    out = config(h, r, url, [])
    return out, [pw]


@category("negative", "vdirsyncer-clean", 48)
def vdirsyncer_clean(h, r):
    addr = server(h)
    user = r.choice(USERS)
    kind = r.randrange(3)
    if kind == 0:
        auth = [f'username = "{user}"', f'password.fetch = ["command", "pass", "show", "dav/{r.choice(SERVICES)}"]']
    elif kind == 1:
        auth = [f'username = "{user}"', f'password.fetch = ["command", "cat", "~/.config/vdirsyncer/{r.choice(SERVICES)}.pass"]']
        h.write(f".config/vdirsyncer/{r.choice(SERVICES)}.pass", "x\n")
    else:
        # the password in its own key: vdirsyncer sends it but never prints it
        auth = [f'username = "{user}"', f'password = "{secret_token(r, bad=BAD)}"']
    return config(h, r, f"http://{addr}/{path(r)}", auth), []
