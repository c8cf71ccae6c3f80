"""keepalived 2.2.7 (Debian 12), new to the holdouts: the configuration dump (`-d`) a VRRP
instance prints at start-up, with its simple-password authentication (`auth_pass`, at most 8
characters), its notification e-mail settings, and `keepalived -t`'s configuration check. The
instance is bound to an interface that is down (no advertisement leaves the machine); every run
is stopped after two seconds."""

import os
import re
import subprocess

from registry import category
from values import ALNUM, SERVICES, Person, s

BAD = "\"'\\$`%{}#! "
ROUTERS = ["lb-edge-1", "lb-edge-2", "haproxy-a", "ingress-01", "vip-core", "fw-pair-b"]


def down_interface():
    """A non-loopback interface that is down: VRRP on it stays in FAULT and sends nothing."""
    out = subprocess.run(["ip", "-o", "link", "show"], stdout=subprocess.PIPE, text=True, check=True).stdout
    for line in out.splitlines():
        m = re.match(r"\d+: ([^:@]+)[:@].*state DOWN", line)
        if m and m.group(1) != "lo":
            return m.group(1)
    raise RuntimeError("keepalived: no interface that is down")


def auth_pass(r):
    while True:
        v = s(r, ALNUM, 8) if r.random() < 0.6 else f"{r.choice(['vrrp', 'keep', 'ha', 'lb'])}{s(r, ALNUM, 4)}"
        if len(v) == 8:
            return v


NAMES = ["VI_1", "VI_WEB", "VI_DB", "VI_EDGE", "VI_51"]


def instance(r, iface, pw=None, n=0):
    name = r.choice(NAMES) if n == 0 else f"VI_{n + 1}"
    lines = [f"vrrp_instance {name} {{", f"  state {r.choice(['MASTER', 'BACKUP'])}", f"  interface {iface}", f"  virtual_router_id {r.randint(10, 120) + 120 * n}", f"  priority {r.choice([90, 100, 110, 150])}", f"  advert_int {r.choice([1, 2])}"]
    if pw:
        lines += ["  authentication {", "    auth_type PASS", f"    auth_pass {pw}", "  }"]
    lines += ["  virtual_ipaddress {", f"    192.0.2.{r.randint(2, 250)}/24", "  }", "}"]
    return lines


def global_defs(r, emails=None, sender=None):
    lines = ["global_defs {", f"  router_id {r.choice(ROUTERS)}"]
    if emails:
        lines += ["  notification_email {"] + [f"    {e}" for e in emails] + ["  }", f"  notification_email_from {sender}", "  smtp_server 127.0.0.1", "  smtp_connect_timeout 30"]
    lines.append("}")
    return lines


def run_dump(h, conf_lines, shown_filter, keep):
    d = h.fresh("keepalived")
    h.write(os.path.join(d, "keepalived.conf"), "\n".join(conf_lines) + "\n")
    args = ["timeout", "-s", "INT", "2", "keepalived", "-n", "-l", "-D", "-d", "-f", "keepalived.conf", "-p", os.path.join(d, "k.pid"), "-r", os.path.join(d, "v.pid"), "-c", os.path.join(d, "c.pid")]
    out = h.run(args, cwd=d, ok=None, timeout=30)
    return f"$ keepalived -n -l -D -d -f keepalived.conf 2>&1 | {shown_filter}\n" + keep(out)


def section(out, first, last):
    """What `sed -n '/first/,/last/p'` prints of the output (its first such range)."""
    lines = out.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if re.search(first, line):
            for j in range(i + 1, len(lines)):
                if re.search(last, lines[j]):
                    return "".join(lines[i:j + 1])
            return "".join(lines[i:])
    raise RuntimeError(f"keepalived: no {first} in the dump")


TOPOLOGY = ("sed -n '/VRRP Topology/,/Interfaces >/p'", lambda out: section(out, "VRRP Topology", "Interfaces >"))
MAIL = ("sed -n '/Global definitions/,/Default smtp_alert =/p'", lambda out: section(out, "Global definitions", "Default smtp_alert ="))


@category("secret", "keepalived-dump-auth-pass", 26)
def keepalived_dump_auth_pass(h, r):
    iface = down_interface()
    conf, targets = global_defs(r), []
    for n in range(r.randint(1, 2)):
        pw = auth_pass(r)
        conf += instance(r, iface, pw, n=n)
        targets.append(pw)
    return run_dump(h, conf, *TOPOLOGY), targets


@category("pii", "keepalived-notification-email", 24)
def keepalived_notification_email(h, r):
    people = [Person(r) for _ in range(r.randint(1, 2))]
    emails = list(dict.fromkeys(p.email for p in people))
    conf = global_defs(r, emails, r.choice(["keepalived@example.net", "lb-alerts@example.org"])) + instance(r, down_interface())
    return run_dump(h, conf, *MAIL), emails


@category("negative", "keepalived-dump-clean", 26)
def keepalived_dump_clean(h, r):
    mail = r.random() < 0.4
    conf = global_defs(r, r.sample(["ops@example.net", "oncall@example.org", "lb-alerts@example.com"], r.randint(1, 2)) if mail else None, "keepalived@example.net") + instance(r, down_interface())
    return run_dump(h, conf, *(MAIL if mail else TOPOLOGY)), []


@category("negative", "keepalived-configtest-clean", 24)
def keepalived_configtest_clean(h, r):
    d = h.fresh("keepalived")
    conf = global_defs(r) + instance(r, r.choice(["lo", "eth7", "bond0"]))
    if r.random() < 0.5:
        conf += [f"virtual_server 192.0.2.{r.randint(2, 250)} {r.choice([80, 443])} {{", "  delay_loop 6", f"  lb_algo {r.choice(['rr', 'wrr', 'lc'])}", "  protocol TCP", f"  real_server 127.0.0.1 {r.choice([8080, 8443])} {{", "    TCP_CHECK {", "      connect_timeout 3", "    }", "  }", "}"]
    conf.append(f"# {r.choice(SERVICES)}")
    h.write(os.path.join(d, "keepalived.conf"), "\n".join(conf) + "\n")
    return "$ keepalived -t -f keepalived.conf\n" + h.run(["keepalived", "-t", "-l", "-n", "-f", "keepalived.conf"], cwd=d, ok=None, timeout=30), []
