"""Prosody (`prosodyctl register` and the account files it writes, `prosodyctl check config`),
ProFTPD's `ftpasswd` (its AuthUserFile lines, GECOS field included) and `proftpd -t`, and the
rsync daemon (`rsync rsync://host/` module listing, a refused login and the daemon's log)."""

import os
import re
import signal
import subprocess
import time

from registry import category
from values import BOTS, ROLES, SERVICES, Person, digest, password, placeholder, secret_token

XMPP_HOSTS = ["localhost", "chat.example.net", "xmpp.example.org", "im.lab.example.com"]
XMPP_USERS = ["deploy", "alerts", "ci-bot", "ops", "monitor", "buildbot", "relay"]


def prosody_conf(h, auth):
    d = h.fresh("prosody")
    os.chmod(d, 0o777)
    data = os.path.join(d, "data")
    os.makedirs(data)
    os.chmod(data, 0o777)
    hosts = "".join(f'VirtualHost "{x}"\n' for x in h.xmpp_hosts)
    conf = h.write(os.path.join(d, "prosody.cfg.lua"), f'data_path = "{data}"\npidfile = "{d}/prosody.pid"\nauthentication = "{auth}"\nlog = {{ warn = "*console" }}\nadmins = {{ "admin@{h.xmpp_hosts[0]}" }}\nmodules_enabled = {{ "roster"; "saslauth"; "tls"; "disco"; "ping" }}\n{hosts}')
    return d, conf, data


def prosodyctl(h, conf, *args):
    return h.run(["prosodyctl", "--config", conf, *args])


def store_name(s):
    """Prosody's file-store encoding of a host or user name: every non-alphanumeric as %xx."""
    return re.sub(r"[^A-Za-z0-9]", lambda m: f"%{ord(m.group()):02x}", s)


def cat_accounts(h, data, host, users):
    text = ""
    for u in users:
        rel = os.path.join(store_name(host), "accounts", f"{store_name(u)}.dat")
        with open(os.path.join(data, rel)) as f:
            body = f.read()
        text += f"$ cat /var/lib/prosody/{rel}\n{body}"
    return text


def xmpp_plain(r):
    return secret_token(r, bad="\"'\\$`!%")


@category("secret", "prosody-account-plain", 24)
def prosody_account_plain(h, r):
    h.xmpp_hosts = [r.choice(XMPP_HOSTS)]
    d, conf, data = prosody_conf(h, "internal_plain")
    host = h.xmpp_hosts[0]
    users = r.sample(XMPP_USERS, r.randint(1, 2))
    targets, text = [], ""
    for u in users:
        pw = xmpp_plain(r)
        text += f"$ prosodyctl register {u} {host} '{pw}'\n" + prosodyctl(h, conf, "register", u, host, pw)
        targets.append(pw)
    return text + cat_accounts(h, data, host, users), targets


@category("negative", "prosody-account-hashed", 24)
def prosody_account_hashed(h, r):
    h.xmpp_hosts = [r.choice(XMPP_HOSTS)]
    d, conf, data = prosody_conf(h, "internal_hashed")
    host = h.xmpp_hosts[0]
    users = r.sample(XMPP_USERS, r.randint(1, 2))
    for u in users:
        prosodyctl(h, conf, "register", u, host, password(r))
    return "$ prosodyctl register …  # for " + ", ".join(users) + "\n" + cat_accounts(h, data, host, users), []


CHECK_HOSTS = XMPP_HOSTS + ["jabber.example.com", "xmpp.lan.example.net", "talk.example.org", "muc.example.net"]
COMPONENTS = ['"upload.{}" "http_file_share"', '"conference.{}" "muc"', '"proxy.{}" "proxy65"', '"pubsub.{}" "pubsub"', '"gateway.example.org"']


@category("negative", "prosody-check-config", 22)
def prosody_check_config(h, r):
    h.xmpp_hosts = r.sample(CHECK_HOSTS, r.randint(1, 3))
    d, conf, data = prosody_conf(h, r.choice(["internal_hashed", "internal_plain"]))
    extra = ""
    for c in r.sample(COMPONENTS, r.randint(0, 2)):
        extra += f"Component {c.format(r.choice(CHECK_HOSTS))}\n"
        if "gateway" in c:
            extra += f'\tcomponent_secret = "{r.choice(["changeme", "<component-secret>", "CHANGE_ME"])}"\n'
    extra += r.choice(["", f'contact_info = {{ admin = {{ "mailto:{r.choice(BOTS)}" }} }}\n', f'-- component_secret = "{placeholder(r)}"\n', "c2s_require_encryption = false\n", "s2s_secure_auth = false\n"])
    with open(conf, "a") as f:
        f.write(extra)
    return "$ prosodyctl check config\n" + h.run(["prosodyctl", "--config", conf, "check", "config"], ok=None), []


# ---- ProFTPD: ftpasswd and proftpd -t ------------------------------------------------------


def ftpasswd(h, d, login, uid, gecos, pw):
    home = os.path.join(d, "srv", login)
    os.makedirs(home, exist_ok=True)
    return h.run(["ftpasswd", "--passwd", f"--file={d}/ftpd.passwd", f"--name={login}", f"--uid={uid}", f"--gid={uid}", f"--home={home}", "--shell=/bin/false", f"--gecos={gecos}", "--stdin"], input=pw + "\n", cwd=d)


def ftp_show(h, d, out):
    with open(os.path.join(d, "ftpd.passwd")) as f:
        body = f.read()
    return out + "$ cat /etc/proftpd/ftpd.passwd\n" + h.normalize(body)


@category("pii", "ftpasswd-gecos", 22)
def ftpasswd_gecos(h, r):
    d = h.fresh("proftpd")
    targets, out = [], ""
    for i in range(r.randint(1, 2)):
        p = Person(r)
        login = re.sub(r"[^a-z0-9]", "", p.email.split("@")[0])[:12] or f"user{i}"
        shape = r.randrange(3)
        gecos = [p.name, f"{p.name},{p.phone}", f"{p.name},{p.email}"][shape]
        targets += [p.name] + [[], [p.phone], [p.email]][shape]
        out += f"$ ftpasswd --passwd --file=/etc/proftpd/ftpd.passwd --name={login} --uid={2001 + i} --home=/srv/ftp/{login} --shell=/bin/false --gecos='{gecos}' --stdin\n" + ftpasswd(h, d, login, 2001 + i, gecos, password(r))
    return ftp_show(h, d, out), targets


@category("negative", "ftpasswd-service-accounts", 24)
def ftpasswd_service_accounts(h, r):
    d = h.fresh("proftpd")
    out = ""
    for i in range(r.randint(1, 3)):
        login = f"{r.choice(SERVICES)}{r.randint(1, 9)}"
        gecos = r.choice(ROLES + [f"{r.choice(SERVICES)} uploads", "anonymous drop"])
        out += f"$ ftpasswd --passwd --name={login} --uid={3001 + i} --gecos='{gecos}' --stdin …\n" + ftpasswd(h, d, login, 3001 + i, gecos, password(r))
    return ftp_show(h, d, out), []


@category("negative", "proftpd-configtest", 22)
def proftpd_configtest(h, r):
    d = h.fresh("proftpd")
    lines = [f'ServerName "{r.choice(["Uploads", "Build artifacts", "Mirror"])}"', "ServerType standalone", "DefaultServer on", f"Port {r.choice([2121, 2221, 21])}", "User nobody", "Group nogroup", f"PidFile {d}/proftpd.pid", f"ScoreboardFile {d}/proftpd.scoreboard", "RequireValidShell off", f"AuthUserFile {d}/ftpd.passwd", f"ServerAdmin {r.choice(BOTS)}"]
    if r.random() < 0.5:
        lines.append(r.choice(["TimeoutIdle 600", "MaxInstances 30", "UseReverseDNS off", "IdentLookups off", "UnknownDirective yes"]))
    h.write(os.path.join(d, "proftpd.conf"), "\n".join(lines) + "\n")
    if r.random() < 0.7:
        ftpasswd(h, d, f"{r.choice(SERVICES)}{r.randint(1, 9)}", 3001, r.choice(ROLES), password(r))
        os.chmod(os.path.join(d, "ftpd.passwd"), 0o640)
    flags = r.choice([["-t"], ["-t", "-d", "5"], ["--configtest"]])
    shown = h.normalize("\n".join(lines) + "\n")
    return f"$ cat /etc/proftpd/proftpd.conf\n{shown}$ proftpd {' '.join(flags)} -c /etc/proftpd/proftpd.conf\n" + h.run(["proftpd", *flags, "-c", os.path.join(d, "proftpd.conf")], ok=None), []


# ---- rsync daemon ---------------------------------------------------------------------------

MODULES = ["backup", "photos", "www", "mirror", "builds", "home", "archive", "shared"]


def rsyncd(h, modules):
    d = h.fresh("rsyncd")
    port = h.free_port(873)
    text = f"pid file = {d}/rsyncd.pid\nuse chroot = no\nuid = nobody\ngid = nogroup\n"
    h.write(os.path.join(d, "rsyncd.secrets"), "".join(f"{m['user']}:{m['pw']}\n" for m in modules if m.get("user")), 0o600)
    for m in modules:
        path = os.path.join(d, "data", m["name"])
        os.makedirs(path, exist_ok=True)
        text += f"[{m['name']}]\n  path = {path}\n  comment = {m['comment']}\n  read only = yes\n"
        if m.get("user"):
            text += f"  auth users = {m['user']}\n  secrets file = {d}/rsyncd.secrets\n"
    conf = h.write(os.path.join(d, "rsyncd.conf"), text)
    log = os.path.join(d, "rsyncd.log")
    p = subprocess.Popen(["rsync", "--daemon", "--no-detach", f"--config={conf}", f"--port={port}", "--address=127.0.0.1", f"--log-file={log}"], env=h.env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(50):
        try:
            import socket

            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.05)

    def stop():
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()

    h.use_server(f"rsyncd-{port}", lambda: stop)
    return port, log


def read_log(h, log):
    with open(log) as f:
        return h.normalize(f.read())


@category("pii", "rsync-module-comments", 22)
def rsync_module_comments(h, r):
    modules, targets = [], []
    for name in r.sample(MODULES, r.randint(1, 3)):
        if not targets or r.random() < 0.4:
            p = Person(r)
            shape = r.randrange(3)
            comment = [f"{name} of {p.name}", f"{p.name} <{p.email}>", f"{p.name}, tel. {p.phone}"][shape]
            targets += [p.name] + [[], [p.email], [p.phone]][shape]
        else:
            comment = f"{name} ({r.choice(ROLES)})"
        modules.append({"name": name, "comment": comment})
    port, _ = rsyncd(h, modules)
    out = h.run(["rsync", f"rsync://127.0.0.1:{port}/"])
    h.stop_server()
    return "$ rsync rsync://127.0.0.1:873/\n" + out, targets


@category("negative", "rsync-module-list-clean", 22)
def rsync_module_list_clean(h, r):
    modules = [{"name": n, "comment": r.choice([f"{n} ({r.choice(ROLES)})", f"nightly {n} {digest(r)[:12]}", f"{n} for {r.choice(SERVICES)}", f"maintained by {r.choice(BOTS)}"])} for n in r.sample(MODULES, r.randint(1, 4))]
    port, _ = rsyncd(h, modules)
    out = h.run(["rsync", f"rsync://127.0.0.1:{port}/"])
    h.stop_server()
    return "$ rsync rsync://127.0.0.1:873/\n" + out, []


@category("negative", "rsync-auth-refused", 22)
def rsync_auth_refused(h, r):
    name = r.choice(MODULES)
    user = r.choice(["backup", "deploy", "mirror", "ci"])
    modules = [{"name": name, "comment": f"{name} ({r.choice(ROLES)})", "user": user, "pw": password(r)}]
    port, log = rsyncd(h, modules)
    wrong = r.choice(["changeme", "********", "wrong-password", placeholder(r)])
    out = h.run(["rsync", "-av", f"rsync://{user}@127.0.0.1:{port}/{name}/", os.path.join(h.home, "restore") + "/"], env=h.env(RSYNC_PASSWORD=wrong), ok=None)
    time.sleep(0.2)
    text = f"$ rsync -av rsync://{user}@127.0.0.1:873/{name}/ restore/\n" + out
    h.stop_server()
    if r.random() < 0.6:
        text += "$ tail /var/log/rsyncd.log\n" + read_log(h, log)
    return text, []
