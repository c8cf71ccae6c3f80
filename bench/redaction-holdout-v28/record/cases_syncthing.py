"""Syncthing 1.19.2 (Debian 12), new to the holdouts: `syncthing cli config …` against a Syncthing
started for the case (`syncthing serve --no-browser --no-restart`, its GUI/REST address on
127.0.0.1, a fresh copy of one generated home per case, stopped after the case and on every exit
path). The GUI's API key (planted in config.xml before the start), folders shared with an
untrusted device (`--encryption-password`), devices and their names. `config gui dump-json`
prints the API key beside the GUI user and the password's bcrypt hash. PII: devices named after
their owners, a GUI user that is a person's mail address. Clean: device and folder lists, device
ids (base32 with Luhn check characters), the GUI password's bcrypt hash, options, folders without
encryption passwords."""

import base64
import hashlib
import os
import shlex
import shutil
import socket
import subprocess
import time

from registry import category
from values import ALNUM, Person, s, secret_token

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+()*~^"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
HOSTS = ["nas-01", "backup-vps", "build-agent-3", "media-server", "office-nuc", "pi-garage"]
FOLDER_LABELS = ["Photos", "Documents", "Backups", "Music", "Projects", "Scans"]


def luhn32(group):
    """Syncthing's check character for a 13-character group of a device id."""
    factor, total = 1, 0
    for ch in group:
        addend = factor * B32.index(ch)
        factor = 1 if factor == 2 else 2
        total += addend // 32 + addend % 32
    return B32[(32 - total % 32) % 32]


def device_id(r):
    raw = base64.b32encode(hashlib.sha256(s(r, ALNUM, 32).encode()).digest()).decode().rstrip("=")
    full = "".join(g + luhn32(g) for g in (raw[i:i + 13] for i in range(0, 52, 13)))
    return "-".join(full[i:i + 7] for i in range(0, 56, 7))


def template(h):
    """One generated home (keys, certificate, config) per recording, copied for every case."""
    if "syncthing_home" not in h.servers:
        home = os.path.join(h.root, "syncthing-template")
        h.run(["syncthing", "generate", "--home", home, "--no-default-folder", "--gui-user", "admin", "--gui-password", "correct-horse-battery"], env=h.env(STNOUPGRADE=1))
        # the own device is named after this machine: name it as every capture names it
        conf = os.path.join(home, "config.xml")
        with open(conf) as f:
            xml = f.read()
        with open(conf, "w") as f:
            f.write(xml.replace(f'name="{socket.gethostname()}"', 'name="devbox"'))
        h.servers["syncthing_home"] = home
    return h.servers["syncthing_home"]


class Daemon:
    def __init__(self, h, apikey, user=None):
        self.h = h
        self.home = os.path.join(h.home, ".local/state/syncthing")
        shutil.rmtree(self.home, ignore_errors=True)
        shutil.copytree(template(h), self.home)
        self.port = h.free_port(8384)
        conf = os.path.join(self.home, "config.xml")
        with open(conf) as f:
            xml = f.read()
        xml = xml.replace("<address>127.0.0.1:8384</address>", f"<address>127.0.0.1:{self.port}</address>")
        start = xml.index("<apikey>")
        end = xml.index("</apikey>")
        xml = xml[:start] + f"<apikey>{apikey}</apikey>" + xml[end + len("</apikey>"):]
        if user:
            xml = xml.replace("<user>admin</user>", f"<user>{user}</user>")
        with open(conf, "w") as f:
            f.write(xml)
        self.env = h.env(STNOUPGRADE=1, STNODEFAULTFOLDER=1)
        self.proc = subprocess.Popen(["syncthing", "serve", "--home", self.home, "--no-browser", "--no-restart", f"--gui-address=127.0.0.1:{self.port}"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        h.closers.append(self.stop)
        for _ in range(200):
            if subprocess.run(["syncthing", "cli", "--home", self.home, "config", "gui", "user", "get"], env=self.env, capture_output=True).returncode == 0:
                break
            time.sleep(0.05)
        else:
            raise RuntimeError("syncthing did not start")

    def cli(self, *args, shown=None):
        line = "$ syncthing cli " + (shown or " ".join(shlex.quote(a) for a in args)) + "\n"
        return line + self.h.run(["syncthing", "cli", "--home", self.home, *args], env=self.env, ok=None)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.stop in self.h.closers:
            self.h.closers.remove(self.stop)


def api_key(r):
    # Syncthing draws 32 letters and digits; users paste their own keys of any shape too
    return s(r, ALNUM, 32) if r.random() < 0.5 else secret_token(r, bad=BAD)


def folder_id(r):
    return f"{s(r, 'abcdefghijklmnopqrstuvwxyz0123456789', 5)}-{s(r, 'abcdefghijklmnopqrstuvwxyz0123456789', 5)}"


@category("secret", "syncthing-gui-apikey", 40)
def syncthing_gui_apikey(h, r):
    key = api_key(r)
    d = Daemon(h, key)
    try:
        kind = r.randrange(4)
        if kind == 0:
            out = d.cli("config", "gui", "dump-json")
        elif kind == 1:
            out = d.cli("config", "gui", "apikey", "get")
        elif kind == 2:
            out = d.cli("config", "dump-json")
        else:
            what = r.choice([["config", "gui", "user", "get"], ["config", "devices", "list"], ["config", "gui", "address", "get"]])
            out = d.cli("--gui-address", f"127.0.0.1:{d.port}", "--gui-apikey", key, *what)
    finally:
        d.stop()
    return out, [key]


@category("secret", "syncthing-folder-encryption", 30)
def syncthing_folder_encryption(h, r):
    key = api_key(r)
    d = Daemon(h, key)
    try:
        dev, fid = device_id(r), folder_id(r)
        pw = secret_token(r, bad=BAD)
        out = d.cli("config", "devices", "add", "--device-id", dev, "--name", r.choice(HOSTS))
        label = r.choice(FOLDER_LABELS)
        out += d.cli("config", "folders", "add", "--id", fid, "--label", label, "--path", f"{h.home}/Sync/{fid}", shown=f"config folders add --id {fid} --label {label} --path ~/Sync/{fid}")
        out += d.cli("config", "folders", fid, "devices", "add", "--device-id", dev, "--encryption-password", pw)
        kind = r.randrange(3)
        if kind == 0:
            out += d.cli("config", "folders", fid, "dump-json")
        elif kind == 1:
            out += d.cli("config", "folders", fid, "devices", dev, "dump-json")
        else:
            out += d.cli("config", "folders", fid, "devices", dev, "encryption-password", "get")
    finally:
        d.stop()
    return out, [pw]


def person_device(r, p):
    return r.choice([f"{p.name} (Laptop)", f"{p.name}s Handy", f"Pixel 7 – {p.name}", f"MacBook von {p.name}", f"{p.name} desktop"])


@category("pii", "syncthing-device-owner", 30)
def syncthing_device_owner(h, r):
    p = Person(r)
    while len(p.name) < 6:
        p = Person(r)
    as_user = r.random() < 0.3
    d = Daemon(h, s(r, ALNUM, 32), user=p.email if as_user else None)
    try:
        if as_user:
            out = d.cli("config", "gui", "user", "get")
            return out, [p.email]
        dev = device_id(r)
        name = person_device(r, p)
        out = d.cli("config", "devices", "add", "--device-id", dev, "--name", name)
        if r.random() < 0.5:
            out += d.cli("config", "devices", dev, "dump-json")
        else:
            out += d.cli("config", "devices", dev, "name", "get")
    finally:
        d.stop()
    return out, [p.name]


@category("negative", "syncthing-config-clean", 44)
def syncthing_config_clean(h, r):
    d = Daemon(h, s(r, ALNUM, 32))
    try:
        out = ""
        devs = []
        for _ in range(r.randint(0, 2)):
            dev = device_id(r)
            devs.append(dev)
            out += d.cli("config", "devices", "add", "--device-id", dev, "--name", r.choice(HOSTS))
        if r.random() < 0.5:
            fid = folder_id(r)
            label = r.choice(FOLDER_LABELS)
            out += d.cli("config", "folders", "add", "--id", fid, "--label", label, "--path", f"{h.home}/Sync/{fid}", shown=f"config folders add --id {fid} --label {label} --path ~/Sync/{fid}")
            if devs:
                out += d.cli("config", "folders", fid, "devices", "add", "--device-id", devs[0])
            out += d.cli("config", "folders", fid, "dump-json") if r.random() < 0.5 else d.cli("config", "folders", "list")
        kind = r.randrange(4)
        if kind == 0:
            out += d.cli("config", "devices", "list")
        elif kind == 1:
            # the GUI password as Syncthing stores it: a bcrypt hash
            out += d.cli("config", "gui", "password", "get")
        elif kind == 2:
            out += d.cli("config", "devices", devs[0], "dump-json") if devs else d.cli("config", "gui", "user", "get")
        else:
            out += d.cli("config", "options", r.choice(["listen-addresses", "global-ann-servers", "max-send-kbps", "relays-enabled"]), "get")
    finally:
        d.stop()
    return out, []
