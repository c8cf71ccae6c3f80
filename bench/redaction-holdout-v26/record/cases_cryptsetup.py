"""cryptsetup 2.6 (Debian 12's cryptsetup-bin), new to the holdouts: LUKS2 headers made with
`luksFormat` on an image file (no device is opened), `luksDump` (salts, digests, UUID, label:
no secret) and `luksDump --dump-volume-key` (the volume key as hex lines; the passphrase is given
as a key file, or typed into the command through `echo … |`)."""

import os

from registry import category
from values import Person, hidden, secret_token

BAD = "\"'\\$`%{}#!&|;<>()* ,"
IMAGES = ["disk.img", "backup.luks", "vault.img", "usb-stick.img", "data.luks"]


def formatted(h, r, pw, label=None):
    d = h.fresh("luks")
    image = r.choice(IMAGES)
    with open(os.path.join(d, image), "wb") as f:
        f.truncate(20 * 1024 * 1024)
    h.write(os.path.join(d, "disk.key"), pw, mode=0o600)
    args = ["cryptsetup", "luksFormat", "--batch-mode", "--type", "luks2", "--pbkdf", "pbkdf2", "--pbkdf-force-iterations", "1000", "--key-file", "disk.key"]
    if r.random() < 0.5:
        args += ["--cipher", r.choice(["aes-xts-plain64", "aes-cbc-essiv:sha256"]), "--key-size", "256"]
    if label:
        args += ["--label", label]
    h.run(args + [image], cwd=d)
    return d, image


def hex_lines(out):
    """The volume key's hex lines after `MK dump:`."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("MK dump:"))
    keys = [lines[start].split(":", 1)[1].strip()]
    for line in lines[start + 1:]:
        if not line.startswith("\t\t"):
            break
        keys.append(line.strip())
    return keys


@category("secret", "cryptsetup-dump-volume-key", 26)
def cryptsetup_dump_volume_key(h, r):
    pw = secret_token(r, bad=BAD)
    d, image = formatted(h, r, pw)
    out = h.run(["cryptsetup", "luksDump", "--dump-volume-key", "--batch-mode", "--key-file", "disk.key", image], cwd=d)
    if r.random() < 0.5:
        return f"$ echo -n '{pw}' | cryptsetup luksDump --dump-volume-key --batch-mode --key-file - {image}\n" + out, hex_lines(out) + [pw]
    return f"$ cryptsetup luksDump --dump-volume-key --batch-mode --key-file disk.key {image}\n" + out, hex_lines(out)


@category("pii", "cryptsetup-label-person", 16)
def cryptsetup_label_person(h, r):
    p = Person(r)
    pw = secret_token(r, bad=BAD)
    who = r.choice([p.name, p.email])
    label = r.choice([who, f"{who} backup"]) if len(who.encode()) <= 40 else who
    d, image = formatted(h, r, pw, label)
    out = h.run(["cryptsetup", "luksDump", image], cwd=d)
    return hidden(f"$ cryptsetup luksDump {image}\n" + out, pw), [who]


@category("negative", "cryptsetup-luksdump-clean", 32)
def cryptsetup_luksdump_clean(h, r):
    pw = secret_token(r, bad=BAD)
    d, image = formatted(h, r, pw, r.choice([None, "backup", "data", "offsite-2", "scratch"]))
    out = h.run(["cryptsetup", "luksDump", image], cwd=d)
    return hidden(f"$ cryptsetup luksDump {image}\n" + out, pw), []
