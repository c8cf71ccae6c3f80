"""vpnc 0.5.3 (Debian 12), new to the holdouts: `vpnc --print-config` (the configuration vpnc
read, group secret and Xauth password included) and `pcf2vpnc` (a Cisco client profile turned
into a vpnc configuration); without a group secret vpnc asks for one and fails. Nothing connects."""

import os

from registry import category
from values import SERVICES, short_token as secret_token

BAD = "\"'\\$`%{}#"
GATEWAYS = ["vpn.example.net", "203.0.113.17", "asa.corp.example.org", "198.51.100.40", "gw-eu.example.com"]
ROLE_USERS = ["svc-backup", "ci-runner", "monitoring", "vpn-probe", "jump-host"]


def print_config(h, r, lines):
    d = h.fresh("vpnc")
    name = r.choice(["work.conf", "corp.conf", "default.conf", "office.conf"])
    h.write(os.path.join(d, name), "\n".join(lines) + "\n", mode=0o600)
    return f"$ vpnc --print-config ./{name}\n" + h.run(["vpnc", "--print-config", "./" + name], cwd=d, ok=None)


def common(r):
    lines = [f"IPSec gateway {r.choice(GATEWAYS)}", f"IPSec ID {r.choice(SERVICES)}-{r.choice(['vpn', 'remote', 'staff'])}"]
    extra = r.sample(["IKE Authmode psk", "IKE DH Group dh2", "Perfect Forward Secrecy nopfs", "NAT Traversal Mode natt", "Local Port 0", "Interface name tun0", "DPD idle timeout (our side) 0"], r.randint(0, 3))
    return lines, extra


@category("secret", "vpnc-print-config", 26)
def vpnc_print_config(h, r):
    # vpnc prints the configuration only once it has everything: the group secret always, the
    # Xauth password or `Xauth interactive`
    lines, extra = common(r)
    s_ = secret_token(r, bad=BAD)
    lines += [f"IPSec secret {s_}", f"Xauth username {r.choice(ROLE_USERS)}"]
    targets = [s_]
    if r.random() < 0.6:
        pw = secret_token(r, bad=BAD)
        lines.append(f"Xauth password {pw}")
        targets.append(pw)
    else:
        lines.append("Xauth interactive")
    return print_config(h, r, lines + extra), targets


@category("negative", "vpnc-missing-secret-clean", 24)
def vpnc_missing_secret_clean(h, r):
    # without a group secret vpnc asks for it, and fails on a closed input
    lines, extra = common(r)
    lines.append(f"Xauth username {r.choice(ROLE_USERS)}")
    lines += r.sample(["Xauth interactive", "CA-File /etc/vpnc/ca-bundle.pem", "Vendor cisco", "Domain corp.example.net"], r.randint(1, 2))
    return print_config(h, r, lines + extra), []


@category("secret", "vpnc-pcf2vpnc", 24)
def vpnc_pcf2vpnc(h, r):
    d = h.fresh("pcf")
    group = secret_token(r, bad=BAD + " ")
    lines = ["[main]", f"Description={r.choice(['Corporate VPN', 'Office', 'EU gateway', 'Lab access'])}", f"Host={r.choice(GATEWAYS)}", "AuthType=1", f"GroupName={r.choice(SERVICES)}-vpn", f"GroupPwd={group}", "enc_GroupPwd=", "EnableISPConnect=0", "EnableBackup=0", "EnableNat=1", "TunnelingMode=0", "TcpTunnelingPort=10000"]
    targets = [group]
    lines.append(f"Username={r.choice(ROLE_USERS)}")
    if r.random() < 0.5:
        pw = secret_token(r, bad=BAD + " ")
        lines += ["SaveUserPassword=1", f"UserPassword={pw}", "enc_UserPassword="]
        targets.append(pw)
    name = r.choice(["corp.pcf", "office.pcf", "vpn-eu.pcf"])
    h.write(os.path.join(d, name), "\r\n".join(lines) + "\r\n")
    return f"$ pcf2vpnc {name}\n" + h.run(["pcf2vpnc", name], cwd=d, ok=None), targets
