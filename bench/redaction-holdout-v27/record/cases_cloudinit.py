"""cloud-init 22.4 (Debian 12), new to the holdouts: `cloud-init schema -c user-data.yaml` on
user-data with a mistake in a `users` or `chpasswd.users` entry, which it reports by quoting the
whole entry as a Python dict (with its `plain_text_passwd` or `password`), beside its deprecation
notes. Clean user-data holds only hashed passwords, RANDOM, public keys and locked accounts."""


from registry import category
from values import B64, LOWER, SERVICES, Person, hexs, s, secret_token

BAD = "\"'\\$`!%{}[]:#,&*|>@?= "
USERS = ["deploy", "ops", "ansible", "backup", "app", "ci-runner", "admin2"]
MISTAKES = [("lock_passwd", "'no'"), ("groups", "12"), ("expiredate", "2027"), ("lock_passwd", "yes please")]


def schema(h, r, text):
    name = r.choice(["user-data.yaml", "cloud.cfg.d/90-users.cfg", "user-data", "seed/user-data"])
    path = h.write(name, text)
    return f"$ cloud-init schema -c {name}\n" + h.run(["cloud-init", "schema", "-c", path], ok=(0, 1))


def sha512_crypt(r):
    return f"$6${s(r, LOWER + '0123456789', 16)}${s(r, B64.replace('+', '.'), 86)}"


def user_block(r, extra, broken):
    lines = [f"  - name: {r.choice(USERS)}"]
    lines += [f"    {k}: {v}" for k, v in extra]
    if broken:
        k, v = r.choice(MISTAKES)
        lines.append(f"    {k}: {v}")
    else:
        lines.append("    lock_passwd: " + r.choice(["true", "false"]))
    lines.append("    shell: /bin/bash")
    return "\n".join(lines) + "\n"


def header(r):
    head = "#cloud-config\n"
    if r.random() < 0.5:
        head += f"hostname: {r.choice(SERVICES)}-{r.randint(1, 20)}\n"
    if r.random() < 0.4:
        head += f"ssh_pwauth: {r.choice(['true', 'false'])}\n"
    return head


def pubkey(r):
    return f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{s(r, B64, 43)} {r.choice(USERS)}@{r.choice(SERVICES)}"


@category("secret", "cloudinit-schema-users", 20)
def cloudinit_schema_users(h, r):
    for _ in range(5):  # a mistake cloud-init reports without quoting the entry is drawn again
        out, targets = schema_users(h, r)
        if all(t in out for t in targets):
            return out, targets
    raise RuntimeError("cloudinit-schema-users: the entry is never quoted")


def schema_users(h, r):
    pw = secret_token(r, bad=BAD)
    extra = [("plain_text_passwd", pw), ("groups", r.choice(["sudo", "adm", "docker"]))]
    if r.random() < 0.5:
        extra.append(("ssh_authorized_keys", f"['{pubkey(r)}']"))
    text = header(r) + "users:\n  - default\n" + user_block(r, extra, broken=True)
    return schema(h, r, text), [pw]


@category("secret", "cloudinit-schema-chpasswd", 20)
def cloudinit_schema_chpasswd(h, r):
    entries, targets = [], []
    for i in range(r.randint(1, 3)):
        pw = secret_token(r, bad=BAD)
        kind = r.choice(["txt", "plain", "Text", "cleartext"]) if i == 0 else "text"
        entries.append(f"    - name: {r.choice(USERS)}\n      password: {pw}\n      type: {kind}\n")
        if i == 0:
            targets.append(pw)
    text = header(r) + "chpasswd:\n  expire: " + r.choice(["false", "true"]) + "\n  users:\n" + "".join(entries)
    out = schema(h, r, text)
    return out, [t for t in targets if t in out]


@category("pii", "cloudinit-schema-person", 20)
def cloudinit_schema_person(h, r):
    for _ in range(5):
        out, targets = schema_person(h, r)
        if all(t in out for t in targets):
            return out, targets
    raise RuntimeError("cloudinit-schema-person: the entry is never quoted")


def schema_person(h, r):
    p = Person(r)
    gecos = r.choice([p.name, f"{p.name},,,{p.email}", f"{p.name},{p.phone},,"])
    extra = [("gecos", f"'{gecos}'")]
    if r.random() < 0.5:
        extra.append(("ssh_authorized_keys", f"['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{s(r, B64, 43)} {p.email}']"))
    text = header(r) + "users:\n" + user_block(r, extra, broken=True)
    targets = [p.name] + ([p.email] if p.email in text else []) + ([p.phone] if p.phone in gecos else [])
    return schema(h, r, text), targets


# every clean case has a mistake, so that cloud-init quotes the entry (a hash, a key, RANDOM)
@category("negative", "cloudinit-schema-clean", 28)
def cloudinit_schema_clean(h, r):
    style = r.randrange(3)
    if style == 0:
        extra = [("passwd", sha512_crypt(r)), ("groups", "sudo")]
        text = header(r) + "users:\n  - default\n" + user_block(r, extra, broken=True)
    elif style == 1:
        extra = [("ssh_authorized_keys", f"['{pubkey(r)}']"), ("lock_passwd", "true")]
        text = header(r) + "users:\n" + user_block(r, extra, broken=True)
    else:
        entries = f"    - name: {r.choice(USERS)}\n      type: RANDOM\n"
        entries += f"    - name: {r.choice(USERS)}\n      password: {sha512_crypt(r)}\n      type: {r.choice(['hashed', 'crypt', 'sha512'])}\n"
        text = header(r) + "chpasswd:\n  expire: true\n  users:\n" + entries
    if r.random() < 0.4:
        text += f"write_files:\n  - path: /etc/{r.choice(SERVICES)}/build-id\n    content: {hexs(r, 40)}\n"
    return schema(h, r, text), []
