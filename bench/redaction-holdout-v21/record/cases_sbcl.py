"""SBCL, new to the holdouts: printed structures, `describe`, hash tables printed readably or
walked, the process environment (`sb-ext:posix-environ`), an unhandled error's message and
backtrace. Each case is a script run as `sbcl --script` or `sbcl --non-interactive --load`."""

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


@category("negative", "sbcl-hash-table-clean", 22)
def sbcl_hash_table_clean(h, r):
    pairs = [(name, clean_value(r)) for name in r.sample(["DB_PASSWORD", "API_KEY", "DEPLOY_TOKEN", "WEBHOOK_SECRET", "SMTP_PASSWORD"], r.randint(1, 2))]
    pairs += [(name, plain_value(r, name)) for name in r.sample(PLAIN_NAMES, r.randint(1, 3))]
    r.shuffle(pairs)
    src = "(defvar *env* (make-hash-table :test 'equal))\n" + "".join(f'(setf (gethash "{k}" *env*) "{v}")\n' for k, v in pairs)
    src += r.choice(["(let ((*print-readably* t)) (print *env*))\n(terpri)\n", '(maphash (lambda (k v) (format t "~a = ~s~%" k v)) *env*)\n'])
    return run_sbcl(h, r, src), []


def environ_case(h, r, clean):
    names = r.sample(["GITHUB_TOKEN", "API_KEY", "DB_PASSWORD", "STRIPE_SECRET_KEY", "OPENAI_API_KEY", "SMTP_PASSWORD", "DEPLOY_TOKEN", "NPM_TOKEN"], r.randint(1, 3))
    env, targets = {}, []
    for name, drawn in secret_pairs(r, len(names)):
        v = clean_value(r) if clean else (drawn if not any(c in drawn for c in BAD) else tok(r))
        env[name] = v
        if not clean:
            targets.append(v)
    for name in r.sample(PLAIN_NAMES, r.randint(1, 2)):
        env[name] = plain_value(r, name)
    keys = sorted(env)
    shape = r.randrange(3)
    if shape == 0:
        src = "(dolist (e (sb-ext:posix-environ)) (write-line e))\n"
    elif shape == 1:
        src = f"(dolist (name '({' '.join(lisp_str(k) for k in keys)}))\n  (format t \"~a=~s~%\" name (sb-ext:posix-getenv name)))\n"
    else:
        src = "(print (remove-if-not (lambda (e) (or (search \"KEY\" e) (search \"TOKEN\" e) (search \"PASSWORD\" e) (search \"SECRET\" e))) (sb-ext:posix-environ)))\n(terpri)\n"
    fname = r.choice(["env-check", "show-env", "debug-env"]) + ".lisp"
    h.write(fname, src)
    text = f"$ sbcl --script {fname}\n" + h.run(["sbcl", "--script", fname], env=h.env(**env))
    return text, [t for t in targets if t in text]


@category("secret", "sbcl-posix-environ", 22)
def sbcl_posix_environ(h, r):
    while True:
        text, targets = environ_case(h, r, clean=False)
        if targets:
            return text, targets


@category("negative", "sbcl-environ-clean", 22)
def sbcl_environ_clean(h, r):
    return environ_case(h, r, clean=True)[0], []
