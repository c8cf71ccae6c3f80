"""Exim's configuration tests: `exim -bP` (authenticators, macros, main options), `-be` string
expansion with lookups, and `-bt` address routing through a redirect router, each on a private
configuration given with `-C` (logs and spool under the throwaway home)."""

from registry import category
from values import BOTS, ROLES, SERVICES, Person, digest, hexs, placeholder, secret_token, uuid

DOMAINS = ["mail.example.net", "mx1.example.org", "smtp.example.com"]


def exim_conf(h, r, head="", routers="", authenticators=""):
    d = h.fresh("exim")
    primary = r.choice(DOMAINS)
    conf = f"""{head}primary_hostname = {primary}
qualify_domain = {primary.split('.', 1)[1]}
domainlist local_domains = @ : {primary.split('.', 1)[1]}
log_file_path = {d}/%slog
spool_directory = {d}/spool

begin routers
{routers}smarthost:
  driver = manualroute
  domains = ! +local_domains
  transport = remote_smtp
  route_list = * {r.choice(['192.0.2.25', '198.51.100.7', '203.0.113.40'])}
local_user:
  driver = accept
  transport = local_delivery

begin transports
remote_smtp:
  driver = smtp
  hosts_require_auth = *
local_delivery:
  driver = appendfile
  file = {d}/mail/$local_part

begin authenticators
{authenticators}"""
    return h.write("exim/exim.conf", conf)


def exim(h, conf, *args):
    return h.run(["exim", "-C", conf, *args], ok=None)


def plain(value):
    return all(c not in value for c in "$\\:^{}#\"'") and len(value) >= 8


def exim_token(r):
    while True:
        v = secret_token(r)
        if plain(v):
            return v


@category("secret", "exim-bp-authenticators", 17)
def exim_bp_authenticators(h, r):
    tok = exim_token(r)
    user = r.choice(["deploy", "relay-user", "noreply@example.net", "mailer"])
    how = r.randrange(3)
    if how == 0:
        auth = f"plain_client:\n  driver = plaintext\n  public_name = PLAIN\n  client_send = ^{user}^{tok}\n"
    elif how == 1:
        auth = f"login_client:\n  driver = plaintext\n  public_name = LOGIN\n  client_send = : {user} : {tok}\n"
    else:
        auth = f"cram_client:\n  driver = cram_md5\n  public_name = CRAM-MD5\n  client_name = {user}\n  client_secret = {tok}\n"
    conf = exim_conf(h, r, authenticators=auth)
    return exim(h, conf, "-bP", "authenticators"), [tok]


@category("secret", "exim-bp-macros", 17)
def exim_bp_macros(h, r):
    tok = exim_token(r)
    name = r.choice(["SMARTHOST_PASS", "RELAY_PASSWORD", "SMTP_AUTH_SECRET", "MAILGUN_KEY", "SES_SMTP_PASSWORD"])
    head = f"{name} = {tok}\nRELAY_USER = {r.choice(['deploy', 'mailer', 'AKIAEXAMPLEUSER'])}\n"
    auth = "plain_client:\n  driver = plaintext\n  public_name = PLAIN\n  client_send = ^RELAY_USER^" + name + "\n"
    conf = exim_conf(h, r, head=head, authenticators=auth)
    how = r.randrange(3)
    if how == 0:
        out = exim(h, conf, "-bP", "macro", name)
    elif how == 1:
        out = exim(h, conf, "-bP", "authenticators")
    else:
        out = exim(h, conf, "-bP", "macro", "RELAY_USER") + exim(h, conf, "-bP", "macro", name)
    return out, [tok]


@category("secret", "exim-expand-lookup", 17)
def exim_expand_lookup(h, r):
    tok = exim_token(r)
    host = r.choice(["relay.example.net", "smtp.sendgrid.net", "email-smtp.eu-west-1.amazonaws.com"])
    user = r.choice(["apikey", "deploy", "mailer"])
    d = h.fresh("exim-data")
    h.write(f"{d}/passwd.client", f"# host:user:password\n{host}:{user}:{tok}\n*.example.org:relay:{placeholder(r)}\n")
    conf = exim_conf(h, r)
    how = r.randrange(3)
    if how == 0:
        expr = f"${{lookup{{{host}}}lsearch{{{d}/passwd.client}}}}"
    elif how == 1:
        expr = f"${{extract{{2}}{{:}}{{${{lookup{{{host}}}lsearch{{{d}/passwd.client}}}}}}}}"
    else:
        expr = f"password for {host}: ${{extract{{2}}{{:}}{{${{lookup{{{host}}}lsearch{{{d}/passwd.client}}}}}}}}"
    return exim(h, conf, "-be", expr), [tok]


@category("pii", "exim-address-test-redirect", 13)
def exim_address_test_redirect(h, r):
    p = Person(r)
    alias = r.choice(["support", "billing", "oncall", "postmaster", "sales"])
    routers = f"aliases:\n  driver = redirect\n  domains = +local_domains\n  data = ${{lookup{{$local_part}}lsearch{{$home/aliases}}}}\n"
    d = h.fresh("exim-home")
    routers = routers.replace("$home", d)
    h.write(f"{d}/aliases", f"{alias}: {p.email}\nabuse: {r.choice(BOTS)}\n")
    conf = exim_conf(h, r, routers=routers)
    dom = open(conf).read().split("qualify_domain = ", 1)[1].split("\n", 1)[0]
    return exim(h, conf, "-bt", f"{alias}@{dom}"), [p.email]


@category("pii", "exim-expand-person", 13)
def exim_expand_person(h, r):
    p = Person(r)
    d = h.fresh("exim-data")
    login = r.choice(["wch", "sndl", "okwabena", "rsveinb", "ptres"]) + str(r.randint(1, 99))
    h.write(f"{d}/users", f"{login}: name=\"{p.name}\" email={p.email} phone=\"{p.phone}\"\n")
    conf = exim_conf(h, r)
    how = r.randrange(2)
    if how == 0:
        expr = f"${{lookup{{{login}}}lsearch{{{d}/users}}}}"
        targets = [p.name, p.email, p.phone]
    else:
        expr = f"${{extract{{name}}{{${{lookup{{{login}}}lsearch{{{d}/users}}}}}}}} <${{extract{{email}}{{${{lookup{{{login}}}lsearch{{{d}/users}}}}}}}}>"
        targets = [p.name, p.email]
    return exim(h, conf, "-be", expr), targets


@category("negative", "exim-bp-clean", 20)
def exim_bp_clean(h, r):
    how = r.randrange(3)
    if how == 0:
        auth = f"plain_client:\n  driver = plaintext\n  public_name = PLAIN\n  client_send = ^deploy^${{env{{SMTP_PASSWORD}}}}\n"
        conf = exim_conf(h, r, authenticators=auth)
        return exim(h, conf, "-bP", "authenticators"), []
    conf = exim_conf(h, r)
    opts = r.sample(["primary_hostname", "qualify_domain", "spool_directory", "log_selector", "message_size_limit", "smtp_banner", "received_header_text", "tls_advertise_hosts", "never_users", "trusted_users", "daemon_smtp_ports"], r.randint(2, 5))
    return exim(h, conf, "-bP", *opts) if how == 1 else exim(h, conf, "-bP", "transports"), []


@category("negative", "exim-macros-clean", 20)
def exim_macros_clean(h, r):
    name = r.choice(["SMARTHOST_PASS", "RELAY_PASSWORD", "DKIM_SELECTOR", "SPOOL_ID", "BUILD_SHA"])
    val = {"SMARTHOST_PASS": placeholder(r), "RELAY_PASSWORD": placeholder(r), "DKIM_SELECTOR": f"s{r.randint(2019, 2026)}{r.randint(1, 12):02d}", "SPOOL_ID": uuid(r), "BUILD_SHA": hexs(r, 40)}[name]
    val = val.replace("$", "").replace("{", "(").replace("}", ")").replace("#", "")
    conf = exim_conf(h, r, head=f"{name} = {val}\n")
    return exim(h, conf, "-bP", "macro", name), []


@category("negative", "exim-expand-clean", 20)
def exim_expand_clean(h, r):
    conf = exim_conf(h, r)
    word = r.choice(SERVICES) + "-" + str(r.randint(1, 99))
    expr = r.choice([f"${{sha256:{word}}}", f"${{md5:{word}}}", f"${{sha1:{uuid(r)}}}", f"${{base62:{r.randint(10**6, 10**9)}}}", f"${{lc:{r.choice(ROLES)}}} ${{length_8:{hexs(r, 40)}}}", f"${{hash_8_62:{word}}}", f"${{uc:{word}}} ${{strlen:{digest(r)}}}"])
    return exim(h, conf, "-be", expr), []


@category("negative", "exim-address-test-clean", 20)
def exim_address_test_clean(h, r):
    alias = r.choice(["ci", "alerts", "builds", "noreply", "dependabot"])
    d = h.fresh("exim-home")
    routers = f"aliases:\n  driver = redirect\n  domains = +local_domains\n  data = ${{lookup{{$local_part}}lsearch{{{d}/aliases}}}}\n"
    h.write(f"{d}/aliases", f"{alias}: {r.choice(BOTS)}\n")
    conf = exim_conf(h, r, routers=routers)
    dom = open(conf).read().split("qualify_domain = ", 1)[1].split("\n", 1)[0]
    return exim(h, conf, r.choice(["-bt", "-bv"]), f"{alias}@{dom}"), []
