"""wpa_supplicant 2.10 (Debian 12), new to the holdouts (v24 used only wpa_passphrase): the
`-dd` debug lines it prints while reading its configuration, with `-K` (keys included: the
passphrase, EAP password and derived PSK as hexdumps) and without (`[REMOVED]`). The interface
named does not exist, so the driver fails right after the configuration is read."""

import os

from registry import category
from values import ALNUM, HEX, hidden, s, secret_token

BAD = "\"'\\$`%{}#"
SSIDS = ["Harbor-Guest", "corp-wifi", "lab-5g", "Office_AP", "warehouse", "eduroam", "ops-net", "cafe-floor2"]
IDENTITIES = ["svc-printer", "radius-probe", "kiosk-07", "scanner-2", "ci-runner", "badge-reader"]


def hexbytes(value):
    return " ".join(f"{b:02x}" for b in value.encode())


def passphrase(r):
    """A password of 8 to 16 characters (WPA's least; one hexdump line holds 16)."""
    v = secret_token(r, bad=BAD)
    return v if 8 <= len(v) <= 16 else s(r, ALNUM, r.randint(8, 16))


def networks(r):
    blocks, targets = [], []
    for ssid in r.sample(SSIDS, r.randint(1, 3)):
        kind = r.randrange(3)
        if kind == 0:
            pw = passphrase(r)
            blocks.append(["network={", f'  ssid="{ssid}"', f'  psk="{pw}"', "  key_mgmt=WPA-PSK", "}"])
            targets += [pw, hexbytes(pw)]
        elif kind == 1:
            raw = s(r, HEX, 64)
            blocks.append(["network={", f'  ssid="{ssid}"', f"  psk={raw}", "  key_mgmt=WPA-PSK", "}"])
            targets.append(" ".join(raw[i:i + 2] for i in range(0, 64, 2)))
        else:
            pw = passphrase(r)
            blocks.append(["network={", f'  ssid="{ssid}"', "  key_mgmt=WPA-EAP", f"  eap={r.choice(['PEAP', 'TTLS'])}", f'  identity="{r.choice(IDENTITIES)}"', f'  password="{pw}"', '  phase2="auth=MSCHAPV2"', "}"])
            targets += [pw, hexbytes(pw)]
    return blocks, targets


def run_wpa(h, r, blocks, keys):
    d = h.fresh("wpa")
    conf = ["ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev", f"country={r.choice(['DE', 'IE', 'PT', 'IS'])}"]
    for b in blocks:
        conf += b
    h.write(os.path.join(d, "wpa_supplicant.conf"), "\n".join(conf) + "\n", mode=0o600)
    args = ["wpa_supplicant", "-dd"] + (["-K"] if keys else []) + ["-i", "wlan9", "-D", "wired", "-c", "wpa_supplicant.conf"]
    out = h.run(args, cwd=d, ok=None, timeout=30)
    return f"$ {' '.join(args)}\n" + out


@category("secret", "wpa-supplicant-debug-keys", 28)
def wpa_supplicant_debug_keys(h, r):
    blocks, targets = networks(r)
    out = run_wpa(h, r, blocks, True)
    # the PSK wpa_supplicant derives from each passphrase is printed beside it
    for line in out.splitlines():
        if line.startswith("PSK (from passphrase) - hexdump(len=32): "):
            targets.append(line.split(": ", 1)[1].strip())
    return out, targets


@category("negative", "wpa-supplicant-debug-clean", 28)
def wpa_supplicant_debug_clean(h, r):
    blocks, planted = networks(r)
    return hidden(run_wpa(h, r, blocks, False), *planted), []
