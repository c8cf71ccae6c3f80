"""Personal-data categories: a real program prints records of people it was given."""

import re

import programs as P
import values as V
from programs import Atom
from registry import category
from secret_cases import RADIUS_SECRET

N = 12


def people(r, n):
    return [V.Person(r) for _ in range(n)]


@category("pii", "java-record-person", N)
def java_person(h, r):
    ps = people(r, r.randint(1, 3))
    decl, _ = P.java_record("Customer", {"id": 1, "fullName": "", "email": "", "phone": "", "street": "", "city": ""})
    calls = ",\n            ".join(P.java_record("Customer", {"id": r.randint(1000, 99999), "fullName": p.name, "email": p.email, "phone": p.phone, "street": p.street, "city": p.city})[1] for p in ps)
    body = f"""        List<Customer> customers = List.of(
            {calls});
""" + r.choice(["        customers.forEach(System.out::println);", '        System.out.println("imported " + customers);'])
    targets = [x for p in ps for x in (p.name, p.email, p.phone, p.street)]
    return P.java(h, body, decl), targets


@category("pii", "java-exception-person", N)
def java_exc_person(h, r):
    p = V.Person(r)
    msg = r.choice([f"Duplicate entry: email {p.email} already registered to {p.name}", f"Cannot ship order to {p.name}, {p.street}, {p.city}: address not verified", f"SMS to {p.phone} ({p.name}) rejected by gateway"])
    decls = f"""    static void handle() {{
        throw new IllegalArgumentException({P.java_str(msg)});
    }}
"""
    out = P.java(h, "        handle();", decls, ok=(1,))
    targets = [x for x in (p.name, p.email, p.phone, p.street) if x in msg]
    return out, targets


@category("pii", "jshell-person-map", N)
def jshell_person(h, r):
    p = V.Person(r)
    lines = [
        f'var customer = new LinkedHashMap<String, String>(Map.of("name", "{p.name}", "email", "{p.email}"))',
        f'customer.put("phone", "{p.phone}")',
        f'customer.put("address", "{p.street}, {p.city}")',
        "customer",
    ]
    return P.jshell(h, lines), [p.name, p.email, p.phone, p.street]


@category("pii", "elixir-inspect-people", N)
def elixir_people(h, r):
    ps = people(r, r.randint(1, 3))
    rows = [{"id": r.randint(1, 9999), "name": p.name, "email": p.email, "phone": p.phone, "address": {"street": p.street, "city": p.city}} for p in ps]
    code = f"users = {P.ex_lit(rows)}\n" + r.choice(["IO.inspect(users, label: \"import batch\")\n", "Enum.each(users, &IO.inspect/1)\n", "IO.inspect(users, pretty: true, limit: :infinity)\n"])
    return P.elixir(h, code), [x for p in ps for x in (p.name, p.email, p.phone, p.street)]


@category("pii", "erlang-io-format-person", N)
def erlang_person(h, r):
    ps = people(r, r.randint(1, 2))
    terms = [{Atom("name"): p.name, Atom("email"): p.email, Atom("phone"): P.Charlist(p.phone), Atom("street"): p.street, Atom("id"): r.randint(1, 9999)} for p in ps]
    return P.erl_print(h, terms), [x for p in ps for x in (p.name, p.email, p.phone, p.street)]


@category("pii", "snmpwalk-syscontact", N)
def snmp_contact(h, r):
    p = V.Person(r)
    contact = r.choice([f"{p.name} <{p.email}>", f"{p.name}, {p.phone}", f"{p.email}"])
    location = r.choice([f"{p.street}, {p.city}", f"Server room, {p.street}, {p.city}"])
    h.snmpd(contact, location, "public")
    out = "$ snmpwalk -v2c -c public 127.0.0.1:1161 system\n" + h.run(["snmpwalk", "-m", "", "-v2c", "-c", "public", f"127.0.0.1:{h.snmp_port}", "1.3.6.1.2.1.1"])
    targets = [x for x in (p.name, p.email, p.phone, p.street) if x in contact or x in location]
    return out, targets


@category("pii", "nginx-access-log-personal-query", N)
def nginx_personal(h, r):
    h.nginx()
    p = V.Person(r)
    email_q = p.email.replace("@", "%40") if r.random() < 0.5 else p.email
    phone_q = p.phone.replace(" ", "").replace("(", "").replace(")", "").replace("-", "")
    reqs = [f"/api/newsletter/unsubscribe?email={email_q}", f"/api/v1/callbacks?phone={phone_q.replace('+', '%2B')}&lang=en", "/static/app.js"]
    r.shuffle(reqs)
    log = h.nginx_logs_since(lambda: [h.http_get(q, [("User-Agent", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15")]) for q in reqs], "access")
    return log, [email_q, phone_q.replace("+", "%2B")]


@category("pii", "freeradius-x-user-name", N)
def radius_user_email(h, r):
    p = V.Person(r)
    pw = V.s(r, V.ALNUM, 14)
    h.radiusd([f'"{p.email}" Cleartext-Password := "{pw}"\n\tReply-Message := "Hello {p.name}"\n'], RADIUS_SECRET)
    # CHAP: the password itself never travels, so the debug log holds only the person
    _, log = h.radius_log_since(lambda: P.radtest(h, p.email, pw, RADIUS_SECRET, auth="chap"))
    log = re.sub(r"(Message-Authenticator|CHAP-Password|CHAP-Challenge) = 0x[0-9a-f]+", r"\1 = 0x5c2e1f0a9b8d7c6e5f4a3b2c1d0e9f8a", log)
    if pw in log:
        raise RuntimeError("freeradius-x-user-name: the CHAP log holds the password")
    return log, [p.email, p.name]


@category("pii", "postmap-virtual-aliases", N)
def postmap_virtual(h, r):
    domain = f"{r.choice(V.ORGS)}.example"
    ps = people(r, r.randint(1, 3))
    ps = list({p.first: p for p in reversed(ps)}.values())[::-1]  # one alias per first name
    rows = [(f"{p.first.lower()}@{domain}", p.email, f"# {p.name}, {p.phone}") for p in ps]
    d = P.postfix_dir(h, "inet_interfaces = loopback-only\n")
    h.write(f"{d}/virtual", "".join(f"{c}\n{a} {e}\n" for a, e, c in rows))
    h.run(["postmap", "-c", d, f"hash:{d}/virtual"])
    if r.random() < 0.5:
        out = f"$ postmap -q {rows[0][0]} hash:/etc/postfix/virtual\n" + h.run(["postmap", "-c", d, "-q", rows[0][0], f"hash:{d}/virtual"])
        return out, [rows[0][0], ps[0].email]
    out = "$ postmap -s hash:/etc/postfix/virtual\n" + h.run(["postmap", "-c", d, "-s", f"hash:{d}/virtual"])
    return out, [x for (alias, email, _) in rows for x in (alias, email)]
