"""Secret categories: a value a program printed that must disappear (the targets)."""

import base64
import re

from common import clojure_batch, guile, ident, ocaml, tcl, testparm
from registry import category
from values import ALNUM, HEX, HOSTS, SERVICES, api_token, aws_key_id, aws_secret, github, google_api, jwt, mailgun, password, s, sendgrid, session_cookie, slack_bot, stripe, stripe_whsec, twilio_token

N = 13


def secret(r):
    """One secret of a kind a config or a script holds, with the key name that goes with it."""
    kind = r.randrange(9)
    if kind == 0:
        return "password", password(r)
    if kind == 1:
        return "api_token", api_token(r)
    if kind == 2:
        return "aws_secret_access_key", aws_secret(r)
    if kind == 3:
        return "stripe_key", stripe(r)
    if kind == 4:
        return "webhook_secret", stripe_whsec(r)
    if kind == 5:
        return "slack_token", slack_bot(r)
    if kind == 6:
        return "db_password", password(r)
    if kind == 7:
        return "client_secret", s(r, ALNUM, r.choice([32, 40]))
    return "github_token", github(r)


# ---- Tcl 8.6 ----------------------------------------------------------------------------------


@category("secret", "tcl-dict-puts", N)
def tcl_dict_puts(h, r):
    key, val = secret(r)
    user = ident(r)
    code = f"set cfg [dict create host {r.choice(HOSTS)} port {r.choice([5432, 3306, 6379, 443])} user {user} {key} {{{val}}}]\nputs $cfg\nputs \"connecting as [dict get $cfg user]\"\n"
    return tcl(h, code), [val]


@category("secret", "tcl-parray", N)
def tcl_parray(h, r):
    key, val = secret(r)
    code = f"array set settings {{\n    endpoint https://{r.choice(SERVICES)}.example.com/v2\n    timeout {r.choice([10, 30, 60])}\n    {key} {{{val}}}\n    region eu-west-{r.randint(1, 3)}\n}}\nparray settings\n"
    return tcl(h, code), [val]


@category("secret", "tcl-error-errorinfo", N)
def tcl_error(h, r):
    tok = api_token(r) if r.random() < 0.6 else password(r)
    what = r.choice(["login rejected for key", "authentication failed with token", "refusing stale credential"])
    code = f"proc connect {{url key}} {{\n    error \"{what} $key at $url\"\n}}\nconnect https://{r.choice(SERVICES)}.example.com {{{tok}}}\n"
    return tcl(h, code), [tok]


# ---- Guile 3.0 --------------------------------------------------------------------------------


@category("secret", "guile-alist-write", N)
def guile_alist(h, r):
    key, val = secret(r)
    code = f'(define config \'((host . "{r.choice(HOSTS)}") (user . "{ident(r)}") ({key} . "{val}") (retries . {r.randint(1, 5)})))\n(write config)\n(newline)\n'
    return guile(h, code), [val]


@category("secret", "guile-record-print", N)
def guile_record(h, r):
    key, val = secret(r)
    code = (
        "(use-modules (srfi srfi-9))\n"
        f"(define-record-type <credentials> (make-credentials account {key.replace('_', '-')}) credentials?\n"
        f"  (account credentials-account) ({key.replace('_', '-')} credentials-secret))\n"
        f'(define creds (make-credentials "{ident(r)}" "{val}"))\n(write creds)\n(newline)\n'
    )
    return guile(h, code), [val]


@category("secret", "guile-error-backtrace", N)
def guile_error(h, r):
    tok = api_token(r) if r.random() < 0.6 else password(r)
    code = f'(define (authenticate user token)\n  (error "authentication rejected:" user token))\n(authenticate "{ident(r)}" "{tok}")\n'
    return guile(h, code), [tok]


# ---- OCaml 4.13 toplevel ----------------------------------------------------------------------


@category("secret", "ocaml-record-echo", N)
def ocaml_record(h, r):
    key, val = secret(r)
    code = f'type config = {{ host : string; user : string; {key} : string; port : int }};;\nlet cfg = {{ host = "{r.choice(HOSTS)}"; user = "{ident(r)}"; {key} = "{val}"; port = {r.choice([5432, 3306, 443])} }};;\n'
    return ocaml(h, code), [val]


@category("secret", "ocaml-exception", N)
def ocaml_exception(h, r):
    tok = api_token(r) if r.random() < 0.6 else password(r)
    exn = r.choice(["Auth_failed", "Invalid_credentials", "Token_rejected"])
    code = f'exception {exn} of string * string;;\nlet login user key = if String.length key > 0 then raise ({exn} (user, key)) else ();;\nlogin "{ident(r)}" "{tok}";;\n'
    return ocaml(h, code), [tok]


@category("secret", "ocaml-assoc-list", N)
def ocaml_assoc(h, r):
    key, val = secret(r)
    key2, val2 = ("aws_access_key_id", aws_key_id(r)) if r.random() < 0.4 else ("region", f"eu-central-{r.randint(1, 2)}")
    targets = [val] + ([val2] if key2 == "aws_access_key_id" else [])
    code = f'let env = [("SERVICE", "{r.choice(SERVICES)}"); ("{key.upper()}", "{val}"); ("{key2.upper()}", "{val2}")];;\nList.assoc "{key.upper()}" env;;\n'
    return ocaml(h, code), targets


# ---- Clojure 1.11 (one JVM per category) ------------------------------------------------------


@category("secret", "clojure-prn-map", N, batch=True)
def clojure_map(h, r, count):
    vals, forms = [], []
    for _ in range(count):
        key, val = secret(r)
        vals.append([val])
        printer = r.choice(["prn", "println"])
        forms.append(f'(def config {{:db/host "{r.choice(HOSTS)}" :db/user "{ident(r)}" :{key.replace("_", "-")} "{val}" :pool-size {r.randint(2, 20)}}})\n({printer} config)')
    return list(zip(clojure_batch(h, forms), vals))


@category("secret", "clojure-defrecord", N, batch=True)
def clojure_record(h, r, count):
    vals, forms = [], []
    for i in range(count):
        key, val = secret(r)
        field = key.replace("_", "-")
        vals.append([val])
        forms.append(f'(defrecord Creds{i} [account {field}])\n(prn (->Creds{i} "{ident(r)}" "{val}"))')
    return list(zip(clojure_batch(h, forms), vals))


@category("secret", "clojure-ex-info", N, batch=True)
def clojure_ex_info(h, r, count):
    vals, forms = [], []
    for _ in range(count):
        tok = api_token(r) if r.random() < 0.6 else password(r)
        vals.append([tok])
        if r.random() < 0.5:
            forms.append(f'(try (throw (ex-info "upstream rejected credentials" {{:service "{r.choice(SERVICES)}" :token "{tok}" :status 401}}))\n  (catch Exception e (prn e)))')
        else:
            forms.append(f'(try (throw (ex-info "login failed" {{:user "{ident(r)}" :password "{tok}"}}))\n  (catch clojure.lang.ExceptionInfo e (println "ERROR" (ex-message e) (ex-data e))))')
    return list(zip(clojure_batch(h, forms), vals))


# ---- HAProxy 2.6 httplog ----------------------------------------------------------------------


def clean_requests(r, n):
    return [(r.choice(["/", "/health", "/static/app.js", f"/api/v1/{r.choice(SERVICES)}?page={r.randint(1, 9)}"]), {}) for _ in range(n)]


def shuffled(r, reqs):
    r.shuffle(reqs)
    return reqs


@category("secret", "haproxy-log-authorization", N)
def haproxy_auth(h, r):
    h.haproxy()
    if r.random() < 0.5:
        tok = api_token(r)
        header = f"Bearer {tok}"
    else:
        tok = base64.b64encode(f"{ident(r)}:{password(r)}".encode()).decode()
        header = f"Basic {tok}"
    reqs = shuffled(r, clean_requests(r, r.randint(1, 3)) + [(f"/api/v1/{r.choice(SERVICES)}", {"Authorization": header})])
    return h.haproxy_log_since(reqs), [tok]


@category("secret", "haproxy-log-query-token", N)
def haproxy_query(h, r):
    h.haproxy()
    name, tok = r.choice([("access_token", api_token(r)), ("api_key", google_api(r)), ("token", jwt(r)), ("key", mailgun(r)), ("sig", s(r, HEX, 64))])
    reqs = shuffled(r, clean_requests(r, r.randint(1, 3)) + [(f"/callback?state={s(r, HEX, 8)}&{name}={tok}", {})])
    return h.haproxy_log_since(reqs), [tok]


@category("secret", "haproxy-log-api-key-header", N)
def haproxy_api_key(h, r):
    h.haproxy()
    kind = r.randrange(3)
    if kind == 0:
        tok = r.choice([sendgrid, twilio_token, api_token])(r)
        headers = {"X-Api-Key": tok}
    else:
        tok = session_cookie(r)
        headers = {"Cookie": f"{r.choice(['session', 'sid', 'connect.sid'])}={tok}; theme=dark"}
    reqs = shuffled(r, clean_requests(r, r.randint(1, 2)) + [(f"/api/v2/{r.choice(SERVICES)}", headers)])
    return h.haproxy_log_since(reqs), [tok]


# ---- MIT Kerberos 1.20 ------------------------------------------------------------------------

_krb_n = iter(range(10**6))


@category("secret", "klist-keytab-keys", N)
def klist_keys(h, r):
    n = next(_krb_n)
    princ = f"{r.choice(['HTTP', 'host', 'postgres', 'imap'])}/{r.choice(SERVICES)}{n}.example.com"
    h.kadmin(f"addprinc -randkey {princ}")
    kt = f"svc{n}.keytab"
    h.kadmin(f"ktadd -k {h.home}/{kt} {princ}")
    out = h.run(["klist", "-k", "-K", "-e", "-t", kt], env=h.krb_env)
    keys = re.findall(r"\(0x([0-9a-f]{32,64})\)", out)
    if not keys:
        raise RuntimeError("klist printed no key")
    return out, keys


# ---- Samba 4.17 testparm ----------------------------------------------------------------------


@category("secret", "testparm-preexec-token", N)
def testparm_token(h, r):
    tok = r.choice([api_token, github, lambda r: aws_secret(r)])(r)
    share = r.choice(["projects", "scans", "backup", "media"])
    line = r.choice([
        f"root preexec = /usr/local/bin/notify --token {tok} %S",
        f"preexec = /usr/local/sbin/mount-bucket --secret-key {tok} %U",
        f"postexec = /usr/bin/env API_TOKEN={tok} /usr/local/bin/sync-share %S",
    ])
    conf = f"[global]\n   workgroup = {r.choice(['EXAMPLE', 'OFFICE', 'LAB'])}\n   server role = standalone server\n   map to guest = bad user\n\n[{share}]\n   path = /srv/samba/{share}\n   read only = no\n   {line}\n"
    return testparm(h, conf), [tok]


# ---- more idioms of the same programs ---------------------------------------------------------


@category("secret", "tcl-url-userinfo", N)
def tcl_url(h, r):
    pw = password(r)
    scheme, port = r.choice([("postgres", 5432), ("mysql", 3306), ("amqp", 5672), ("redis", 6379), ("https", 443)])
    code = f"set user {ident(r)}\nset pass {{{pw}}}\nset url [format {{%s://%s:%s@%s:%d/%s}} {scheme} $user $pass {r.choice(HOSTS)} {port} {r.choice(SERVICES)}]\nputs \"connecting to $url\"\n"
    return tcl(h, code), [pw]


@category("secret", "tcl-env-array", N)
def tcl_env(h, r):
    key, val = secret(r)
    name = key.upper()
    out = h.run(["tclsh", h.script("tcl", f"foreach k [lsort [array names env]] {{\n    puts \"$k=$env($k)\"\n}}\n")],
                env=h.env(**{name: val, "APP_ENV": r.choice(["staging", "production"]), "LOG_LEVEL": r.choice(["debug", "info"])}))
    return out, [val]


@category("secret", "guile-hash-map-list", N)
def guile_hash(h, r):
    key, val = secret(r)
    code = f'(define h (make-hash-table))\n(hash-set! h "service" "{r.choice(SERVICES)}")\n(hash-set! h "{key}" "{val}")\n(display (hash-map->list cons h))\n(newline)\n(write (hash-ref h "{key}"))\n(newline)\n'
    return guile(h, code), [val]


@category("secret", "guile-environ", N)
def guile_environ(h, r):
    key, val = secret(r)
    code = '(for-each (lambda (kv) (display kv) (newline))\n  (sort (environ) string<?))\n'
    out = h.run(["guile", "--no-auto-compile", h.script("scm", code)], env=h.env(**{key.upper(): val, "APP_ENV": r.choice(["staging", "production"])}), ok=None)
    return out, [val]


@category("secret", "ocaml-printf-header", N)
def ocaml_printf(h, r):
    tok = api_token(r)
    header = r.choice(["Authorization: Bearer %s", "X-Api-Key: %s", "Authorization: token %s", "PRIVATE-TOKEN: %s"])
    code = f'let token = "{tok}";;\nPrintf.printf "> GET /v1/{r.choice(SERVICES)} HTTP/1.1\\n> {header}\\n%!" token;;\n'
    return ocaml(h, code), [tok]


@category("secret", "clojure-pprint-jdbc-url", N, batch=True)
def clojure_pprint(h, r, count):
    forms, targets = [], []
    for _ in range(count):
        pw = password(r)
        db = r.choice(["postgresql", "mysql"])
        targets.append([pw])
        forms.append(
            f"(require 'clojure.pprint)\n(clojure.pprint/pprint {{:datasources {{:primary {{:jdbc-url \"jdbc:{db}://{r.choice(HOSTS)}:{5432 if db == 'postgresql' else 3306}/{r.choice(SERVICES)}?user={ident(r)}&password={pw}\" :maximum-pool-size {r.randint(4, 32)}}}}} :http {{:port {r.choice([3000, 8080])} :host \"0.0.0.0\"}}}})"
        )
    return list(zip(clojure_batch(h, forms), targets))
