"""Two Lisps new to the holdouts: SBCL (printed structures, `describe`, hash tables printed
readably, an unhandled error's message and backtrace) and CHICKEN Scheme's `csi` (association
lists written and pretty-printed, an error's irritants and call history). Each case is a script
run as `sbcl --script`, `sbcl --non-interactive --load` or `csi -s`."""

from registry import category
from values import BOTS, PLAIN_NAMES, SERVICES, Person, plain_value, secret_pairs, aws_key_id, digest, hexs, placeholder, secret_token, uuid, visible_parts

# what no printer here escapes or a reader would stumble on
BAD = "\"'\\$`!%@&{}~#|;"


def tok(r):
    return secret_token(r, bad=BAD)


def lisp_str(v):
    return '"' + v + '"'


def clean_value(r):
    v = r.choice([placeholder, digest, lambda r: uuid(r), lambda r: f"{r.choice(SERVICES)}-{r.randint(1, 40)}"])(r)
    return v.replace('"', "")


# (struct name, [(slot, kind)]) where kind is "secret", "url", "user", "host", "num", "id", "region", "list"
STRUCTS = [
    ("api-client", [("base-url", "url"), ("token", "secret"), ("timeout", "num")]),
    ("db-config", [("host", "host"), ("port", "num"), ("user", "user"), ("password", "secret"), ("sslmode", "mode")]),
    ("smtp-settings", [("host", "host"), ("port", "num"), ("username", "user"), ("password", "secret")]),
    ("webhook", [("url", "url"), ("signing-secret", "secret"), ("events", "list")]),
    ("s3-credentials", [("bucket", "bucket"), ("access-key-id", "keyid"), ("secret-access-key", "secret"), ("region", "region")]),
    ("oauth-app", [("client-id", "id"), ("client-secret", "secret"), ("redirect-uri", "url")]),
    ("registry-auth", [("server", "host"), ("username", "user"), ("password", "secret"), ("refresh-token", "secret")]),
]


def slot_value(r, kind, clean):
    if kind == "secret":
        return (lisp_str(clean_value(r)), None) if clean else (lambda v: (lisp_str(v), v))(tok(r))
    plain = {
        "url": lambda: lisp_str(f"https://{r.choice(['api', 'hooks', 'auth'])}.{r.choice(['example.com', 'example.org', 'example.net'])}/{r.choice(['v1', 'v2', 'callback', 'events'])}"),
        "num": lambda: str(r.choice([30, 60, 5432, 587, 443, 8443, 120])),
        "host": lambda: lisp_str(r.choice(["db.internal", "smtp.example.net", "registry.example.com", "pg-primary.svc.cluster.local", "mail.example.org"])),
        "user": lambda: lisp_str(r.choice(["deploy", "ci-bot", "svc-" + r.choice(SERVICES), "app", "postgres"])),
        "mode": lambda: lisp_str(r.choice(["require", "verify-full", "disable"])),
        "list": lambda: "'(" + " ".join(f":{e}" for e in r.sample(["push", "pull-request", "release", "issues", "deploy"], 2)) + ")",
        "bucket": lambda: lisp_str(f"{r.choice(['acme', 'northwind', 'kestrel'])}-{r.choice(SERVICES)}-{r.choice(['prod', 'staging'])}"),
        "keyid": lambda: lisp_str(aws_key_id(r)),
        "region": lambda: lisp_str(r.choice(["eu-west-1", "us-east-2", "ap-southeast-1"])),
        "id": lambda: lisp_str(uuid(r)),
    }[kind]
    return plain(), None


def sbcl_struct(r, clean):
    name, slots = r.choice(STRUCTS)
    values = [(slot, *slot_value(r, kind, clean)) for slot, kind in slots]
    targets = [t for _, _, t in values if t]
    defform = f"(defstruct {name} {' '.join(slot for slot, _ in slots)})"
    make = f"(make-{name} " + " ".join(f":{slot} {v}" for slot, v, _ in values) + ")"
    return name, defform, make, targets


def run_sbcl(h, r, source, ok=(0,)):
    fname = r.choice(["debug", "check-config", "repl-session", "load-settings", "smoke-test"]) + ".lisp"
    h.write(fname, source)
    if r.random() < 0.6:
        return f"$ sbcl --script {fname}\n" + h.run(["sbcl", "--script", fname], ok=ok)
    return f"$ sbcl --noinform --non-interactive --load {fname}\n" + h.run(["sbcl", "--noinform", "--non-interactive", "--load", fname], ok=ok)


def sbcl_print_struct(h, r, clean):
    name, defform, make, targets = sbcl_struct(r, clean)
    show = r.choice(["(print *cfg*)", '(format t "~s~%" *cfg*)', "(describe *cfg*)", '(format t "loaded: ~a~%" *cfg*)', "(pprint *cfg*)"])
    src = f"{defform}\n(defvar *cfg* {make})\n{show}\n(terpri)\n"
    if r.random() < 0.35:
        n2, d2, m2, t2 = sbcl_struct(r, clean)
        if n2 != name:
            src += f"{d2}\n(print (list *cfg* {m2}))\n(terpri)\n"
            targets += t2
    text = run_sbcl(h, r, src)
    # `describe` cuts a long string with `..`: what it left of a value is the target there
    return text, [part for t in targets for part in visible_parts(text, t)]


@category("secret", "sbcl-struct-print", 22)
def sbcl_struct_print(h, r):
    return sbcl_print_struct(h, r, clean=False)


@category("negative", "sbcl-struct-clean", 22)
def sbcl_struct_clean(h, r):
    return sbcl_print_struct(h, r, clean=True)


def sbcl_error(h, r, clean):
    user = r.choice(["deploy", "ci-bot", "svc-" + r.choice(SERVICES), "app"])
    value = clean_value(r) if clean else tok(r)
    fn = r.choice(["authenticate", "open-session", "call-api", "fetch-token", "connect-db"])
    shape = r.randrange(3)
    if shape == 0:
        body = f'(defun {fn} (user token) (error "~a: request rejected for ~a (token ~a)" (quote {fn}) user token))\n({fn} "{user}" "{value}")\n'
    elif shape == 1:
        body = f'(defun {fn} (user token) (declare (ignorable token)) (error "401 Unauthorized for ~a" user))\n({fn} "{user}" "{value}")\n'
    else:
        body = (
            "(define-condition auth-failed (error) ((credential :initarg :credential :reader credential))\n"
            '  (:report (lambda (c s) (format s "credential ~s was refused" (credential c)))))\n'
            f"(defun {fn} (cred) (error (quote auth-failed) :credential cred))\n({fn} \"{value}\")\n"
        )
    return run_sbcl(h, r, body, ok=(1,)), ([] if clean else [value])


@category("secret", "sbcl-unhandled-error", 22)
def sbcl_unhandled_error(h, r):
    return sbcl_error(h, r, clean=False)


@category("negative", "sbcl-error-clean", 22)
def sbcl_error_clean(h, r):
    return sbcl_error(h, r, clean=True)


@category("secret", "sbcl-hash-table-print", 22)
def sbcl_hash_table_print(h, r):
    pairs, targets = [], []
    for name, drawn in secret_pairs(r, r.randint(1, 3)):
        v = drawn if not any(c in drawn for c in BAD) else tok(r)
        pairs.append((name, v))
        targets.append(v)
    for name in r.sample(PLAIN_NAMES, r.randint(1, 3)):
        pairs.append((name, plain_value(r, name)))
    r.shuffle(pairs)
    src = "(defvar *env* (make-hash-table :test 'equal))\n" + "".join(f'(setf (gethash "{k}" *env*) "{v}")\n' for k, v in pairs)
    show = r.randrange(3)
    if show == 0:
        src += "(let ((*print-readably* t)) (print *env*))\n(terpri)\n"
    elif show == 1:
        src += '(maphash (lambda (k v) (format t "~a = ~s~%" k v)) *env*)\n'
    else:
        src += "(print *env*)\n(terpri)\n(print (sort (loop for k being the hash-keys of *env* using (hash-value v) collect (cons k v)) #'string< :key #'car))\n(terpri)\n"
    return run_sbcl(h, r, src), targets


@category("pii", "sbcl-struct-person", 25)
def sbcl_struct_person(h, r):
    p = Person(r)
    cid = r.randint(10000, 99999)
    shape = r.randrange(3)
    targets = [p.name, p.email, p.phone]
    if shape == 0:
        src = f'(defstruct customer id name email phone)\n(defvar *c* (make-customer :id {cid} :name "{p.name}" :email "{p.email}" :phone "{p.phone}"))\n(print *c*)\n(terpri)\n'
    elif shape == 1:
        src = f'(defstruct contact name email phone street city)\n(describe (make-contact :name "{p.name}" :email "{p.email}" :phone "{p.phone}" :street "{p.street}" :city "{p.city}"))\n'
        targets.append(p.street)
    else:
        src = f'(defstruct (account (:conc-name acct-)) login owner email phone)\n(format t "~s~%" (make-account :login "u{cid}" :owner "{p.name}" :email "{p.email}" :phone "{p.phone}"))\n'
    return run_sbcl(h, r, src), targets


# ---- CHICKEN Scheme -----------------------------------------------------------------------


def run_csi(h, r, source, ok=(0,)):
    fname = r.choice(["config", "deploy", "probe", "settings", "check"]) + ".scm"
    h.write(fname, "(import (chicken pretty-print) (chicken base))\n" + source)
    return f"$ csi -s {fname}\n" + h.run(["csi", "-s", fname], ok=ok)


def alist(pairs, quoted=True):
    return "(" + " ".join(f"({k} . {v})" for k, v in pairs) + ")"


def chicken_config(r, clean):
    pairs, targets = [], []
    for key in r.sample(["api-token", "db-password", "secret-key", "webhook-secret", "smtp-password", "access-token"], r.randint(1, 2)):
        if clean:
            pairs.append((key, lisp_str(clean_value(r))))
        else:
            v = tok(r)
            pairs.append((key, lisp_str(v)))
            targets.append(v)
    for key, v in r.sample([("host", lisp_str(r.choice(["db.internal", "api.example.com", "cache.internal"]))), ("port", str(r.choice([5432, 6379, 443]))), ("user", lisp_str(r.choice(["deploy", "app", "ci-bot"]))), ("region", lisp_str(r.choice(["eu-west-1", "us-east-2"]))), ("build", lisp_str(hexs(r, 12)))], r.randint(1, 3)):
        pairs.append((key, v))
    r.shuffle(pairs)
    return pairs, targets


def chicken_case(h, r, clean):
    pairs, targets = chicken_config(r, clean)
    shape = r.randrange(3)
    src = f"(define config '{alist(pairs)})\n"
    ok = (0,)
    if shape == 0:
        src += "(write config)\n(newline)\n"
    elif shape == 1:
        src += "(pp config)\n"
    else:
        key, raised = [(k, v) for k, v in pairs if k not in ("host", "port", "user", "region", "build")][0]
        src += f"(write (assq '{pairs[0][0]} config))\n(newline)\n(flush-output)\n(error 'connect \"login refused\" (cdr (assq '{key} config)))\n"
        ok = (70,)
        # only the raised value and the one written are printed
        targets = [t for t in targets if f'"{t}"' in (raised, pairs[0][1])]
    return run_csi(h, r, src, ok=ok), targets


@category("secret", "chicken-alist-error", 22)
def chicken_alist_error(h, r):
    return chicken_case(h, r, clean=False)


@category("negative", "chicken-alist-clean", 22)
def chicken_alist_clean(h, r):
    out, _ = chicken_case(h, r, clean=True)
    return out, []


@category("pii", "chicken-alist-person", 25)
def chicken_alist_person(h, r):
    p = Person(r)
    pairs = [("name", lisp_str(p.name)), ("email", lisp_str(p.email)), ("phone", lisp_str(p.phone)), ("street", lisp_str(p.street)), ("city", lisp_str(p.city))]
    targets = [p.name, p.email, p.phone, p.street]
    if r.random() < 0.3:
        pairs.append(("notify", lisp_str(r.choice(BOTS))))
    src = f"(define customer '{alist(pairs)})\n" + r.choice(["(pp customer)\n", "(write customer)\n(newline)\n", "(for-each (lambda (p) (print (car p) \": \" (cdr p))) customer)\n"])
    return run_csi(h, r, src), targets
