"""MIT Kerberos 5 administration, offline: a fresh realm database per case (`kdb5_util create
-s`), principals made and keys extracted with `kadmin.local`, keytabs listed with `klist -k`.
No KDC runs: `kadmin.local` edits the database directly."""

import os

from registry import category
from values import SERVICES, password, s, LOWER, DIGITS

REALMS = ["EXAMPLE.TEST", "CORP.EXAMPLE.COM", "AD.NORTHWIND.TEST", "KESTREL.LAN", "LAB.ORBITAL-IO.TEST", "INFRA.TIDEWATER.TEST"]
ENCTYPES = ["aes256-cts-hmac-sha1-96:normal", "aes128-cts-hmac-sha1-96:normal", "aes256-cts-hmac-sha384-192:normal", "camellia256-cts-cmac:normal"]
USERS = ["deploy", "ci-runner", "backup", "svc-" + "billing", "admin", "jenkins", "ansible", "monitoring"]


def host_principal(r):
    return f"{r.choice(['HTTP', 'host', 'postgres', 'nfs', 'imap', 'ldap'])}/{r.choice(SERVICES)}{r.randint(1, 9)}.{r.choice(['example.test', 'corp.example.com', 'lan.example.org'])}"


def user_principal(r):
    return r.choice([r.choice(USERS), f"{r.choice(USERS)}/admin", f"svc-{r.choice(SERVICES)}"])


def krb_realm(h, r):
    """A fresh realm database; returns (realm, env)."""
    d = h.fresh("krb5")
    realm = r.choice(REALMS)
    h.write(os.path.join(d, "krb5.conf"), f"[libdefaults]\n default_realm = {realm}\n\n[realms]\n {realm} = {{\n  kdc = 127.0.0.1\n  admin_server = 127.0.0.1\n }}\n")
    enctypes = " ".join(r.sample(ENCTYPES, r.randint(1, 3)))
    h.write(os.path.join(d, "kdc.conf"), f"[realms]\n {realm} = {{\n  database_name = {d}/principal\n  key_stash_file = {d}/.k5.{realm}\n  acl_file = {d}/kadm5.acl\n  supported_enctypes = {enctypes}\n }}\n")
    env = h.env(KRB5_CONFIG=os.path.join(d, "krb5.conf"), KRB5_KDC_PROFILE=os.path.join(d, "kdc.conf"))
    # the master password is typed nowhere a capture shows (it is drawn apart from the planted values)
    h.run(["kdb5_util", "create", "-s", "-r", realm, "-P", s(r, LOWER + DIGITS, 24)], env=env)
    return realm, env


def kadmin(h, env, query, ok=(0,)):
    return f'$ kadmin.local -q "{h.normalize(query)}"\n' + h.run(["kadmin.local", "-q", query], env=env, ok=ok)


def kpw(r):
    while True:
        v = password(r)
        if not any(c in v for c in "\"'\\$`!"):
            return v


@category("secret", "kadmin-addprinc-password", 22)
def kadmin_addprinc_password(h, r):
    realm, env = krb_realm(h, r)
    out, targets = "", []
    shape = r.randrange(4)
    princ = user_principal(r)
    pw = kpw(r)
    targets.append(pw)
    if shape == 0:
        out += kadmin(h, env, f"addprinc -pw {pw} {princ}")
    elif shape == 1:
        out += kadmin(h, env, f"addprinc -randkey {princ}")
        out += kadmin(h, env, f"cpw -pw {pw} {princ}")
    elif shape == 2:
        out += kadmin(h, env, f"addprinc -pw {pw} +requires_preauth -expire 2027-12-31 {princ}")
        out += kadmin(h, env, f"getprinc {princ}")
    else:
        # a realm made over again, its master password on the command line this time
        d = os.path.join(h.home, "krb5")
        out += f"$ kdb5_util destroy -f\n" + h.run(["kdb5_util", "destroy", "-f"], env=env)
        out += f"$ kdb5_util create -s -r {realm} -P {pw}\n" + h.run(["kdb5_util", "create", "-s", "-r", realm, "-P", pw], env=env)
        assert os.path.isdir(d)
        second = user_principal(r)
        if second != princ and r.random() < 0.5:
            pw2 = kpw(r)
            targets.append(pw2)
            out += kadmin(h, env, f"addprinc -pw {pw2} {second}")
    return out, targets


@category("secret", "klist-keytab-keys", 22)
def klist_keytab_keys(h, r):
    realm, env = krb_realm(h, r)
    out = ""
    name = r.choice(["http.keytab", "krb5.keytab", "svc.keytab", "nfs.keytab", f"{r.choice(SERVICES)}.keytab"])
    keytab = os.path.join(h.home, "krb5", name)
    for _ in range(r.randint(1, 2)):
        princ = host_principal(r)
        h.run(["kadmin.local", "-q", f"addprinc -randkey {princ}"], env=env)
        if r.random() < 0.5:
            out += kadmin(h, env, f"ktadd -k {keytab} {princ}")
        else:
            h.run(["kadmin.local", "-q", f"ktadd -k {keytab} {princ}"], env=env)
    flags = r.choice(["-k -t -K -e", "-kteK", "-k -K", "-keK"])
    text = h.run(["klist", *flags.split(), keytab], env=env)
    out += f"$ klist {flags} {keytab.replace(h.root, '')}\n" + text
    targets = [line.split("(0x", 1)[1].split(")", 1)[0] for line in text.splitlines() if "(0x" in line]
    return out, targets


@category("negative", "kadmin-getprinc", 22)
def kadmin_getprinc(h, r):
    realm, env = krb_realm(h, r)
    out = ""
    princs = [host_principal(r) for _ in range(r.randint(1, 3))] + [user_principal(r)]
    for p in dict.fromkeys(princs):
        h.run(["kadmin.local", "-q", f"addprinc -randkey {p}"], env=env)
    shown = r.sample(list(dict.fromkeys(princs)), 1)[0]
    shape = r.randrange(3)
    if shape == 0:
        out += kadmin(h, env, f"getprinc {shown}")
    elif shape == 1:
        out += kadmin(h, env, "listprincs")
        out += kadmin(h, env, f"getprinc {shown}")
    else:
        out += kadmin(h, env, f"addprinc -randkey host/{r.choice(SERVICES)}-{r.randint(10, 99)}.example.test")
        out += kadmin(h, env, "listprincs")
    return out, []


@category("negative", "klist-keytab-listing", 22)
def klist_keytab_listing(h, r):
    realm, env = krb_realm(h, r)
    out = ""
    keytab = os.path.join(h.home, "krb5", r.choice(["http.keytab", "krb5.keytab", "svc.keytab", "imap.keytab"]))
    for _ in range(r.randint(1, 3)):
        princ = host_principal(r)
        h.run(["kadmin.local", "-q", f"addprinc -randkey {princ}"], env=env)
        if r.random() < 0.4:
            out += kadmin(h, env, f"ktadd -k {keytab} {princ}")
        else:
            h.run(["kadmin.local", "-q", f"ktadd -k {keytab} {princ}"], env=env)
    flags = r.choice(["-k -t -e", "-kte", "-k", "-k -t"])
    out += f"$ klist {flags} {keytab.replace(h.root, '')}\n" + h.run(["klist", *flags.split(), keytab], env=env)
    return out, []
