"""Admin CLIs' configuration dumps: `rclone config show|dump`, `s3cmd --dump-config`, `mutt -D`
(as `mutt -D | grep -E …` shows it), and transmission-daemon's `--dump-settings` and the
settings.json it saves."""

import json
import os
import re
import socket
import subprocess
import time

from registry import category
from values import ALNUM, BOTS, SERVICES, URLSAFE, Person, aws_secret, hexs, password, placeholder, plain, s


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def pw(r):
    while True:
        v = password(r)
        if plain(v, "\"'\\$`% "):
            return v


# ---- rclone ------------------------------------------------------------------------------


def rclone_remotes(h, r, remotes):
    d = h.fresh("rclone")
    conf = f"{d}/rclone.conf"
    for name, kind, opts in remotes:
        args = [x for k, v in opts for x in (k, v)]
        h.run(["rclone", "--config", conf, "config", "create", name, kind, *args, "--non-interactive"])
    return conf


def oauth_token(r):
    access = "ya29." + s(r, URLSAFE, 120) if r.random() < 0.5 else "sl." + s(r, URLSAFE, 130)
    refresh = s(r, URLSAFE, 43)
    tok = {"access_token": access, "token_type": "Bearer", "refresh_token": refresh, "expiry": f"2026-11-28T10:{r.randint(10, 59)}:00.000000Z"}
    return json.dumps(tok, separators=(",", ":")), [access, refresh]


def secret_remotes(r):
    remotes, planted = [], []
    for kind in r.sample(["s3", "ftp", "sftp", "webdav", "drive", "b2"], r.randint(1, 2)):
        name = f"{r.choice(SERVICES)}-{kind}"
        if kind == "s3":
            secret = aws_secret(r)
            remotes.append((name, "s3", [("provider", "AWS"), ("access_key_id", "AKIA" + s(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)), ("secret_access_key", secret), ("region", "eu-west-1")]))
            planted.append(secret)
        elif kind in ("ftp", "sftp", "webdav"):
            opts = [("host" if kind != "webdav" else "url", f"{kind}.{r.choice(SERVICES)}.example.net" if kind != "webdav" else f"https://dav.example.net/{r.choice(SERVICES)}"), ("user", "deploy"), ("pass", pw(r))]
            remotes.append((name, kind, opts))
            planted.append(None)  # obscured by rclone: read from its output
        elif kind == "b2":
            key = "K00" + s(r, ALNUM, 28)
            remotes.append((name, "b2", [("account", "00" + hexs(r, 10)), ("key", key)]))
            planted.append(key)
        else:
            tok, parts = oauth_token(r)
            remotes.append((name, "drive", [("scope", "drive"), ("token", tok)]))
            planted.extend(parts)
    return remotes, [p for p in planted if p]


def obscured(out):
    return re.findall(r'^pass = (.+)$', out, flags=re.M) + re.findall(r'^\s*"pass": "(.+)",?$', out, flags=re.M)


@category("secret", "rclone-config-show", 13)
def rclone_show(h, r):
    remotes, planted = secret_remotes(r)
    conf = rclone_remotes(h, r, remotes)
    out = h.run(["rclone", "--config", conf, "config", "show"])
    return out, [p for p in planted if p in out] + [p for p in planted if p not in out and p.replace('"', '\\"') in out] + obscured(out)


@category("secret", "rclone-config-dump", 13)
def rclone_dump(h, r):
    remotes, planted = secret_remotes(r)
    conf = rclone_remotes(h, r, remotes)
    out = h.run(["rclone", "--config", conf, "config", "dump"])
    return out, [p for p in planted if p in out] + obscured(out)


@category("negative", "rclone-config-clean", 16)
def rclone_clean(h, r):
    svc = r.choice(SERVICES)
    remotes = r.sample([
        (f"{svc}-s3", "s3", [("provider", "AWS"), ("env_auth", "true"), ("region", "eu-west-1")]),
        (f"{svc}-local", "alias", [("remote", f"/srv/{svc}")]),
        (f"{svc}-http", "http", [("url", f"https://mirror.example.org/{svc}/")]),
        (f"{svc}-sftp", "sftp", [("host", "backup.example.net"), ("user", "backup"), ("key_file", "~/.ssh/id_ed25519")]),
        (f"{svc}-crypt", "crypt", [("remote", f"{svc}-s3:bucket-{hexs(r, 6)}"), ("filename_encryption", "standard")]),
    ], 2)
    conf = rclone_remotes(h, r, remotes)
    return h.run(["rclone", "--config", conf, "config", r.choice(["show", "dump"])]), []


# ---- s3cmd -------------------------------------------------------------------------------


def s3cmd(h, lines):
    d = h.fresh("s3cmd")
    cfg = h.write(f"{d}/s3cfg", "[default]\n" + "".join(f"{k} = {v}\n" for k, v in lines))
    return h.run(["s3cmd", "-c", cfg, "--dump-config"]).replace("/workspace/s3cmd/", "~/")


@category("secret", "s3cmd-dump-config", 13)
def s3cmd_secret(h, r):
    secret = aws_secret(r)
    lines = [("access_key", "AKIA" + s(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)), ("secret_key", secret), ("host_base", r.choice(["s3.amazonaws.com", "s3.eu-central-1.wasabisys.com", "fra1.digitaloceanspaces.com"]))]
    targets = [secret]
    if r.random() < 0.5:
        gpg = pw(r)
        lines.append(("gpg_passphrase", gpg))
        targets.append(gpg)
    if r.random() < 0.4:
        tok = "IQoJb3JpZ2luX2VjE" + s(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 180)
        lines.append(("access_token", tok))
        targets.append(tok)
    return s3cmd(h, lines), targets


@category("negative", "s3cmd-dump-config-clean", 16)
def s3cmd_clean(h, r):
    lines = [("access_key", r.choice(["<access-key-id>", "YOUR_ACCESS_KEY", "changeme"])), ("secret_key", r.choice(["", placeholder(r).replace("%(API_TOKEN)s", "<secret-key>")])), ("host_base", "s3.amazonaws.com"), ("bucket_location", r.choice(["EU", "US", "eu-west-1"])), ("gpg_passphrase", "")]
    if r.random() < 0.5:
        lines.append(("website_endpoint", f"http://%(bucket)s.s3-website-%(location)s.amazonaws.com/{hexs(r, 6)}"))
    return s3cmd(h, lines), []


# ---- mutt --------------------------------------------------------------------------------

MUTT_SHOWN = re.compile(r"^(imap_user|imap_pass|imap_authenticators|smtp_url|smtp_pass|pop_user|pop_pass|realname|from|hostname|folder|spoolfile|record|signature)=")


def mutt(h, settings):
    d = h.fresh("mutt")
    # this machine's host name and root's GECOS name would otherwise fill hostname and realname
    settings = [("hostname", "devbox"), ("realname", "")] + settings
    rc = h.write(f"{d}/muttrc", "".join(f'set {k}="{v}"\n' for k, v in settings))
    out = h.run(["mutt", "-n", "-F", rc, "-D"], env=h.env(EMAIL="", MAIL=""))
    shown = "".join(line + "\n" for line in out.splitlines() if MUTT_SHOWN.match(line))
    return shown.replace("/workspace/", "~/")


def mailbox(r):
    return r.choice([("imaps://imap.fastmail.com/", "smtps://smtp.fastmail.com"), ("imaps://imap.gmail.com/", "smtp://smtp.gmail.com:587/"), ("imaps://mail.posteo.de/", "smtps://posteo.de:465/")])


@category("secret", "mutt-dump-config", 13)
def mutt_secret(h, r):
    imap, smtp = mailbox(r)
    user = f"{r.choice(['ops', 'alerts', 'deploy', 'billing'])}@{r.choice(['fastmail.com', 'posteo.de', 'gmail.com'])}"
    p1, p2 = pw(r), pw(r)
    settings = [("imap_user", user), ("imap_pass", p1), ("folder", imap), ("spoolfile", "+INBOX")]
    if r.random() < 0.5:
        settings.append(("smtp_url", smtp.replace("://", f"://{user.split('@')[0]}:{p2}@")))
    else:
        settings += [("smtp_url", smtp.replace("://", f"://{user.split('@')[0]}@")), ("smtp_pass", p2)]
    return mutt(h, settings), [p1, p2]


@category("pii", "mutt-dump-identity", 12)
def mutt_person(h, r):
    p = Person(r)
    imap, _ = mailbox(r)
    settings = [("realname", p.name), ("from", p.email), ("imap_user", p.email), ("folder", imap)]
    if r.random() < 0.5:
        q = Person(r)
        settings = [("from", f"{q.name} <{q.email}>"), ("imap_user", p.email), ("folder", imap)]
        return mutt(h, settings), [p.email, q.name, q.email]
    return mutt(h, settings), [p.name, p.email]


@category("negative", "mutt-dump-clean", 16)
def mutt_clean(h, r):
    imap, smtp = mailbox(r)
    bot = r.choice(BOTS)
    settings = [("realname", r.choice(["Build Bot", "Release Automation", "Nightly CI"])), ("from", bot), ("imap_user", bot), ("folder", imap), ("smtp_url", smtp)]
    if r.random() < 0.5:
        settings.append(("imap_pass", r.choice(["", "`pass show mail/ci`", placeholder(r)]).replace('"', "")))
    return mutt(h, settings), []


# ---- transmission-daemon -------------------------------------------------------------------


@category("secret", "transmission-dump-settings", 13)
def transmission_dump(h, r):
    d = h.fresh("transmission")
    secret = pw(r)
    user = r.choice(["admin", "transmission", "deploy", "seedbox"])
    args = ["transmission-daemon", "-g", d, "-t", "-u", user, "-v", secret, "-p", str(r.choice([9091, 9092, 19091])), "--dump-settings"]
    if r.random() < 0.5:
        args[6:6] = ["-a", "127.0.0.1,192.168.1.*"]
    out = h.run(args)
    return out.replace("/workspace/transmission", "/var/lib/transmission-daemon/info"), [secret]


@category("negative", "transmission-saved-settings", 16)
def transmission_saved(h, r):
    """The settings.json transmission-daemon saves on exit: the RPC password salted and hashed,
    never the plaintext it was given (checked)."""
    d = h.fresh("transmission")
    secret = pw(r)
    port, peer = free_port(), free_port()
    p = subprocess.Popen(["transmission-daemon", "-f", "-g", d, "-t", "-u", r.choice(["admin", "seedbox"]), "-v", secret, "-p", str(port), "-P", str(peer), "-m", "--no-dht", "--no-lpd", "-w", os.path.join(d, "downloads")],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=h.env())
    try:
        for _ in range(600):
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
    finally:
        p.terminate()
        p.wait(timeout=60)
    text = open(os.path.join(d, "settings.json"), encoding="utf-8").read()
    if secret in text:
        raise RuntimeError("transmission saved the plaintext password")
    text = h.normalize(text).replace("/workspace/transmission", "/var/lib/transmission-daemon/info")
    text = re.sub(r'"(peer-port|rpc-port)": \d+', lambda m: f'"{m.group(1)}": {51413 if m.group(1) == "peer-port" else 9091}', text)
    return text, []




# ---- WeeChat -----------------------------------------------------------------------------

IRC_NETWORKS = [("libera", "irc.libera.chat/6697"), ("oftc", "irc.oftc.net/6697"), ("hackint", "irc.hackint.org/6697"), ("corpnet", "irc.corp.example.net/6697"), ("tilde", "irc.tilde.chat/6697")]


def weechat_server(h, r, options):
    """weechat-headless adding a server and setting its options, then saving; the capture is what
    `grep '^<server>\\..* = ' irc.conf` shows of the file WeeChat wrote."""
    d = h.fresh("weechat")
    name, address = r.choice(IRC_NETWORKS)
    cmds = [f"/server add {name} {address} -tls"] + [f'/set irc.server.{name}.{k} "{v}"' for k, v in options] + ["/save", "/quit"]
    for c in cmds:
        if ";" in c[1:]:
            raise RuntimeError("a WeeChat command may not hold ';'")
    h.run(["weechat-headless", "--dir", d, "--run-command", ";".join(cmds)])
    text = open(os.path.join(d, "irc.conf"), encoding="utf-8").read()
    return "".join(line + "\n" for line in text.splitlines() if line.startswith(f"{name}.") and " = " in line)


def irc_pw(r):
    while True:
        v = pw(r)
        if plain(v, "\"'\\$`%;{} "):
            return v


@category("secret", "weechat-irc-conf", 13)
def weechat_secret(h, r):
    p1 = irc_pw(r)
    nick = r.choice(["kestrel", "quartzfox", "n0rthwind", "ledgerbot", "harborlight"])
    options = [("nicks", f"{nick},{nick}_")]
    targets = [p1]
    if r.random() < 0.6:
        options += [("sasl_mechanism", "plain"), ("sasl_username", nick), ("sasl_password", p1)]
    else:
        options += [("password", p1)]
    if r.random() < 0.4:
        p2 = irc_pw(r)
        options.append(("command", f"/msg NickServ IDENTIFY {nick} {p2}"))
        targets.append(p2)
    return weechat_server(h, r, options), targets


@category("pii", "weechat-irc-identity", 12)
def weechat_person(h, r):
    p = Person(r)
    nick = p.last.split()[0].lower()[:8] or "nick"
    options = [("nicks", f"{nick},{nick}_"), ("realname", p.name), ("username", nick)]
    if r.random() < 0.5:
        options.append(("command", f"/msg memoserv send ops reachable at {p.phone} or {p.email}"))
        return weechat_server(h, r, options), [p.name, p.phone, p.email]
    return weechat_server(h, r, options), [p.name]


@category("negative", "weechat-secure-data-refs", 16)
def weechat_clean(h, r):
    name = r.choice(["libera_pw", "sasl", "nickserv", "irc_pass", "bouncer"])
    options = [("nicks", f"{r.choice(['ci-notify', 'buildbot', 'deploy-bot'])},bot_"), ("sasl_mechanism", r.choice(["plain", "external"])), ("sasl_password", "${raw:${sec.data." + name + "}}"), ("realname", r.choice(["Build Bot", "Nightly CI", "Release Automation"]))]
    if r.random() < 0.5:
        options.append(("autojoin", f"#{r.choice(SERVICES)},#{r.choice(SERVICES)}-alerts"))
    if r.random() < 0.5:
        options.append(("ssl_fingerprint", hexs(r, 64)))
    return weechat_server(h, r, options), []


# ---- restic ------------------------------------------------------------------------------


@category("negative", "restic-repository-masked", 16)
def restic_masked(h, r):
    """restic's errors for a REST repository URL with a password in it: restic prints the URL
    with `***` in the password's place (checked)."""
    secret = irc_pw(r)
    user = r.choice(["backup", "restic", "nas", "deploy"])
    repo = f"rest:http://{user}:{secret}@127.0.0.1:{r.choice([1, 9, 7])}/{r.choice(SERVICES)}"
    cmd = r.choice([["snapshots"], ["check"], ["stats"], ["ls", "latest"], ["cat", "config"]])
    out = h.run(["restic", "-r", repo, *cmd], env=h.env(RESTIC_PASSWORD=irc_pw(r)), ok=None)
    if secret in out:
        raise RuntimeError("restic printed the repository password")
    return out, []
