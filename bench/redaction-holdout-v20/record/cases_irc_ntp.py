"""ngIRCd's `--configtest` (the whole configuration dumped back, passwords included) and chrony
(`chronyc keygen`, the keys file it fills, and `chronyd -p`, which prints the parsed configuration)."""

import os
import re

from registry import category
from values import BOTS, ROLES, SERVICES, Person, hexs, placeholder, secret_token

IRC_NAMES = ["irc.example.net", "irc.lan.example.org", "chat.example.com", "hub.example.net", "leaf1.example.org"]
IRC_INFOS = ["Team chat", "Build notifications", "Ops channel server", "Internal IRC", "CI relay"]
NICKS = ["ops", "deploy", "root", "sre", "ircop", "netadmin", "relay"]
CHANNELS = ["#ops", "#deploys", "#alerts", "#builds", "#incidents", "#release"]


def irc_plain(r):
    # ngIRCd's parser takes the rest of the line (a `;` or `#` would start a comment) and cuts
    # passwords at 64 characters ("too long" warning)
    while True:
        v = secret_token(r, bad="\"'\\$`!%;# ")
        if len(v) <= 60:
            return v


def ngircd_conf(h, global_extra="", sections="", pam="no", admin=("Ops Team", "Server room", "ops@example.net")):
    d = h.fresh("ngircd")
    text = (
        "[Global]\n"
        f"\tName = {h.irc_name}\n"
        f"\tAdminInfo1 = {admin[0]}\n\tAdminInfo2 = {admin[1]}\n\tAdminEMail = {admin[2]}\n"
        f"\tInfo = {h.irc_info}\n\tListen = 127.0.0.1\n\tPorts = 6667\n"
        f"\tMotdFile = {d}/ngircd.motd\n\tPidFile = {d}/ngircd.pid\n"
        f"{global_extra}"
        "[Options]\n"
        f"\tPAM = {pam}\n\tIncludeDir = {d}/conf.d\n"
        f"{sections}"
    )
    h.write(os.path.join(d, "ngircd.motd"), "Welcome\n")
    os.makedirs(os.path.join(d, "conf.d"), exist_ok=True)
    return h.write(os.path.join(d, "ngircd.conf"), text)


def configtest(h, conf):
    out = h.run(["ngircd", "--configtest", "-f", conf])
    return "$ ngircd --configtest -f /workspace/ngircd/ngircd.conf\n" + out


def irc_pick(h, r):
    h.irc_name, h.irc_info = r.choice(IRC_NAMES), r.choice(IRC_INFOS)


@category("secret", "ngircd-configtest-opers", 24)
def ngircd_configtest_opers(h, r):
    irc_pick(h, r)
    targets, extra, sections = [], "", ""
    if r.random() < 0.5:
        pw = irc_plain(r)
        extra = f"\tPassword = {pw}\n"
        targets.append(pw)
    for _ in range(r.randint(1, 2)):
        pw = irc_plain(r)
        sections += f"[Operator]\n\tName = {r.choice(NICKS)}{r.randint(1, 9)}\n\tPassword = {pw}\n\tMask = *!*@{r.choice(['localhost', '10.0.*', '*.example.net'])}\n"
        targets.append(pw)
    return configtest(h, ngircd_conf(h, extra, sections)), targets


@category("secret", "ngircd-configtest-server-link", 24)
def ngircd_configtest_server_link(h, r):
    irc_pick(h, r)
    mine, peer = irc_plain(r), irc_plain(r)
    name = r.choice([n for n in IRC_NAMES if n != h.irc_name])
    sections = f"[Server]\n\tName = {name}\n\tHost = {name}\n\tPort = {r.choice([6667, 6697, 7000])}\n\tMyPassword = {mine}\n\tPeerPassword = {peer}\n"
    if r.random() < 0.4:
        sections += f"\tGroup = {r.randint(1, 9)}\n\tPassive = yes\n"
    return configtest(h, ngircd_conf(h, "", sections)), [mine, peer]


@category("secret", "ngircd-configtest-keys", 24)
def ngircd_configtest_keys(h, r):
    irc_pick(h, r)
    targets, sections = [], ""
    if r.random() < 0.6:
        pw = irc_plain(r)
        sections += f"[Options]\n\tWebircPassword = {pw}\n"
        targets.append(pw)
    if r.random() < 0.5:
        # ngIRCd prints this one as `<secret>`: planted, not a target
        sections += f"[SSL]\n\tKeyFile = /etc/ngircd/server.key\n\tKeyFilePassword = {irc_plain(r)}\n"
    key = irc_plain(r)
    sections += f"[Channel]\n\tName = {r.choice(CHANNELS)}\n\tModes = +tnk {key}\n\tTopic = {r.choice(['Deploys only', 'On-call', 'Build status'])}\n"
    targets.append(key)
    return configtest(h, ngircd_conf(h, "", sections)), targets


@category("pii", "ngircd-admin-info", 22)
def ngircd_admin_info(h, r):
    irc_pick(h, r)
    p = Person(r)
    shape = r.randrange(3)
    if shape == 0:
        admin, targets = (p.name, f"{p.street}, {p.city}", p.email), [p.name, p.street, p.email]
    elif shape == 1:
        admin, targets = (f"{p.name} ({p.phone})", r.choice(["Rack 3, basement", "Home server"]), p.email), [p.name, p.phone, p.email]
    else:
        admin, targets = (r.choice(ROLES), f"contact {p.name}", p.email), [p.name, p.email]
    return configtest(h, ngircd_conf(h, admin=admin)), targets


@category("pii", "ngircd-channel-topic", 22)
def ngircd_channel_topic(h, r):
    # a predefined channel's topic naming who is on call, as teams keep it
    irc_pick(h, r)
    sections, targets = "", []
    for chan in r.sample(CHANNELS, r.randint(1, 2)):
        if not targets or r.random() < 0.5:
            p = Person(r)
            shape = r.randrange(3)
            topic = [f"On-call this week: {p.name} ({p.phone})", f"Escalations to {p.name} <{p.email}>", f"Release captain: {p.name} | pager {p.phone}"][shape]
            targets += [p.name] + [[p.phone], [p.email], [p.phone]][shape]
        else:
            topic = f"{r.choice(['Deploys only', 'Build status', 'Runbooks in the wiki'])} | {r.choice(ROLES)}"
        sections += f"[Channel]\n\tName = {chan}\n\tModes = +tn\n\tTopic = {topic}\n"
    return configtest(h, ngircd_conf(h, "", sections)), targets


@category("negative", "ngircd-configtest-clean", 24)
def ngircd_configtest_clean(h, r):
    irc_pick(h, r)
    sections = ""
    if r.random() < 0.5:
        sections += f"[Operator]\n\tName = {r.choice(NICKS)}\n\tPassword = {r.choice(['changeme', '********', '<oper-password>', 'CHANGE_ME'])}\n\tMask = *!*@localhost\n"
    if r.random() < 0.5:
        sections += f"[Channel]\n\tName = {r.choice(CHANNELS)}\n\tTopic = build {hexs(r, 7)}\n"
    admin = (r.choice(ROLES), r.choice(["Data centre", "Rack 3", "Cloud VM"]), r.choice(BOTS))
    return configtest(h, ngircd_conf(h, "", sections, pam=r.choice(["yes", "no"]), admin=admin)), []


# ---- chrony -----------------------------------------------------------------------------------

KEY_TYPES = [("SHA1", None), ("SHA256", 256), ("SHA512", 512), ("MD5", None), ("AES128", None)]


def keygen(h, r):
    kid = r.randint(1, 64)
    kind, bits = r.choice(KEY_TYPES)
    args = ["chronyc", "keygen", str(kid), kind] + ([str(bits)] if bits else [])
    out = h.run(args)
    key = re.search(r"HEX:([0-9A-F]+)", out).group(1)
    return " ".join(args), out, key


@category("secret", "chronyc-keygen", 24)
def chronyc_keygen(h, r):
    text, targets = "", []
    for _ in range(r.randint(1, 2)):
        cmd, out, key = keygen(h, r)
        text += f"$ {cmd}\n{out}"
        targets.append(key)
    return text, targets


@category("secret", "chrony-keys-file", 24)
def chrony_keys_file(h, r):
    d = h.fresh("chrony")
    keys = os.path.join(d, "chrony.keys")
    targets = []
    lines = "# Keys for the NTP servers of the lab\n"
    for _ in range(r.randint(1, 2)):
        kid = r.randint(1, 40)
        pw = secret_token(r, bad="\"'\\$`!% #")
        lines += f"{kid} {r.choice(['MD5', 'SHA1', 'SHA256'])} ASCII:{pw}\n"
        targets.append(pw)
    h.write(keys, lines, 0o640)
    cmd, out, key = keygen(h, r)
    with open(keys, "a") as f:
        f.write(out)
    targets.append(key)
    h.write(os.path.join(d, "chrony.conf"), f"server ntp1.example.net iburst key {cmd.split()[2]}\nkeyfile {keys}\n")
    printed = h.run(["chronyd", "-p", "-f", os.path.join(d, "chrony.conf")])
    with open(keys) as f:
        body = f.read()
    return f"$ {cmd} >> /etc/chrony/chrony.keys\n$ chronyd -p -f /etc/chrony/chrony.conf\n{printed}$ cat /etc/chrony/chrony.keys\n{h.normalize(body)}", targets


@category("negative", "chronyd-print-config", 24)
def chronyd_print_config(h, r):
    d = h.fresh("chrony")
    lines = [f"{r.choice(['server', 'pool'])} {r.choice(['ntp1.example.net', '2.debian.pool.ntp.org', 'time.example.org', 'ntp.lan.example.com'])} iburst" + (f" key {r.randint(1, 40)}" if r.random() < 0.5 else "") for _ in range(r.randint(1, 3))]
    lines += r.sample(["keyfile /etc/chrony/chrony.keys", "driftfile /var/lib/chrony/chrony.drift", "makestep 1 3", "rtcsync", "ntsdumpdir /var/lib/chrony", "leapsectz right/UTC", "logdir /var/log/chrony", f"allow 10.{r.randint(0, 255)}.0.0/16", "maxupdateskew 100.0", "cmdallow 127.0.0.1", f"hwtimestamp eth{r.randint(0, 3)}"], r.randint(3, 6))
    if r.random() < 0.3:
        lines.append(f"# key for ntp1: see {placeholder(r)}")
    h.write(os.path.join(d, "chrony.conf"), "\n".join(lines) + "\n")
    return "$ chronyd -p -f /etc/chrony/chrony.conf\n" + h.run(["chronyd", "-p", "-f", os.path.join(d, "chrony.conf")]), []
