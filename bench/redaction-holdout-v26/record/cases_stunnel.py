"""stunnel 5.68 (Debian 12's stunnel4), new to the holdouts: its start-up log for a PSK service
(`PSKsecrets` identities and key lengths; the keys are never logged), against a closed
127.0.0.1 port, stopped after two seconds; a key shorter than 16 bytes fails the configuration."""

import os

from registry import category
from values import ALNUM, SERVICES, hidden, s

IDENTITIES = ["edge-gw", "backup-link", "sensor-hub", "billing-sync", "replica-2", "metrics-relay"]


@category("negative", "stunnel-psk-log-clean", 24)
def stunnel_psk_log_clean(h, r):
    d = h.fresh("stunnel")
    lines = []
    for ident in r.sample(IDENTITIES, r.randint(1, 3)):
        lines.append(f"{ident}:{s(r, ALNUM, r.choice([16, 24, 32, 32, 12]))}")
    h.write(os.path.join(d, "psk.txt"), "\n".join(lines) + "\n", mode=0o600)
    accept = h.free_port(str(r.choice([4433, 8443, 9443])))
    connect = h.free_port("5432")
    svc = r.choice(SERVICES)
    conf = ["foreground = yes", "pid =", f"debug = {r.choice([5, 7])}", f"[{svc}]", f"client = {r.choice(['yes', 'no'])}", f"accept = 127.0.0.1:{accept}", f"connect = 127.0.0.1:{connect}", "ciphers = PSK", "PSKsecrets = psk.txt"]
    h.write(os.path.join(d, "stunnel.conf"), "\n".join(conf) + "\n")
    out = h.run(["timeout", "-s", "TERM", "2", "stunnel", "stunnel.conf"], cwd=d, ok=None, timeout=30)
    return hidden("$ stunnel stunnel.conf\n" + out, *(line.split(":", 1)[1] for line in lines)), []
