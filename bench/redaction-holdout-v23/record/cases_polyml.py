"""Poly/ML 5.7 (Standard ML), new to the holdouts: its top level reading a file on stdin
(`poly < f.sml`) prints every binding with its value and type (`val cfg = {password = "…",
…}: config`, lists of pairs, datatype constructors) and an uncaught exception with its argument
(`Exception- Fail "…" raised`, a record carried by an exception of the file's own). Poly/ML takes
only ASCII in a string literal and prints a string's other bytes as decimal escapes
(`Ma\\195\\171lys`): the people here are written so in the source and targeted as printed."""

from registry import category
from values import BOTS, PLAIN_NAMES, ROLES, SERVICES, Person, clean_pairs, digest_for, plain_value, secret_pairs, secret_token, uuid

BAD = "\"\\"


def tok(r):
    return secret_token(r, bad=BAD)


def sml_escape(value):
    """A string as an SML literal's content (and as Poly/ML prints it): non-ASCII bytes as \\ddd."""
    return "".join(c if ord(c) < 128 else "".join(f"\\{b:03d}" for b in c.encode()) for c in value)


def q(v):
    return '"' + sml_escape(v) + '"'


def run_poly(h, r, source):
    fname = r.choice(["config", "session", "check", "deploy", "scratch"]) + ".sml"
    h.write(fname, source)
    return f"$ poly < {fname}\n" + h.run(["poly"], input=source, ok=None)


def fields(r, clean):
    pairs, targets = [], []
    if clean:
        pairs += clean_pairs(r, r.randint(1, 3))
    else:
        for name, v in secret_pairs(r, r.randint(1, 3)):
            if any(c in v for c in BAD):
                v = tok(r)
            pairs.append((name.lower(), v))
            targets.append(v)
    for name in r.sample(PLAIN_NAMES, r.randint(1, 2)):
        pairs.append((name.lower(), plain_value(r, name)))
    r.shuffle(pairs)
    return pairs, targets


def print_case(h, r, clean):
    pairs, targets = fields(r, clean)
    shape = r.randrange(3)
    if shape == 0:
        rec = ", ".join(f"{k} = {q(v)}" for k, v in pairs)
        src = f"val cfg = {{{rec}}};\n"
        if r.random() < 0.5:
            src = f"type config = {{{', '.join(f'{k}: string' for k, _ in pairs)}}};\nval cfg : config = {{{rec}}};\n"
    elif shape == 1:
        src = "val env = [" + ", ".join(f"({q(k.upper())}, {q(v)})" for k, v in pairs) + "];\n"
        if r.random() < 0.5:
            src += f'val lookup = fn k => List.find (fn (n, _) => n = k) env;\nlookup {q(pairs[0][0].upper())};\n'
    else:
        cons = [("Token", "string"), ("Basic", "string * string"), ("Setting", "string * string")]
        vals = []
        for k, v in pairs:
            if k.endswith("token") or k.endswith("key"):
                vals.append(f"Token {q(v)}")
            elif k.endswith("password"):
                vals.append(f"Basic ({q(r.choice(['deploy', 'app', 'svc-' + r.choice(SERVICES)]))}, {q(v)})")
            else:
                vals.append(f"Setting ({q(k)}, {q(v)})")
        src = "datatype item = " + " | ".join(f"{c} of {t}" for c, t in cons) + ";\nval items = [" + ", ".join(vals) + "];\n"
    return run_poly(h, r, src), targets


@category("secret", "polyml-record-print", 24)
def polyml_record_print(h, r):
    return print_case(h, r, clean=False)


@category("negative", "polyml-record-clean", 30)
def polyml_record_clean(h, r):
    return print_case(h, r, clean=True)[0], []


@category("secret", "polyml-exception", 24)
def polyml_exception(h, r):
    v = tok(r)
    user = r.choice(["deploy", "ci-bot", "svc-" + r.choice(SERVICES), "admin"])
    key = r.choice(["token", "api_key", "password", "secret"])
    shape = r.randrange(3)
    if shape == 0:
        src = f'fun login (user, {key}) = raise Fail ("401 for " ^ user ^ " with {key} " ^ {key});\nlogin ({q(user)}, {q(v)});\n'
    elif shape == 1:
        src = f"exception AuthFailed of {{user: string, {key}: string}};\nfun connect (u, t) = raise AuthFailed {{user = u, {key} = t}};\nconnect ({q(user)}, {q(v)});\n"
    else:
        src = f'val creds = [("{key}", {q(v)})];\nval n = valOf (Int.fromString (#2 (hd creds))) handle Option => raise Fail ("not a number: " ^ #2 (hd creds));\n'
    return run_poly(h, r, src), [v]


@category("negative", "polyml-exception-clean", 30)
def polyml_exception_clean(h, r):
    shape = r.randrange(3)
    svc = r.choice(SERVICES)
    if shape == 0:
        a, b = digest_for(r, "sha256"), digest_for(r, "sha256")
        src = f'fun verify (want, got) = if want = got then () else raise Fail ("checksum mismatch: want " ^ want ^ ", got " ^ got);\nverify ({q(a)}, {q(b)});\n'
    elif shape == 1:
        src = f'exception NotFound of {{service: string, request_id: string}};\nraise NotFound {{service = {q(svc)}, request_id = {q(uuid(r))}}};\n'
    else:
        k, v = r.choice(clean_pairs(r, 2))
        src = f'val owner = {q(r.choice(BOTS))};\nraise Fail ("{svc}: {k} is {sml_escape(v)}, ask " ^ owner ^ " ({r.choice(ROLES)})");\n'
    return run_poly(h, r, src), []


@category("pii", "polyml-record-person", 28)
def polyml_record_person(h, r):
    people = [Person(r) for _ in range(r.choice([1, 1, 2]))]
    recs, targets = [], []
    for p in people:
        fs = [("name", p.name), ("email", p.email)]
        if r.random() < 0.6:
            fs.append(("phone", p.phone))
        if r.random() < 0.4:
            fs.append(("street", p.street))
        recs.append(fs)
        targets += [sml_escape(v) for k, v in fs]
    keys = sorted({k for fs in recs for k, _ in fs})
    body = []
    for fs in recs:
        d = dict(fs)
        body.append("{" + ", ".join(f"{k} = {q(d[k]) if k in d else chr(34) * 2}" for k in keys) + f", id = {r.randint(1000, 99999)}}}")
    src = f"val customers = [{', '.join(body)}];\n" if len(body) > 1 else f"val customer = {body[0]};\n"
    return run_poly(h, r, src), targets
