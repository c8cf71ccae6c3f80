"""systemd's offline tools (`systemd-analyze cat-config` and `verify` on units under a throwaway
root) and the ZNC IRC bouncer (`znc --makepass`; `znc --foreground --debug` connecting to an IRC
server inside the recorder, run as `nobody` because ZNC waits 30 seconds when run as root)."""

import base64
import os
import shutil
import socket
import subprocess
import threading
import time

from registry import category
from values import ROLES, SERVICES, Person, hexs, password, placeholder, secret_pairs, secret_token, uuid

# ---- systemd ------------------------------------------------------------------------------------


def sysroot(h):
    d = h.fresh("sysroot")
    os.makedirs(os.path.join(d, "etc", "systemd", "system"))
    return d


def env_line(r, pairs):
    if r.random() < 0.5:
        return "".join(f"Environment={n}={v}\n" for n, v in pairs)
    return "Environment=" + " ".join(f'"{n}={v}"' if r.random() < 0.4 else f"{n}={v}" for n, v in pairs) + "\n"


def cat_config(h, root, unit):
    out = h.run(["systemd-analyze", f"--root={root}", "cat-config", f"systemd/system/{unit}"])
    return f"$ systemd-analyze --root=/workspace/sysroot cat-config systemd/system/{unit}\n{out}"


@category("secret", "systemd-cat-config-unit", 22)
def systemd_cat_config_unit(h, r):
    root = sysroot(h)
    svc = r.choice(SERVICES)
    pairs = secret_pairs(r, r.randint(1, 3))
    targets = [v for _, v in pairs]
    unit = f"{svc}.service"
    body = f"[Unit]\nDescription={svc.title()} service\nAfter=network-online.target\n\n[Service]\nUser={svc}\n"
    how = r.randrange(3)
    if how == 0:
        body += env_line(r, pairs) + f"ExecStart=/usr/local/bin/{svc} --port {r.randint(3000, 9000)}\n"
    elif how == 1:
        tok = secret_token(r, bad="\"'\\$`!%; ")
        targets.append(tok)
        body += env_line(r, pairs) + f"ExecStart=/usr/bin/curl -fsS -H 'Authorization: Bearer {tok}' https://api.example.com/v1/{svc}/sync\n"
    else:
        body += f"ExecStart=/usr/local/bin/{svc}\n"
        dropin = os.path.join(root, "etc", "systemd", "system", f"{unit}.d")
        os.makedirs(dropin)
        h.write(os.path.join(dropin, "override.conf"), "[Service]\n" + env_line(r, pairs))
    body += "Restart=on-failure\n\n[Install]\nWantedBy=multi-user.target\n"
    h.write(os.path.join(root, "etc", "systemd", "system", unit), body)
    return cat_config(h, root, unit), targets


@category("pii", "systemd-unit-person", 18)
def systemd_unit_person(h, r):
    root = sysroot(h)
    p = Person(r)
    first = p.first.lower().translate(str.maketrans("", "", " ")) if p.first.isascii() else "owner"
    unit = f"backup-{first}.service"
    how = r.randrange(3)
    targets = [p.name, p.email]
    if how == 0:
        head = f"Description=Nightly backup of {p.name}'s home\nDocumentation=mailto:{p.email}\n"
        env = f"Environment=NOTIFY_PHONE={p.phone.replace(' ', '')}\n"
        targets.append(p.phone.replace(" ", ""))
    elif how == 1:
        head = f"Description=Photo sync for {p.name}\nDocumentation=mailto:{p.email}\n"
        env = f"Environment=\"OWNER={p.name}\" OWNER_EMAIL={p.email}\n"
    else:
        head = f"Description=Mailbox export ({p.email})\n"
        env = f"Environment=\"REPORT_TO={p.name} <{p.email}>\"\n"
    body = f"[Unit]\n{head}\n[Service]\nType=oneshot\n{env}ExecStart=/usr/local/bin/{r.choice(['restic-run', 'photo-sync', 'mbox-export'])}\n"
    h.write(os.path.join(root, "etc", "systemd", "system", unit), body)
    return cat_config(h, root, unit), targets


@category("negative", "systemd-cat-config-clean", 22)
def systemd_cat_config_clean(h, r):
    root = sysroot(h)
    svc = r.choice(SERVICES)
    unit = f"{svc}.service"
    lines = [f"Environment=BUILD_ID={uuid(r)} GIT_SHA={hexs(r, 40)}", f"EnvironmentFile=-/etc/{svc}/env", f"LoadCredential=api-token:/etc/credstore/{svc}-api-token",
             f"Environment=API_TOKEN={placeholder(r)}", f"Environment=LOG_LEVEL={r.choice(['info', 'debug'])}", f"SetCredential=db-password:{r.choice(['changeme', 'REDACTED', '********'])}"]
    body = f"[Unit]\nDescription={svc.title()} service ({r.choice(ROLES)})\nDocumentation=https://docs.example.com/{svc}\n\n[Service]\nUser={svc}\n" + "\n".join(r.sample(lines, r.randint(2, 4)))
    body += f"\nExecStart=/usr/local/bin/{svc} --config /etc/{svc}/config.toml\n\n[Install]\nWantedBy=multi-user.target\n"
    h.write(os.path.join(root, "etc", "systemd", "system", unit), body)
    return cat_config(h, root, unit), []


@category("negative", "systemd-verify-unit", 22)
def systemd_verify_unit(h, r):
    root = sysroot(h)
    svc = r.choice(SERVICES)
    unit = f"{svc}-{r.choice(['sync', 'backup', 'reindex', 'export'])}.service"
    body = f"[Unit]\nDescription={svc} job {uuid(r)}\n\n[Service]\nType=oneshot\nExecStart=/opt/{svc}/bin/{r.choice(['run', 'job', 'task'])} --id {hexs(r, 12)}\n"
    if r.random() < 0.5:
        body += f"Environmnet=RUN_ID={uuid(r)}\n"
    if r.random() < 0.5:
        body += f"Restart={r.choice(['sometimes', 'on-failure'])}\n"
    path = h.write(os.path.join(root, "etc", "systemd", "system", unit), body)
    out = h.run(["systemd-analyze", "verify", path], ok=None)
    return f"$ systemd-analyze verify /workspace/sysroot/etc/systemd/system/{unit}\n{out}", []


# ---- ZNC ----------------------------------------------------------------------------------------


def irc_server(port, greeting, ready):
    """A one-connection IRC server: reads ZNC's registration, welcomes it and hangs up."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", port))
    s.listen(1)
    s.settimeout(15)
    ready.set()
    try:
        c, _ = s.accept()
        c.settimeout(3)
        time.sleep(0.5)
        try:
            c.recv(4096)
        except OSError:
            pass
        c.sendall(greeting.encode())
        time.sleep(0.7)
        c.close()
    finally:
        s.close()


def znc(h, user, network, realname=None, server_pass=None, extra=""):
    d = h.fresh("znc")
    os.makedirs(os.path.join(d, "configs"))
    listen, irc = h.free_port(6697), h.free_port(6667)
    net = f"\t<Network {network}>\n\t\tServer = 127.0.0.1 {irc}{' ' + server_pass if server_pass else ''}\n\t\tNick = {user}\n{extra}\t</Network>\n"
    conf = f"""Version = 1.8.2
<Listener l>
\tPort = {listen}
\tIPv4 = true
\tIPv6 = false
\tSSL = false
\tHost = 127.0.0.1
</Listener>
<User {user}>
\tAdmin = true
\tNick = {user}
{f"	RealName = {realname}" + chr(10) if realname else ""}\t<Pass password>
\t\tMethod = sha256
\t\tHash = {hexs(__import__("random").Random(user), 64)}
\t\tSalt = {hexs(__import__("random").Random(network), 20)}
\t</Pass>
{net}</User>
"""
    h.write(os.path.join(d, "configs", "znc.conf"), conf)
    shutil.chown(d, "nobody")
    for root, dirs, files in os.walk(d):
        for name in dirs + files:
            shutil.chown(os.path.join(root, name), "nobody")
    ready = threading.Event()
    t = threading.Thread(target=irc_server, args=(irc, f":irc.example.net 001 {user} :Welcome to the Example IRC Network {user}\r\n:irc.example.net 375 {user} :- irc.example.net Message of the Day -\r\n", ready))
    t.start()
    ready.wait(5)
    p = subprocess.Popen(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "znc", f"--datadir={d}", "--foreground", "--debug"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=h.env(HOME=d))
    try:
        t.join(20)
        time.sleep(0.3)
    finally:
        p.terminate()
        out, _ = p.communicate(timeout=20)
    text = h.normalize(out.decode("utf-8", "replace"))
    return "$ znc --foreground --debug\n" + text


@category("secret", "znc-debug-server-pass", 22)
def znc_debug_server_pass(h, r):
    user = r.choice(["dev", "ops", "admin", "bouncer", "ci"])
    pw = secret_token(r, bad="\"'\\$`!%: <>")
    extra = ""
    targets = [pw]
    return znc(h, user, r.choice(["libera", "oftc", "example", "corpnet"]), server_pass=pw, extra=extra), targets


@category("pii", "znc-debug-realname", 25)
def znc_debug_realname(h, r):
    p = Person(r)
    user = r.choice(["dev", "ops", "bouncer", p.first.lower() if p.first.isascii() else "user"])
    how = r.randrange(2)
    if how == 0:
        return znc(h, user, r.choice(["libera", "oftc", "corpnet"]), realname=p.name), [p.name]
    return znc(h, user, r.choice(["libera", "oftc", "corpnet"]), realname=f"{p.name} <{p.email}>"), [p.name, p.email]


@category("negative", "znc-debug-clean", 22)
def znc_debug_clean(h, r):
    user = r.choice(["ci-bot", "buildbot", "relay", "notifier", "logger"])
    return znc(h, user, r.choice(["libera", "oftc", "example"]), realname=r.choice(ROLES + ["ZNC - https://znc.in", f"{r.choice(SERVICES)} bot {uuid(r)[:8]}"])), []


@category("negative", "znc-makepass", 22)
def znc_makepass(h, r):
    pw = password(r)
    out = h.run(["znc", "--makepass"], input=f"{pw}\n{pw}\n", env=h.env(HOME=h.fresh("znc")))
    return "$ znc --makepass\n" + out, []


# ---- isync (mbsync) -------------------------------------------------------------------------------


def imap_server(port, accept_login, ready):
    """A one-connection IMAP server: greets, answers CAPABILITY, refuses or accepts the login and
    answers anything after it with BAD (so mbsync gives up)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", port))
    s.listen(1)
    s.settimeout(15)
    ready.set()
    try:
        c, _ = s.accept()
        c.settimeout(5)
        f = c.makefile("rwb")

        def say(line):
            f.write(line.encode() + b"\r\n")
            f.flush()

        say("* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN] imap.example.net IMAP ready")
        while True:
            line = f.readline().decode("utf-8", "replace").strip()
            if not line or " " not in line:
                break
            tag, rest = line.split(" ", 1)
            cmd = rest.split(" ", 1)[0].upper()
            if cmd == "CAPABILITY":
                say("* CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN")
                say(f"{tag} OK CAPABILITY completed")
            elif cmd in ("LOGIN", "AUTHENTICATE"):
                if cmd == "AUTHENTICATE" and rest.strip().upper() == "AUTHENTICATE PLAIN":
                    say("+ ")
                    f.readline()
                say(f"{tag} OK [CAPABILITY IMAP4rev1] Logged in" if accept_login else f"{tag} NO [AUTHENTICATIONFAILED] Authentication failed.")
            elif cmd == "LOGOUT":
                say("* BYE Logging out")
                say(f"{tag} OK Logout completed")
                break
            else:
                say(f"{tag} BAD Error in IMAP command {cmd}: Unknown command.")
        c.close()
    except OSError:
        pass
    finally:
        s.close()


def mbsync(h, r, user, pw, mech, flag):
    d = h.fresh("Mail")
    port = h.free_port(143)
    account = r.choice(["work", "personal", "ci", "alerts", "archive"])
    os.makedirs(os.path.join(d, account, "INBOX"))
    rc = f"""IMAPAccount {account}
Host 127.0.0.1
Port {port}
User {user}
Pass {pw}
SSLType None
AuthMechs {mech}

IMAPStore {account}-remote
Account {account}

MaildirStore {account}-local
Path ~/Mail/{account}/
Inbox ~/Mail/{account}/INBOX

Channel {account}
Far :{account}-remote:
Near :{account}-local:
Patterns {r.choice(["*", "INBOX", "INBOX Archive"])}
Create Both
"""
    h.write(".mbsyncrc", rc, mode=0o600)
    ready = threading.Event()
    t = threading.Thread(target=imap_server, args=(port, r.random() < 0.5, ready))
    t.start()
    ready.wait(5)
    try:
        out = h.run(["mbsync", flag, account], ok=None)
    finally:
        t.join(20)
    return f"$ mbsync {flag} {account}\n{out}"


@category("secret", "mbsync-debug-sasl-plain", 22)
def mbsync_debug_sasl_plain(h, r):
    """`mbsync -Dn` masks `LOGIN <user> <pass>` but prints the SASL PLAIN response (base64 of
    `user NUL user NUL password`) that follows `AUTHENTICATE PLAIN <authdata>`."""
    p = Person(r, ascii_only=True)
    user = r.choice([p.email, f"{p.first.lower()}", "deploy", "backup"])
    pw = secret_token(r, bad="\"'\\$`!% #")
    out = mbsync(h, r, user, pw, "PLAIN", "-Dn")
    sent = [line[4:] for line in out.splitlines() if line.startswith(">+> ")]
    if len(sent) != 1 or base64.b64decode(sent[0]).split(b"\0")[-1] != pw.encode():
        raise RuntimeError("mbsync did not print the SASL PLAIN response")
    return out, [sent[0]]


@category("negative", "mbsync-verbose-login", 22)
def mbsync_verbose_login(h, r):
    user = r.choice(["ci-bot@example.com", "alerts@example.org", "noreply@builds.example.net", f"svc-{r.choice(SERVICES)}", "reports@example.com"])
    mech, flag = r.choice([("LOGIN", "-V"), ("PLAIN", "-V"), ("LOGIN", "-Dn")])
    return mbsync(h, r, user, password(r), mech, flag), []
