"""bash's `declare -p`/`typeset -p`/`set`/`declare -f`, gawk's reports and `--dump-variables`, and
Gforth's typed strings and undefined-word errors."""

from registry import category
from values import BOTS, PLAIN_NAMES, ROLES, SERVICES, Person, digest, harmless, hexs, plain, plain_value, secret_pairs, secret_token, uuid


def bash(h, script):
    path = h.write("src/job.sh", script)
    return h.run(["bash", path], ok=None).replace("src/job.sh", "job.sh")


def shq(v):
    return "'" + v.replace("'", "'\\''") + "'"


# ---- bash ------------------------------------------------------------------------------------


@category("secret", "bash-declare-p-exports", 13)
def bash_declare_exports(h, r):
    pairs = secret_pairs(r, r.randint(1, 3))
    others = r.sample(PLAIN_NAMES, r.randint(1, 2))
    lines = [f"export {n}={shq(v)}" for n, v in pairs] + [f"{n}={shq(plain_value(r, n))}" for n in others]
    names = [n for n, _ in pairs] + others
    r.shuffle(names)
    show = r.choice([f"declare -p {' '.join(names)}", f"typeset -p {' '.join(names)}", "declare -px | grep -E '" + "|".join(n for n, _ in pairs) + "'"])
    return bash(h, "\n".join(lines) + "\n" + show + "\n"), [v for _, v in pairs]


@category("secret", "bash-declare-a-arrays", 13)
def bash_arrays(h, r):
    pairs = secret_pairs(r, 2)
    svc = r.choice(SERVICES)
    shape = r.randrange(3)
    if shape == 0:
        body = f"declare -A creds=([{pairs[0][0].lower()}]={shq(pairs[0][1])} [{pairs[1][0].lower()}]={shq(pairs[1][1])} [service]={svc} [region]=eu-west-1)\ndeclare -p creds"
    elif shape == 1:
        body = f"curl_args=(-sS --fail -H \"Authorization: Bearer {pairs[0][1]}\" https://api.example.com/v1/{svc})\nextra=(--user \"deploy:{pairs[1][1]}\")\ndeclare -p curl_args extra"
        return bash(h, body + "\n"), [pairs[0][1], pairs[1][1]]
    else:
        body = f"tokens=({shq(pairs[0][1])} {shq(pairs[1][1])})\nmapfile -t hosts <<< $'db-1\\ndb-2'\ntypeset -p tokens hosts"
    return bash(h, body + "\n"), [v for _, v in pairs]


@category("secret", "bash-set-dump", 13)
def bash_set(h, r):
    pairs = secret_pairs(r, r.randint(1, 2))
    others = r.sample(PLAIN_NAMES, 2)
    lines = [f"{n}={shq(v)}" for n, v in pairs] + [f"{n}={shq(plain_value(r, n))}" for n in others]
    pat = "|".join(n.split("_")[0] for n, _ in pairs + [(o, "") for o in others])
    return bash(h, "\n".join(lines) + f"\nset | grep -E '^({pat})'\n"), [v for _, v in pairs]


@category("secret", "bash-declare-f-function", 13)
def bash_function(h, r):
    (n1, v1), (n2, v2) = secret_pairs(r, 2)
    svc = r.choice(SERVICES)
    shape = r.randrange(3)
    if shape == 0:
        fn = f"deploy() {{ curl -fsS -H 'Authorization: token {v1}' https://api.example.com/{svc}/deploy; }}"
        targets = [v1]
    elif shape == 1:
        fn = f"dbshell() {{ local pass={shq(v1)}; PGPASSWORD=$pass psql -h db.internal -U {svc} \"$@\"; }}"
        targets = [v1]
    else:
        fn = f"notify() {{\n  export {n1}={shq(v1)}\n  export {n2}={shq(v2)}\n  ./bin/{svc}-notify --channel ops \"$1\"\n}}"
        targets = [v1, v2]
    return bash(h, fn + "\ndeclare -f " + fn.split("(")[0] + "\n"), targets


@category("pii", "bash-declare-person", 12)
def bash_person(h, r):
    p, q = Person(r), Person(r)
    shape = r.randrange(3)
    if shape == 0:
        s = f"declare -A author=([name]={shq(p.name)} [email]={shq(p.email)} [phone]={shq(p.phone)})\ndeclare -p author"
        return bash(h, s + "\n"), [p.name, p.email, p.phone]
    if shape == 1:
        s = f"export GIT_AUTHOR_NAME={shq(p.name)} GIT_AUTHOR_EMAIL={shq(p.email)} GIT_COMMITTER_NAME={shq(q.name)} GIT_COMMITTER_EMAIL={shq(q.email)}\ndeclare -p GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL"
        return bash(h, s + "\n"), [p.name, p.email, q.name, q.email]
    s = f"contacts=({shq(p.name + ' <' + p.email + '>')} {shq(q.name + ', ' + q.phone)})\nSHIP_TO={shq(p.street + ', ' + p.city)}\ntypeset -p contacts SHIP_TO"
    return bash(h, s + "\n"), [p.name, p.email, q.name, q.phone, p.street]


@category("negative", "bash-declare-clean", 16)
def bash_declare_clean(h, r):
    names = r.sample(PLAIN_NAMES, 2)
    secret_name = r.choice(["GITHUB_TOKEN", "DB_PASSWORD", "API_KEY", "STRIPE_SECRET_KEY"])
    shape = r.randrange(3)
    if shape == 0:
        s = f"export {secret_name}={shq(harmless(r))}\n" + "".join(f"{n}={shq(plain_value(r, n))}\n" for n in names) + f"declare -p {secret_name} {' '.join(names)}"
    elif shape == 1:
        s = f"declare -A cfg=([token]='${{{secret_name}}}' [checksum]={digest(r)} [owner]={shq(r.choice(BOTS))} [team]={shq(r.choice(ROLES))})\ndeclare -p cfg"
    else:
        s = f"ids=({uuid(r)} {uuid(r)})\nshas=({hexs(r, 40)} {hexs(r, 7)})\ntypeset -p ids shas"
    return bash(h, s + "\n"), []


@category("negative", "bash-set-function-clean", 16)
def bash_set_clean(h, r):
    svc = r.choice(SERVICES)
    if r.random() < 0.5:
        n = r.sample(PLAIN_NAMES, 3)
        s = "".join(f"{x}={shq(plain_value(r, x))}\n" for x in n) + f"set | grep -E '^({'|'.join(x.split('_')[0] for x in n)})'"
    else:
        s = f"deploy() {{ curl -fsS -H \"Authorization: Bearer ${{GITHUB_TOKEN:?}}\" https://api.example.com/{svc}/deploy --data-binary @release-{hexs(r, 7)}.json; }}\ndeclare -f deploy"
    return bash(h, s + "\n"), []


# ---- gawk ------------------------------------------------------------------------------------


def gawk(h, program, data="", args=()):
    path = h.write("src/job.awk", program)
    inp = h.write("src/input.txt", data)
    return h.run(["gawk", *args, "-f", path, inp], ok=None).replace("src/", "")


@category("secret", "gawk-printf-config-array", 13)
def gawk_config(h, r):
    pairs = secret_pairs(r, r.randint(2, 3))
    plain_keys = r.sample(PLAIN_NAMES, 2)
    rows = [f"{n.lower()}={v}" for n, v in pairs] + [f"{n.lower()}={plain_value(r, n)}" for n in plain_keys]
    r.shuffle(rows)
    prog = r.choice([
        'BEGIN { FS = "=" }\n{ conf[$1] = $2 }\nEND { PROCINFO["sorted_in"] = "@ind_str_asc"; for (k in conf) printf "%-24s %s\\n", k, conf[k] }\n',
        'BEGIN { FS = "=" }\n{ conf[$1] = $2 }\nEND { PROCINFO["sorted_in"] = "@ind_str_asc"; for (k in conf) printf "conf[\\"%s\\"] = \\"%s\\"\\n", k, conf[k] }\n',
        'BEGIN { FS = "=" }\n{ printf "%3d  %-22s|%s|\\n", NR, $1, $2 }\n',
    ])
    return gawk(h, prog, "\n".join(rows) + "\n"), [v for _, v in pairs]


@category("secret", "gawk-dump-variables", 13)
def gawk_dump(h, r):
    (n1, v1), (n2, v2) = secret_pairs(r, 2)
    svc = r.choice(SERVICES)
    prog = f'BEGIN {{\n  service = "{svc}"\n  {n1.lower()} = "{v1}"\n  {n2.lower()} = "{v2}"\n  retries = {r.randint(2, 9)}\n}}\n{{ n++ }}\nEND {{ print n, "lines" }}\n'
    return gawk(h, prog, "a\nb\n", ["--dump-variables=/dev/stdout"]), [v1, v2]


@category("pii", "gawk-csv-report-person", 12)
def gawk_person(h, r):
    people = [Person(r) for _ in range(r.randint(2, 3))]
    data = "name,email,phone,street,city\n" + "".join(f"{p.name},{p.email},{p.phone},{p.street},{p.city}\n" for p in people)
    prog = r.choice([
        'BEGIN { FS = "," } NR > 1 { printf "%-28s %-36s %s\\n", $1, $2, $3 }\n',
        'BEGIN { FS = "," } NR > 1 { print "Customer:", $1; print "  mail: " $2; print "  tel:  " $3; print "  addr: " $4 ", " $5 }\n',
        'BEGIN { FS = "," } NR > 1 { rec[NR] = $1 " <" $2 ">" } END { for (i = 2; i <= NR; i++) print i - 1 ": " rec[i] }\n',
    ])
    out = gawk(h, prog, data)
    targets = [t for p in people for t in (p.name, p.email, p.phone, p.street) if t in out]
    return out, targets


@category("negative", "gawk-report-clean", 16)
def gawk_clean(h, r):
    rows = "".join(f"{r.choice(SERVICES)},{r.randint(1, 999)},{r.randint(10, 9000)}ms,{hexs(r, 12)},{r.choice(BOTS)}\n" for _ in range(r.randint(3, 5)))
    prog = r.choice([
        'BEGIN { FS = "," } { printf "%-12s %5d %8s  %s  %s\\n", $1, $2, $3, $4, $5 }\n',
        'BEGIN { FS = "," } { n[$1] += $2 } END { PROCINFO["sorted_in"] = "@ind_str_asc"; for (k in n) print k ": " n[k] }\n',
    ])
    return gawk(h, prog, rows), []


@category("negative", "gawk-dump-variables-clean", 16)
def gawk_dump_clean(h, r):
    prog = f'BEGIN {{\n  service = "{r.choice(SERVICES)}"\n  api_key = "{harmless(r)}"\n  checksum = "{digest(r)}"\n  owner = "{r.choice(BOTS)}"\n}}\n{{ n++ }}\nEND {{ print n, "lines" }}\n'
    return gawk(h, prog, "a\n", ["--dump-variables=/dev/stdout"]), []


# ---- Gforth ----------------------------------------------------------------------------------


def gforth(h, code):
    path = h.write("src/job.fs", code)
    return h.run(["gforth", path, "-e", "bye"], ok=None).replace("src/", "")


@category("secret", "gforth-type-output", 13)
def gforth_type(h, r):
    v1 = secret_token(r, bad="\"'\\$`!%")
    v2 = secret_token(r, bad="\"'\\$`!%")
    svc = r.choice(SERVICES)
    code = r.choice([
        f's" {v1}" 2constant api-token\n: auth-header ( -- ) ." Authorization: Bearer " api-token type cr ;\nauth-header\n',
        f': show-config ( -- )\n  ." service  = {svc}" cr\n  ." password = {v1}" cr\n  ." token    = {v2}" cr ;\nshow-config\n',
        f'create key-buf 128 allot\ns" {v1}" key-buf swap move\nkey-buf {len(v1)} type cr\n." secret: " s" {v2}" type cr\n',
    ])
    out = gforth(h, code)
    return out, [v for v in (v1, v2) if v in out]


@category("secret", "gforth-undefined-word", 13)
def gforth_undefined(h, r):
    v = secret_token(r, bad="\"'\\$`!% ")
    key = r.choice(["api-key", "token", "password", "secret", "bearer", "auth"])
    code = r.choice([f"{v} constant {key}\n", f"{key} {v} set-header\n", f'." connecting" cr\n{v}\n'])
    return gforth(h, code), [v]


@category("pii", "gforth-type-person", 12)
def gforth_person(h, r):
    p = Person(r)
    code = r.choice([
        f': customer ( -- )\n  ." name:  {p.name}" cr\n  ." email: {p.email}" cr\n  ." phone: {p.phone}" cr ;\ncustomer\n',
        f's" {p.name}" 2constant owner\ns" {p.email}" 2constant owner-mail\n." Owner: " owner type ."  <" owner-mail type ." >" cr\n',
        f'{p.phone.replace(" ", "-")}\n',
    ])
    out = gforth(h, code)
    targets = [t for t in (p.name, p.email, p.phone, p.phone.replace(" ", "-")) if t in out]
    return out, targets


@category("negative", "gforth-output-clean", 16)
def gforth_clean(h, r):
    code = r.choice([
        f': banner ( -- ) ." service: {r.choice(SERVICES)}  build {hexs(r, 7)}" cr ;\nbanner\n{r.randint(2, 99)} {r.randint(2, 99)} * . cr\n',
        f's" {harmless(r)}" 2constant api-token\n." token: " api-token type cr\n',
        f'." id {uuid(r)}" cr ." owner {r.choice(BOTS)}" cr\n',
    ])
    return gforth(h, code), []


@category("negative", "gforth-error-clean", 16)
def gforth_error_clean(h, r):
    word = r.choice(["conect", "sevrice", "retires", "lenght", "recieve", "dpeloy", "tokn"]) + "-" + r.choice(SERVICES)
    code = r.choice([f"{r.randint(1, 9)} {word}\n", f": run {word} ;\n", f"{digest(r)}\n"])
    return gforth(h, code), []



