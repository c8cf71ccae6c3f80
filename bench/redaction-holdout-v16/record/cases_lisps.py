"""Emacs Lisp in `emacs --batch` (prin1, pp, message, hash tables, uncaught errors with their
backtrace) and CHICKEN Scheme's csi (write, pp, print, print-error-message)."""

from registry import category
from values import BOTS, ROLES, SERVICES, Person, digest, harmless, hexs, secret_pairs, secret_token, uuid, visible_parts


def seen(out, values):
    return [p for v in values for p in visible_parts(out, v)]


def emacs(h, code):
    path = h.write("src/job.el", code)
    return h.run(["emacs", "-Q", "--batch", "-l", path], ok=None).replace("src/", "")


def csi(h, code):
    path = h.write("src/job.scm", "(import (chicken pretty-print) (chicken condition) (chicken format))\n" + code)
    return h.run(["csi", "-q", "-s", path], ok=None).replace("src/", "")


def lisp_key(name):
    return name.lower().replace("_", "-")


# ---- Emacs Lisp --------------------------------------------------------------------------


@category("secret", "elisp-prin1-plist", 13)
def elisp_plist(h, r):
    (n1, v1), (n2, v2) = secret_pairs(r, 2)
    svc = r.choice(SERVICES)
    code = r.choice([
        f'(prin1 (list :host "api.{svc}.example.com" :user "deploy" :secret "{v1}" :port 443))\n(terpri)\n',
        f'(let ((conf \'(("{lisp_key(n1)}" . "{v1}") ("{lisp_key(n2)}" . "{v2}") ("service" . "{svc}"))))\n  (message "config: %S" conf))\n',
        f'(pp \'(:service "{svc}" :{lisp_key(n1)} "{v1}" :{lisp_key(n2)} "{v2}" :retries 3))\n',
        f'(setq my-{svc}-token "{v1}")\n(print (list \'my-{svc}-token my-{svc}-token))\n(message "%s" (format "Authorization: Bearer %s" my-{svc}-token))\n',
    ])
    out = emacs(h, code)
    return out, [v for v in (v1, v2) if v in out]


@category("secret", "elisp-hash-table-print", 13)
def elisp_hash(h, r):
    pairs = secret_pairs(r, r.randint(1, 2))
    puts = "".join(f'  (puthash "{lisp_key(n)}" "{v}" h)\n' for n, v in pairs)
    code = f'(let ((h (make-hash-table :test \'equal)))\n{puts}  (puthash "service" "{r.choice(SERVICES)}" h)\n  ' + r.choice(["(prin1 h) (terpri))\n", '(message "%S" h))\n', "(pp h))\n"])
    return emacs(h, code), [v for _, v in pairs]


@category("secret", "elisp-error-backtrace", 13)
def elisp_error(h, r):
    v = secret_token(r)
    svc = r.choice(SERVICES)
    code = r.choice([
        f'(error "Authentication failed for %s: token %s rejected" "{svc}" "{v}")\n',
        f"(signal 'wrong-type-argument (list 'stringp (list :token \"{v}\")))\n",
        f'(user-error "Bad credentials: %S" \'(:user "deploy" :password "{v}"))\n',
        f'(defun {svc}-login (user pass) (error "Login to {svc} failed (user=%s pass=%s)" user pass))\n({svc}-login "deploy" "{v}")\n',
    ])
    out = emacs(h, code)
    return out, seen(out, [v])


@category("pii", "elisp-plist-person", 12)
def elisp_person(h, r):
    p, q = Person(r), Person(r)
    code = r.choice([
        f'(prin1 \'(:name "{p.name}" :email "{p.email}" :phone "{p.phone}"))\n(terpri)\n',
        f'(pp \'(("name" . "{p.name}") ("mail" . "{p.email}") ("address" . "{p.street}, {p.city}")))\n',
        f'(setq user-full-name "{p.name}" user-mail-address "{p.email}")\n(message "From: %s <%s>" user-full-name user-mail-address)\n(message "Cc: %S" \'("{q.name}" "{q.phone}"))\n',
    ])
    out = emacs(h, code)
    return out, [t for t in (p.name, p.email, p.phone, p.street, q.name, q.phone) if t in out]


@category("pii", "elisp-error-person", 12)
def elisp_error_person(h, r):
    p = Person(r)
    code = r.choice([
        f'(error "No account for %s <%s>" "{p.name}" "{p.email}")\n',
        f"(signal 'wrong-type-argument (list 'numberp \"{p.phone}\"))\n",
        f'(user-error "Duplicate customer: %S" \'(:name "{p.name}" :phone "{p.phone}"))\n',
    ])
    out = emacs(h, code)
    return out, seen(out, [p.name, p.email, p.phone])


@category("negative", "elisp-plist-clean", 16)
def elisp_plist_clean(h, r):
    code = r.choice([
        f'(prin1 (list :host "api.{r.choice(SERVICES)}.example.com" :user "deploy" :secret "{harmless(r)}" :port 443))\n(terpri)\n',
        f'(pp \'(:id "{uuid(r)}" :commit "{hexs(r, 40)}" :owner "{r.choice(BOTS)}" :team "{r.choice(ROLES)}"))\n',
        f'(message "%S" \'(("token" . nil) ("checksum" . "{digest(r)}") ("retries" . {r.randint(1, 9)})))\n',
    ])
    return emacs(h, code), []


@category("negative", "elisp-hash-table-clean", 16)
def elisp_hash_clean(h, r):
    code = f'(let ((h (make-hash-table :test \'equal)))\n  (puthash "api-key" "{harmless(r)}" h)\n  (puthash "build" "{hexs(r, 12)}" h)\n  (puthash "workers" {r.randint(2, 32)} h)\n  (prin1 h) (terpri))\n'
    return emacs(h, code), []


@category("negative", "elisp-error-clean", 16)
def elisp_error_clean(h, r):
    svc = r.choice(SERVICES)
    code = r.choice([
        f'(error "Service %s not reachable after %d retries" "{svc}" {r.randint(2, 9)})\n',
        f"(signal 'file-missing (list \"Opening input file\" \"No such file or directory\" \"/etc/{svc}/token\"))\n",
        f'(user-error "Token variable %s is unset" "{r.choice(["GITHUB_TOKEN", "API_KEY", "DB_PASSWORD"])}")\n',
        f"(car \"{digest(r)}\")\n",
    ])
    return emacs(h, code), []


# ---- CHICKEN Scheme ----------------------------------------------------------------------


@category("secret", "chicken-write-alist", 13)
def chicken_write(h, r):
    (n1, v1), (n2, v2) = secret_pairs(r, 2)
    svc = r.choice(SERVICES)
    code = r.choice([
        f'(write \'(("service" . "{svc}") ("{lisp_key(n1)}" . "{v1}") ("{lisp_key(n2)}" . "{v2}")))\n(newline)\n',
        f'(pp \'((service . "{svc}") ({lisp_key(n1)} . "{v1}") (timeout . 30)))\n',
        f'(define creds (vector "deploy" "{v1}" "{v2}"))\n(write creds)\n(newline)\n',
        f'(print "token=" "{v1}")\n(write (list #:api-key "{v2}"))\n(newline)\n',
    ])
    out = csi(h, code)
    return out, [v for v in (v1, v2) if v in out]


@category("secret", "chicken-error-irritants", 13)
def chicken_error(h, r):
    v = secret_token(r)
    svc = r.choice(SERVICES)
    code = r.choice([
        f'(handle-exceptions exn (print-error-message exn) (error "login failed for" "deploy" "{v}"))\n',
        f"(handle-exceptions exn (print-error-message exn) (error 'connect-{svc} \"token rejected\" \"{v}\"))\n",
        f'(define (check-token t) (if (> (string-length t) 8) (error "token rejected by server" t) t))\n(check-token "{v}")\n',
        f'(handle-exceptions exn (begin (display "Error: ") (display (get-condition-property exn (quote exn) (quote message))) (display " ") (write (get-condition-property exn (quote exn) (quote arguments))) (newline)) (error "bad api key" "{v}"))\n',
    ])
    out = csi(h, code)
    return out, seen(out, [v])


@category("pii", "chicken-alist-person", 12)
def chicken_person(h, r):
    p, q = Person(r), Person(r)
    code = r.choice([
        f'(write \'((name . "{p.name}") (email . "{p.email}") (phone . "{p.phone}")))\n(newline)\n',
        f'(pp \'(#:customer "{p.name}" #:street "{p.street}" #:city "{p.city}"))\n',
        f'(for-each (lambda (x) (print (car x) " <" (cdr x) ">")) \'(("{p.name}" . "{p.email}") ("{q.name}" . "{q.email}")))\n',
    ])
    out = csi(h, code)
    return out, [t for t in (p.name, p.email, p.phone, p.street, q.name, q.email) if t in out]


@category("pii", "chicken-error-person", 12)
def chicken_error_person(h, r):
    p = Person(r)
    code = r.choice([
        f'(handle-exceptions exn (print-error-message exn) (error "duplicate contact" "{p.name}" "{p.email}"))\n',
        f"(handle-exceptions exn (print-error-message exn) (error 'lookup \"no such customer\" \"{p.name}\" \"{p.phone}\"))\n",
        f'(error "invalid phone for" "{p.name}" "{p.phone}")\n',
    ])
    out = csi(h, code)
    return out, seen(out, [p.name, p.email, p.phone])


@category("negative", "chicken-write-clean", 16)
def chicken_write_clean(h, r):
    code = r.choice([
        f'(write \'(("service" . "{r.choice(SERVICES)}") ("api-key" . "{harmless(r)}") ("owner" . "{r.choice(BOTS)}")))\n(newline)\n',
        f'(pp \'((id . "{uuid(r)}") (commit . "{hexs(r, 40)}") (workers . {r.randint(2, 64)})))\n',
        f'(write (vector "{r.choice(ROLES)}" "{digest(r)}" {r.randint(1, 999)}))\n(newline)\n',
    ])
    return csi(h, code), []


@category("negative", "chicken-error-clean", 16)
def chicken_error_clean(h, r):
    svc = r.choice(SERVICES)
    code = r.choice([
        f'(handle-exceptions exn (print-error-message exn) (error "service unavailable" "{svc}" {r.randint(500, 504)}))\n',
        f"(handle-exceptions exn (print-error-message exn) (error 'verify \"checksum mismatch\" \"{digest(r)}\"))\n",
        f'(error "missing environment variable" "{r.choice(["GITHUB_TOKEN", "API_KEY", "DB_PASSWORD"])}")\n',
        f'(car "{uuid(r)}")\n',
    ])
    return csi(h, code), []
