"""duplicity 0.8.22 (Debian 12), new to the holdouts, at verbosity 5 (notice) backing up a folder
to a WebDAV target on this harness's stand-in server on 127.0.0.1, which refuses PROPFIND: its
banner repeats the command line (`Args: ... webdav://user:password@host/path`), then the WebDAV
exchange and `Giving up`. PASSPHRASE (and, for clean cases, FTP_PASSWORD) is set in the
environment; duplicity never prints either."""

from http.server import BaseHTTPRequestHandler

from registry import category
from values import SERVICES, hexs, secret_token

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+"


class Refuse(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_PROPFIND(self):
        self.send_error(501, "Unsupported method ('PROPFIND')")

    do_MKCOL = do_PUT = do_GET = do_PROPFIND


def target(h):
    if not hasattr(h, "dav_port"):
        h.dav_port, _ = h.serve(Refuse, 8443)
    return f"127.0.0.1:{h.dav_port}"


def backup(h, r, url, extra=(), **env_extra):
    src = h.fresh(r.choice(["projects", "documents", "srv/data"]))
    h.write(src + "/notes.txt", f"{r.choice(SERVICES)}\n")
    shown_src = src.replace(h.home + "/", "")
    args = ["-v5", "--num-retries", "1", *extra, src, url]
    env = h.env(PASSPHRASE=secret_token(r, bad=BAD), **env_extra)
    shown = " ".join(["duplicity", "-v5", "--num-retries", "1", *extra, shown_src, f"'{url}'"])
    return f"$ {shown}\n" + h.run(["duplicity", *args], env=env, ok=None)


@category("secret", "duplicity-args-url", 16)
def duplicity_args_url(h, r):
    pw = secret_token(r, bad=BAD)
    url = f"webdav://{r.choice(['backup', 'nas', 'dav-sync'])}:{pw}@{target(h)}/{r.choice(['backups', 'remote.php/dav/files/backup', 'dav'])}/{r.choice(SERVICES)}"
    extra = r.choice([(), ("--full-if-older-than", "30D"), ("--name", r.choice(SERVICES))])
    return backup(h, r, url, extra), [pw]


@category("negative", "duplicity-clean", 18)
def duplicity_clean(h, r):
    user = r.choice(["backup@", "nas@", "dav-sync@"])
    url = f"webdav://{user}{target(h)}/{r.choice(['backups', 'dav'])}/{r.choice(SERVICES)}-{hexs(r, 6)}"
    extra = r.choice([(), ("--full-if-older-than", "30D"), ("--encrypt-key", hexs(r, 40).upper())])
    # the WebDAV password comes from FTP_PASSWORD, as duplicity documents; it is never printed
    return backup(h, r, url, extra, FTP_PASSWORD=secret_token(r, bad=BAD)), []
