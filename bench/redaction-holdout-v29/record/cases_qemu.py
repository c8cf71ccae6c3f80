"""qemu-img 7.2.22 (Debian 12), new to the holdouts: LUKS and encrypted qcow2 images made, checked,
converted and amended with `--object secret,id=…,data=<passphrase>` (as typed, or base64 with
`format=base64`), qemu-img's own lines (`Formatting '…', fmt=luks … key-secret=sec0`, `No errors
were found`, `Invalid password, cannot unlock any keyslot`). Clean: secrets read from a file
(`file=…`), `qemu-img info` of encrypted images (LUKS header: cipher, hash, UUID, key slots), its
JSON form, and qemu-img's complaints that name no secret."""

import base64

from registry import category
from values import SERVICES, password, plain

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def img(r):
    return f"{r.choice(SERVICES)}-{r.randint(1, 40)}.{r.choice(['luks', 'img', 'qcow2'])}"


def attempt(h, args, ok):
    # QEMU times its key derivation with the process's CPU clock, which on a busy machine can read
    # zero ("Unable to get accurate CPU usage"): that run is repeated, never recorded
    for _ in range(5):
        try:
            out = h.run(args, cwd=h.fresh_dir, ok=ok)
        except RuntimeError as e:
            if "Unable to get accurate CPU usage" not in str(e):
                raise
            continue
        if "Unable to get accurate CPU usage" not in out:
            return out
    raise RuntimeError(f"{args!r}: no accurate CPU usage in 5 runs")


def run(h, args, ok=(0,)):
    shown = " ".join(a if a and not any(c in a for c in " '\"") else f"'{a}'" for a in args)
    return f"$ {shown}\n" + attempt(h, args, ok)


def obj(secret, sid="sec0", b64=False):
    if b64:
        return f"secret,id={sid},data={base64.b64encode(secret.encode()).decode()},format=base64"
    return f"secret,id={sid},data={secret}"


def make(h, r, name, secret, fmt):
    """Make an encrypted image (not shown): luks, or qcow2 with a LUKS header."""
    if fmt == "luks":
        args = ["qemu-img", "create", "-f", "luks", "--object", obj(secret), "-o", "key-secret=sec0,iter-time=50", name, "4M"]
    else:
        args = ["qemu-img", "create", "-f", "qcow2", "--object", obj(secret), "-o", "encrypt.format=luks,encrypt.key-secret=sec0,encrypt.iter-time=50", name, "4M"]
    attempt(h, args, (0,))


def opts(name, fmt, sid="sec0"):
    if fmt == "luks":
        return f"driver=luks,key-secret={sid},file.filename={name}"
    return f"driver=qcow2,encrypt.key-secret={sid},file.filename={name}"


@category("secret", "qemu-img-secret-object", 40)
def qemu_secret_object(h, r):
    h.fresh_dir = h.fresh("images")
    name, fmt = img(r), r.choice(["luks", "qcow2"])
    secret = pw(r)
    b64 = r.random() < 0.25
    shown = base64.b64encode(secret.encode()).decode() if b64 else secret
    k = r.randrange(5)
    if k == 0:
        if fmt == "luks":
            args = ["qemu-img", "create", "-f", "luks", "--object", obj(secret, b64=b64), "-o", f"key-secret=sec0,iter-time=50,cipher-alg={r.choice(['aes-256', 'aes-128'])}", name, f"{r.choice([4, 8, 16])}M"]
        else:
            args = ["qemu-img", "create", "-f", "qcow2", "--object", obj(secret, b64=b64), "-o", "encrypt.format=luks,encrypt.key-secret=sec0,encrypt.iter-time=50", name, f"{r.choice([4, 8, 16])}M"]
        return run(h, args), [shown]
    make(h, r, name, secret, fmt)
    wrong = r.random() < 0.4
    typed = pw(r) if wrong else secret
    shown = base64.b64encode(typed.encode()).decode() if b64 else typed
    if k == 1:
        return run(h, ["qemu-img", "check", "--object", obj(typed, b64=b64), "--image-opts", opts(name, fmt)], ok=None), [shown]
    if k == 2:
        out_name = name.rsplit(".", 1)[0] + "-plain.raw"
        return run(h, ["qemu-img", "convert", "-p", "--object", obj(typed, b64=b64), "--image-opts", opts(name, fmt), "-O", "raw", out_name], ok=None), [shown]
    if k == 3:
        return run(h, ["qemu-img", "info", "--object", obj(typed, b64=b64), "--image-opts", opts(name, fmt)], ok=None), [shown]
    new = pw(r)
    args = ["qemu-img", "amend", "--object", obj(typed, b64=b64), "--object", obj(new, "sec1"), "--image-opts", opts(name, fmt), "-o",
            ("" if fmt == "luks" else "encrypt.") + "state=active," + ("" if fmt == "luks" else "encrypt.") + "new-secret=sec1"]
    return run(h, args, ok=None), [shown, new]


@category("negative", "qemu-img-clean", 40)
def qemu_clean(h, r):
    h.fresh_dir = h.fresh("images")
    name, fmt = img(r), r.choice(["luks", "qcow2"])
    secret = pw(r)
    make(h, r, name, secret, fmt)
    k = r.randrange(4)
    if k == 0:
        return run(h, ["qemu-img", "info", name] + (["--output=json"] if r.random() < 0.4 else [])), []
    # the passphrase in a file the user keeps (its path is all the command shows)
    h.write(f"secrets/{name}.pass", secret, mode=0o600)
    ref = f"secret,id=sec0,file={h.home}/secrets/{name}.pass"
    if k == 1:
        return run(h, ["qemu-img", "check", "--object", ref, "--image-opts", opts(name, fmt)], ok=None), []
    if k == 2:
        return run(h, ["qemu-img", "info", "--object", ref, "--image-opts", opts(name, fmt)]), []
    return run(h, ["qemu-img", "measure", "--object", ref, "-O", "qcow2", "--image-opts", opts(name, fmt)], ok=None), []
