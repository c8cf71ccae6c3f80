"""yt-dlp 2023.03.04 (Debian 12), new to the holdouts, against this harness's stand-in web
server on 127.0.0.1 (a page with no video): `-v` (its `[debug] Command-line config:` line, which
masks `--username`/`--password` as PRIVATE but not headers or URLs), `--print-traffic` (the request
it sends, with its Authorization header, and the reply's headers), and its `Unsupported URL` error."""

from http.server import BaseHTTPRequestHandler

from registry import category
from values import ORGS, SERVICES, hexs, secret_token, uuid

BAD = "\"'\\$`!%{}[],;&|<> :/@?#=+"
PAGES = ["watch", "videos/intro", "media/keynote", "stream/replay", "talks/2026"]


class Page(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        body = b"<!DOCTYPE html><html><head><title>Media</title></head><body><p>No player here.</p></body></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def server(h):
    if not hasattr(h, "page_port"):
        h.page_port, _ = h.serve(Page, 8080)
    return f"127.0.0.1:{h.page_port}"


def ytdlp(h, shown, args):
    """Run yt-dlp; `shown` is the command line as the user typed it (a secret they passed through
    a shell variable shows as the variable)."""
    return f"$ yt-dlp --ignore-config --no-cache-dir {shown}\n" + h.run(["yt-dlp", "--ignore-config", "--no-cache-dir", *args], ok=None)


def path(r):
    return f"{r.choice(PAGES)}?v={hexs(r, 8)}"


@category("secret", "ytdlp-url-credentials", 16)
def ytdlp_url_credentials(h, r):
    import base64

    addr = server(h)
    user = r.choice(["viewer", "member", "archive", "ci"])
    pw = secret_token(r, bad=BAD)
    while len(pw) > 60:  # a longer user:password@ part fails yt-dlp's host encoding before any request
        pw = secret_token(r, bad=BAD)
    url = f"http://{user}:{pw}@{addr}/{path(r)}"
    flags = r.choice([["-v"], ["--print-traffic"], ["-v", "--print-traffic"], ["-s"]])
    targets = [pw]
    if "--print-traffic" in flags:
        targets.append(base64.b64encode(f"{user}:{pw}".encode()).decode())
    return ytdlp(h, " ".join(flags) + f" '{url}'", [*flags, url]), targets


@category("secret", "ytdlp-header-token", 16)
def ytdlp_header_token(h, r):
    addr = server(h)
    tok = secret_token(r, bad=BAD.replace("+", "").replace("/", "").replace("=", ""))
    header = r.choice([f"Authorization:Bearer {tok}", f"X-Api-Key:{tok}", f"Cookie:sessionid={tok}", f"X-Auth-Token:{tok}"])
    flags = r.choice([["-v"], ["--print-traffic"], ["-v", "--print-traffic"]])
    url = f"http://{addr}/{path(r)}"
    return ytdlp(h, " ".join(flags) + f" --add-header '{header}' '{url}'", [*flags, "--add-header", header, url]), [tok]


@category("negative", "ytdlp-private-clean", 22)
def ytdlp_private_clean(h, r):
    """`--username`/`--password` (and `--video-password`) are shown as PRIVATE by yt-dlp itself;
    the command line passes them from shell variables."""
    addr = server(h)
    user = r.choice(["viewer", "member", "archive"]) + str(r.randint(1, 99))
    pw = secret_token(r, bad=BAD)
    url = f"http://{addr}/{path(r)}"
    if r.random() < 0.5:
        shown = f'-v --username {user} --password "$SITE_PASSWORD" \'{url}\''
        args = ["-v", "--username", user, "--password", pw, url]
    else:
        shown = f'-v --video-password "$(pass show media/{r.choice(SERVICES)})" \'{url}\''
        args = ["-v", "--video-password", pw, url]
    return ytdlp(h, shown, args), []


@category("negative", "ytdlp-traffic-clean", 18)
def ytdlp_traffic_clean(h, r):
    addr = server(h)
    header = r.choice([f"X-Request-Id:{uuid(r)}", f"If-None-Match:\"{hexs(r, 32)}\"", f"X-Trace-Id:{hexs(r, 32)}", f"Referer:https://{r.choice(ORGS)}.example.com/"])
    url = f"http://{addr}/{path(r)}"
    flags = r.choice([["--print-traffic"], ["-v", "--print-traffic"]])
    return ytdlp(h, " ".join(flags) + f" --add-header '{header}' '{url}'", [*flags, "--add-header", header, url]), []
