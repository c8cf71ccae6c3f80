"""gocryptfs 2.3 (Debian 12), new to the holdouts: `gocryptfs -init` with the password handed over by
`-extpass` (gocryptfs echoes the program and its arguments, so an `echo <password>` is printed) or
`-passfile` (only the path), `gocryptfs-xray -dumpmasterkey` (the volume's master key in hex) and
`gocryptfs -info` (the configuration, no key). Nothing is mounted."""

import os

from registry import category
from values import hidden, secret_token

BAD = "\"'\\$`%{}#!&|;<>()* ,"
DIRS = ["vault.crypt", "cipher", "backup-enc", "notes.enc", "photos.crypt", "docs-cipher"]


def init(h, r, pw, how):
    d = os.path.join(h.fresh("crypt"), r.choice(DIRS))
    os.makedirs(d)
    name = os.path.basename(d)
    extra = r.sample(["-plaintextnames", "-aessiv", "-longnames=false", "-raw64=false"], r.randint(0, 1))
    if how == "extpass":
        cmd = r.choice([f"echo {pw}", f"printf %s {pw}"])
        args = ["gocryptfs", "-init", *extra, "-extpass", cmd, name]
        shown = f'$ gocryptfs -init {" ".join(extra + [""])}-extpass "{cmd}" {name}'.replace("  ", " ")
    else:
        h.write(os.path.join(os.path.dirname(d), "pass.txt"), pw + "\n", mode=0o600)
        args = ["gocryptfs", "-init", *extra, "-passfile", "pass.txt", name]
        shown = f"$ {' '.join(args)}"
    out = h.run(args, cwd=os.path.dirname(d), ok=None, timeout=120)
    return d, shown + "\n" + out


@category("secret", "gocryptfs-init-extpass", 26)
def gocryptfs_init_extpass(h, r):
    pw = secret_token(r, bad=BAD)
    d, text = init(h, r, pw, "extpass")
    targets = [pw]
    if r.random() < 0.5:
        key = h.run(["gocryptfs-xray", "-dumpmasterkey", os.path.join(os.path.basename(d), "gocryptfs.conf")], cwd=os.path.dirname(d), input=pw, ok=None)
        text += f"$ gocryptfs-xray -dumpmasterkey {os.path.basename(d)}/gocryptfs.conf\nPassword: \n" + key
        targets.append(key.strip().splitlines()[-1].strip())
    return text, targets


@category("negative", "gocryptfs-info-clean", 30)
def gocryptfs_info_clean(h, r):
    pw = secret_token(r, bad=BAD)
    d, text = init(h, r, pw, "passfile")
    if r.random() < 0.6:
        name = os.path.basename(d)
        text += f"$ gocryptfs -info {name}\n" + h.run(["gocryptfs", "-info", name], cwd=os.path.dirname(d), ok=None)
    return hidden(text, pw), []
