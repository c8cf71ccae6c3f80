"""EncFS 1.9.5 (Debian 12), new to the holdouts: `encfsctl showKey` (the volume key, printed once
the password is typed) and `encfsctl info` (the volume's configuration, no key) on volumes made
with `encfs --standard`. Making a volume mounts it through FUSE: that runs in a private mount
namespace (`unshare -m`) and is stopped after three seconds, so the machine's mount table never
sees it."""

import os

from registry import category
from values import hidden, secret_token

BAD = "\"'\\$`%{}#!&|;<>()* ,"
DIRS = ["backup.enc", "private.encfs", "notes-crypt", "archive.enc", "docs.encfs"]


def volume(h, r):
    pw = secret_token(r, bad=BAD)
    base = h.fresh("encfs")
    name = r.choice(DIRS)
    root, mnt = os.path.join(base, name), os.path.join(base, "mnt")
    os.makedirs(root)
    os.makedirs(mnt)
    h.run(["timeout", "-s", "INT", "3", "unshare", "-m", "--propagation", "private", "encfs", "-f", "--standard", f"--extpass=echo {pw}", root, mnt], cwd=base, ok=None, timeout=60)
    if not os.path.exists(os.path.join(root, ".encfs6.xml")):
        raise RuntimeError("encfs made no volume")
    return base, name, pw


@category("secret", "encfsctl-showkey", 22)
def encfsctl_showkey(h, r):
    base, name, pw = volume(h, r)
    out = h.run(["encfsctl", "showKey", name], cwd=base, input=pw + "\n")
    key = out.strip().splitlines()[-1].strip()
    return hidden(f"$ encfsctl showKey {name}\n" + out, pw), [key]


@category("negative", "encfsctl-info-clean", 18)
def encfsctl_info_clean(h, r):
    base, name, pw = volume(h, r)
    return hidden(f"$ encfsctl info {name}\n" + h.run(["encfsctl", "info", name], cwd=base), pw), []
