"""shadowsocks-libev 3.3.5 (Debian 12), new to the holdouts: `ss-manager`'s UDP control
commands on 127.0.0.1 (`add`, `list`, `ping`, `remove`) and its verbose log. `list` answers with
every port's password. The commands are sent by the recorder over UDP and shown as the `nc`
line a user types; the replies are ss-manager's, as received."""

import json
import os
import socket
import time

from registry import category
from values import hidden, short_token as secret_token  # ss-manager cut a longer password (a 170-character one went missing from `list`)

BAD = "\"'\\$`%{}#"
METHODS = ["chacha20-ietf-poly1305", "aes-256-gcm", "aes-128-gcm"]
_MANAGER = {}


def manager(h):
    if "port" in _MANAGER:
        return _MANAGER["port"], _MANAGER["method"]
    port = h.free_port("6001")
    method = METHODS[0]
    workdir = os.path.join(h.home, ".shadowsocks")
    os.makedirs(workdir, exist_ok=True)
    _, stop = h.spawn(["ss-manager", "-v", "--manager-address", f"127.0.0.1:{port}", "-s", "127.0.0.1", "-m", method, "--executable", "/usr/bin/ss-server", "-D", workdir])

    def forget():
        stop()
        _MANAGER.clear()

    h.closers.remove(stop)
    h.closers.append(forget)
    _MANAGER.update(port=port, method=method)
    time.sleep(0.5)
    return port, method


def send(port, message, wait=True):
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(3)
        sock.sendto(message.encode(), ("127.0.0.1", port))
        return sock.recv(65535).decode() if wait else ""


def shown(mport, message, reply):
    return f"$ echo -n '{message}' | nc -u -w1 127.0.0.1 {mport}\n{reply}\n"


def add_ports(h, r, n, mport):
    text, ports, targets = "", [], []
    for _ in range(n):
        p = h.free_port(str(r.randint(8300, 8999)))
        pw = secret_token(r, bad=BAD)
        body = {"server_port": p, "password": pw}
        if r.random() < 0.4:
            body["method"] = r.choice(METHODS)
        msg = "add: " + json.dumps(body)
        text += shown(mport, h.normalize(msg), h.normalize(send(mport, msg)))
        ports.append(p)
        targets.append(pw)
    time.sleep(0.4)
    return text, ports, targets


def remove_ports(mport, ports):
    for p in ports:
        send(mport, "remove: " + json.dumps({"server_port": p}))
    time.sleep(0.3)


@category("secret", "ss-manager-list", 26)
def ss_manager_list(h, r):
    mport, _ = manager(h)
    text, ports, targets = add_ports(h, r, r.randint(1, 3), mport)
    text += shown(mport, "list", h.normalize(send(mport, "list")))
    remove_ports(mport, ports)
    if r.random() < 0.5:  # the user ran only `list`
        text = text[text.rindex("$ echo -n 'list'"):]
    return h.normalize(text), targets


@category("negative", "ss-manager-stat-clean", 24)
def ss_manager_stat_clean(h, r):
    mport, _ = manager(h)
    log = os.path.join(h.home, ".cache", "ss-manager.log")
    start = os.path.getsize(log)
    _, ports, planted = add_ports(h, r, r.randint(1, 3), mport)
    text = shown(mport, "ping", h.normalize(send(mport, "ping")))
    remove_ports(mport, ports)
    with open(log, encoding="utf-8", errors="replace") as f:
        f.seek(start)
        tail = h.normalize(f.read())
    text += "$ tail ~/.cache/ss-manager.log\n" + "".join(tail.splitlines(keepends=True)[-10:])
    return hidden(h.normalize(text), *planted), []
