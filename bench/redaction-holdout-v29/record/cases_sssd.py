"""SSSD 2.8.2's `sssctl config-check -c <file>` (Debian 12), new to the holdouts: static checks of
an sssd.conf whose LDAP domain binds with `ldap_default_authtok`. sssctl names attributes,
sections and files, never values: every case is clean (and fails to record if the planted bind
password shows). Mistakes: misspelt attribute names (a secret's name among them), options in the
wrong section, a file readable by others, a missing snippet directory."""

from registry import category
from values import SERVICES, password, plain

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"
TYPOS = ["ldap_defualt_authtok", "ldap_default_authtok_typ", "ldap_default_bind_nd", "ldap_search_bse", "cache_credential", "ldap_tls_reqcert_", "ldap_uris", "enumerat"]


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


@category("negative", "sssd-config-check-clean", 22)
def sssd_config_check_clean(h, r):
    secret = pw(r)
    domain = r.choice(["corp", "example.org", "lab", "ad"])
    lines = ["[sssd]", "services = nss, pam", f"domains = {domain}", "", f"[domain/{domain}]", "id_provider = ldap", "auth_provider = ldap",
             f"ldap_uri = ldap://127.0.0.1:{r.choice([389, 3389])}", f"ldap_search_base = dc={r.choice(SERVICES)},dc=example,dc=org",
             f"ldap_default_bind_dn = cn={r.choice(['sssd', 'binder', 'svc-ldap'])},ou=services,dc=example,dc=org", "ldap_default_authtok_type = password", f"ldap_default_authtok = {secret}"]
    mistakes = r.sample(["typo", "typo2", "section", "snippet"], r.randint(1, 2))
    for m in mistakes:
        if m.startswith("typo"):
            name = r.choice(TYPOS)
            value = secret if name == "ldap_defualt_authtok" else r.choice(["True", "demand", "dc=example,dc=org", "ldap://10.0.0.5", "cn=sssd,dc=example,dc=org"])
            lines.insert(r.randint(6, len(lines)), f"{name} = {value}")
        elif m == "section":
            lines += ["", "[nss]", f"ldap_default_authtok = {secret}", f"filter_users = root,{r.choice(SERVICES)}"]
    mode = r.choice([0o600, 0o600, 0o644])
    conf_dir = h.fresh("sssd")
    path = h.write("sssd/sssd.conf", "\n".join(lines) + "\n", mode=mode)
    if "snippet" not in mistakes:
        h.fresh("sssd/conf.d")
    args = ["sssctl", "config-check", "-c", path]
    out = f"$ sssctl config-check -c {conf_dir}/sssd.conf\n" + h.run(args, ok=None)
    if secret in out:
        raise RuntimeError("sssctl printed the bind password")
    return out, []
