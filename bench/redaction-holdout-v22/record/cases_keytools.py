"""Three key tools, new to the holdouts, offline: age's `age-keygen` (an X25519 identity
`AGE-SECRET-KEY-1…` and its `age1…` recipient), OATH Toolkit's `oathtool` (a TOTP/HOTP secret on
the command line; `-v` prints it again in hex and base32) and GnuTLS's `certtool` (a private key
printed as colon-separated hex and as PEM; certificates and public keys)."""

import os
import re

from registry import category
from values import HEX, SERVICES, s

B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
ISSUERS = ["GitHub", "GitLab", "AWS", "Cloudflare", "npm", "PyPI", "Okta", "Vault"]


# ---- age ----------------------------------------------------------------------------------------


def age_secret(text):
    m = re.search(r"AGE-SECRET-KEY-1[0-9A-Z]{58}", text)
    assert m, "no age identity printed"
    return m.group(0)


@category("secret", "age-keygen-identity", 24)
def age_keygen_identity(h, r):
    d = h.fresh("age")
    shape = r.randrange(3)
    if shape == 0:
        out = "$ age-keygen\n" + h.run(["age-keygen"])
    elif shape == 1:
        name = r.choice(["key.txt", "identity.txt", f"{r.choice(SERVICES)}.age"])
        out = f"$ age-keygen -o {name}\n" + h.run(["age-keygen", "-o", os.path.join(d, name)], cwd=d)
        out += f"$ cat {name}\n" + h.normalize(open(os.path.join(d, name)).read())
    else:
        out = "$ age-keygen | tee ~/.config/sops/age/keys.txt\n" + h.run(["age-keygen"])
    return out, [age_secret(out)]


@category("negative", "age-public-recipient", 25)
def age_public_recipient(h, r):
    d = h.fresh("age")
    name = r.choice(["key.txt", "identity.txt", "keys.txt"])
    h.run(["age-keygen", "-o", os.path.join(d, name)], cwd=d)
    out = ""
    for _ in range(r.randint(1, 2)):
        if r.random() < 0.5:
            out += f"$ age-keygen -y {name}\n" + h.run(["age-keygen", "-y", name], cwd=d)
        else:
            other = f"{r.choice(SERVICES)}-{r.randint(1, 9)}.txt"
            out += f"$ age-keygen -o {other}\n" + h.run(["age-keygen", "-o", os.path.join(d, other)], cwd=d)
    assert "AGE-SECRET-KEY" not in out
    return out, []


# ---- oathtool -----------------------------------------------------------------------------------


@category("secret", "oathtool-otp-secret", 24)
def oathtool_otp_secret(h, r):
    now = f"2026-11-{r.randint(1, 28):02d} {r.randint(0, 23):02d}:{r.randint(0, 59):02d}:00 UTC"
    verbose = r.random() < 0.5
    if r.random() < 0.7:
        secret = s(r, B32, r.choice([16, 32, 32, 52]))
        args = ["--totp", "-b"] + (["-d", "8"] if r.random() < 0.2 else []) + (["-v"] if verbose else []) + [secret]
        shown_args = list(args)
        real = ["oathtool", "--now", now] + args
    else:
        secret = s(r, HEX, r.choice([20, 40]))
        args = ["--hotp"] + (["-c", str(r.randint(1, 500))] if r.random() < 0.6 else []) + (["-w", "2"] if r.random() < 0.3 else []) + (["-v"] if verbose else []) + [secret]
        shown_args = list(args)
        real = ["oathtool"] + args
    out = f"$ oathtool {' '.join(shown_args)}\n" + h.run(real)
    targets = [secret]
    if verbose:
        for label in ("Hex secret: ", "Base32 secret: "):
            m = re.search(re.escape(label) + r"(\S+)", out)
            if m and len(m.group(1)) >= 6:
                targets.append(m.group(1))
    return out, targets


# ---- certtool -----------------------------------------------------------------------------------


def hex_block(text, label):
    """The colon-hex lines under `label:` (certtool's private key block)."""
    m = re.search(rf"^(?:{label}):\n((?:\t[0-9a-f:]*\n)+)", text, re.M)
    assert m, f"no {label} block"
    return [line.strip() for line in m.group(1).splitlines() if line.strip()]


def pem_lines(text):
    m = re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\n(.*?)-----END", text, re.S)
    assert m, "no private key PEM"
    return [line for line in m.group(1).splitlines() if line]


KEY_TYPES = [["--key-type", "ed25519"], ["--key-type", "ed448"], ["--key-type", "ecdsa", "--curve", "secp256r1"], ["--key-type", "ecdsa", "--curve", "secp384r1"]]


@category("secret", "certtool-private-key", 24)
def certtool_private_key(h, r):
    d = h.fresh("tls")
    for _ in range(20):
        kt = r.choice(KEY_TYPES)
        if r.random() < 0.5:
            out = f"$ certtool --generate-privkey {' '.join(kt)}\n" + h.run(["certtool", "--generate-privkey", *kt], cwd=d)
        else:
            name = r.choice(["server.key", "key.pem", f"{r.choice(SERVICES)}.key"])
            h.run(["certtool", "--generate-privkey", *kt, "--outfile", name], cwd=d)
            out = f"$ certtool -k --infile {name}\n" + h.run(["certtool", "-k", "--infile", name], cwd=d)
        targets = hex_block(out, "private key|k") + pem_lines(out)
        if all(len(t) >= 6 for t in targets):
            return out, targets
    raise RuntimeError("certtool: no key without a short line")


@category("negative", "certtool-certificate-info", 25)
def certtool_certificate_info(h, r):
    d = h.fresh("tls")
    cn = f"{r.choice(['api', 'www', 'mail', 'vpn', 'grafana'])}.{r.choice(['example.org', 'example.com', 'example.net'])}"
    kt = r.choice(KEY_TYPES)
    h.run(["certtool", "--generate-privkey", *kt, "--outfile", "server.key"], cwd=d)
    h.write(os.path.join(d, "cert.cfg"), f'cn = "{cn}"\norganization = "Example Org"\nserial = {r.randint(1, 9999)}\nexpiration_days = {r.choice([90, 365, 730])}\ndns_name = "{cn}"\ntls_www_server\nsigning_key\n')
    h.run(["certtool", "--generate-self-signed", "--load-privkey", "server.key", "--template", "cert.cfg", "--outfile", "server.crt"], cwd=d)
    if r.random() < 0.6:
        out = "$ certtool -i --infile server.crt\n" + h.run(["certtool", "-i", "--infile", "server.crt"], cwd=d)
    else:
        out = "$ certtool --pubkey-info --load-privkey server.key\n" + h.run(["certtool", "--pubkey-info", "--load-privkey", "server.key"], cwd=d)
    assert "PRIVATE KEY" not in out and "private key:" not in out
    return out, []
