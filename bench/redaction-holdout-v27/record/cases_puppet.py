"""Puppet 7.23 (Debian 12's `puppet`), new to the holdouts: `puppet apply` of a manifest that
prints hashes with `notice()` (Puppet's own `{key => value}` form, Sensitive values as
`Sensitive [value redacted]`), `puppet apply --show_diff` changing a configuration file (the unified
diff and the `{sha256}` digests), and `puppet epp render` of configuration templates with a
values file. Facter runs with every apply; its sandbox complaint is normalized away."""

import os

from registry import category
from values import BOTS, PLAIN_NAMES, ROLES, SERVICES, HOSTS, Person, clean_pairs, plain_value, secret_pairs, secret_token

BAD = "\"'\\$`!%{}"


def puppet(h, *args):
    # the facter.conf is only to keep Facter off the cloud metadata lookups
    h.write(".puppetlabs/etc/facter/facter.conf", 'facts : {\n  blocklist : [ "ec2_metadata", "gce", "az_metadata" ]\n}\n')
    return h.run(["puppet", *args, "--color=false"], env=h.env(TMPDIR=os.path.join(h.home, ".cache")))


def pairs_for(r, secret, n=(1, 3)):
    pairs, targets = [], []
    if secret:
        for name, v in secret_pairs(r, r.randint(*n)):
            if any(c in v for c in BAD):
                v = secret_token(r, bad=BAD)
            key = r.choice([name.lower(), name.lower(), "".join(w.capitalize() if i else w for i, w in enumerate(name.lower().split("_")))])
            pairs.append((key, v))
            targets.append(v)
    else:
        pairs += [(k, v) for k, v in clean_pairs(r, r.randint(*n)) if v and not any(c in v for c in BAD)]
    for name in r.sample(PLAIN_NAMES, r.randint(1, 3)):
        pairs.append((name.lower(), plain_value(r, name)))
    r.shuffle(pairs)
    return pairs, targets


def puppet_hash(pairs):
    return "{ " + ", ".join(f"'{k}' => '{v}'" for k, v in pairs) + " }"


def apply_manifest(h, text, diff=False):
    path = h.write("manifests/site.pp", text)
    args = ["apply", *(["--show_diff"] if diff else []), path]
    return f"$ puppet apply {'--show_diff ' if diff else ''}manifests/site.pp\n" + puppet(h, *args)


def notice_manifest(r, pairs):
    var = r.choice(["settings", "config", "db", "app", "creds", "params"])
    svc = r.choice(SERVICES)
    form = r.randrange(3)
    if form == 0:
        return f"${var} = {puppet_hash(pairs)}\nnotice(${var})\n"
    if form == 1:
        return f"${var} = {puppet_hash(pairs)}\nnotice(\"{svc}: ${{{var}}}\")\n"
    return f"${var} = {{ '{svc}' => {puppet_hash(pairs)} }}\n${var}.each |$name, $cfg| {{\n  notice(\"${{name}} => ${{cfg}}\")\n}}\n"


@category("secret", "puppet-notice-hash", 18)
def puppet_notice_hash(h, r):
    pairs, targets = pairs_for(r, secret=True)
    return apply_manifest(h, notice_manifest(r, pairs)), targets


@category("secret", "puppet-show-diff", 12)
def puppet_show_diff(h, r):
    old_pairs, old_t = pairs_for(r, secret=True, n=(1, 2))
    new_pairs = [(k, secret_token(r, bad=BAD) if v in old_t else v) for k, v in old_pairs]
    new_t = [v for v in (p[1] for p in new_pairs) if v not in old_t and v not in [q[1] for q in old_pairs]]
    style = r.randrange(3)
    name = ["app.ini", "app.env", "app.yaml"][style]

    def render(pairs):
        if style == 0:
            return "[main]\n" + "".join(f"{k} = {v}\n" for k, v in pairs)
        if style == 1:
            return "".join(f"{k.upper()}={v}\n" for k, v in pairs)
        return "service:\n" + "".join(f"  {k}: {v}\n" for k, v in pairs)

    path = h.write(f"etc/{name}", render(old_pairs), 0o640)
    body = render(new_pairs).replace("\n", "\\n")
    out = apply_manifest(h, f'file {{ "{path}":\n  ensure  => file,\n  content => "{body}",\n}}\n', diff=True)
    return out, old_t + new_t


@category("secret", "puppet-epp-render", 14)
def puppet_epp_render(h, r):
    pairs, targets = pairs_for(r, secret=True)
    return epp_case(h, r, pairs), targets


def epp_case(h, r, pairs):
    pairs = list(dict(pairs).items())  # a template declares each parameter once
    style = r.randrange(3)
    if style == 0:
        tpl = "# managed by Puppet\n[" + r.choice(SERVICES) + "]\n" + "".join(f"{k} = <%= ${k} %>\n" for k, _ in pairs)
        name = "app.ini.epp"
    elif style == 1:
        tpl = "<%- | " + ", ".join(f"String ${k}" for k, _ in pairs) + " | -%>\n" + "".join(f"{k.upper()}=\"<%= ${k} %>\"\n" for k, _ in pairs)
        name = "app.env.epp"
    else:
        tpl = "---\n" + r.choice(SERVICES) + ":\n" + "".join(f"  {k}: '<%= ${k} %>'\n" for k, _ in pairs)
        name = "config.yaml.epp"
    h.write(f"templates/{name}", tpl)
    h.write("templates/values.pp", puppet_hash(pairs) + "\n")
    return f"$ puppet epp render templates/{name} --values_file templates/values.pp\n" + puppet(h, "epp", "render", os.path.join(h.home, "templates", name), "--values_file", os.path.join(h.home, "templates/values.pp"))


@category("pii", "puppet-notice-person", 14)
def puppet_notice_person(h, r):
    p = Person(r)
    pairs = [("name", p.name), ("email", p.email)]
    targets = [p.name, p.email]
    if r.random() < 0.6:
        pairs.append(("phone", p.phone))
        targets.append(p.phone)
    if r.random() < 0.4:
        pairs.append(("address", f"{p.street}, {p.city}"))
        targets.append(f"{p.street}, {p.city}")
    pairs.append(("uid", str(r.randint(1001, 1999))))
    login = r.choice(["deploy", "ops", "dev"]) + str(r.randint(1, 99))
    text = f"$owners = {{ '{login}' => {puppet_hash(pairs)} }}\n$owners.each |$login, $who| {{\n  notice(\"owner ${{login}}: ${{who}}\")\n}}\n"
    return apply_manifest(h, text), targets


@category("negative", "puppet-notice-clean", 16)
def puppet_notice_clean(h, r):
    pairs, _ = pairs_for(r, secret=False)
    if r.random() < 0.4:
        pairs.append(("contact", f"{r.choice(ROLES)} <{r.choice(BOTS)}>"))
    return apply_manifest(h, notice_manifest(r, pairs)), []


@category("negative", "puppet-sensitive-clean", 12)
def puppet_sensitive_clean(h, r):
    """Secrets wrapped in Sensitive(): Puppet prints only `Sensitive [value redacted]` and
    `[redacted]`; the manifest itself is not shown."""
    secret_names = [n.lower() for n, _ in secret_pairs(r, 2)]
    lines = []
    plain = [(n.lower(), plain_value(r, n)) for n in r.sample(PLAIN_NAMES, 2)]
    entries = ", ".join([f"'{n}' => Sensitive('{secret_token(r, bad=BAD)}')" for n in secret_names] + [f"'{k}' => '{v}'" for k, v in plain])
    lines.append(f"$conf = {{ {entries} }}\nnotice($conf)\n")
    if r.random() < 0.6:
        path = h.write(f"etc/{r.choice(SERVICES)}.secret", f"token={secret_token(r, bad=BAD)}\n", 0o600)
        lines.append(f'file {{ "{path}":\n  ensure  => file,\n  content => Sensitive("token={secret_token(r, bad=BAD)}\\n"),\n}}\n')
    return apply_manifest(h, "".join(lines), diff=True), []


@category("negative", "puppet-epp-clean", 14)
def puppet_epp_clean(h, r):
    pairs, _ = pairs_for(r, secret=False)
    pairs.append(("db_host", r.choice(HOSTS)))
    return epp_case(h, r, pairs), []
