"""Secret categories: a real program prints a credential it was handed or that it stores."""

import base64

import programs as P
import values as V
from registry import category

N = 13


def svc(r):
    return r.choice(V.SERVICES)


def host(r):
    return r.choice(V.HOSTS)


def vendor_key(r):
    return r.choice([V.stripe, V.sendgrid, V.mailgun, V.shopify, V.google_api, V.slack_bot, V.openai, V.anthropic, V.github, V.gitlab, V.huggingface, V.databricks, V.telegram, V.discord, V.npm, V.linear])(r)


def app_config(r, nested=True):
    """A service configuration with two to four credentials in it; (config, targets)."""
    pw, key = V.password(r), vendor_key(r)
    db = {"host": host(r), "port": r.choice([5432, 3306, 6432]), "username": f"{svc(r)}_app", "password": pw, "database": svc(r)}
    cfg = {"app": {"name": svc(r), "env": r.choice(["production", "staging"]), "debug": r.random() < 0.3}, "database": db}
    targets = [pw, key]
    extra = r.choice(["stripe", "mail", "aws", "slack", "jwt"])
    if extra == "stripe":
        cfg["services"] = {"stripe": {"key": f"pk_live_{V.s(r, V.BASE62, 24)}", "secret": key, "webhook_secret": V.stripe_whsec(r)}}
        targets.append(cfg["services"]["stripe"]["webhook_secret"])
    elif extra == "mail":
        smtp_pw = V.password(r)
        cfg["mail"] = {"driver": "smtp", "host": "smtp.mailgun.org", "port": 587, "username": f"postmaster@mg.{r.choice(V.ORGS)}.com", "password": smtp_pw}
        cfg["api_key"] = key
        targets.append(smtp_pw)
    elif extra == "aws":
        sec = V.aws_secret(r)
        cfg["aws"] = {"key": V.aws_key_id(r), "secret": sec, "region": r.choice(["eu-central-1", "us-east-1", "eu-west-2"]), "bucket": f"{svc(r)}-uploads"}
        cfg["api_key"] = key
        targets.append(sec)
    elif extra == "slack":
        cfg["notifications"] = {"slack_webhook": f"https://hooks.slack.com/services/{V.slack_webhook_path(r)}", "token": key}
        targets.append(cfg["notifications"]["slack_webhook"].rsplit("/", 1)[1])
    else:
        sig = V.s(r, V.URLSAFE, 43)
        cfg["jwt"] = {"secret": sig, "ttl": r.choice([900, 3600])}
        cfg["api_key"] = key
        targets.append(sig)
    if not nested:
        flat = {}
        for k, v in cfg.items():
            if isinstance(v, dict):
                for k2, v2 in v.items():
                    flat[f"{k}.{k2}"] = v2 if not isinstance(v2, dict) else v2
            else:
                flat[k] = v
        cfg = flat
    return cfg, targets


# ---- PHP -----------------------------------------------------------------------------------


@category("secret", "php-var-dump-config", N)
def php_var_dump_config(h, r):
    cfg, targets = app_config(r)
    return P.php_dump(h, cfg, "var_dump", var=r.choice(["config", "settings", "cfg"])), targets


@category("secret", "php-print-r-credentials", N)
def php_print_r_credentials(h, r):
    cfg, targets = app_config(r, nested=r.random() < 0.5)
    if r.random() < 0.4:
        code = f"<?php\n$config = json_decode(json_encode({P.php_lit(cfg)}));\nprint_r($config);\necho \"\\n\";\n"
        return h.php(code), targets
    return P.php_dump(h, cfg, "print_r"), targets


@category("secret", "php-var-export-settings", N)
def php_var_export_settings(h, r):
    cfg, targets = app_config(r)
    return P.php_dump(h, cfg, "var_export"), targets


@category("secret", "php-json-encode-secrets", N)
def php_json_encode_secrets(h, r):
    cfg, targets = app_config(r)
    how = r.choice(["json_pretty", "json", "json_unescaped"])
    return P.php_dump(h, cfg, how), [P.php_json_as_printed(t, how != "json_unescaped") for t in targets]


@category("secret", "phpinfo-environment", N)
def phpinfo_environment(h, r):
    env = {"APP_ENV": "production", "DB_HOST": host(r), "DB_USERNAME": f"{svc(r)}_app"}
    targets = []
    for name, fn in r.sample([("DB_PASSWORD", V.password), ("STRIPE_SECRET", V.stripe), ("MAILGUN_SECRET", V.mailgun), ("GITHUB_TOKEN", V.github), ("OPENAI_API_KEY", V.openai), ("REDIS_PASSWORD", V.password), ("AWS_SECRET_ACCESS_KEY", V.aws_secret), ("SENTRY_AUTH_TOKEN", lambda r: "sntrys_" + V.s(r, V.ALNUM, 60))], r.randint(2, 3)):
        env[name] = fn(r)
        targets.append(env[name])
    what = r.choice(["INFO_ENVIRONMENT", "INFO_ENVIRONMENT | INFO_VARIABLES"])
    return h.php(f"<?php\nphpinfo({what});\n", env=h.env(**env)), targets


# ---- Go ------------------------------------------------------------------------------------


def go_config(r):
    pw, key = V.password(r), vendor_key(r)
    cfg = {"service": svc(r), "env": r.choice(["prod", "staging"]), "debug": r.random() < 0.3,
           "db": {"Host": host(r), "Port": r.choice([5432, 3306]), "User": f"{svc(r)}_rw", "Password": pw, "Name": svc(r)},
           "api_key": key, "tags": r.sample(["blue", "canary", "eu", "batch", "primary"], 2)}
    targets = [pw, key]
    if r.random() < 0.6:
        extra = r.choice([V.github, V.sendgrid, V.slack_bot, V.jwt, V.digitalocean])(r)
        cfg["secrets"] = {r.choice(["github_token", "sendgrid_key", "slack_token", "session_jwt", "do_token"]): extra}
        targets.append(extra)
    return cfg, targets


@category("secret", "go-fmt-struct-verbs", N)
def go_fmt_struct_verbs(h, r):
    cfg, targets = go_config(r)
    return h.go(r.choice(["v", "+v", "#v", "ptr"]), cfg), targets


@category("secret", "go-json-log-config", N)
def go_json_log_config(h, r):
    cfg, targets = go_config(r)
    out = h.go(r.choice(["json", "json-line"]), cfg)
    return out, [P.php_json_as_printed(t, False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") for t in targets]


@category("secret", "go-log-dsn-fatal", N)
def go_log_dsn_fatal(h, r):
    pw, tok = V.password(r), V.api_token(r)
    user, db = f"{svc(r)}_rw", svc(r)
    pw_url = pw.replace("%", "%25").replace("@", "%40").replace("#", "%23").replace("?", "%3F").replace("/", "%2F")
    dsn = r.choice([f"postgres://{user}:{pw_url}@{host(r)}:5432/{db}?sslmode=disable", f"{user}:{pw}@tcp({host(r)}:3306)/{db}?parseTime=true"])
    msgs = [f"auth: using bearer token {tok}", f"connecting to {dsn.split('@')[1].split('/')[0]}"]
    r.shuffle(msgs)
    out = h.go("log", {"service": svc(r), "env": "prod", "messages": msgs, "dsn": dsn}, ok=(1,))
    return out, [pw_url if dsn.startswith("postgres") else pw, tok]


@category("secret", "go-httputil-dump-request", N)
def go_httputil_dump_request(h, r):
    tok = V.api_token(r)
    user, pw = r.choice(["deploy", "ci", "admin", "svc"]), V.password(r)
    kind = r.choice(["bearer", "basic", "apikey"])
    headers = [["Accept", "application/json"], ["User-Agent", f"{svc(r)}-client/2.{r.randint(0, 9)}"]]
    if kind == "bearer":
        headers.append(["Authorization", f"Bearer {tok}"])
        targets = [tok]
    elif kind == "basic":
        b = base64.b64encode(f"{user}:{pw}".encode()).decode()
        headers.append(["Authorization", f"Basic {b}"])
        targets = [b]
    else:
        headers.append(["X-Api-Key", tok])
        targets = [tok]
    cookie = V.session_cookie(r)
    h.http.reply(headers=[("Content-Type", "application/json"), ("Set-Cookie", f"session={cookie}; Path=/; HttpOnly")])
    method = r.choice(["GET", "POST"])
    body = '{"dry_run":true}' if method == "POST" else ""
    out = h.go("dump", {"method": method, "url": f"{h.url}/v1/{r.choice(['deployments', 'releases', 'jobs'])}", "headers": headers, "body": body})
    h.http.reply()
    return out, targets + [cookie]


@category("secret", "go-test-v-failure", N)
def go_test_v_failure(h, r):
    tok, old = V.api_token(r), V.api_token(r)
    pw = V.password(r)
    user, db = f"{svc(r)}_rw", svc(r)
    dsn = f"postgres://{user}:{pw}@{host(r)}:5432/{db}"
    env = h.go_env(SVC_TOKEN=tok, WANT_AUTH=f"Bearer {old}", SVC_DSN=dsn + (" " if r.random() < 0.5 else ""), WANT_DSN=dsn + r.choice(["", "?sslmode=require"]))
    run = r.choice(["", "TestAuthHeader", "TestConnString"])
    args = ["go", "test", "-v", "-count=1", *(["-run", run] if run else []), "./client"]
    out = h.run(args, cwd=h.go_src, env=env, ok=(0, 1))
    targets = [t for t in (tok, old, pw) if t in out]
    return out, targets


# ---- Perl ----------------------------------------------------------------------------------


@category("secret", "perl-data-dumper-config", N)
def perl_data_dumper_config(h, r):
    cfg, targets = app_config(r)
    return P.perl_dumper(h, cfg, var=r.choice(["config", "conf", "settings"]), indent=r.choice([None, 1]), sortkeys=r.random() < 0.7, terse=r.random() < 0.3), targets


@category("secret", "perl-lwp-debug-dump", N)
def perl_lwp_debug_dump(h, r):
    kind = r.choice(["basic", "bearer", "header", "form"])
    if kind == "basic":
        user, pw = r.choice(["deploy", "ci", "admin"]), V.password(r)
        h.http.reply(require_auth=True)
        out = P.perl_lwp(h, "GET", "/api/status", credentials=(user, pw))
        h.http.reply()
        return out, [base64.b64encode(f"{user}:{pw}".encode()).decode()]
    tok = V.api_token(r)
    if kind == "bearer":
        return P.perl_lwp(h, "GET", "/api/releases", headers=[("Authorization", f"Bearer {tok}"), ("Accept", "application/json")]), [tok]
    if kind == "header":
        return P.perl_lwp(h, "GET", "/v2/items", headers=[(r.choice(["X-Api-Key", "Private-Token", "X-Auth-Token"]), tok)]), [tok]
    pw = V.password(r)
    form = f"grant_type=client_credentials&client_id={svc(r)}-worker&client_secret={pw}"
    return P.perl_lwp(h, "POST", "/oauth/token", content=form, headers=[("Content-Type", "application/x-www-form-urlencoded")]), [pw]


# ---- Lua -----------------------------------------------------------------------------------


@category("secret", "lua-config-print", N)
def lua_config_print(h, r):
    cfg, targets = app_config(r)
    how = r.choice(["dump", "pairs", "error"])
    if how == "dump":
        return P.lua_run(h, cfg, "print(dump(config))"), targets
    if how == "pairs":
        body = "for section, values in pairs(config) do\n  if type(values) == 'table' then\n    for k, v in pairs(values) do print(section .. '.' .. k, v) end\n  else\n    print(section, values)\n  end\nend"
        return P.lua_run(h, cfg, body), targets
    body = "local db = config.database\nerror(string.format('cannot connect to %s:%d as %s (password %q)', db.host, db.port, db.username, db.password))"
    return P.lua_run(h, cfg, body, ok=(1,)), [cfg["database"]["password"]]


# ---- Node ----------------------------------------------------------------------------------


@category("secret", "node-console-log-config", N)
def node_console_log_config(h, r):
    cfg, targets = app_config(r)
    if r.random() < 0.3:
        cfg["apiKeys"] = [V.api_token(r) for _ in range(r.randint(2, 3))]
        targets = targets + cfg["apiKeys"]
    how = r.choice(["log", "labelled", "dir", "error"])
    return P.node_log(h, cfg, how=how), targets


@category("secret", "node-repl-inspect", N)
def node_repl_inspect(h, r):
    cfg, targets = app_config(r)
    key = list(cfg.keys())[-1]
    lines = [f"const config = {P.js_lit(cfg).replace(chr(10), ' ')}", "config.database", f"config.{key}" if key.isidentifier() else f"config['{key}']"]
    if r.random() < 0.5:
        lines.append("Object.keys(config)")
    shown = P.node_repl(h, lines)
    return shown, [t for t in targets if t in shown]


# ---- strace, tcpdump, lftp, LDAP --------------------------------------------------------------


@category("secret", "strace-write-credentials", N)
def strace_write_credentials(h, r):
    tok, pw = V.api_token(r), V.password(r)
    tok = tok if len(tok) < 120 else V.github(r)
    kind = r.choice(["file", "http"])
    if kind == "file":
        code = (
            "use strict;\nmy $dir = \"$ENV{HOME}/.config/deployer\";\nmkdir \"$ENV{HOME}/.config\"; mkdir $dir;\n"
            "open(my $fh, '>', \"$dir/credentials\") or die $!;\n$fh->autoflush(1);\n"
            f"print $fh \"[default]\\n\";\nprint $fh 'token = ' . {P.perl_lit(tok)} . \"\\n\";\nprint $fh 'db_password = ' . {P.perl_lit(pw)} . \"\\n\";\nclose $fh;\n"
        )
        out = P.strace(h, ["perl", "-MIO::Handle", h.script("pl", code)], trace="openat,write")
        return out, [tok, pw]
    code = (
        "use strict;\nuse IO::Socket::INET;\n"
        f"my $s = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => {h.http.port}) or die $!;\n"
        f"syswrite($s, \"POST /v1/hooks HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAuthorization: Bearer {tok}\\r\\nContent-Length: 2\\r\\n\\r\\n{{}}\");\n"
        "my $buf; sysread($s, $buf, 4096); print substr($buf, 0, 15), \"\\n\";\n"
    )
    out = P.strace(h, ["perl", h.script("pl", code)], trace="connect,write")
    return out, [tok]


@category("secret", "tcpdump-ascii-http-auth", N)
def tcpdump_ascii_http_auth(h, r):
    kind = r.choice(["basic", "bearer", "cookie"])
    user, pw, tok = r.choice(["deploy", "ci", "admin"]), V.password(r), V.api_token(r)
    tok = tok if len(tok) < 200 else V.gitlab(r)
    if kind == "basic":
        b = base64.b64encode(f"{user}:{pw}".encode()).decode()
        hdr, targets = ("Authorization", f"Basic {b}"), [b]
    elif kind == "bearer":
        hdr, targets = ("Authorization", f"Bearer {tok}"), [tok]
    else:
        c, csrf = V.session_cookie(r), V.s(r, V.ALNUM, 32)
        hdr, targets = ("Cookie", f"sessionid={c}; csrftoken={csrf}"), [c, csrf]
    path = f"/api/{r.choice(['deploy', 'status', 'releases'])}"

    def act():
        h.run(["perl", "-MLWP::UserAgent", "-e", f"LWP::UserAgent->new->get('{h.url}{path}', '{hdr[0]}' => '{hdr[1]}')"])

    return P.tcpdump(h, h.http.port, act, flags=r.choice([("-A",), ("-A", "-q"), ("-A", "-s0")])), targets


@category("secret", "tcpdump-ascii-ftp-login", N)
def tcpdump_ascii_ftp_login(h, r):
    user, pw = r.choice(["deploy", "backup", "www-data", "upload"]), V.password(r)

    def act():
        P.lftp(h, user, pw, f"cd /{r.choice(['pub', 'incoming', 'backups'])}")

    return P.tcpdump(h, h.ftp.port, act, flags=r.choice([("-A",), ("-A", "-q")])), [pw]


@category("secret", "lftp-debug-ftp-login", N)
def lftp_debug_ftp_login(h, r):
    user, pw = r.choice(["deploy", "backup", "www-data", "upload", "ftpuser"]), V.password(r)
    return P.lftp(h, user, pw, r.choice(["pwd", "cd /pub", "cd /incoming; pwd"]), url_creds=r.random() < 0.4), [pw]


def service_accounts(r, n):
    entries, pws = [], []
    for _ in range(n):
        uid = f"{svc(r)}-{r.choice(['svc', 'bind', 'sync', 'app'])}{r.randint(1, 9)}"
        pw = V.password(r)
        while len(pw) > 36:
            pw = V.password(r)
        entries.append((P.dn_in("services", f"uid={uid}"), [("objectClass", "account"), ("objectClass", "simpleSecurityObject"), ("uid", uid), ("userPassword", pw), ("description", f"{svc(r)} bind account")]))
        pws.append(pw)
    return entries, pws


@category("secret", "ldapsearch-userpassword-base64", N)
def ldapsearch_userpassword_base64(h, r):
    entries, pws = service_accounts(r, r.randint(1, 3))
    P.ldap_entries(h, entries)
    out = h.ldap_search("ou=services,dc=example,dc=org", r.choice(["(objectClass=account)", "(uid=*)"]), *r.choice([[], ["uid", "userPassword"]]))
    if r.random() < 0.4:
        out = h.slapcat("dc=example,dc=org")
    P.ldap_cleanup(h, entries)
    return out, [base64.b64encode(p.encode()).decode() for p in pws]


@category("secret", "ldapadd-verbose-userpassword", N)
def ldapadd_verbose_userpassword(h, r):
    entries, pws = service_accounts(r, r.randint(1, 2))
    out = P.ldap_entries(h, entries, "-v")
    P.ldap_cleanup(h, entries)
    return out, pws


@category("secret", "ldappasswd-generated", N)
def ldappasswd_generated(h, r):
    entries, _ = service_accounts(r, 1)
    P.ldap_entries(h, entries)
    out = h.run(["ldappasswd", "-x", "-H", f"ldap://127.0.0.1:{h.ldap_port}", "-D", "cn=admin,dc=example,dc=org", "-w", "v12-recorder-admin", *(["-v"] if r.random() < 0.4 else []), entries[0][0]])
    P.ldap_cleanup(h, entries)
    new = out.split("New password: ")[1].split("\n")[0].strip()
    return out, [new]


# ---- fetchmail and Dovecot ------------------------------------------------------------------


def mailbox_user(r):
    return r.choice(["alice", "ops", "billing", "support", "reports", "deploy"]) + str(r.randint(1, 99))


@category("secret", "fetchmail-configdump", N)
def fetchmail_configdump(h, r):
    user, pw = mailbox_user(r), V.password(r)
    P.fetchmail_rc(h, user, pw, r.choice(["IMAP", "POP3"]))
    return P.fetchmail(h, "--configdump"), [pw]


@category("secret", "dovecot-auth-debug-log", N)
def dovecot_auth_debug_log(h, r):
    user, pw = mailbox_user(r), V.password(r)
    h.mail_user(user, pw)
    given = pw if r.random() < 0.5 else V.password(r)
    P.fetchmail_rc(h, user, given, r.choice(["IMAP", "POP3"]))
    log = h.dovecot_log_since(lambda: P.fetchmail(h, *r.choice([[], ["-v"], ["-c"]])))
    resp = base64.b64encode(f"\0{user}\0{given}".encode()).decode()
    targets = [t for t in (resp, given, pw) if t in log]
    if resp not in log:
        raise RuntimeError("dovecot did not log the AUTH response")
    return log, targets


# ---- Ansible -------------------------------------------------------------------------------


@category("secret", "ansible-debug-vars", N)
def ansible_debug_vars(h, r):
    pw, tok = V.password(r), V.api_token(r)
    extra = r.choice([V.stripe, V.sendgrid, V.aws_secret, V.slack_bot, V.digitalocean])(r)
    vars_ = {"app_name": svc(r), "db_host": host(r), "db_user": f"{svc(r)}_app", "db_password": pw, "api_token": tok, "integrations": {"provider": r.choice(["stripe", "sendgrid", "aws", "slack", "digitalocean"]), "secret": extra, "region": "eu-central-1"}}
    tasks = [
        {"name": "Show database settings", "debug": {"msg": "postgres://{{ db_user }}:{{ db_password }}@{{ db_host }}:5432/{{ app_name }}"}},
        {"name": "Show API token", "debug": {"var": "api_token"}},
        {"name": "Show integrations", "debug": {"var": "integrations"}},
    ]
    r.shuffle(tasks)
    tasks = tasks[: r.randint(2, 3)]
    out = P.ansible_playbook(h, vars_, tasks, verbosity=r.choice(["-v", "-vv", "-vvv"]))
    return out, [t for t in (pw, tok, extra) if t in out]


@category("secret", "ansible-failed-task-result", N)
def ansible_failed_task_result(h, r):
    pw, tok = V.password(r), V.api_token(r)
    tok = tok if len(tok) < 120 else V.github(r)
    kind = r.choice(["command", "uri", "shell"])
    if kind == "command":
        task = {"name": "Run migrations", "command": "/bin/false --db-password {{ db_password }} --user app"}
        targets = [pw]
    elif kind == "shell":
        task = {"name": "Register runner", "shell": "exit 3 # register --token {{ api_token }}"}
        targets = [tok]
    else:
        h.http.reply(status=403, headers=[("Content-Type", "application/json")], body=b'{"error":"forbidden"}\n')
        task = {"name": "Trigger deploy hook", "uri": {"url": f"{h.url}/hooks/deploy", "method": "POST", "headers": {"Authorization": "Bearer {{ api_token }}"}, "body_format": "json", "body": {"ref": "main"}, "status_code": 200}}
        targets = [tok]
    # a failed uri task shows its module arguments (headers) only from -vvv on
    out = P.ansible_playbook(h, {"db_password": pw, "api_token": tok}, [task], verbosity="-vvv" if kind == "uri" else r.choice(["-v", "-vvv"]))
    h.http.reply()
    return out, [t for t in targets if t in out]
