"""Negative categories: the same programs' ordinary output, with nothing secret or personal in it
(ids, hashes, versions, timings, masked or absent credentials, placeholders, secret-manager
references, bot mailboxes, public keys, values that are code)."""

import base64
import hashlib

import programs as P
import values as V
from registry import category

N = 16
BOTS = ["ci-bot@example.com", "alerts@example.org", "noreply@example.net", "builds@ci.example.com", "monitoring@example.com", "dependabot[bot]@users.noreply.github.com"]
PLACEHOLDERS = ["${DB_PASSWORD}", "<your-api-key>", "********", "changeme", "vault:secret/data/billing#password", "op://Engineering/Stripe/credential", "{{ secrets.API_TOKEN }}", "%(API_TOKEN)s", "arn:aws:secretsmanager:eu-central-1:123456789012:secret:prod/db-AbCdEf", "[REDACTED]", "env:STRIPE_SECRET_KEY", "sk_live_...", "xxxxxxxxxxxxxxxx", "", None]


def svc(r):
    return r.choice(V.SERVICES)


def clean_config(r):
    """A configuration whose credential fields hold references and placeholders only."""
    return {
        "app": {"name": svc(r), "env": r.choice(["production", "staging"]), "version": f"{r.randint(1, 4)}.{r.randint(0, 20)}.{r.randint(0, 9)}", "commit": V.hexs(r, 40)},
        "database": {"host": r.choice(V.HOSTS), "port": r.choice([5432, 3306]), "username": f"{svc(r)}_app", "password": r.choice(PLACEHOLDERS), "pool": r.randint(5, 50)},
        "api_key": r.choice(PLACEHOLDERS),
        "webhook_secret": r.choice(PLACEHOLDERS),
        "notify": r.choice(BOTS),
        "request_id": V.uuid(r),
        "checksum": "sha256:" + V.hexs(r, 64),
        "feature_flags": r.sample(["new_checkout", "dark_mode", "batch_export", "v2_search", "beta_api"], 3),
    }


def ids_record(r):
    return {"id": V.uuid(r), "build": r.randint(1000, 99999), "sha": V.hexs(r, 40), "etag": f"W/\"{V.hexs(r, 16)}\"", "status": r.choice(["queued", "running", "succeeded", "failed"]), "duration_ms": r.randint(10, 90000), "owner": r.choice(BOTS)}


@category("negative", "php-dump-placeholders", N)
def php_dump_placeholders(h, r):
    return P.php_dump(h, clean_config(r), r.choice(list(P.PHP_DUMPERS))), []


@category("negative", "php-pdo-sensitive-parameter", N)
def php_pdo_sensitive_parameter(h, r):
    pw = V.password(r)
    user = f"{svc(r)}_app"
    dsn = r.choice([f"sqlite:/nonexistent/{svc(r)}/app.db", f"pgsql:host=127.0.0.1;port=1;dbname={svc(r)}", f"mysql:host=127.0.0.1;port=1;dbname={svc(r)}"])
    code = f"<?php\n$pdo = new PDO({P.php_lit(dsn)}, {P.php_lit(user)}, {P.php_lit(pw)}, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);\n"
    flags = r.choice([[], ["-d", "zend.exception_ignore_args=0"], ["-d", "zend.exception_ignore_args=0", "-d", "zend.exception_string_param_max_len=64"]])
    out = h.php(code, *flags, ok=(255,))
    if pw in out:
        raise RuntimeError("PHP printed the PDO password")
    return out, []


@category("negative", "phpinfo-environment-clean", N)
def phpinfo_environment_clean(h, r):
    env = {"APP_ENV": r.choice(["production", "staging"]), "APP_VERSION": f"{r.randint(1, 5)}.{r.randint(0, 30)}.{r.randint(0, 9)}", "GIT_SHA": V.hexs(r, 40), "DB_PASSWORD_FILE": "/run/secrets/db_password", "STRIPE_SECRET": r.choice(PLACEHOLDERS[:10]), "REQUEST_ID": V.uuid(r)}
    return h.php(f"<?php\nphpinfo({r.choice(['INFO_ENVIRONMENT', 'INFO_ENVIRONMENT | INFO_VARIABLES', 'INFO_GENERAL'])});\n", env=h.env(**env)), []


@category("negative", "php-dump-build-records", N)
def php_dump_build_records(h, r):
    rows = [ids_record(r) for _ in range(r.randint(2, 4))]
    return P.php_dump(h, rows, r.choice(["var_dump", "print_r", "var_export", "json_pretty"]), var=r.choice(["builds", "jobs", "rows"])), []


@category("negative", "go-env-and-version", N)
def go_env_and_version(h, r):
    args = r.choice([["env"], ["env", "GOPATH", "GOCACHE", "GOOS", "GOARCH", "GOPRIVATE"], ["version"], ["list", "-m", "-json"], ["vet", "./..."], ["list", "-f", "{{.ImportPath}} {{.Dir}}", "./..."]])
    out = h.run(["go", *args], cwd=h.go_src, env=h.go_env(GOPRIVATE=f"github.com/{r.choice(V.ORGS)}/*", GONOSUMDB=f"github.com/{r.choice(V.ORGS)}"))
    if args == ["env"]:
        # GOGCCFLAGS names go's fixed /tmp/go-build prefix map; the command shown filters it
        out = "".join(line for line in out.splitlines(True) if not line.startswith("GOGCCFLAGS="))
        return f"$ go env | grep -v GOGCCFLAGS\n{out}", []
    return f"$ go {' '.join(P.quote(a) for a in args)}\n{out}", []


@category("negative", "go-fmt-struct-clean", N)
def go_fmt_struct_clean(h, r):
    cfg = {"service": svc(r), "env": r.choice(["prod", "staging"]), "db": {"Host": r.choice(V.HOSTS), "Port": 5432, "User": f"{svc(r)}_ro", "Password": r.choice(["", "REDACTED", "${DB_PASSWORD}", "********"]), "Name": svc(r)},
           "api_key": r.choice(["", "<unset>", "env:API_KEY"]), "tags": [V.hexs(r, 12), f"build-{r.randint(100, 9999)}"], "secrets": {"db_password": "vault:secret/data/" + svc(r), "token_sha256": V.hexs(r, 64)}}
    return h.go(r.choice(["v", "+v", "#v", "json", "json-line"]), cfg), []


@category("negative", "go-test-v-pass", N)
def go_test_v_pass(h, r):
    placeholder = r.choice(["${DB_PASSWORD}", "<password>", "REDACTED", "changeme", "%2A%2A%2A%2A"])
    dsn = f"postgres://{svc(r)}_ro:{placeholder}@{r.choice(V.HOSTS)}:5432/{svc(r)}?application_name=ci-{V.hexs(r, 7)}"
    token = r.choice(["<token>", "${GITHUB_TOKEN}", "test-token", "dummy"])
    env = h.go_env(SVC_TOKEN=token, WANT_AUTH=f"Bearer {token}", SVC_DSN=dsn, WANT_DSN=dsn)
    run = r.choice(["", "TestAuthHeader", "TestConnString"])
    args = ["go", "test", "-v", "-count=1", *(["-run", run] if run else []), *(["-cover"] if r.random() < 0.4 else []), "./client"]
    return h.run(args, cwd=h.go_src, env=env), []


@category("negative", "go-log-clean", N)
def go_log_clean(h, r):
    msgs = [
        f"build {V.hexs(r, 12)} finished in {r.randint(2, 900)}s",
        f"request_id={V.uuid(r)} status={r.choice([200, 204, 304, 404])} bytes={r.randint(10, 90000)}",
        f"loaded {r.randint(2, 40)} feature flags (etag {V.hexs(r, 16)})",
        f"auth: token source is {r.choice(['env:API_TOKEN', 'file:/run/secrets/api_token', 'vault:secret/data/ci'])} (value not logged)",
        f"notifying {r.choice(BOTS)}",
    ]
    r.shuffle(msgs)
    return h.go("log", {"service": svc(r), "env": r.choice(["prod", "staging"]), "messages": msgs[: r.randint(3, 5)]}), []


@category("negative", "go-httputil-dump-clean", N)
def go_httputil_dump_clean(h, r):
    h.http.reply(headers=[("Content-Type", "application/json"), ("ETag", f"\"{V.hexs(r, 32)}\""), ("X-Request-Id", V.uuid(r))], body=(f'{{"id":"{V.uuid(r)}","status":"ok","sha":"{V.hexs(r, 40)}"}}\n').encode())
    headers = [["Accept", "application/json"], ["X-Request-Id", V.uuid(r)], ["If-None-Match", f"\"{V.hexs(r, 32)}\""]]
    if r.random() < 0.5:
        headers.append(["Authorization", "Bearer <token>"])
    out = h.go("dump", {"method": r.choice(["GET", "HEAD"]), "url": f"{h.url}/v1/builds/{r.randint(100, 99999)}", "headers": headers})
    h.http.reply()
    return out, []


@category("negative", "perl-dumper-clean", N)
def perl_dumper_clean(h, r):
    value = r.choice([clean_config(r), [ids_record(r) for _ in range(r.randint(2, 4))]])
    return P.perl_dumper(h, value, var=r.choice(["config", "builds"]), indent=r.choice([None, 1]), sortkeys=r.random() < 0.7, terse=r.random() < 0.3), []


@category("negative", "perl-lwp-dump-clean", N)
def perl_lwp_dump_clean(h, r):
    h.http.reply(headers=[("Content-Type", "application/json"), ("X-Request-Id", V.uuid(r))], body=(f'{{"build":{r.randint(100, 9999)},"sha":"{V.hexs(r, 40)}"}}\n').encode())
    hdrs = [("Accept", "application/json"), ("If-None-Match", f'"{V.hexs(r, 32)}"')]
    if r.random() < 0.4:
        hdrs.append(("Authorization", r.choice(["Bearer <your-token>", "Bearer ${GITHUB_TOKEN}", "token REDACTED"])))
    out = P.perl_lwp(h, r.choice(["GET", "HEAD"]), f"/api/builds/{r.randint(100, 99999)}", headers=hdrs)
    h.http.reply()
    return out, []


@category("negative", "node-inspect-clean", N)
def node_inspect_clean(h, r):
    value = r.choice([clean_config(r), {"builds": [ids_record(r) for _ in range(r.randint(2, 4))], "page": 1}, {"items": list(range(r.randint(101, 140))), "cursor": V.hexs(r, 24)}])
    return P.node_log(h, value, how=r.choice(["log", "dir", "labelled"])), []


@category("negative", "node-repl-clean", N)
def node_repl_clean(h, r):
    cfg = clean_config(r)
    lines = [f"const config = {P.js_lit(cfg).replace(chr(10), ' ')}", "config.database", "config.api_key", r.choice(["Object.keys(config)", "config.feature_flags.length", "typeof config.webhook_secret", "process.versions.node"])]
    return P.node_repl(h, lines), []


@category("negative", "lua-config-clean", N)
def lua_config_clean(h, r):
    cfg = clean_config(r)
    cfg = {k: v for k, v in cfg.items() if v is not None}
    cfg["database"] = {k: v for k, v in cfg["database"].items() if v is not None}
    how = r.choice(["dump", "pairs", "error"])
    if how == "dump":
        return P.lua_run(h, cfg, "print(dump(config))"), []
    if how == "pairs":
        return P.lua_run(h, cfg, "for k, v in pairs(config.database) do print(k, v) end\nprint('api_key set:', config.api_key ~= nil and config.api_key ~= '')"), []
    return P.lua_run(h, cfg, "error(string.format('missing setting %s (have %d flags)', 'cache.url', #config.feature_flags))", ok=(1,)), []


@category("negative", "strace-clean", N)
def strace_clean(h, r):
    cfg = h.write(f"etc/{svc(r)}.conf", f"[server]\nport = {r.randint(3000, 9000)}\nworkers = {r.randint(1, 16)}\nbuild = {V.hexs(r, 40)}\npassword_file = /run/secrets/{svc(r)}\n")
    prog = r.choice([["cat", cfg], ["ls", "-la", "--time-style=+%F", h.home + "/etc"], ["sha256sum", cfg], ["wc", "-l", cfg], ["head", "-n", "2", cfg]])
    out = P.strace(h, prog, trace=r.choice(["openat,read,write", "read,write", "openat,write"]))
    return out.replace(h.home, "/workspace"), []


@category("negative", "tcpdump-ascii-clean", N)
def tcpdump_ascii_clean(h, r):
    h.http.reply(headers=[("Content-Type", "application/json")], body=(f'{{"status":"ok","build":"{V.hexs(r, 12)}"}}\n').encode())
    path = f"/healthz?ts={r.randint(1000, 9999)}"

    def act():
        h.run(["perl", "-MLWP::UserAgent", "-e", f"LWP::UserAgent->new->get('{h.url}{path}', 'X-Request-Id' => '{V.uuid(r)}')"])

    out = P.tcpdump(h, h.http.port, act, flags=r.choice([("-A",), ("-A", "-q"), ("-X",)]))
    h.http.reply()
    return out, []


@category("negative", "ldapsearch-hashed-and-groups", N)
def ldapsearch_hashed_and_groups(h, r):
    entries = []
    for _ in range(r.randint(1, 3)):
        uid = f"{svc(r)}-{r.choice(['svc', 'bind', 'sync'])}{r.randint(1, 9)}"
        salt = bytes(r.randrange(256) for _ in range(8))
        digest = hashlib.sha1(V.password(r).encode() + salt).digest()
        ssha = "{SSHA}" + base64.b64encode(digest + salt).decode()
        entries.append((P.dn_in("services", f"uid={uid}"), [("objectClass", "account"), ("objectClass", "simpleSecurityObject"), ("uid", uid), ("userPassword", ssha), ("description", f"build {V.hexs(r, 12)}")]))
    P.ldap_entries(h, entries)
    how = r.choice(["search", "slapcat", "ous"])
    if how == "search":
        out = h.ldap_search("ou=services,dc=example,dc=org", "(uid=*)")
    elif how == "slapcat":
        out = h.slapcat("dc=example,dc=org")
    else:
        out = h.ldap_search("dc=example,dc=org", "(objectClass=organizationalUnit)", bind=False)
    P.ldap_cleanup(h, entries)
    return out, []


@category("negative", "ldapadd-verbose-groups", N)
def ldapadd_verbose_groups(h, r):
    entries = []
    for _ in range(r.randint(1, 3)):
        cn = f"{svc(r)}-{r.choice(['admins', 'readers', 'deployers', 'oncall'])}"
        entries.append((f"cn={cn},ou=services,dc=example,dc=org", [("objectClass", "posixGroup"), ("cn", cn), ("gidNumber", str(r.randint(10000, 60000))), ("description", f"managed by terraform ({V.hexs(r, 8)})")]))
    out = P.ldap_entries(h, entries, "-v")
    P.ldap_cleanup(h, entries)
    return out, []


@category("negative", "slapd-stats-log", N)
def slapd_stats_log(h, r):
    entries = [(P.dn_in("services", f"uid={svc(r)}-bot{r.randint(1, 99)}"), [("objectClass", "account"), ("uid", "x"), ("description", f"build {V.hexs(r, 12)}")])]
    entries = [(dn, [("objectClass", "account"), ("uid", dn.split(",")[0][4:]), *a[2:]]) for dn, a in entries]

    def act():
        P.ldap_entries(h, entries)
        h.ldap_search("dc=example,dc=org", r.choice(["(uid=*)", "(objectClass=account)", "(ou=people)"]), bind=r.random() < 0.5)
        P.ldap_cleanup(h, entries)

    return h.slapd_log_since(act), []


@category("negative", "lftp-anonymous-debug", N)
def lftp_anonymous_debug(h, r):
    d = f"/pub/{svc(r)}/{r.randint(1, 4)}.{r.randint(0, 20)}"
    cmds = r.choice([f"cd {d}", f"cd {d}; pwd", f"pwd; cd {d}"])
    return h.run(["lftp", "-d", "-e", f"{cmds}; quit", f"ftp://127.0.0.1:{h.ftp.port}"], ok=None), []


@category("negative", "fetchmail-verbose-masked", N)
def fetchmail_verbose_masked(h, r):
    user, pw = f"{r.choice(['ci', 'alerts', 'builds', 'noreply'])}-bot{r.randint(1, 99)}", V.password(r)
    h.mail_user(user, pw)
    P.fetchmail_rc(h, user, pw, r.choice(["IMAP", "POP3"]))
    out = P.fetchmail(h, *r.choice([["-v"], ["-v", "-c"], ["-v", "-v"]]))
    if pw in out or base64.b64encode(f"\0{user}\0{pw}".encode()).decode() in out:
        raise RuntimeError("fetchmail printed the password it claims to mask")
    return out, []


@category("negative", "ansible-no-log-masked", N)
def ansible_no_log_masked(h, r):
    pw = V.password(r)
    vars_ = {"db_password": pw, "db_password_ref": r.choice(["vault:secret/data/db#password", "op://Ops/db/password", "${DB_PASSWORD}"]), "build_sha": V.hexs(r, 40), "notify": r.choice(BOTS)}
    tasks = [
        {"name": "Write database password", "copy": {"content": "{{ db_password }}\n", "dest": "{{ playbook_dir }}/db.pass", "mode": "0600"}, "no_log": True},
        {"name": "Show where the password comes from", "debug": {"var": "db_password_ref"}},
        {"name": "Show build", "debug": {"msg": "build {{ build_sha }} for {{ notify }}"}},
        {"name": "Check secret length", "command": "test -n '{{ db_password }}'", "no_log": True, "changed_when": False},
    ]
    if r.random() < 0.4:
        tasks.append({"name": "Authenticated health check", "uri": {"url": f"{h.url}/healthz", "url_username": "deploy", "url_password": "{{ db_password }}", "force_basic_auth": False, "status_code": 200}})
    r.shuffle(tasks)
    out = P.ansible_playbook(h, vars_, tasks[: r.randint(2, len(tasks))], verbosity=r.choice(["-v", "-vv", "-vvv"]))
    if pw in out:
        raise RuntimeError("ansible printed a no_log value")
    return out, []
