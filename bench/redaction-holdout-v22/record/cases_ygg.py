"""Yggdrasil 0.4.7, new to the holdouts: `-genconf` writes a whole configuration with a fresh
`PrivateKey` (128 hex digits: the ed25519 seed and the public key), `-normaliseconf` rewrites a
configuration (and adds a private key when it has none), `-address`/`-subnet` derive the node's
IPv6 address. Both the HJSON and the JSON form write non-ASCII characters as they are. The node's `NodeInfo` is published to the whole network: a person's contact there
is personal data. Offline: no node is started."""

import json
import re

from registry import category
from values import BOTS, Person, hexs

CONF = "/etc/yggdrasil/yggdrasil.conf"
PEER_HOSTS = ["198.51.100.7", "203.0.113.40", "192.0.2.15", "[2001:db8::17]", "peer.example.net", "ygg.example.org"]


def peers(r):
    return [f"{r.choice(['tls', 'tcp'])}://{r.choice(PEER_HOSTS)}:{r.choice([443, 9001, 12345, 8443])}" for _ in range(r.randint(0, 3))]


def private_key(text):
    m = re.search(r'PrivateKey"?:\s*"?([0-9a-f]{128})', text)
    assert m, "no private key printed"
    return m.group(1)


def conf_file(h, r, conf):
    d = h.fresh("ygg")
    path = f"{d}/yggdrasil.conf"
    h.write(path, json.dumps(conf, indent=2, ensure_ascii=False) + "\n")
    return path


def ygg(h, path, args, pipe=None):
    """yggdrasil on the case's configuration (shown as the packaged path), maybe through grep."""
    shown = " ".join(a if a != "{conf}" else CONF for a in args)
    real = " ".join(a if a != "{conf}" else path for a in args)
    if pipe:
        return f"$ yggdrasil {shown} | {pipe}\n" + h.run(["sh", "-c", f"yggdrasil {real} | {pipe}"], ok=(0, 1))
    return f"$ yggdrasil {shown}\n" + h.run(["yggdrasil", *real.split()])


@category("secret", "yggdrasil-private-key", 24)
def yggdrasil_private_key(h, r):
    shape = r.randrange(4)
    if shape == 0:
        out = ygg(h, "", ["-genconf"])
    elif shape == 1:
        out = ygg(h, "", ["-genconf", "-json"])
    elif shape == 2:
        out = ygg(h, "", ["-genconf"], pipe=r.choice(["grep Key", "grep -A1 -i 'private key'", "grep -E 'PublicKey|PrivateKey'"]))
    else:
        conf = {"Peers": peers(r), "Listen": [f"tls://0.0.0.0:{r.choice([443, 9001])}"], "IfName": "auto"}
        path = conf_file(h, r, conf)
        out = ygg(h, path, ["-useconffile", "{conf}", "-normaliseconf"] + (["-json"] if r.random() < 0.5 else []))
    return out, [private_key(out)]


@category("pii", "yggdrasil-nodeinfo-person", 24)
def yggdrasil_nodeinfo_person(h, r):
    p = Person(r)
    info = {"name": p.name, "contact": p.email}
    targets = [p.name, p.email]
    if r.random() < 0.5:
        info["phone"] = p.phone
        targets.append(p.phone)
    if r.random() < 0.4:
        info["location"] = f"{p.street}, {p.city}"
        targets.append(p.street)
    info["node"] = f"ygg-{hexs(r, 6)}"
    conf = {"Peers": peers(r), "NodeInfoPrivacy": r.random() < 0.5, "NodeInfo": info}
    path = conf_file(h, r, conf)
    json_out = r.random() < 0.4
    out = ygg(h, path, ["-useconffile", "{conf}", "-normaliseconf"] + (["-json"] if json_out else []), pipe="grep -A 8 NodeInfo")
    return out, targets


@category("negative", "yggdrasil-public-clean", 25)
def yggdrasil_public_clean(h, r):
    conf = {"Peers": peers(r) or [f"tls://{r.choice(PEER_HOSTS)}:443"], "AllowedPublicKeys": [hexs(r, 64) for _ in range(r.randint(0, 2))],
            "NodeInfo": {"name": f"ygg-{r.choice(['edge', 'relay', 'lab', 'ci'])}-{hexs(r, 4)}", "contact": r.choice(BOTS)} if r.random() < 0.5 else None}
    path = conf_file(h, r, conf)
    out = ""
    views = r.sample([["-useconffile", "{conf}", "-address"], ["-useconffile", "{conf}", "-subnet"], "grep"], r.randint(1, 3))
    for v in views:
        if v == "grep":
            out += ygg(h, path, ["-useconffile", "{conf}", "-normaliseconf"], pipe=r.choice(["grep -E 'Peers|PublicKey|NodeInfo|Listen'", "grep -A 4 Peers", "grep -A 3 AllowedPublicKeys"]))
        else:
            out += ygg(h, path, v)
    assert "PrivateKey" not in out
    return out, []
