"""Music Player Daemon 0.23 and mpc 0.34, new to the holdouts: `mpd --verbose` logs every client
command, `password "…"` included; mpc takes the password in `-h password@host` or `MPD_HOST`.
One `mpd` per case (no daemonizing, a null audio output, an empty music folder), listening on
127.0.0.1 only, stopped before the case returns and on every exit."""

import os
import signal
import subprocess

from registry import category
from values import hexs, password, uuid

SHOWN_PORT = 6600
COMMANDS = [["status"], ["stats"], ["outputs"], ["volume", "40"], ["play"], ["pause"], ["random", "on"], ["crossfade", "3"], ["update"], ["lsplaylists"], ["playlist"], ["current"], ["repeat", "off"], ["clear"]]


def mpd_pw(r):
    while True:
        v = password(r)
        if not any(c in v for c in "\"'\\$`!#;&|<>()*?@ "):
            return v


def with_mpd(h, r, passwords, default_permissions, fn):
    """Run one mpd with these passwords ([(password, permissions)]); call fn(port); return (fn's result, mpd's log)."""
    conf_dir = h.fresh(".config/mpd")
    music = h.fresh("Music")
    port = h.free_port(SHOWN_PORT)
    conf = f'music_directory "{music}"\nplaylist_directory "{conf_dir}/playlists"\ndb_file "{conf_dir}/database"\nstate_file "{conf_dir}/state"\n'
    conf += f'bind_to_address "127.0.0.1"\nport "{port}"\n'
    conf += "".join(f'password "{pw}@{perms}"\n' for pw, perms in passwords)
    if default_permissions is not None:
        conf += f'default_permissions "{default_permissions}"\n'
    conf += 'audio_output {\n  type "null"\n  name "null"\n}\n'
    os.makedirs(os.path.join(conf_dir, "playlists"))
    h.write(os.path.join(conf_dir, "mpd.conf"), conf)
    log = os.path.join(h.root, "mpd.log")
    with open(log, "wb") as f:
        proc = subprocess.Popen(["mpd", "--no-daemon", "--stderr", "--verbose"], stdout=f, stderr=subprocess.STDOUT, env=h.env(), cwd=h.home)

    def stop():
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)

    h.closers.append(stop)
    try:
        h.wait_listening(port, proc, "mpd")
        result = fn(port)
    finally:
        stop()
        h.closers.remove(stop)
    text = h.normalize(open(log, encoding="utf-8", errors="replace").read())
    os.remove(log)
    return result, text


def mpc(h, port, args, pw=None, via_env=False):
    env = {"MPD_PORT": str(port)}
    if pw is not None and via_env:
        env["MPD_HOST"] = f"{pw}@127.0.0.1"
        shown = f"MPD_HOST={pw}@localhost mpc {' '.join(args)}"
        real = ["mpc", *args]
    elif pw is not None:
        shown = f"mpc -h {pw}@localhost {' '.join(args)}"
        real = ["mpc", "-h", f"{pw}@127.0.0.1", *args]
    else:
        env["MPD_HOST"] = "127.0.0.1"
        shown = f"mpc {' '.join(args)}"
        real = ["mpc", *args]
    return f"$ {shown}\n" + h.run(real, env=h.env(**env), ok=None)


def session(h, r, pw_for_each):
    """mpc commands, each with the password drawn for it (None: no password)."""

    def run(port):
        out = ""
        for pw in pw_for_each:
            out += mpc(h, port, r.choice(COMMANDS), pw, via_env=r.random() < 0.3)
        return out

    return run


@category("secret", "mpd-verbose-password", 24)
def mpd_verbose_password(h, r):
    pw = mpd_pw(r)
    passwords = [(pw, "read,add,control,admin")] + ([(mpd_pw(r), "read")] if r.random() < 0.4 else [])
    typed = [pw if r.random() < 0.7 else mpd_pw(r) for _ in range(r.randint(1, 3))]
    _, log = with_mpd(h, r, passwords, r.choice(["", "read"]), session(h, r, typed))
    return "$ mpd --no-daemon --stderr --verbose\n" + log, typed


@category("secret", "mpc-host-password", 24)
def mpc_host_password(h, r):
    pw = mpd_pw(r)
    typed = [pw if r.random() < 0.7 else mpd_pw(r) for _ in range(r.randint(1, 3))]
    out, _ = with_mpd(h, r, [(pw, "read,add,control,admin")], r.choice(["", "read"]), session(h, r, typed))
    return out, typed


@category("negative", "mpd-verbose-clean", 25)
def mpd_verbose_clean(h, r):
    def run(port):
        out = ""
        for _ in range(r.randint(1, 3)):
            out += mpc(h, port, r.choice(COMMANDS + [["add", f"https://stream.example.org/live/{hexs(r, 12)}.ogg"], ["load", f"mix-{uuid(r)[:8]}"]]))
        return out

    _, log = with_mpd(h, r, [], None, run)
    return "$ mpd --no-daemon --stderr --verbose\n" + log, []


@category("negative", "mpc-status-clean", 25)
def mpc_status_clean(h, r):
    def run(port):
        out = ""
        for _ in range(r.randint(1, 3)):
            out += mpc(h, port, r.choice(COMMANDS + [["version"], ["-f", "%file%", "playlist"]]))
        return out

    out, _ = with_mpd(h, r, [], None, run)
    return out, []
