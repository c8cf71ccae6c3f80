"""Secret categories: a real program prints a credential it was handed or that it stores."""

import re

import programs as P
import values as V
from programs import Atom
from registry import category

N = 13


def svc(r):
    return r.choice(V.SERVICES)


def host(r):
    return r.choice(V.HOSTS)


def vendor_key(r):
    return r.choice([V.stripe, V.sendgrid, V.mailgun, V.shopify, V.google_api, V.slack_bot, V.openai, V.anthropic, V.github, V.gitlab, V.huggingface, V.databricks, V.telegram, V.npm, V.linear, V.digitalocean])(r)


def url_password(r):
    """A password that needs no escaping in a URL's userinfo or query."""
    return re.sub(r"[!#%*@?$/]", "", V.password(r))


def short_secret(r):
    """Secrets that fit where a program truncates or pads (≤ 37 characters)."""
    return r.choice([V.password, V.gitlab, lambda r: V.mailgun(r)[:36], V.huggingface, lambda r: V.aws_key_id(r)])(r)


# ---- Java ---------------------------------------------------------------------------------------


@category("secret", "java-record-tostring", N)
def java_record(h, r):
    pw, key = V.password(r), vendor_key(r)
    shape = r.randrange(3)
    if shape == 0:
        fields = {"url": f"jdbc:postgresql://{host(r)}:5432/{svc(r)}", "username": f"{svc(r)}_app", "password": pw, "poolSize": r.choice([5, 10, 20])}
        decl, call = P.java_record("DataSourceProperties", fields)
        targets = [pw]
    elif shape == 1:
        fields = {"baseUrl": f"https://api.{r.choice(V.ORGS)}.com/v2", "apiKey": key, "timeoutMs": r.choice([3000, 5000, 10000]), "retries": r.randint(1, 5)}
        decl, call = P.java_record("ApiClientConfig", fields)
        targets = [key]
    else:
        fields = {"host": "smtp.mailgun.org", "port": 587, "username": f"postmaster@mg.{r.choice(V.ORGS)}.com", "password": pw, "startTls": True}
        decl, call = P.java_record("SmtpSettings", fields)
        targets = [pw]
    name = decl.split()[1].split("(")[0]
    var = name[0].lower() + name[1:]
    style = r.randrange(3)
    if style == 0:
        body = f"        var {var} = {call};\n        System.out.println({var});"
    elif style == 1:
        body = f'        var {var} = {call};\n        System.out.println("Loaded configuration: " + {var});'
    else:
        body = f'        var {var} = {call};\n        System.err.printf("[main] INFO  c.e.config.Bootstrap - bound %s%n", {var});'
    return P.java(h, body, decl), targets


@category("secret", "java-map-tostring", N)
def java_map(h, r):
    pw, key, sec = V.password(r), vendor_key(r), V.aws_secret(r)
    env = {"SPRING_PROFILES_ACTIVE": r.choice(["prod", "staging"]), "DB_HOST": host(r), "DB_USER": f"{svc(r)}_rw", "DB_PASSWORD": pw}
    targets = [pw]
    extra = r.choice(["aws", "key", "both"])
    if extra in ("aws", "both"):
        env["AWS_ACCESS_KEY_ID"] = V.aws_key_id(r)
        env["AWS_SECRET_ACCESS_KEY"] = sec
        targets += [sec]
    if extra in ("key", "both"):
        env[r.choice(["STRIPE_SECRET_KEY", "OPENAI_API_KEY", "GITHUB_TOKEN", "SENDGRID_API_KEY", "API_TOKEN"])] = key
        targets.append(key)
    kind = r.choice(["HashMap", "LinkedHashMap", "TreeMap"])
    body = P.java_map_puts("settings", env, kind) + "\n" + r.choice([
        "        System.out.println(settings);",
        '        System.out.println("effective environment: " + settings);',
        '        System.out.println("overrides=" + settings.entrySet());',
    ])
    return P.java(h, body), targets


@category("secret", "java-properties-list", N)
def java_properties(h, r):
    # store() escapes these characters and list() cuts values after 37: the secrets avoid both
    pw, tok = re.sub(r"[!#:=]", "", V.password(r))[:30], re.sub(r"[!#:=]", "", short_secret(r))
    props = {"app.name": svc(r), "spring.datasource.url": f"jdbc:mysql://{host(r)}:3306/{svc(r)}", "spring.datasource.username": f"{svc(r)}_app", "spring.datasource.password": pw, r.choice(["api.token", "mail.smtp.password", "cache.redis.password", "oauth.client-secret"]): tok, "server.port": str(r.choice([8080, 8081, 9000]))}
    lines = [f"        Properties p = new Properties();"] + [f"        p.setProperty({P.java_str(k)}, {P.java_str(v)});" for k, v in props.items()]
    lines.append(r.choice(["        p.list(System.out);", "        p.store(System.out, \"resolved application.properties\");"]))
    out = P.java(h, "\n".join(lines))
    out = re.sub(r"^#(Fri|Sat|Sun|Mon|Tue|Wed|Thu) .*$", "#Fri Nov 27 09:00:00 UTC 2026", out, flags=re.M)
    return out, [pw, tok]


@category("secret", "java-exception-message", N)
def java_exception(h, r):
    pw, key = V.password(r), vendor_key(r)
    shape = r.randrange(3)
    if shape == 0:
        msg = f"Could not open JDBC connection to jdbc:postgresql://{host(r)}:5432/{svc(r)}?user={svc(r)}_app&password={pw}"
        exc, target = "java.sql.SQLException", pw
    elif shape == 1:
        msg = f"Invalid API key {key} for tenant {r.choice(V.ORGS)} (HTTP 401)"
        exc, target = "java.lang.IllegalStateException", key
    else:
        msg = f"Authentication failed for user={svc(r)}_svc password={pw}"
        exc, target = "java.lang.SecurityException", pw
    decls = f"""    static void connect() throws Exception {{
        throw new {exc}({P.java_str(msg)});
    }}
    static void start() throws Exception {{
        try {{
            connect();
        }} catch (Exception e) {{
            throw new RuntimeException("Application startup failed", e);
        }}
    }}
"""
    out = P.java(h, "        start();", decls, ok=(1,))
    return out, [target]


@category("secret", "jshell-var-echo", N)
def jshell_echo(h, r):
    pw, key = V.password(r), vendor_key(r)
    lines = [
        f'var dbUrl = "jdbc:postgresql://{host(r)}:5432/{svc(r)}"',
        f'var password = "{pw}"',
        f'var headers = Map.of("Authorization", "Bearer {key}", "Accept", "application/json")',
        "headers.get(\"Authorization\")" if r.random() < 0.5 else 'password.length()',
    ]
    return P.jshell(h, lines), [pw, key]


# ---- Elixir / Erlang ---------------------------------------------------------------------------


@category("secret", "elixir-inspect-map", N)
def elixir_map(h, r):
    pw, key = V.password(r), vendor_key(r)
    repo = (("username", f"{svc(r)}_app"), ("password", pw), ("hostname", host(r)), ("database", f"{svc(r)}_prod"), ("pool_size", r.choice([10, 20])))
    cfg = {"repo": repo, "api": {"base_url": f"https://api.{r.choice(V.ORGS)}.com", "api_key": key, "timeout": 15000}}
    if r.random() < 0.5:
        code = f"config = {P.ex_lit(cfg)}\nIO.inspect(config, label: \"runtime config\")\n"
    else:
        code = f"repo = {P.ex_lit(repo)}\nIO.inspect(repo)\nIO.inspect({P.ex_lit(cfg['api'])}, pretty: true)\n"
    return P.elixir(h, code), [pw, key]


@category("secret", "elixir-uri-userinfo", N)
def elixir_uri(h, r):
    pw = url_password(r)
    user = f"{svc(r)}_app"
    scheme, port = r.choice([("postgres", 5432), ("amqp", 5672), ("redis", 6379), ("https", 443)])
    url = f"{scheme}://{user}:{pw}@{host(r)}:{port}/{svc(r)}"
    code = f'uri = URI.parse("{url}")\nIO.inspect(uri)\n' + r.choice(['IO.puts("userinfo: #{uri.userinfo}")\n', 'IO.inspect(String.split(uri.userinfo, ":"), label: "credentials")\n', ""])
    return P.elixir(h, code), [pw]


@category("secret", "elixir-logger-metadata", N)
def elixir_logger(h, r):
    key, tok = vendor_key(r), V.jwt(r) if r.random() < 0.5 else V.session_cookie(r)
    code = f"""require Logger
Logger.configure_backend(:console, metadata: [:request_id, :api_key, :token, :user_id])
Logger.metadata(request_id: "{V.hexs(r, 20)}", user_id: {r.randint(100, 99999)})
Logger.info("calling upstream", api_key: "{key}")
Logger.warning("session refresh failed", token: "{tok}")
Logger.flush()
"""
    out = P.elixir(h, code)
    return out, [key, tok]


@category("secret", "erlang-io-format-p", N)
def erlang_p(h, r):
    pw, key = V.password(r), vendor_key(r)
    if r.random() < 0.5:
        term = {Atom("db"): [(Atom("host"), P.Charlist(host(r))), (Atom("user"), P.Charlist(f"{svc(r)}_app")), (Atom("password"), P.Charlist(pw))], Atom("api_key"): key, Atom("env"): Atom(r.choice(["prod", "staging"]))}
        terms = [term]
    else:
        terms = [[(Atom("username"), f"{svc(r)}_svc"), (Atom("password"), pw)], {"Authorization": f"Bearer {key}", "content-type": "application/json"}]
    return P.erl_print(h, terms), [pw, key]


# ---- WireGuard, wpa_passphrase, htpasswd -------------------------------------------------------


@category("secret", "wg-quick-strip", N)
def wg_strip(h, r):
    priv, psk = P.wg_genkey(h), P.wg_genpsk(h)
    peer = P.wg_pubkey(h, P.wg_genkey(h))
    conf = f"""[Interface]
Address = 10.{r.randint(0, 99)}.0.{r.randint(1, 9)}/24
ListenPort = {r.choice([51820, 51821, 41194])}
PrivateKey = {priv}
DNS = 1.1.1.1
PostUp = iptables -A FORWARD -i %i -j ACCEPT
PostDown = iptables -D FORWARD -i %i -j ACCEPT

[Peer]
# {svc(r)}-gateway
PublicKey = {peer}
PresharedKey = {psk}
AllowedIPs = 10.{r.randint(100, 200)}.0.0/16
Endpoint = vpn-{r.randint(1, 9)}.{r.choice(V.ORGS)}.net:51820
PersistentKeepalive = 25
"""
    return P.wg_quick_strip(h, r.choice(["wg0", "wg1", "corp0"]), conf), [priv, psk]


@category("secret", "wpa-passphrase", N)
def wpa_pass(h, r):
    ssid = r.choice(["HomeNet", "Office-5G", "FRITZ!Box 7590 QX", "Lab-WLAN", "guest-iot", "Vodafone-A3F2"])
    pw = V.password(r)
    out = "$ wpa_passphrase '" + ssid + "' '" + pw + "'\n" + h.run(["wpa_passphrase", ssid, pw])
    psk = re.search(r"\n\s*psk=([0-9a-f]{64})", out).group(1)
    return out, [pw, psk]


@category("secret", "htpasswd-plaintext", N)
def htpasswd_plain(h, r):
    users = [(f"{r.choice(['deploy', 'admin', 'ci', 'metrics', 'staging'])}{i}", V.password(r)) for i in range(r.randint(1, 2))]
    out = ""
    for user, pw in users:
        out += f"$ htpasswd -nbp {user} '{pw}'\n" + h.run(["htpasswd", "-nbp", user, pw])
    return out, [pw for _, pw in users]


# ---- BIND ----------------------------------------------------------------------------------------


def tsig_secret(r):
    import base64
    return base64.b64encode(bytes(r.getrandbits(8) for _ in range(32))).decode()


@category("secret", "named-checkconf-tsig", N)
def named_tsig(h, r):
    s1, s2 = tsig_secret(r), tsig_secret(r)
    k1, k2 = f"{r.choice(['xfer', 'transfer', 'ddns'])}-{r.choice(V.ORGS)}", f"{r.choice(['update', 'certbot', 'dhcp'])}-key"
    conf = f"""key "{k1}" {{ algorithm hmac-sha256; secret "{s1}"; }};
key "{k2}" {{ algorithm hmac-sha512; secret "{s2}"; }};
options {{ directory "/var/cache/bind"; recursion no; allow-transfer {{ key "{k1}"; }}; }};
zone "{r.choice(V.ORGS)}.example" {{ type primary; file "/etc/bind/db.example"; update-policy {{ grant {k2} zonesub ANY; }}; }};
"""
    return "$ named-checkconf -p named.conf\n" + P.named_checkconf(h, conf), [s1, s2]


@category("secret", "tsig-keygen", N)
def tsig_keygen(h, r):
    name = f"{r.choice(['xfer', 'ddns', 'acme', 'notify'])}.{r.choice(V.ORGS)}.example"
    alg = r.choice(["hmac-sha256", "hmac-sha512", "hmac-sha384"])
    out = f"$ tsig-keygen -a {alg} {name}\n" + h.run(["tsig-keygen", "-a", alg, name])
    return out, re.findall(r'secret "([^"]+)"', out)


@category("secret", "rndc-confgen", N)
def rndc_confgen(h, r):
    args = ["rndc-confgen", "-A", r.choice(["hmac-sha256", "hmac-sha512"])]
    if r.random() < 0.5:
        args += ["-k", f"rndc-{r.choice(V.ORGS)}"]
    out = "$ " + " ".join(args) + "\n" + h.run(args)
    return out, list(dict.fromkeys(re.findall(r'secret "([^"]+)"', out)))


# ---- Postfix -------------------------------------------------------------------------------------


@category("secret", "postconf-static-sasl", N)
def postconf_static(h, r):
    relay, user, pw = r.choice([("[smtp.sendgrid.net]:587", "apikey", V.sendgrid(r)), ("[smtp.mailgun.org]:587", f"postmaster@mg.{r.choice(V.ORGS)}.com", V.password(r)), ("[email-smtp.eu-west-1.amazonaws.com]:587", V.aws_key_id(r), V.aws_secret(r).replace("/", "+")), ("[smtp.office365.com]:587", f"relay@{r.choice(V.ORGS)}.com", V.password(r))])
    main_cf = f"""myhostname = mail.{r.choice(V.ORGS)}.example
inet_interfaces = loopback-only
relayhost = {relay}
smtp_sasl_auth_enable = yes
smtp_sasl_password_maps = static:{user}:{pw}
smtp_sasl_security_options = noanonymous
smtp_tls_security_level = encrypt
"""
    d = P.postfix_dir(h, main_cf)
    out = "$ postconf -n\n" + h.run(["postconf", "-c", d, "-n"])
    return out.replace("config_directory = /workspace/postfix", "config_directory = /etc/postfix"), [pw]


@category("secret", "postmap-query-sasl-passwd", N)
def postmap_query(h, r):
    rows = [(f"[smtp.{r.choice(['mailgun.org', 'sendgrid.net', 'postmarkapp.com', 'fastmail.com'])}]:{r.choice([587, 465])}", f"{svc(r)}@{r.choice(V.ORGS)}.com", V.password(r)) for _ in range(r.randint(1, 3))]
    rows = list({k: (k, u, p) for k, u, p in rows}.values())
    d = P.postfix_dir(h, "inet_interfaces = loopback-only\n")
    h.write(f"{d}/sasl_passwd", "".join(f"{k} {u}:{p}\n" for k, u, p in rows))
    h.run(["postmap", "-c", d, f"hash:{d}/sasl_passwd"])
    if r.random() < 0.5:
        out = f"$ postmap -q '{rows[0][0]}' hash:/etc/postfix/sasl_passwd\n" + h.run(["postmap", "-c", d, "-q", rows[0][0], f"hash:{d}/sasl_passwd"])
        return out, [rows[0][2]]
    out = "$ postmap -s hash:/etc/postfix/sasl_passwd\n" + h.run(["postmap", "-c", d, "-s", f"hash:{d}/sasl_passwd"])
    return out, [p for _, _, p in rows]


# ---- FreeRADIUS --------------------------------------------------------------------------------


def radius_user(r, name, pw):
    return f'{name} Cleartext-Password := "{pw}"\n\tReply-Message := "Welcome, %{{User-Name}}"\n'


RADIUS_SECRET = "v13-recorder-radius"


@category("secret", "radtest-access-request", N)
def radtest_req(h, r):
    name, pw = f"{r.choice(['vpn', 'wifi', 'sw'])}-{svc(r)}{r.randint(1, 99)}", V.password(r).replace('"', "")
    wrong = r.random() < 0.3
    h.radiusd([radius_user(r, name, pw)], RADIUS_SECRET)
    sent = V.password(r) if wrong else pw
    out = f"$ radtest {name} '{sent}' 127.0.0.1 0 $RADIUS_SECRET\n" + P.radtest(h, name, sent, RADIUS_SECRET)
    return out, [sent]


@category("secret", "freeradius-x-debug", N)
def radiusd_debug(h, r):
    name, pw = f"{r.choice(V.FIRST).lower()}.{r.choice(V.LAST).lower()}", V.password(r).replace('"', "")
    h.radiusd([radius_user(r, name, pw)], RADIUS_SECRET)
    _, log = h.radius_log_since(lambda: P.radtest(h, name, pw, RADIUS_SECRET))
    log = re.sub(r"Message-Authenticator = 0x[0-9a-f]+", "Message-Authenticator = 0x5c2e1f0a9b8d7c6e5f4a3b2c1d0e9f8a", log)
    return log, [pw]


# ---- SNMP and nginx ------------------------------------------------------------------------------


def community(r):
    return r.choice([lambda: V.s(r, V.ALNUM, r.randint(6, 8)), lambda: f"{r.choice(V.WORDS)}{r.randint(10, 99)}", lambda: f"{V.s(r, V.ALNUM, 3)}!{V.s(r, V.ALNUM, 3)}"])()


@category("secret", "snmpget-dump-community", N)
def snmp_dump(h, r):
    c = community(r)
    h.snmpd("NOC <noc@example.net>", "Rack 4, DC1", c)
    oid = r.choice(["1.3.6.1.2.1.1.5.0", "1.3.6.1.2.1.1.1.0", "1.3.6.1.2.1.1.4.0"])
    out = f"$ snmpget -v2c -c {c} -d 127.0.0.1:1161 {oid}\n" + P.snmp_normalize(h.run(["snmpget", "-m", "", "-v2c", "-c", c, "-d", f"127.0.0.1:{h.snmp_port}", oid], ok=None))
    return out, [c]


@category("secret", "nginx-access-log-query-token", N)
def nginx_access(h, r):
    h.nginx()
    key, tok = vendor_key(r), V.session_cookie(r)
    reqs = [r.choice([f"/api/v1/export?format=csv&api_key={key}", f"/api/hooks/deploy?token={key}", f"/api/v2/items?access_token={key}&page=2"]), f"/auth/callback?code={tok}&state={V.hexs(r, 16)}", "/static/app.js"]
    r.shuffle(reqs)
    agent = r.choice(["Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0", "python-requests/2.31.0", "Go-http-client/1.1"])
    log = h.nginx_logs_since(lambda: [h.http_get(p, [("User-Agent", agent)]) for p in reqs], "access")
    return log, [key, tok]


@category("secret", "nginx-error-log-request", N)
def nginx_error(h, r):
    h.nginx()
    key = vendor_key(r)
    pw = url_password(r)
    reqs = [r.choice([f"/reports/{svc(r)}.pdf?signature={key}", f"/download?token={key}", f"/v1/{svc(r)}/sync?apikey={key}"]), f"/login.php?user=admin&password={pw}"]
    log = h.nginx_logs_since(lambda: [h.http_get(p) for p in reqs], "error")
    return log, [key, pw]


# ---- crashes ---------------------------------------------------------------------------------------


@category("secret", "elixir-raise-message", N)
def elixir_raise(h, r):
    pw, key = url_password(r), vendor_key(r)
    shape = r.randrange(2)
    if shape == 0:
        url = f"{r.choice(['postgres', 'ecto', 'amqp'])}://{svc(r)}_app:{pw}@{host(r)}/{svc(r)}"
        mod = svc(r).capitalize()
        code = f"""defmodule {mod}.Repo do
  def connect(url), do: raise(ArgumentError, "could not connect to " <> url <> ": connection refused")
end
{mod}.Repo.connect({P.ex_lit(url)})
"""
        target = pw
    else:
        code = f"""defmodule Upstream do
  def call!(key), do: raise(RuntimeError, "upstream rejected api key " <> key <> " (401)")
end
Upstream.call!({P.ex_lit(key)})
"""
        target = key
    return P.elixir(h, code, ok=(1,)), [target]


@category("secret", "erlang-badmatch-crash", N)
def erlang_badmatch(h, r):
    pw, key = V.password(r), vendor_key(r)
    term = {Atom("user"): f"{svc(r)}_svc", Atom("password"): pw, Atom("api_key"): key}
    expr = f"{{ok, _}} = {{error, {P.erl_lit(term)}}}, halt()."
    out = h.run(["erl", "-noshell", "-eval", expr], ok=None)
    return f"$ erl -noshell -eval '{expr}'\n" + out, [pw, key]
