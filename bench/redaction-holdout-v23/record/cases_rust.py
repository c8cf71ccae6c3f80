"""Rust 1.95 (rustc), new to the holdouts: a program's `{:?}`, `{:#?}` and `dbg!` prints of
structs, enums and maps, and its panics (`unwrap` on an `Err`, `expect`, `panic!`, a failed
`assert_eq!`). Each case is one `main.rs` compiled with `rustc` and run, shown as
`rustc main.rs && ./main`; the compiler says nothing (the sources allow dead code)."""

import os

from registry import category
from values import BOTS, PLAIN_NAMES, SERVICES, Person, clean_pairs, digest_for, plain_value, secret_pairs, secret_token

RUSTC = "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/bin/rustc"
BAD = "\"'\\$`!%{}"


def tok(r):
    return secret_token(r, bad=BAD)


def rs(v):
    return '"' + v + '"'


def run_rust(h, r, source, ok=(0,)):
    d = h.fresh("app")
    src = os.path.join(d, "main.rs")
    h.write(src, "#![allow(dead_code, unused_variables)]\n" + source)
    h.run([RUSTC, "--edition", "2021", "-o", os.path.join(d, "main"), src], cwd=d)
    out = h.run([os.path.join(d, "main")], cwd=d, ok=ok)
    return "$ rustc main.rs && ./main\n" + out


def struct_name(r):
    return r.choice(["Config", "Settings", "ServiceConfig", "Credentials", "AppConfig", "Deploy"])


def struct_src(name, pairs):
    fields = "".join(f"    {k}: String,\n" for k, _ in pairs)
    init = ", ".join(f"{k}: {rs(v)}.to_string()" for k, v in pairs)
    return f"#[derive(Debug, Clone)]\nstruct {name} {{\n{fields}}}\n", f"{name} {{ {init} }}"


def print_case(h, r, pairs):
    shape = r.randrange(5)
    name = struct_name(r)
    if shape <= 2:
        decl, init = struct_src(name, pairs)
        fmt = ["{:?}", "{:#?}", "loaded {:?}"][shape]
        body = f"    let cfg = {init};\n    println!(\"{fmt}\", cfg);\n"
        if shape == 1 and r.random() < 0.5:
            body = f"    let cfg = {init};\n    eprintln!(\"{fmt}\", cfg);\n"
        return run_rust(h, r, f"{decl}\nfn main() {{\n{body}}}\n")
    if shape == 3:
        decl, init = struct_src(name, pairs)
        return run_rust(h, r, f"{decl}\nfn main() {{\n    let cfg = {init};\n    dbg!(&cfg);\n}}\n")
    inserts = "".join(f"    m.insert({rs(k)}, {rs(v)});\n" for k, v in pairs)
    fmt = r.choice(["{:?}", "{:#?}"])
    return run_rust(h, r, f"use std::collections::BTreeMap;\n\nfn main() {{\n    let mut m = BTreeMap::new();\n{inserts}    println!(\"{fmt}\", m);\n}}\n")


def config_pairs(r, clean):
    pairs, targets = [], []
    if clean:
        pairs += clean_pairs(r, r.randint(1, 3))
    else:
        for name, v in secret_pairs(r, r.randint(1, 3)):
            if any(c in v for c in BAD):
                v = tok(r)
            pairs.append((name.lower(), v))
            targets.append(v)
    for name in r.sample(PLAIN_NAMES, r.randint(1, 3)):
        pairs.append((name.lower(), plain_value(r, name)))
    r.shuffle(pairs)
    return pairs, targets


@category("secret", "rust-debug-print", 24)
def rust_debug_print(h, r):
    pairs, targets = config_pairs(r, clean=False)
    return print_case(h, r, pairs), targets


@category("negative", "rust-debug-clean", 30)
def rust_debug_clean(h, r):
    pairs, _ = config_pairs(r, clean=True)
    return print_case(h, r, pairs), []


@category("secret", "rust-panic-unwrap", 24)
def rust_panic_unwrap(h, r):
    user = r.choice(["deploy", "ci-bot", "svc-" + r.choice(SERVICES), "admin"])
    value = tok(r)
    shape = r.randrange(5)
    targets = [value]
    if shape == 0:
        field = r.choice(["token", "api_key", "password", "secret"])
        src = (f"#[derive(Debug)]\nenum AuthError {{\n    Rejected {{ user: String, {field}: String }},\n}}\n\n"
               f"fn login(user: &str, {field}: &str) -> Result<(), AuthError> {{\n    Err(AuthError::Rejected {{ user: user.into(), {field}: {field}.into() }})\n}}\n\n"
               f"fn main() {{\n    login({rs(user)}, {rs(value)}).unwrap();\n}}\n")
    elif shape == 1:
        src = f"fn main() {{\n    let token = {rs(value)};\n    let n: u32 = token.parse().expect(&format!(\"token {{}} is not a number\", token));\n}}\n"
    elif shape == 2:
        src = f"fn main() {{\n    let key = {rs(value)};\n    panic!(\"{r.choice(['401 from upstream', 'login failed', 'handshake rejected'])} for {user} with key {{:?}}\", key);\n}}\n"
    elif shape == 3:
        other = tok(r)
        targets.append(other)
        src = f"fn main() {{\n    let expected_secret = {rs(value)};\n    let signing_secret = {rs(other)};\n    assert_eq!(signing_secret, expected_secret, \"webhook secret mismatch\");\n}}\n"
    else:
        src = (f"use std::collections::HashMap;\n\nfn main() {{\n    let mut env: HashMap<&str, &str> = HashMap::new();\n    env.insert(\"DEPLOY_TOKEN\", {rs(value)});\n"
               f"    let r: Result<u8, String> = Err(format!(\"cannot use {{:?}}\", env));\n    r.unwrap();\n}}\n")
    return run_rust(h, r, src, ok=(101,)), targets


@category("negative", "rust-panic-clean", 30)
def rust_panic_clean(h, r):
    shape = r.randrange(5)
    svc = r.choice(SERVICES)
    if shape == 0:
        src = (f"#[derive(Debug)]\nenum ConfigError {{\n    Missing {{ path: String, key: String }},\n}}\n\n"
               f"fn load() -> Result<(), ConfigError> {{\n    Err(ConfigError::Missing {{ path: \"/etc/{svc}/config.toml\".into(), key: {rs(r.choice(['api_key', 'db_password', 'token']))}.into() }})\n}}\n\n"
               "fn main() {\n    load().unwrap();\n}\n")
    elif shape == 1:
        name = r.choice(["sha256", "checksum", "digest"])
        a, b = digest_for(r, name), digest_for(r, name)
        src = f"fn main() {{\n    let expected_{name} = {rs(a)};\n    let actual_{name} = {rs(b)};\n    assert_eq!(actual_{name}, expected_{name}, \"artifact {svc}.tar.gz changed\");\n}}\n"
    elif shape == 2:
        src = f"use std::env;\n\nfn main() {{\n    let token = env::var(\"{r.choice(['GITHUB_TOKEN', 'API_KEY', 'DEPLOY_TOKEN'])}\").expect(\"set the token in the environment\");\n}}\n"
    elif shape == 3:
        pairs = clean_pairs(r, 2)
        k, v = pairs[0]
        src = f"fn main() {{\n    let {k} = {rs(v)};\n    panic!(\"{svc}: unexpected {k} {{:?}} from {r.choice(BOTS)}\", {k});\n}}\n"
    else:
        src = f"fn main() {{\n    let replicas: Vec<u32> = vec![{r.randint(1, 9)}, {r.randint(1, 9)}];\n    let idx = {r.randint(2, 9)};\n    println!(\"{svc} replica {{}}\", replicas[idx]);\n}}\n"
    return run_rust(h, r, src, ok=(101,)), []


@category("pii", "rust-debug-person", 28)
def rust_debug_person(h, r):
    people = [Person(r) for _ in range(r.choice([1, 1, 2]))]
    targets = []
    rows = []
    for p in people:
        fields = [("name", p.name), ("email", p.email)]
        targets += [p.name, p.email]
        if r.random() < 0.6:
            fields.append(("phone", p.phone))
            targets.append(p.phone)
        if r.random() < 0.4:
            fields.append(("street", p.street))
            fields.append(("city", p.city))
            targets.append(p.street)
        rows.append(fields)
    keys = []
    for fields in rows:
        for k, _ in fields:
            if k not in keys:
                keys.append(k)
    decl = "#[derive(Debug)]\nstruct Customer {\n    id: u32,\n" + "".join(f"    {k}: Option<String>,\n" for k in keys) + "}\n"
    inits = []
    for fields in rows:
        d = dict(fields)
        parts = [f"id: {r.randint(1000, 99999)}"] + [f"{k}: Some({rs(d[k])}.to_string())" if k in d else f"{k}: None" for k in keys]
        inits.append("Customer { " + ", ".join(parts) + " }")
    fmt = r.choice(["{:?}", "{:#?}"])
    if len(inits) == 1:
        body = f"    let c = {inits[0]};\n    println!(\"{fmt}\", c);\n"
    else:
        body = "    let customers = vec![\n" + "".join(f"        {i},\n" for i in inits) + f"    ];\n    println!(\"{fmt}\", customers);\n"
    return run_rust(h, r, f"{decl}\nfn main() {{\n{body}}}\n"), targets
