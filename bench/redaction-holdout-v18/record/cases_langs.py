"""Printed objects of two languages new to the holdouts: R (`print` and `str` of lists, named
vectors from `Sys.getenv`, data frames, `stop()` errors with their call) and Racket (`write`,
`print` and `pretty-print` of hashes and transparent structs, `error` and contract violations)."""

from registry import category
from values import BOTS, ROLES, SERVICES, Person, digest, hexs, placeholder, secret_pairs, secret_token, uuid

# ---- R ---------------------------------------------------------------------------------------


def r_lit(value):
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rscript(h, source):
    path = h.write("r/main.R", source)
    return h.run(["Rscript", path], ok=None)


def short_token(r):
    """A secret that `str()` prints whole (it cuts strings after 128 characters)."""
    while True:
        v = secret_token(r)
        if len(v) <= 100:
            return v


def snake(name):
    return name.lower()


@category("secret", "r-list-print", 17)
def r_list_print(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    items = [("service", r_lit(r.choice(SERVICES))), ("host", r_lit(r.choice(["db.internal", "10.0.4.12", "pg-primary"])))] + [(snake(n), r_lit(v)) for n, v in pairs]
    items.append(("port", f"{r.randint(3000, 9000)}L"))
    r.shuffle(items)
    how = r.choice(["print(cfg)", "cfg", "print(unlist(cfg))"])
    src = f"cfg <- list({', '.join(f'{k} = {v}' for k, v in items)})\n{how}\n"
    return rscript(h, src), [v for _, v in pairs]


@category("secret", "r-str-list", 17)
def r_str_list(h, r):
    toks = [short_token(r) for _ in range(r.randint(1, 2))]
    names = r.sample(["api_key", "token", "password", "secret", "auth", "bearer", "client_secret"], len(toks))
    inner = ", ".join(f"{n} = {r_lit(t)}" for n, t in zip(names, toks))
    src = f"conn <- list(host = {r_lit(r.choice(['api.example.com', 'db.internal']))}, retries = {r.randint(1, 5)}L, creds = list({inner}))\nstr(conn)\n"
    return rscript(h, src), toks


@category("secret", "r-sys-getenv", 17)
def r_sys_getenv(h, r):
    pairs = secret_pairs(r, r.randint(1, 2))
    sets = ", ".join(f"{n} = {r_lit(v)}" for n, v in pairs)
    names = [n for n, _ in pairs] + r.sample(["R_HOME", "LANG", "TZ", "USER"], r.randint(1, 2))
    r.shuffle(names)
    how = r.randrange(3)
    if how == 1:
        return rscript(h, f"Sys.setenv({sets})\nprint(Sys.getenv({r_lit(pairs[0][0])}))\n"), [pairs[0][1]]
    call = f"Sys.getenv(c({', '.join(r_lit(n) for n in names)}))"
    return rscript(h, f"Sys.setenv({sets})\n{call if how == 0 else f'as.list({call})'}\n"), [v for _, v in pairs]


@category("secret", "r-dataframe-print", 17)
def r_dataframe_print(h, r):
    n = r.randint(2, 4)
    toks = [short_token(r) for _ in range(r.randint(1, n))]
    col = toks + [placeholder(r) for _ in range(n - len(toks))]
    svc = r.sample(SERVICES, n)
    src = f"keys <- data.frame(service = c({', '.join(r_lit(s) for s in svc)}), key = c({', '.join(r_lit(t) for t in col)}), active = c({', '.join(r.choice(['TRUE', 'FALSE']) for _ in range(n))}))\n"
    src += r.choice(["print(keys)\n", "keys[keys$active | TRUE, ]\n", "head(keys)\n"])
    return rscript(h, src), toks


@category("secret", "r-stop-call", 17)
def r_stop_call(h, r):
    tok = secret_token(r)
    svc = r.choice(SERVICES)
    how = r.randrange(3)
    if how == 0:
        src = f'connect <- function(host, token) stop("authentication failed")\nconnect("{svc}.internal", token = {r_lit(tok)})\n'
    elif how == 1:
        src = f'login <- function(user, password) stop("rejected credentials for ", user, ": ", password)\nlogin("deploy", {r_lit(tok)})\n'
    else:
        src = f'fetch <- function(url) stop("HTTP 401 from ", url)\nfetch(paste0("https://{svc}.example.com/v1/items?api_key=", {r_lit(tok)}))\n'
    return rscript(h, src), [tok]


@category("pii", "r-person-dataframe", 13)
def r_person_dataframe(h, r):
    people = [Person(r) for _ in range(r.randint(1, 3))]
    cols = {"name": [p.name for p in people], "email": [p.email for p in people], "phone": [p.phone for p in people]}
    src = "customers <- data.frame(" + ", ".join(f"{k} = c({', '.join(r_lit(v) for v in vs)})" for k, vs in cols.items()) + f", orders = c({', '.join(str(r.randint(1, 40)) for _ in people)}))\nprint(customers)\n"
    out = rscript(h, src)
    return out, [t for p in people for t in (p.name, p.email, p.phone)]


@category("pii", "r-person-str", 13)
def r_person_str(h, r):
    p = Person(r)
    how = r.randrange(2)
    body = f"list(full_name = {r_lit(p.name)}, email = {r_lit(p.email)}, phone = {r_lit(p.phone)}, street = {r_lit(p.street)}, city = {r_lit(p.city)})"
    src = f"contact <- {body}\n" + ("str(contact)\n" if how == 0 else "print(contact)\n")
    return rscript(h, src), [p.name, p.email, p.phone, p.street]


@category("negative", "r-print-clean", 20)
def r_print_clean(h, r):
    items = [("service", r_lit(r.choice(SERVICES))), ("api_key", r_lit(placeholder(r))), ("build_id", r_lit(uuid(r))), ("commit", r_lit(hexs(r, 40))),
             ("owner", r_lit(r.choice(BOTS))), ("team", r_lit(r.choice(ROLES))), ("checksum", r_lit(digest(r))), ("replicas", f"{r.randint(1, 9)}L")]
    items = r.sample(items, r.randint(3, len(items)))
    return rscript(h, f"x <- list({', '.join(f'{k} = {v}' for k, v in items)})\n{r.choice(['print(x)', 'str(x)', 'x'])}\n"), []


@category("negative", "r-dataframe-clean", 20)
def r_dataframe_clean(h, r):
    n = r.randint(2, 5)
    src = f"runs <- data.frame(job = c({', '.join(r_lit(f'{s}-{r.randint(1, 99)}') for s in r.sample(SERVICES, n))}), sha = c({', '.join(r_lit(hexs(r, r.choice([7, 40]))) for _ in range(n))}), token = c({', '.join(r_lit(placeholder(r)) for _ in range(n))}), ok = c({', '.join(r.choice(['TRUE', 'FALSE']) for _ in range(n))}))\nprint(runs)\n"
    return rscript(h, src), []


@category("negative", "r-error-clean", 20)
def r_error_clean(h, r):
    var = r.choice(["DB_PASSWORD", "API_TOKEN", "GITHUB_TOKEN", "STRIPE_SECRET_KEY"])
    how = r.randrange(3)
    if how == 0:
        src = f'key <- Sys.getenv("{var}")\nif (key == "") stop("environment variable {var} is not set")\n'
    elif how == 1:
        src = f'check <- function(id) stop("job ", id, " timed out after ", {r.randint(5, 600)}, "s")\ncheck({r_lit(uuid(r))})\n'
    else:
        src = f'verify <- function(sum) stop("checksum mismatch: expected ", sum)\nverify({r_lit(digest(r))})\n'
    return rscript(h, src), []


@category("negative", "r-getenv-clean", 20)
def r_getenv_clean(h, r):
    pairs = [("API_KEY", placeholder(r)), ("BUILD_ID", uuid(r)), ("GIT_SHA", hexs(r, 40)), ("OWNER", r.choice(BOTS)), ("DB_PASSWORD", placeholder(r)), ("REGION", r.choice(["eu-west-1", "us-east-2"]))]
    pairs = r.sample(pairs, r.randint(2, 4))
    sets = ", ".join(f"{n} = {r_lit(v)}" for n, v in pairs)
    return rscript(h, f"Sys.setenv({sets})\nSys.getenv(c({', '.join(r_lit(n) for n, _ in pairs)}))\n"), []


# ---- Racket ----------------------------------------------------------------------------------


def rkt_lit(value):
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def racket(h, body):
    path = h.write("rkt/main.rkt", "#lang racket\n" + body)
    return h.run(["racket", path], ok=None)


@category("secret", "racket-hash-print", 17)
def racket_hash_print(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    kv = [(n.lower().replace("_", "-"), v) for n, v in pairs] + [("service", r.choice(SERVICES)), ("region", r.choice(["eu-west-1", "us-east-2"]))]
    sym = r.random() < 0.5
    entries = " ".join(f"'{k} {rkt_lit(v)}" if sym else f"{rkt_lit(k)} {rkt_lit(v)}" for k, v in kv)
    how = r.choice(["(define env (hash {e}))\nenv\n", "(define env (hash {e}))\n(write env)\n(newline)\n", "(define env (hash {e}))\n(displayln env)\n", "(define env (make-hash (list)))\n(for ([kv (in-list (list {l}))]) (hash-set! env (car kv) (cdr kv)))\n(pretty-print env)\n"])
    lst = " ".join(f"(cons '{k} {rkt_lit(v)})" for k, v in kv)
    return racket(h, how.format(e=entries, l=lst)), [v for _, v in pairs]


@category("secret", "racket-struct-print", 17)
def racket_struct_print(h, r):
    tok = secret_token(r)
    name = r.choice(["credentials", "client", "conn-config", "api-client"])
    fields = ["host", "user", "token", "port"]
    vals = [rkt_lit(r.choice(["db.internal", "api.example.com"])), rkt_lit(r.choice(["deploy", "ci", "svc-billing"])), rkt_lit(tok), str(r.randint(1000, 9999))]
    how = r.randrange(3)
    if how == 0:
        body = f"(struct {name} ({' '.join(fields)}) #:transparent)\n({name} {' '.join(vals)})\n"
    elif how == 1:
        body = f"(struct {name} ({' '.join(fields)}) #:transparent)\n(displayln ({name} {' '.join(vals)}))\n"
    else:
        body = f"(struct {name} ({' '.join(fields)}) #:prefab)\n(pretty-print (list ({name} {' '.join(vals)}) 'ok))\n"
    return racket(h, body), [tok]


@category("secret", "racket-error-message", 17)
def racket_error_message(h, r):
    tok = secret_token(r)
    how = r.randrange(3)
    if how == 0:
        body = f"(error 'connect \"authentication failed with token ~a\" {rkt_lit(tok)})\n"
    elif how == 1:
        body = f"(raise-user-error 'deploy \"could not log in as ~s with ~s\" \"deploy\" {rkt_lit(tok)})\n"
    else:
        body = f"(define creds (hash 'user \"ci\" 'password {rkt_lit(tok)}))\n(error 'login \"rejected: ~v\" creds)\n"
    return racket(h, body), [tok]


@category("secret", "racket-contract-violation", 17)
def racket_contract_violation(h, r):
    tok = secret_token(r)
    how = r.randrange(3)
    if how == 0:
        body = f"(define (auth token) (raise-argument-error 'auth \"valid-token?\" token))\n(auth {rkt_lit(tok)})\n"
    elif how == 1:
        body = f"(+ 1 {rkt_lit(tok)})\n"
    else:
        body = f"(define/contract (set-key! k) (-> exact-integer? void?) (void))\n(set-key! {rkt_lit(tok)})\n"
    return racket(h, body), [tok]


@category("pii", "racket-person-struct", 13)
def racket_person_struct(h, r):
    p = Person(r)
    how = r.randrange(3)
    vals = " ".join(rkt_lit(v) for v in (p.name, p.email, p.phone, p.street))
    if how == 0:
        body = f"(struct customer (name email phone street) #:transparent)\n(customer {vals})\n"
    elif how == 1:
        body = f"(pretty-print (hash 'name {rkt_lit(p.name)} 'email {rkt_lit(p.email)} 'phone {rkt_lit(p.phone)} 'street {rkt_lit(p.street)} 'id {r.randint(100, 99999)}))\n"
    else:
        body = f"(require json)\n(write-json (hasheq 'name {rkt_lit(p.name)} 'email {rkt_lit(p.email)} 'phone {rkt_lit(p.phone)} 'street {rkt_lit(p.street)}) #:encode 'all)\n(newline)\n"
    out = racket(h, body)
    targets = [p.name, p.email, p.phone, p.street]
    if how == 2:
        targets = [json_ascii(t) for t in targets]
    return out, targets


def json_ascii(value):
    return "".join(c if ord(c) < 128 else "".join(f"\\u{u:04x}" for u in utf16(c)) for c in value)


def utf16(c):
    b = c.encode("utf-16-be")
    return [int.from_bytes(b[i:i + 2], "big") for i in range(0, len(b), 2)]


@category("negative", "racket-print-clean", 20)
def racket_print_clean(h, r):
    kv = [("token", placeholder(r)), ("build-id", uuid(r)), ("commit", hexs(r, 40)), ("owner", r.choice(BOTS)), ("checksum", digest(r)), ("team", r.choice(ROLES))]
    kv = r.sample(kv, r.randint(3, len(kv)))
    entries = " ".join(f"'{k} {rkt_lit(v)}" for k, v in kv)
    return racket(h, r.choice(["(hash {e})\n", "(pretty-print (hash {e}))\n", "(write (hash {e}))\n(newline)\n"]).format(e=entries)), []


@category("negative", "racket-struct-clean", 20)
def racket_struct_clean(h, r):
    vals = [rkt_lit(r.choice(SERVICES)), rkt_lit(hexs(r, 40)), rkt_lit(placeholder(r)), rkt_lit(r.choice(BOTS)), str(r.randint(1, 9))]
    call = f"(deploy {' '.join(vals)})"
    return racket(h, "(struct deploy (service commit token owner replicas) #:transparent)\n" + r.choice([call, f"(displayln {call})"]) + "\n"), []


@category("negative", "racket-error-clean", 20)
def racket_error_clean(h, r):
    how = r.randrange(3)
    if how == 0:
        body = f"(error 'config \"environment variable ~a is not set\" {rkt_lit(r.choice(['DB_PASSWORD', 'API_TOKEN', 'GITHUB_TOKEN']))})\n"
    elif how == 1:
        body = f"(raise-user-error 'verify \"checksum mismatch: expected ~a\" {rkt_lit(digest(r))})\n"
    else:
        body = f"(define (job id) (raise-argument-error 'job \"exact-integer?\" id))\n(job {rkt_lit(uuid(r))})\n"
    return racket(h, body), []
