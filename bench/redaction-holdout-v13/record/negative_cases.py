"""Negative categories: the same programs printing nothing that must go: placeholders, masked
values, hashes, ids, public keys, references to secret stores, values the program hid itself."""

import base64
import re

import programs as P
import values as V
from programs import Atom
from registry import category
from secret_cases import RADIUS_SECRET, host, svc

N = 16


def placeholder(r, name):
    return r.choice([f"${{{name}}}", f"${{{name}:changeme}}", "<redacted>", "********", "REPLACE_ME", f"vault:secret/data/{r.choice(V.SERVICES)}#{name.lower()}", f"{{{{ {name.lower()} }}}}", "[FILTERED]", "xxxxxxxx", f"env:{name}"])


@category("negative", "java-record-masked", N)
def java_masked(h, r):
    fields = {"url": f"jdbc:postgresql://{host(r)}:5432/{svc(r)}", "username": f"{svc(r)}_app", "password": placeholder(r, "DB_PASSWORD"), "poolSize": r.choice([5, 10, 20])}
    decl, call = P.java_record("DataSourceProperties", fields)
    if r.random() < 0.5:
        decl = decl.replace(") {}", ''') {
        @Override public String toString() { return "DataSourceProperties[url=" + url + ", username=" + username + ", password=****, poolSize=" + poolSize + "]"; }
    }''')
    return P.java(h, f"        System.out.println({call});", decl), []


@category("negative", "java-map-clean", N)
def java_map_clean(h, r):
    m = {"build": V.hexs(r, 40), "version": f"{r.randint(1, 4)}.{r.randint(0, 20)}.{r.randint(0, 9)}", "requestId": V.uuid(r), "region": r.choice(["eu-west-1", "us-east-1"]), "replicas": r.randint(1, 9), "DB_PASSWORD": placeholder(r, "DB_PASSWORD"), "etag": f"W/\"{V.hexs(r, 16)}\""}
    body = P.java_map_puts("info", m, r.choice(["HashMap", "LinkedHashMap", "TreeMap"])) + "\n        System.out.println(info);"
    return P.java(h, body), []


@category("negative", "java-properties-placeholders", N)
def java_props_clean(h, r):
    props = {"spring.datasource.url": f"jdbc:postgresql://{host(r)}:5432/{svc(r)}", "spring.datasource.username": f"{svc(r)}_app", "spring.datasource.password": placeholder(r, "DB_PASSWORD"), "management.endpoints.web.exposure.include": "health,info", "app.build.commit": V.hexs(r, 12)}
    lines = ["        Properties p = new Properties();"] + [f"        p.setProperty({P.java_str(k)}, {P.java_str(v)});" for k, v in props.items()] + ["        p.list(System.out);"]
    return P.java(h, "\n".join(lines)), []


@category("negative", "java-exception-clean", N)
def java_exc_clean(h, r):
    msg = r.choice([f"Connection refused: {host(r)}/10.0.{r.randint(0, 9)}.{r.randint(2, 250)}:5432", f"Missing required property 'spring.datasource.password' (set DB_PASSWORD)", f"Order {V.uuid(r)} not found", f"Timeout after {r.choice([3000, 5000])} ms waiting for lock {V.hexs(r, 8)}"])
    decls = f"""    static void load() {{
        throw new IllegalStateException({P.java_str(msg)});
    }}
"""
    return P.java(h, "        load();", decls, ok=(1,)), []


@category("negative", "keytool-list-v", N)
def keytool_list(h, r):
    d = h.fresh_dir("keystore")
    cn = f"{svc(r)}.{r.choice(V.ORGS)}.internal"
    alias = r.choice(["server", "tomcat", svc(r)])
    pw = "v13-recorder-keystore"
    h.run(["keytool", "-genkeypair", "-alias", alias, "-keyalg", r.choice(["RSA", "EC"]), "-dname", f"CN={cn}, OU=Platform, O=Example, C=DE", "-validity", "365", "-keystore", "ks.p12", "-storetype", "PKCS12", "-storepass", pw], cwd=d)
    out = h.run(["keytool", "-list", "-v", "-keystore", "ks.p12", "-storepass", pw], cwd=d)
    out = re.sub(r"Creation date: .*", "Creation date: Nov 27, 2026", out)
    out = re.sub(r"Valid from: .* until: .*", "Valid from: Fri Nov 27 09:00:00 UTC 2026 until: Sat Nov 27 09:00:00 UTC 2027", out)
    return "$ keytool -list -v -keystore ks.p12 -storepass:env STOREPASS\n" + out, []


@category("negative", "jshell-clean", N)
def jshell_clean(h, r):
    lines = [f'var requestId = "{V.uuid(r)}"', f'var commit = "{V.hexs(r, 40)}"', f'var password = System.getenv().getOrDefault("DB_PASSWORD", "{placeholder(r, "DB_PASSWORD")}")', "requestId.length() + commit.length()"]
    return P.jshell(h, lines), []


@category("negative", "elixir-inspect-derive-only", N)
def elixir_derive(h, r):
    pw, key = V.password(r), V.api_token(r)
    fields = {"id": r.randint(1, 9999), "username": f"{svc(r)}_admin", "role": Atom(r.choice(["admin", "editor"])), "password_hash": "$argon2id$v=19$m=65536,t=3,p=4$" + base64.b64encode(V.hexs(r, 16).encode()).decode().rstrip("=") + "$" + V.s(r, V.URLSAFE, 43), "password": pw, "api_token": key}
    code = f"""defmodule Accounts.User do
  @derive {{Inspect, only: [:id, :username, :role]}}
  defstruct {list(k for k in fields)!r}
end
user = struct(Accounts.User, {P.ex_lit(tuple(fields.items()))})
IO.inspect(user)
IO.inspect([user], label: "loaded")
""".replace("['", "[:").replace("', '", ", :").replace("']", "]")
    out = P.elixir(h, code)
    if pw in out or key in out:
        raise RuntimeError("elixir-inspect-derive-only: a hidden field was printed")
    return out, []


@category("negative", "elixir-inspect-clean", N)
def elixir_clean(h, r):
    cfg = {"repo": (("hostname", host(r)), ("username", f"{svc(r)}_app"), ("password", Atom("system")), ("pool_size", 10)), "secret_key_base": {"from_env": "SECRET_KEY_BASE"}, "build": V.hexs(r, 40), "node": f"{svc(r)}@10.0.0.{r.randint(2, 250)}", "request_id": V.uuid(r)}
    code = f"IO.inspect({P.ex_lit(cfg)}, label: \"config\")\nIO.inspect({{:system, \"DB_PASSWORD\"}})\n"
    return P.elixir(h, code), []


@category("negative", "erlang-io-format-clean", N)
def erlang_clean(h, r):
    terms = [{Atom("db_password"): (Atom("env"), "DB_PASSWORD"), Atom("node"): Atom(f"'{svc(r)}@db-01'"), Atom("build"): V.hexs(r, 40), Atom("ref"): V.uuid(r), Atom("pool"): r.randint(1, 50)}, [(Atom("password"), P.Charlist(placeholder(r, "PASSWORD"))), (Atom("port"), 5432)]]
    return P.erl_print(h, terms), []


@category("negative", "wg-public-keys", N)
def wg_public(h, r):
    pubs = [P.wg_pubkey(h, P.wg_genkey(h)) for _ in range(r.randint(1, 2))]
    conf = f"""[Interface]
Address = 10.{r.randint(0, 99)}.0.1/24
ListenPort = 51820
PostUp = wg set %i private-key /etc/wireguard/%i.key

""" + "".join(f"""[Peer]
PublicKey = {pk}
AllowedIPs = 10.{r.randint(100, 200)}.{i}.0/24
Endpoint = {svc(r)}.{r.choice(V.ORGS)}.net:51820

""" for i, pk in enumerate(pubs))
    return P.wg_quick_strip(h, "wg0", conf), []


@category("negative", "named-checkconf-px-obscured", N)
def named_obscured(h, r):
    s1 = base64.b64encode(bytes(r.getrandbits(8) for _ in range(32))).decode()
    conf = f"""key "xfer-{r.choice(V.ORGS)}" {{ algorithm hmac-sha256; secret "{s1}"; }};
options {{ directory "/var/cache/bind"; recursion no; }};
zone "{r.choice(V.ORGS)}.example" {{ type secondary; primaries {{ 192.0.2.{r.randint(2, 250)}; }}; file "db.{svc(r)}"; }};
"""
    out = "$ named-checkconf -px named.conf\n" + P.named_checkconf(h, conf, obscure=True)
    if s1 in out:
        raise RuntimeError("named-checkconf -x printed the secret")
    return out, []


@category("negative", "htpasswd-hashes", N)
def htpasswd_hash(h, r):
    user = f"{r.choice(['deploy', 'admin', 'ci', 'metrics'])}{r.randint(1, 99)}"
    flag = r.choice(["-nbB", "-nbm", "-nbs"])
    pw = V.password(r)
    out = h.run(["htpasswd", flag, user, pw])
    if pw in out:
        raise RuntimeError("htpasswd printed the password")
    return f"$ htpasswd {flag} {user} \"$PASS\"\n" + out, []


@category("negative", "postconf-clean", N)
def postconf_clean(h, r):
    main_cf = f"""myhostname = mail.{r.choice(V.ORGS)}.example
relayhost = [smtp.{r.choice(['mailgun.org', 'sendgrid.net'])}]:587
smtp_sasl_auth_enable = yes
smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd
smtpd_sasl_type = {r.choice(['cyrus', 'dovecot'])}
smtpd_sasl_path = {r.choice(['smtpd', 'private/auth'])}
smtp_tls_CAfile = /etc/ssl/certs/ca-certificates.crt
"""
    d = P.postfix_dir(h, main_cf)
    out = "$ postconf -n\n" + h.run(["postconf", "-c", d, "-n"])
    return out.replace("config_directory = /workspace/postfix", "config_directory = /etc/postfix"), []


@category("negative", "sasldblistusers2", N)
def sasldb_list(h, r):
    d = h.fresh_dir("sasl")
    realm = f"mail.{r.choice(V.ORGS)}.example"
    for _ in range(r.randint(1, 3)):
        h.run(["saslpasswd2", "-f", f"{d}/sasldb2", "-p", "-c", "-u", realm, f"{svc(r)}{r.randint(1, 99)}"], input=V.password(r))
    return "$ sasldblistusers2 -f /etc/sasldb2\n" + h.run(["sasldblistusers2", "-f", f"{d}/sasldb2"]), []


@category("negative", "freeradius-x-chap-request", N)
def radius_chap(h, r):
    name, pw = f"{r.choice(['ap', 'sw', 'vpn'])}-{svc(r)}{r.randint(1, 99)}", V.s(r, V.ALNUM, 16)
    h.radiusd([f'{name} Cleartext-Password := "{pw}"\n'], RADIUS_SECRET)
    _, log = h.radius_log_since(lambda: P.radtest(h, name, pw, RADIUS_SECRET, auth="chap"))
    log = re.sub(r"(Message-Authenticator|CHAP-Password|CHAP-Challenge) = 0x[0-9a-f]+", lambda m: f"{m.group(1)} = 0x{V.hexs(r, 32)}", log)
    if pw in log:
        raise RuntimeError("freeradius CHAP log holds the password")
    return log, []


@category("negative", "snmpget-dump-public", N)
def snmp_public(h, r):
    h.snmpd("NOC <noc@example.net>", "Rack 4, DC1", "public")
    oid = r.choice(["1.3.6.1.2.1.1.5.0", "1.3.6.1.2.1.1.1.0", "1.3.6.1.2.1.1.3.0", "1.3.6.1.2.1.1.2.0"])
    out = f"$ snmpget -v2c -c public -d 127.0.0.1:1161 {oid}\n" + P.snmp_normalize(h.run(["snmpget", "-m", "", "-v2c", "-c", "public", "-d", f"127.0.0.1:{h.snmp_port}", oid], ok=None))
    return out, []


@category("negative", "nginx-access-log-clean", N)
def nginx_clean(h, r):
    h.nginx()
    reqs = [f"/api/v1/orders/{V.uuid(r)}?expand=items", f"/static/app.js?v={V.hexs(r, 8)}", f"/api/v1/search?q={r.choice(V.WORDS)}&page={r.randint(1, 9)}", f"/auth/login?next=%2Fdashboard&lang={r.choice(['de', 'en', 'fr'])}"]
    r.shuffle(reqs)
    log = h.nginx_logs_since(lambda: [h.http_get(q, [("User-Agent", "kube-probe/1.29")]) for q in reqs[: r.randint(2, 4)]], "access")
    return log, []


@category("negative", "nginx-error-log-clean", N)
def nginx_err_clean(h, r):
    h.nginx()
    reqs = [f"/{r.choice(['wp-login.php', '.env', 'favicon.ico', 'robots.txt'])}", f"/assets/{V.hexs(r, 12)}.css"]
    log = h.nginx_logs_since(lambda: [h.http_get(q) for q in reqs], "error")
    return log, []


@category("negative", "elixir-logger-clean", N)
def elixir_logger_clean(h, r):
    code = f"""require Logger
Logger.configure_backend(:console, metadata: [:request_id, :user_id, :api_key])
Logger.metadata(request_id: "{V.hexs(r, 20)}", user_id: {r.randint(100, 99999)})
Logger.info("calling upstream", api_key: "{placeholder(r, 'API_KEY')}")
Logger.warning("retrying {svc(r)} sync in {r.choice([5, 10, 30])}s (attempt {r.randint(2, 5)})")
Logger.flush()
"""
    return P.elixir(h, code), []


@category("negative", "postmap-transport-clean", N)
def postmap_transport(h, r):
    rows = [(f"{r.choice(V.ORGS)}.example", f"smtp:[{r.choice(['relay', 'mx1', 'smtp-out'])}.{r.choice(V.ORGS)}.internal]:{r.choice([25, 587])}") for _ in range(r.randint(1, 3))]
    rows = list(dict(rows).items())
    d = P.postfix_dir(h, "inet_interfaces = loopback-only\n")
    h.write(f"{d}/transport", "".join(f"{k} {v}\n" for k, v in rows))
    h.run(["postmap", "-c", d, f"hash:{d}/transport"])
    return "$ postmap -s hash:/etc/postfix/transport\n" + h.run(["postmap", "-c", d, "-s", f"hash:{d}/transport"]), []


@category("negative", "snmpget-system-clean", N)
def snmpwalk_clean(h, r):
    contact = r.choice(["NOC <noc@example.net>", "root@localhost", "ops-team@example.org", "Me <me@example.org>", "netops@example.com", "Platform on-call <oncall@example.net>"])
    h.snmpd(contact, r.choice(["Rack 4, DC1", "Sitting on the Dock of the Bay", "eu-west-1a", "Cage 12, FRA2"]), "public")
    oid = r.choice(["1.3.6.1.2.1.1.4.0", "1.3.6.1.2.1.1.5.0", "1.3.6.1.2.1.1.6.0"])
    first = r.choice(["1.3.6.1.2.1.1.1.0", "1.3.6.1.2.1.1.3.0", "1.3.6.1.2.1.1.2.0"])
    out = h.run(["snmpget", "-m", "", "-v2c", "-c", "public", f"127.0.0.1:{h.snmp_port}", first, oid])
    return f"$ snmpget -v2c -c public 127.0.0.1:1161 {first} {oid}\n" + out, []
