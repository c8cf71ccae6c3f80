"""Personal-data categories: real programs print records of (synthetic) people."""

import json

import programs as P
import values as V
from registry import category

N = 12


def record_of(r, p, extras=2):
    """A customer record and the values in it that must disappear."""
    rec = {"id": r.randint(1000, 99999), "name": p.name, "email": p.email, "phone": p.phone}
    targets = [p.name, p.email, p.phone]
    for field in r.sample(["street", "iban", "card", "ssn", "address"], extras):
        if field == "street":
            rec["street"], rec["city"] = p.street, p.city
            targets.append(p.street)
        elif field == "address":
            rec["address"] = {"line1": p.street, "city": p.city, "country": r.choice(["DE", "GB", "FR", "IT", "US"])}
            targets.append(p.street)
        elif field == "iban":
            rec["iban"] = V.iban(r)
            targets.append(rec["iban"])
        elif field == "card":
            rec["card_number"] = V.luhn_card(r)
            targets.append(rec["card_number"])
        else:
            rec["ssn"] = V.ssn(r)
            targets.append(rec["ssn"])
    rec["newsletter"] = r.random() < 0.5
    return rec, targets


def people(r, lo=1, hi=3, extras=2):
    recs, targets = [], []
    for _ in range(r.randint(lo, hi)):
        rec, t = record_of(r, V.Person(r), extras)
        recs.append(rec)
        targets += t
    return recs, targets


@category("pii", "php-dump-user-records", N)
def php_dump_user_records(h, r):
    recs, targets = people(r)
    how = r.choice(["var_dump", "print_r", "var_export", "json_pretty"])
    value = recs if len(recs) > 1 or r.random() < 0.5 else recs[0]
    out = P.php_dump(h, value, how, var=r.choice(["users", "customer", "rows"]))
    return out, [P.php_json_as_printed(t) for t in targets] if how == "json_pretty" else targets


@category("pii", "go-fmt-person-structs", N)
def go_fmt_person_structs(h, r):
    ps = [V.Person(r) for _ in range(r.randint(1, 3))]
    people_ = []
    targets = []
    for p in ps:
        rec = {"name": p.name, "email": p.email, "phone": p.phone, "premium": r.random() < 0.5}
        targets += [p.name, p.email, p.phone]
        if r.random() < 0.6:
            rec["street"], rec["city"] = p.street, p.city
            targets.append(p.street)
        if r.random() < 0.4:
            rec["iban"] = V.iban(r)
            targets.append(rec["iban"])
        people_.append(rec)
    mode = r.choice(["ptr", "json", "+v", "#v"])
    cfg = {"service": r.choice(V.SERVICES), "env": "prod"}
    if mode in ("ptr", "json"):
        cfg.update(people=people_[1:], owner=people_[0])
    else:
        # nested, the owner pointer would print as an address; these verbs get the slice
        cfg["people"] = people_
    return h.go(mode, cfg), targets


@category("pii", "perl-dumper-customers", N)
def perl_dumper_customers(h, r):
    recs, targets = people(r)
    return P.perl_dumper(h, recs if len(recs) > 1 else recs[0], var=r.choice(["customers", "row", "user"]), indent=r.choice([None, 1]), sortkeys=r.random() < 0.7), targets


@category("pii", "node-console-log-users", N)
def node_console_log_users(h, r):
    recs, targets = people(r, 1, 4)
    how = r.choice(["log", "dir", "table", "repl"])
    if how == "repl":
        out = P.node_repl(h, [f"const users = {P.js_lit(recs).replace(chr(10), ' ')}", "users", "users.map(u => u.email)"])
        return out, targets
    if how == "table":
        flat = [{k: v for k, v in rec.items() if not isinstance(v, dict)} for rec in recs]
        out = P.node_log(h, flat, var="users", how="table")
        return out, [t for t in targets if t in out]
    return P.node_log(h, recs, var="users", how=how), targets


@category("pii", "lua-person-table", N)
def lua_person_table(h, r):
    recs, targets = people(r, 1, 2)
    how = r.choice(["dump", "format"])
    if how == "dump":
        return P.lua_run(h, {"customers": recs}, "print(dump(config.customers))"), targets
    body = "for i, c in ipairs(config.customers) do\n  print(string.format('%d\\t%-24s %-36s %s', c.id, c.name, c.email, c.phone))\n  for k, v in pairs(c) do if k == 'iban' or k == 'ssn' or k == 'card_number' or k == 'street' then print('', k, v) end end\nend"
    out = P.lua_run(h, {"customers": recs}, body)
    return out, [t for t in targets if t in out]


def person_entries(r, n):
    entries, targets = [], []
    for _ in range(n):
        p = V.Person(r)
        uid = (p.first[0] + p.last).lower().replace("-", "")[:12] + str(r.randint(1, 99))
        attrs = [("objectClass", "inetOrgPerson"), ("uid", uid), ("cn", p.name), ("sn", p.last), ("givenName", p.first), ("mail", p.email), ("telephoneNumber", p.phone)]
        targets += [p.name, p.email, p.phone]
        targets += [x for x in (p.first, p.last) if len(x) >= 6]
        if r.random() < 0.6:
            attrs.append(("postalAddress", f"{p.street}${p.city}"))
            targets.append(p.street)
        if r.random() < 0.4:
            mobile = V.phone(r)
            attrs.append(("mobile", mobile))
            targets.append(mobile)
        attrs.append(("title", r.choice(["Accountant", "Site Reliability Engineer", "Buyer", "Support Lead"])))
        entries.append((P.dn_in("people", f"uid={uid}"), attrs))
    return entries, targets


@category("pii", "ldapsearch-people-entries", N)
def ldapsearch_people_entries(h, r):
    entries, targets = person_entries(r, r.randint(1, 3))
    P.ldap_entries(h, entries)
    how = r.choice(["search", "search-attrs", "slapcat", "add-v"])
    if how == "search":
        out = h.ldap_search("ou=people,dc=example,dc=org", "(objectClass=inetOrgPerson)")
    elif how == "search-attrs":
        out = h.ldap_search("ou=people,dc=example,dc=org", "(mail=*)", "cn", "mail", "telephoneNumber", "mobile", "postalAddress", flags=["-LLL"])
    elif how == "slapcat":
        out = h.slapcat("dc=example,dc=org")
    else:
        P.ldap_cleanup(h, entries)
        out = P.ldap_entries(h, entries, "-v")
    P.ldap_cleanup(h, entries)
    return out, [t for t in targets if t in out] if how == "search-attrs" else targets


def signup_json(r):
    p = V.Person(r)
    body = {"name": p.name, "email": p.email, "phone": p.phone, "address": {"street": p.street, "city": p.city}, "marketing_opt_in": r.random() < 0.5}
    targets = [p.name, p.email, p.phone, p.street]
    if r.random() < 0.4:
        body["iban"] = V.iban(r)
        targets.append(body["iban"])
    return body, targets


@category("pii", "perl-lwp-dump-signup-json", N)
def perl_lwp_dump_signup_json(h, r):
    body, targets = signup_json(r)
    payload = json.dumps(body)
    echo = {"id": V.uuid(r), "status": "created", "customer": {"name": body["name"], "email": body["email"]}}
    h.http.reply(status=201, headers=[("Content-Type", "application/json")], body=(json.dumps(echo) + "\n").encode())
    out = P.perl_lwp(h, "POST", f"/api/{r.choice(['customers', 'signups', 'leads'])}", headers=[("Content-Type", "application/json")], content=payload)
    h.http.reply()
    return out, targets


@category("pii", "tcpdump-ascii-json-person", N)
def tcpdump_ascii_json_person(h, r):
    body, targets = signup_json(r)
    payload = json.dumps(body)
    path = f"/api/{r.choice(['customers', 'signups', 'leads'])}"

    def act():
        h.perl(f"use LWP::UserAgent;\nLWP::UserAgent->new->post('{h.url}{path}', 'Content-Type' => 'application/json', Content => {P.perl_lit(payload)});\n")

    return P.tcpdump(h, h.http.port, act, flags=r.choice([("-A",), ("-A", "-q")])), targets
