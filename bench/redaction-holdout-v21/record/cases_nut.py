"""Network UPS Tools 2.8, new to the holdouts: `upsrw` and `upscmd` with the admin's password on
their command line, and `upsc`'s variable listing. One simulated UPS (`dummy-ups`) and one
`upsd` per case, as `nobody`, on 127.0.0.1, stopped before the case returns (and on every
exit). NUT drops non-ASCII bytes from the values it serves, so the contacts here are ASCII."""

import os
import signal
import subprocess
import time

from registry import category
from values import BOTS, ROLES, hexs, password

SHOWN_PORT = 3493
UPS_NAMES = ["rack-ups", "ups", "eaton5px", "apc1500", "closet", "ups-b2"]
MODELS = [("Eaton", "5PX 1500"), ("APC", "Smart-UPS 1500"), ("CyberPower", "PR1500ELCDRT2U"), ("Riello", "Sentinel Pro 1000")]


def nut_pw(r):
    while True:
        v = password(r)
        if not any(c in v for c in "\"'\\$`!#;&|<>()*? "):
            return v


def with_ups(h, r, users, device, fn):
    """Serve one simulated UPS (its variables in `device`) with these `upsd.users`; call fn(ups, host)."""
    d = h.fresh("nut")
    state = os.path.join(d, "state")
    os.makedirs(state)
    os.chmod(d, 0o777)
    os.chmod(state, 0o777)
    ups = r.choice(UPS_NAMES)
    port = h.free_port(SHOWN_PORT)
    h.write(os.path.join(d, "ups.conf"), f'[{ups}]\n  driver = dummy-ups\n  port = {ups}.dev\n  desc = "{r.choice(["Rack UPS", "Server closet", "Network cabinet"])}"\n')
    h.write(os.path.join(d, "upsd.conf"), f"LISTEN 127.0.0.1 {port}\n")
    h.write(os.path.join(d, "upsd.users"), "".join(f"[{u}]\n  password = {pw}\n{extra}" for u, pw, extra in users))
    h.write(os.path.join(d, f"{ups}.dev"), "".join(f"{k}: {v}\n" for k, v in device))
    env = h.env(NUT_CONFPATH=d, NUT_STATEPATH=state, NUT_ALTPIDPATH=state)
    procs = []

    def stop():
        for p in reversed(procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
            p.wait(timeout=10)

    h.closers.append(stop)
    try:
        procs.append(subprocess.Popen(["/lib/nut/dummy-ups", "-a", ups, "-D", "-u", "nobody"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
        for _ in range(100):
            if os.path.exists(os.path.join(state, f"dummy-ups-{ups}")):
                break
            time.sleep(0.05)
        procs.append(subprocess.Popen(["/lib/nut/upsd", "-D", "-u", "nobody"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
        host = f"127.0.0.1:{port}"
        for _ in range(100):
            if "ups.status: OL" in h.run(["upsc", f"{ups}@{host}"], env=env, ok=None):
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("upsd did not serve the UPS")
        return fn(ups, host, env)
    finally:
        stop()
        h.closers.remove(stop)


def device_vars(r, contact, location):
    mfr, model = r.choice(MODELS)
    out = [("ups.status", r.choice(["OL", "OL CHRG"])), ("device.mfr", mfr), ("device.model", model), ("device.serial", f"{r.choice('GAPC')}{r.randint(100, 999)}{hexs(r, 6).upper()}")]
    if contact:
        out.append(("device.contact", contact))
    if location:
        out.append(("device.location", location))
    out += [("battery.charge", str(r.randint(60, 100))), ("battery.runtime", str(r.randint(600, 4000))), ("ups.load", str(r.randint(5, 70)))]
    return out


@category("secret", "nut-upsrw-password", 22)
def nut_upsrw_password(h, r):
    admin = r.choice(["admin", "upsadmin", "nutadmin", "ops"])
    pw = nut_pw(r)
    wrong = r.random() < 0.25
    typed = nut_pw(r) if wrong else pw
    users = [(admin, pw, "  actions = SET\n  instcmds = ALL\n"), ("monuser", nut_pw(r), "  upsmon primary\n")]

    def session(ups, host, env):
        out = ""
        shown = f"{ups}@localhost"
        for _ in range(r.randint(1, 2)):
            if r.random() < 0.5:
                var = r.choice(["ups.delay.shutdown=30", "ups.delay.start=60", "battery.charge.low=25", "input.transfer.low=190"])
                args = ["upsrw", "-s", var, "-u", admin, "-p", typed]
            else:
                args = ["upscmd", "-u", admin, "-p", typed] + [None] + [r.choice(["test.battery.start.quick", "beeper.disable", "load.off", "calibrate.start"])]
            real = [a if a is not None else f"{ups}@{host}" for a in args]
            if args[0] == "upsrw":
                real.append(f"{ups}@{host}")
                args = args + [shown]
            out += "$ " + " ".join(a if a is not None else shown for a in args) + "\n" + h.run(real, env=env, ok=None)
        return out

    out = with_ups(h, r, users, device_vars(r, None, None), session)
    return out, [typed]


@category("negative", "nut-upsc-listing", 22)
def nut_upsc_listing(h, r):
    contact = r.choice([f"{r.choice(ROLES)} <{r.choice(BOTS)}>", r.choice(BOTS), "noc@example.com", None])
    location = r.choice(["Rack 4, row B", "Server room 2", "Network cabinet, 3rd floor", None])
    users = [("monuser", nut_pw(r), "  upsmon primary\n")]

    def session(ups, host, env):
        out = ""
        views = r.sample([["upsc", "{ups}"], ["upsc", "-l"], ["upsc", "{ups}", "ups.status"], ["upscmd", "-l", "{ups}"], ["upsrw", "{ups}"]], r.randint(1, 2))
        if ["upsc", "{ups}"] not in views:
            views.insert(0, ["upsc", "{ups}"])
        for v in views:
            shown = [a.replace("{ups}", f"{ups}@localhost") for a in v] + (["localhost"] if v == ["upsc", "-l"] else [])
            real = [a.replace("{ups}", f"{ups}@{host}") for a in v] + ([host] if v == ["upsc", "-l"] else [])
            out += "$ " + " ".join(shown) + "\n" + h.run(real, env=env, ok=None)
        return out

    return with_ups(h, r, users, device_vars(r, contact, location), session), []
