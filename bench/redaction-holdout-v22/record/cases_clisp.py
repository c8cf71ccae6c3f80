"""GNU CLISP 2.49.93, new to the holdouts (v21 used SBCL): structures printed with `print`,
`format ~s` and `describe`, hash tables printed whole (`#S(HASH-TABLE …)`) or walked with
`maphash`, property lists, and an unhandled error's `*** - ` message (`clisp file.lisp` exits 1)."""

from registry import category
from values import BOTS, HOSTS, PLAIN_NAMES, SERVICES, Person, digest, hexs, placeholder, plain_value, secret_pairs, secret_token, uuid

STRUCTS = [
    ("db-config", [("host", "host"), ("user", "user")], ["password", "db-password"]),
    ("api-client", [("base-url", "url"), ("service", "service")], ["api-token", "api-key", "auth-token"]),
    ("smtp-account", [("server", "host"), ("login", "user")], ["passwd", "password"]),
    ("cloud-credentials", [("account", "id"), ("region", "region")], ["secret-access-key", "secret-key"]),
    ("webhook", [("endpoint", "url"), ("retries", "int")], ["signing-secret", "secret"]),
]


def lisp_str(v):
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def plain_slot(r, kind):
    if kind == "host":
        return lisp_str(r.choice(HOSTS))
    if kind == "user":
        return lisp_str(r.choice(["deploy", "svc-" + r.choice(SERVICES), "app", "ci"]))
    if kind == "url":
        return lisp_str(f"https://{r.choice(['api', 'hooks', 'ingest'])}.example.com/v{r.randint(1, 3)}")
    if kind == "service":
        return lisp_str(r.choice(SERVICES))
    if kind == "id":
        return lisp_str(str(r.randint(100000000000, 999999999999)))
    if kind == "region":
        return lisp_str(r.choice(["eu-west-1", "us-east-2", "ap-northeast-1"]))
    return str(r.randint(1, 9))


def run_clisp(h, r, src, ok=(0,), env=None):
    name = r.choice(["config.lisp", "check.lisp", "main.lisp", "debug.lisp"])
    h.write(name, src)
    return f"$ clisp {name}\n" + h.run(["clisp", "-q", "-norc", name], env=h.env(**(env or {})), ok=ok)


def show_struct(r, sname, slots, var="*c*"):
    defs = f"(defstruct {sname} {' '.join(s for s, _ in slots)})\n"
    defs += f"(defvar {var} (make-{sname} " + " ".join(f":{s} {v}" for s, v in slots) + "))\n"
    shape = r.randrange(4)
    if shape == 0:
        return defs + f"(print {var})\n(terpri)\n"
    if shape == 1:
        return defs + f'(format t "loaded: ~s~%" {var})\n'
    if shape == 2:
        return defs + f"(describe {var})\n"
    return defs + f"(print (list {var}))\n(terpri)\n"


@category("secret", "clisp-struct-print", 24)
def clisp_struct_print(h, r):
    token = secret_token(r)
    sname, plain, secret_slots = r.choice(STRUCTS)
    slots = [(s, plain_slot(r, k)) for s, k in plain]
    slots.insert(r.randint(0, len(slots)), (r.choice(secret_slots), lisp_str(token)))
    if r.random() < 0.2:  # a property list instead of a structure
        src = "(print (list " + " ".join(f":{s} {v}" for s, v in slots) + "))\n(terpri)\n"
    else:
        src = show_struct(r, sname, slots)
    return run_clisp(h, r, src), [token]


@category("secret", "clisp-hash-table", 24)
def clisp_hash_table(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    plain = [(n, plain_value(r, n)) for n in r.sample(PLAIN_NAMES, r.randint(1, 3))]
    allp = pairs + plain
    r.shuffle(allp)
    shape = r.randrange(3)
    if shape == 2:
        names = " ".join(lisp_str(k) for k, _ in allp)
        src = f'(dolist (name (list {names}))\n  (format t "~a=~a~%" name (ext:getenv name)))\n'
        return run_clisp(h, r, src, env=dict(allp)), [v for _, v in pairs]
    src = "(defvar *env* (make-hash-table :test 'equal))\n" + "".join(f"(setf (gethash {lisp_str(k)} *env*) {lisp_str(v)})\n" for k, v in allp)
    if shape == 0:
        src += "(print *env*)\n(terpri)\n"
    else:
        src += '(maphash (lambda (k v) (format t "~a = ~s~%" k v)) *env*)\n'
    return run_clisp(h, r, src), [v for _, v in pairs]


@category("secret", "clisp-error", 24)
def clisp_error(h, r):
    token = secret_token(r)
    user = r.choice(["deploy", "ci", "svc-" + r.choice(SERVICES)])
    shape = r.randrange(4)
    if shape == 0:
        src = f'(defun login (user token)\n  (error "login failed for ~a with token ~s" user token))\n(login "{user}" {lisp_str(token)})\n'
    elif shape == 1:
        src = f'(defvar *api-key* {lisp_str(token)})\n(+ 1 *api-key*)\n'
    elif shape == 2:
        src = f'(defvar *password* {lisp_str(token)})\n(parse-integer *password*)\n'
    else:
        src = f'(defvar *creds* (list :user "{user}" :secret {lisp_str(token)}))\n(error "cannot use credentials ~s" *creds*)\n'
    out = run_clisp(h, r, src, ok=(1,))
    return out, [token]


@category("pii", "clisp-struct-person", 24)
def clisp_struct_person(h, r):
    p = Person(r)
    slots = [("id", str(r.randint(10000, 99999))), ("name", lisp_str(p.name)), ("email", lisp_str(p.email))]
    targets = [p.name, p.email]
    if r.random() < 0.6:
        slots.append(("phone", lisp_str(p.phone)))
        targets.append(p.phone)
    if r.random() < 0.5:
        slots.append(("street", lisp_str(p.street)))
        slots.append(("city", lisp_str(p.city)))
        targets.append(p.street)
    return run_clisp(h, r, show_struct(r, r.choice(["customer", "contact", "recipient", "subscriber"]), slots)), targets


@category("pii", "clisp-error-person", 24)
def clisp_error_person(h, r):
    p = Person(r)
    shape = r.randrange(3)
    if shape == 0:
        src = f'(error "no invoice address for ~a <~a>" {lisp_str(p.name)} {lisp_str(p.email)})\n'
        return run_clisp(h, r, src, ok=(1,)), [p.name, p.email]
    if shape == 1:
        src = f'(defvar *to* (list :name {lisp_str(p.name)} :phone {lisp_str(p.phone)}))\n(error "SMS gateway refused ~s" *to*)\n'
        return run_clisp(h, r, src, ok=(1,)), [p.name, p.phone]
    src = f'(defvar *street* {lisp_str(p.street)})\n(format t "shipping to ~a, ~a~%" {lisp_str(p.name)} *street*)\n(parse-integer *street*)\n'
    return run_clisp(h, r, src, ok=(1,)), [p.name, p.street]


# ---- negatives --------------------------------------------------------------------------------


@category("negative", "clisp-struct-clean", 25)
def clisp_struct_clean(h, r):
    shape = r.randrange(3)
    if shape == 0:
        sname, plain, secret_slots = r.choice(STRUCTS)
        slots = [(s, plain_slot(r, k)) for s, k in plain] + [(r.choice(secret_slots), lisp_str(placeholder(r)))]
    elif shape == 1:
        sname = "build-info"
        slots = [("commit", lisp_str(hexs(r, 40))), ("artifact-sha256", lisp_str(hexs(r, 64))), ("build-id", lisp_str(uuid(r))), ("built-by", lisp_str(r.choice(BOTS)))]
    else:
        sname = "release"
        slots = [("tag", lisp_str(f"v{r.randint(1, 9)}.{r.randint(0, 30)}.{r.randint(0, 9)}")), ("checksum", lisp_str(digest(r))), ("job", lisp_str(f"{r.choice(SERVICES)}-{hexs(r, 8)}"))]
    return run_clisp(h, r, show_struct(r, sname, slots)), []


@category("negative", "clisp-hash-table-clean", 25)
def clisp_hash_table_clean(h, r):
    plain = [(n, plain_value(r, n)) for n in r.sample(PLAIN_NAMES, r.randint(2, 4))]
    if r.random() < 0.5:
        plain.append((r.choice(["API_KEY", "DB_PASSWORD", "GITHUB_TOKEN", "WEBHOOK_SECRET"]), placeholder(r)))
    if r.random() < 0.5:
        plain.append((r.choice(["CHECKSUM", "IMAGE_DIGEST", "LOCKFILE_SHA"]), r.choice(["sha256:" + hexs(r, 64), hexs(r, 64)])))
    r.shuffle(plain)
    src = "(defvar *env* (make-hash-table :test 'equal))\n" + "".join(f"(setf (gethash {lisp_str(k)} *env*) {lisp_str(v)})\n" for k, v in plain)
    src += r.choice(["(print *env*)\n(terpri)\n", '(maphash (lambda (k v) (format t "~a = ~s~%" k v)) *env*)\n'])
    return run_clisp(h, r, src), []


@category("negative", "clisp-error-clean", 25)
def clisp_error_clean(h, r):
    shape = r.randrange(3)
    if shape == 0:
        src = f'(error "checksum mismatch: expected sha256:{hexs(r, 64)}")\n'
    elif shape == 1:
        src = f'(defvar *job* "{uuid(r)}")\n(+ 1 *job*)\n'
    else:
        src = f'(error "missing ~a (set it in the environment): job ~a on ~a" "{r.choice(["API_KEY", "DEPLOY_TOKEN", "DB_PASSWORD"])}" "{hexs(r, 12)}" "{r.choice(HOSTS)}")\n'
    return run_clisp(h, r, src, ok=(1,)), []
