"""Negative categories: the same programs printing nothing to remove (placeholders, masked values,
hashes, ids, public keys, bot addresses, references to where a secret lives, redaction markers)."""

from common import clojure_batch, guile, ident, ocaml, tcl, testparm
from registry import category
from values import ALNUM, B64, HOSTS, ORGS, REPOS, SERVICES, hexs, s, uuid

N = 16


def placeholder(r, key):
    return r.choice([
        "changeme", "<your-api-key>", "YOUR_TOKEN_HERE", "${" + key.upper() + "}", "********", "xxxxxxxx",
        "[REDACTED]", "<redacted>", "REPLACE_ME", "{{ " + key + " }}", "env:" + key.upper(), f"vault:secret/data/{r.choice(SERVICES)}#{key}",
        "${{ secrets." + key.upper() + " }}", "op://Platform/" + r.choice(SERVICES) + "/" + key, "", "null",
    ])


def harmless(r):
    """A value that looks random but is no secret: an id, a digest, a version, a commit."""
    return r.choice([uuid(r), hexs(r, 40), hexs(r, 64), f"sha256:{hexs(r, 64)}", f"v{r.randint(1, 9)}.{r.randint(0, 30)}.{r.randint(0, 99)}", f"{r.choice(ORGS)}/{r.choice(REPOS)}", f"req-{s(r, ALNUM, 12)}"])


KEYS = ["password", "api_token", "client_secret", "db_password", "secret_key", "auth_token"]


@category("negative", "tcl-dict-placeholders", N)
def tcl_placeholders(h, r):
    key = r.choice(KEYS)
    code = f"set cfg [dict create host {r.choice(HOSTS)} user {ident(r)} {key} {{{placeholder(r, key)}}} build {{{harmless(r)}}}]\nputs $cfg\n"
    return tcl(h, code), []


@category("negative", "tcl-parray-ids", N)
def tcl_ids(h, r):
    code = f"array set job {{\n    id {{{uuid(r)}}}\n    commit {hexs(r, 40)}\n    image {{{r.choice(ORGS)}/{r.choice(SERVICES)}@sha256:{hexs(r, 64)}}}\n    owner {{{r.choice(['ci-bot', 'release-bot', 'dependabot[bot]'])}}}\n}}\nparray job\n"
    return tcl(h, code), []


@category("negative", "tcl-error-clean", N)
def tcl_error_clean(h, r):
    code = f"proc fetch {{id}} {{\n    error \"object $id not found in bucket {r.choice(SERVICES)}-artifacts\"\n}}\nfetch {harmless(r)}\n"
    return tcl(h, code), []


@category("negative", "guile-alist-clean", N)
def guile_clean(h, r):
    key = r.choice(KEYS)
    code = f'(define config \'((host . "{r.choice(HOSTS)}") ({key} . "{placeholder(r, key)}") (checksum . "{hexs(r, 64)}") (workers . {r.randint(1, 16)})))\n(write config)\n(newline)\n'
    return guile(h, code), []


@category("negative", "guile-record-masked", N)
def guile_masked(h, r):
    masked = r.choice(["****", "********", f"****{s(r, '0123456789', 4)}", "•••••••", "[hidden]", "<masked>", f"sk_live_…{s(r, ALNUM, 4)}"])
    code = f'(use-modules (srfi srfi-9))\n(define-record-type <credentials> (make-credentials account secret) credentials? (account credentials-account) (secret credentials-secret))\n(write (make-credentials "{ident(r)}" "{masked}"))\n(newline)\n'
    return guile(h, code), []


@category("negative", "ocaml-record-clean", N)
def ocaml_clean(h, r):
    key = r.choice(KEYS)
    code = f'type config = {{ host : string; {key}_env : string; commit : string; replicas : int }};;\nlet cfg = {{ host = "{r.choice(HOSTS)}"; {key}_env = "{key.upper()}"; commit = "{hexs(r, 40)}"; replicas = {r.randint(1, 9)} }};;\n'
    return ocaml(h, code), []


@category("negative", "ocaml-digest-hex", N)
def ocaml_digest(h, r):
    text = f"{r.choice(SERVICES)}-{r.randint(1, 999)}"
    code = f'let d = Digest.to_hex (Digest.string "{text}");;\nlet id = "{uuid(r)}";;\n'
    return ocaml(h, code), []


@category("negative", "ocaml-public-key", N)
def ocaml_pubkey(h, r):
    key = "AAAAC3NzaC1lZDI1NTE5AAAAI" + s(r, B64, 43)
    code = f'type deploy_key = {{ title : string; key : string; read_only : bool }};;\nlet k = {{ title = "{r.choice(REPOS)}-deploy"; key = "ssh-ed25519 {key} deploy@{r.choice(SERVICES)}"; read_only = true }};;\n'
    return ocaml(h, code), []


@category("negative", "clojure-map-clean", N, batch=True)
def clojure_clean(h, r, count):
    forms = []
    for _ in range(count):
        key = r.choice(KEYS).replace("_", "-")
        forms.append(f'(prn {{:service "{r.choice(SERVICES)}" :{key} "{placeholder(r, key)}" :build "{harmless(r)}" :replicas {r.randint(1, 9)}}})')
    return [(t, []) for t in clojure_batch(h, forms)]


@category("negative", "clojure-secret-refs", N, batch=True)
def clojure_refs(h, r, count):
    forms = []
    for _ in range(count):
        key = r.choice(KEYS)
        ref = r.choice([f'(list (quote System/getenv) "{key.upper()}")', f'"vault:kv/{r.choice(SERVICES)}/{key}"', f'"arn:aws:secretsmanager:eu-west-1:{s(r, "0123456789", 12)}:secret:{r.choice(SERVICES)}/{key}-{s(r, ALNUM, 6)}"', f'"${{{key.upper()}}}"'])
        forms.append(f'(prn {{:db/host "{r.choice(HOSTS)}" :db/user "{ident(r)}" :db/{key.replace("_", "-")} {ref}}})')
    return [(t, []) for t in clojure_batch(h, forms)]


@category("negative", "clojure-ex-info-clean", N, batch=True)
def clojure_exinfo_clean(h, r, count):
    forms = []
    for _ in range(count):
        forms.append(f'(try (throw (ex-info "job failed" {{:job-id "{uuid(r)}" :commit "{hexs(r, 40)}" :notify "{r.choice(["noreply@github.com", "no-reply@example.com", "ci-bot@users.noreply.github.com", "alerts@example.org"])}"}}))\n  (catch clojure.lang.ExceptionInfo e (println "ERROR" (ex-message e) (ex-data e))))')
    return [(t, []) for t in clojure_batch(h, forms)]


@category("negative", "haproxy-log-clean", N)
def haproxy_clean(h, r):
    h.haproxy()
    reqs = [(r.choice(["/", "/health", "/metrics", f"/api/v1/{r.choice(SERVICES)}/{uuid(r)}", f"/assets/{hexs(r, 16)}.css", f"/callback?state={hexs(r, 16)}&code_challenge_method=S256"]), {}) for _ in range(r.randint(2, 4))]
    if r.random() < 0.5:
        reqs.append((f"/api/v1/{r.choice(SERVICES)}", {"Authorization": r.choice(["Bearer <token>", "Bearer ${TOKEN}", "Basic [REDACTED]", "Bearer ****"])}))
    return h.haproxy_log_since(reqs), []


@category("negative", "klist-keytab-no-keys", N)
def klist_clean(h, r):
    n = r.randint(0, 10**6)
    princ = f"{r.choice(['HTTP', 'host', 'nfs', 'ldap'])}/{r.choice(SERVICES)}-{n}.example.com"
    h.kadmin(f"addprinc -randkey {princ}")
    kt = f"clean{n}.keytab"
    h.kadmin(f"ktadd -k {h.home}/{kt} {princ}")
    return h.run(["klist", "-k", "-e", "-t", kt], env=h.krb_env), []


@category("negative", "kadmin-getprinc", N)
def kadmin_getprinc(h, r):
    n = r.randint(0, 10**6)
    princ = f"{r.choice(['HTTP', 'host', 'postgres', 'smtp'])}/{r.choice(SERVICES)}-{n}.example.com"
    h.kadmin(f"addprinc -randkey {princ}")
    return h.kadmin(f"getprinc {princ}"), []


@category("negative", "testparm-clean", N)
def testparm_clean(h, r):
    share = r.choice(["public", "scans", "builds", "software"])
    conf = f"[global]\n   workgroup = {r.choice(['EXAMPLE', 'OFFICE', 'LAB'])}\n   server role = standalone server\n   passdb backend = tdbsam\n   map to guest = bad user\n\n[{share}]\n   comment = {r.choice(['Shared scans', 'Nightly builds', 'Installers'])}\n   path = /srv/samba/{share}\n   guest ok = yes\n   read only = {r.choice(['yes', 'no'])}\n   {r.choice(['force group = staff', 'create mask = 0664', 'veto files = /*.tmp/'])}\n"
    return testparm(h, conf), []


# ---- more idioms of the same programs ---------------------------------------------------------


@category("negative", "tcl-url-no-password", N)
def tcl_url_clean(h, r):
    pw = r.choice(["", ":****", ":${DB_PASSWORD}", ":<password>", ":[REDACTED]", ":%s"])
    scheme = r.choice(["postgres", "mysql", "amqp", "redis", "https"])
    code = f"set url {{{scheme}://{ident(r)}{pw}@{r.choice(HOSTS)}/{r.choice(SERVICES)}}}\nputs \"connecting to $url\"\n"
    return tcl(h, code), []


@category("negative", "tcl-env-clean", N)
def tcl_env_clean(h, r):
    extra = {"APP_ENV": r.choice(["staging", "production"]), "GIT_COMMIT": hexs(r, 40), "BUILD_ID": uuid(r), "API_TOKEN_FILE": f"/run/secrets/{r.choice(SERVICES)}_token", "DB_PASSWORD": r.choice(["", "changeme", "${DB_PASSWORD}", "<set-me>"])}
    out = h.run(["tclsh", h.script("tcl", "foreach k [lsort [array names env]] {\n    puts \"$k=$env($k)\"\n}\n")], env=h.env(**extra))
    return out, []


@category("negative", "guile-environ-clean", N)
def guile_environ_clean(h, r):
    code = '(for-each (lambda (kv) (display kv) (newline))\n  (sort (environ) string<?))\n'
    extra = {"APP_ENV": r.choice(["staging", "production"]), "RELEASE_SHA": hexs(r, 40), "SECRET_KEY_REF": f"vault:secret/data/{r.choice(SERVICES)}#key", "REQUEST_ID": f"req-{s(r, ALNUM, 12)}"}
    return h.run(["guile", "--no-auto-compile", h.script("scm", code)], env=h.env(**extra), ok=None), []


@category("negative", "ocaml-printf-clean", N)
def ocaml_printf_clean(h, r):
    header = r.choice(["Authorization: Bearer <token>", "X-Api-Key: ${API_KEY}", "Authorization: Bearer [REDACTED]", "X-Request-Id: %s", "If-None-Match: \\\"%s\\\""])
    code = f'let etag = "{hexs(r, 32)}";;\nPrintf.printf "> GET /v1/{r.choice(SERVICES)}/{uuid(r)} HTTP/1.1\\n> {header}\\n%!" etag;;\n'
    if "%s" not in header:
        code = f'let etag = "{hexs(r, 32)}";;\nPrintf.printf "> GET /v1/{r.choice(SERVICES)}/{uuid(r)} HTTP/1.1\\n> {header}\\n> If-None-Match: %s\\n%!" etag;;\n'
    return ocaml(h, code), []


@category("negative", "clojure-pprint-clean", N, batch=True)
def clojure_pprint_clean(h, r, count):
    forms = []
    for _ in range(count):
        db = r.choice(["postgresql", "mysql"])
        forms.append(
            f"(require 'clojure.pprint)\n(clojure.pprint/pprint {{:datasources {{:primary {{:jdbc-url \"jdbc:{db}://{r.choice(HOSTS)}/{r.choice(SERVICES)}?user={ident(r)}\" :password-env \"DB_PASSWORD\" :maximum-pool-size {r.randint(4, 32)}}}}} :build {{:commit \"{hexs(r, 40)}\" :image \"{r.choice(ORGS)}/{r.choice(SERVICES)}@sha256:{hexs(r, 64)}\"}}}})"
        )
    return [(t, []) for t in clojure_batch(h, forms)]


@category("negative", "kadmin-listprincs", N)
def kadmin_listprincs(h, r):
    tag = f"{r.choice(SERVICES)}{r.randint(100, 999999)}"
    for svc in r.sample(["HTTP", "host", "nfs", "ldap", "postgres", "imap"], r.randint(2, 4)):
        h.kadmin(f"addprinc -randkey {svc}/{tag}.example.com")
    return h.kadmin(f"listprincs *{tag}*"), []


@category("negative", "vsftpd-log-masked-pass", N)
def vsftpd_masked(h, r):
    """vsftpd writes `PASS <password>` for every login: the local users' passwords sent here must
    be absent, and are (the recorder checks)."""
    h.vsftpd()
    sent = s(r, ALNUM, 14) + "!x"
    sessions = [(ident(r), sent, [])]
    if r.random() < 0.6:
        sessions.append(("anonymous", r.choice(["anonymous@", "ftp@example.com", "guest", "mozilla@example.com"]), r.sample(["/", "/releases", "PWD", "SYST"], r.randint(1, 2))))
    r.shuffle(sessions)
    out = h.ftp_log_since(sessions)
    if sent in out:
        raise RuntimeError("vsftpd printed a password it masks")
    return out, []
