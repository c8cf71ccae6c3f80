"""Personal-data categories: a person's name, e-mail, phone or address as the program printed it."""

from common import clojure_batch, guile, ocaml, tcl, testparm
from registry import category
from values import DIGITS, SERVICES, Person, iban, s, uuid

N = 12


def fields(r, p):
    """The person's values a record holds here (name always; two or three others)."""
    picked = [("name", p.name), ("email", p.email)]
    extra = r.sample([("phone", p.phone), ("street", p.street), ("city", p.city), ("iban", iban(r))], r.randint(1, 2))
    return picked + extra


@category("pii", "tcl-dict-person", N)
def tcl_person(h, r):
    p = Person(r)
    fs = fields(r, p)
    code = "set customer [dict create id " + str(r.randint(1000, 99999)) + " " + " ".join(f"{k} {{{v}}}" for k, v in fs) + "]\nputs $customer\nputs \"mailing [dict get $customer email]\"\n"
    return tcl(h, code), [v for _, v in fs]


@category("pii", "tcl-error-person", N)
def tcl_error_person(h, r):
    p = Person(r)
    code = f"proc lookup {{email}} {{\n    error \"no account matches $email\"\n}}\nlookup {p.email}\n"
    return tcl(h, code), [p.email]


@category("pii", "guile-record-person", N)
def guile_person(h, r):
    p = Person(r)
    fs = fields(r, p)
    names = " ".join(k for k, _ in fs)
    accessors = " ".join(f"({k} person-{k})" for k, _ in fs)
    vals = " ".join(f'"{v}"' for _, v in fs)
    code = f"(use-modules (srfi srfi-9))\n(define-record-type <person> (make-person {names}) person? {accessors})\n(define p (make-person {vals}))\n(write p)\n(newline)\n(display (list 'contact (person-name p) (person-email p)))\n(newline)\n"
    return guile(h, code), [v for _, v in fs]


@category("pii", "ocaml-record-person", N)
def ocaml_person(h, r):
    p = Person(r)
    fs = fields(r, p)
    decl = "; ".join(f"{k} : string" for k, _ in fs)
    val = "; ".join(f'{k} = "{v}"' for k, v in fs)
    code = f"type customer = {{ id : int; {decl} }};;\nlet c = {{ id = {r.randint(100, 9999)}; {val} }};;\n"
    return ocaml(h, code), [v for _, v in fs]


@category("pii", "ocaml-exception-person", N)
def ocaml_exn_person(h, r):
    p = Person(r)
    code = f'exception Duplicate_customer of string * string;;\nlet add name email = raise (Duplicate_customer (name, email));;\nadd "{p.name}" "{p.email}";;\n'
    return ocaml(h, code), [p.name, p.email]


@category("pii", "clojure-prn-people", N, batch=True)
def clojure_people(h, r, count):
    forms, targets = [], []
    for _ in range(count):
        people = [Person(r) for _ in range(r.randint(1, 3))]
        t = []
        maps = []
        for p in people:
            t += [p.name, p.email, p.phone]
            maps.append(f'{{:id {r.randint(1, 9999)} :name "{p.name}" :email "{p.email}" :phone "{p.phone}"}}')
        targets.append(t)
        forms.append(f"(prn [{' '.join(maps)}])")
    return list(zip(clojure_batch(h, forms), targets))


@category("pii", "clojure-ex-info-person", N, batch=True)
def clojure_exinfo_person(h, r, count):
    forms, targets = [], []
    for _ in range(count):
        p = Person(r)
        targets.append([p.email, p.street])
        forms.append(f'(try (throw (ex-info "address validation failed" {{:customer/email "{p.email}" :customer/street "{p.street}" :order-id "{uuid(r)}"}}))\n  (catch clojure.lang.ExceptionInfo e (println "WARN" (ex-message e) (ex-data e))))')
    return list(zip(clojure_batch(h, forms), targets))


@category("pii", "haproxy-log-personal-query", N)
def haproxy_person(h, r):
    p = Person(r)
    h.haproxy()
    phone = "".join(c for c in p.phone if c in DIGITS + "+")
    path, t = r.choice([(f"/signup?email={p.email}&plan=pro", [p.email]), (f"/api/v1/contacts?phone={phone}", [phone]), (f"/unsubscribe?email={p.email}&list={r.choice(SERVICES)}", [p.email])])
    reqs = [("/", {}), (path, {}), (f"/static/app.{s(r, '0123456789abcdef', 8)}.js", {})]
    r.shuffle(reqs)
    return h.haproxy_log_since(reqs), t


@category("pii", "testparm-share-comment", N)
def testparm_person(h, r):
    p = Person(r)
    user = p.email.split("@")[0]
    conf = f"[global]\n   workgroup = OFFICE\n   server role = standalone server\n\n[{user}]\n   comment = Home of {p.name}, {p.phone}\n   path = /srv/homes/{user}\n   valid users = {user}\n   read only = no\n"
    return testparm(h, conf), [p.name, p.phone]


@category("pii", "vsftpd-anon-password-email", N)
def vsftpd_anon_email(h, r):
    """vsftpd logs an anonymous login's password, which FTP clients and users fill with an e-mail."""
    h.vsftpd()
    p = Person(r)
    sessions = [("anonymous", p.email, r.sample(["/", "/releases", "PWD", "SYST"], r.randint(1, 2)))]
    if r.random() < 0.5:
        sessions.insert(0, ("anonymous", r.choice(["anonymous@", "ftp@example.com", "guest"]), ["PWD"]))
    return h.ftp_log_since(sessions), [p.email]
