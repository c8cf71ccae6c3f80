"""Personal-data categories: real programs print rows, logs and mail that hold synthetic people."""

import json

import programs as P
import values as V
from registry import category
from secret_cases import pandas_targets

N = 12


def people(r, lo=1, hi=3):
    return [V.Person(r) for _ in range(r.randint(lo, hi))]


def finance(r):
    kind = r.choice(["iban", "card", "ssn"])
    return kind, {"iban": V.iban, "card": V.luhn_card, "ssn": V.ssn}[kind](r)


@category("pii", "psql-expanded-customer-rows", N)
def psql_expanded_customer_rows(h, r):
    rows, targets = [], []
    for p in people(r):
        kind, fin = finance(r)
        rows.append([p.name, p.email, p.phone, f"{p.street}, {p.city}", kind, fin])
        targets += [p.name, p.email, p.phone, p.street, fin]
    table = P.pg_table(h, r, r.choice(["customers", "account_holders", "payees"]), [("id", "serial"), ("full_name", "text"), ("email", "text"), ("phone", "text"), ("address", "text"), ("doc_kind", "text"), ("doc_value", "text")], rows)
    return h.psql(f"SELECT * FROM {table} ORDER BY id", "-x"), targets


@category("pii", "psql-aligned-users-table", N)
def psql_aligned_users_table(h, r):
    rows, targets = [], []
    for p in people(r, 2, 4):
        rows.append([p.first, p.last, p.email, p.phone, r.choice(["admin", "member", "billing"])])
        targets += [p.email, p.phone] + [part for part in (p.first, p.last) if len(part) >= 6]
    table = P.pg_table(h, r, r.choice(["users", "members", "contacts"]), [("id", "serial"), ("first_name", "text"), ("last_name", "text"), ("email", "text"), ("phone", "text"), ("role", "text")], rows)
    fmt = r.choice([[], ["--csv"], ["-A", "-F", " | "]])
    return h.psql(f"SELECT id, first_name, last_name, email, phone, role FROM {table} ORDER BY id", *fmt), targets


@category("pii", "postgres-log-insert-person", N)
def postgres_log_insert_person(h, r):
    p = V.Person(r)
    kind, fin = finance(r)
    table = P.pg_table(h, r, "signups", [("id", "serial"), ("name", "text"), ("email", "text"), ("phone", "text"), ("street", "text"), ("doc", "text")], [])
    stmt = f"INSERT INTO {table} (name, email, phone, street, doc) VALUES ('{p.name}', '{p.email}', '{p.phone}', '{p.street}', '{fin}') RETURNING id"

    def act():
        h.psql(stmt)
        h.psql(f"UPDATE {table} SET email = lower(email) WHERE id = 1")

    return h.pg_log_since(act), [p.name, p.email, p.phone, p.street, fin]


@category("pii", "redis-hgetall-user-profile", N)
def redis_hgetall_user_profile(h, r):
    p = V.Person(r)
    key = f"user:{r.randint(10000, 999999)}:profile"
    fields = ["name", p.name, "email", p.email, "phone", p.phone, "street", p.street, "city", p.city]
    targets = [p.name, p.email, p.phone, p.street]
    if r.random() < 0.5:
        kind, fin = finance(r)
        fields += [kind, fin]
        targets.append(fin)
    h.redis("DEL", key)
    h.redis("HSET", key, *fields)
    out = P.redis_prompt(h, "HGETALL", key, raw=r.random() < 0.5)
    h.redis("DEL", key)
    return out, targets


@category("pii", "swaks-envelope-headers", N)
def swaks_envelope_headers(h, r):
    a, b = V.Person(r), V.Person(r)
    args = ["--from", a.email, "--to", b.email, "--h-From", f'"{a.name}" <{a.email}>', "--h-To", f"{b.name} <{b.email}>", "--header", f"Subject: {r.choice(['Invoice', 'Contract', 'Onboarding'])} {r.randint(100, 999)}"]
    targets = [a.email, b.email, a.name, b.name]
    if r.random() < 0.5:
        args += ["--body", f"Hi,\nplease call me back on {a.phone}.\n\n{a.name}\n{a.street}\n{a.city}\n"]
        targets += [a.phone, a.street]
    return P.swaks(h, *args), targets


@category("pii", "sqlalchemy-echo-user-params", N)
def sqlalchemy_echo_user_params(h, r):
    stmts, targets = [], []
    for p in people(r, 1, 2):
        kind, fin = finance(r)
        stmts.append(("INSERT INTO customers (name, email, phone, tax_or_card) VALUES (:name, :email, :phone, :doc)", {"name": p.name, "email": p.email, "phone": p.phone, "doc": fin}))
        targets += [p.name, p.email, p.phone, fin]
    stmts.append(("SELECT id FROM customers WHERE email = :email", {"email": targets[1]}))
    return P.sqlalchemy_echo(h, "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, email TEXT, phone TEXT, tax_or_card TEXT)", stmts), targets


@category("pii", "pandas-customers-frame", N)
def pandas_customers_frame(h, r):
    rows, targets = [], []
    for p in people(r, 2, 4):
        kind, fin = finance(r)
        rows.append([p.name, p.email, fin, round(r.uniform(10, 900), 2)])
        targets += [p.name, p.email, fin]
    how = r.choice(["print(df)", "print(df.to_string(index=False))", "print(df.sort_values('balance'))", "print(df.T)"])
    out = P.pandas_print(h, rows, ["name", "email", "account", "balance"], how)
    return out, pandas_targets(out, targets)


@category("pii", "csv-table-people", N)
def csv_table_people(h, r):
    rows, targets = [], []
    for p in people(r, 2, 3):
        rows.append([p.name, p.email, p.phone, p.street, p.city])
        targets += [p.name, p.email, p.phone, p.street]
    return P.csv_tool(h, r, ["name", "email", "phone", "street", "city"], rows, name="contacts.csv"), targets


@category("pii", "httpie-json-user-profile", N)
def httpie_json_user_profile(h, r):
    p = V.Person(r)
    kind, fin = finance(r)
    body = {"id": r.randint(1000, 99999), "name": p.name, "email": p.email, "phone": p.phone, "address": {"line1": p.street, "city": p.city}, kind: fin, "created_at": "2026-03-02T10:00:00Z"}
    out = P.httpie(h, *r.choice([["-v"], ["-b"], ["--print=hb"], ["--pretty=format", "-b"], ["--pretty=format", "-v"]]), "GET", f"{h.url}/api/users/{body['id']}", reply={"body": json.dumps(body).encode(), "headers": [("Content-Type", "application/json")]})
    return out, [p.name, p.email, p.phone, p.street, fin]
