"""Pike 8.0, new to the holdouts: mappings, arrays and objects printed with `%O`, and an
uncaught error's message with the backtrace that shows every call's arguments. Each case is a
script run as `pike <file>`. Pike's `%O` writes a byte string's non-ASCII bytes as octal
escapes, so the people printed here have names in Latin letters."""

from registry import category
from values import BOTS, PLAIN_NAMES, SERVICES, Person, digest, placeholder, plain_value, secret_pairs, secret_token, uuid, visible_parts

BAD = "\"'\\$`!%@&{}~#|;"


def tok(r):
    return secret_token(r, bad=BAD)


def clean_value(r):
    while True:
        v = r.choice([placeholder, digest, lambda r: uuid(r), lambda r: f"{r.choice(SERVICES)}-{r.randint(1, 40)}"])(r)
        if not any(c in v for c in "\"\\%"):
            return v


def pike_str(v):
    return '"' + v + '"'


def run_pike(h, r, source, ok=(0,)):
    fname = r.choice(["config", "check", "deploy", "probe", "settings"]) + ".pike"
    h.write(fname, source)
    return f"$ pike {fname}\n" + h.run(["pike", fname], ok=ok)


def pike_config(r, clean):
    pairs, targets = [], []
    for name, drawn in secret_pairs(r, r.randint(1, 3)):
        v = clean_value(r) if clean else (drawn if not any(c in drawn for c in BAD) else tok(r))
        pairs.append((name.lower(), v))
        if not clean:
            targets.append(v)
    for name in r.sample(PLAIN_NAMES, r.randint(1, 3)):
        pairs.append((name.lower(), plain_value(r, name)))
    r.shuffle(pairs)
    return pairs, targets


def pike_mapping(pairs):
    return "([ " + ", ".join(f"{pike_str(k)}: {pike_str(v)}" for k, v in pairs) + " ])"


def mapping_case(h, r, clean):
    pairs, targets = pike_config(r, clean)
    shape = r.randrange(4)
    if shape == 0:
        body = f"  mapping cfg = {pike_mapping(pairs)};\n  write(\"%O\\n\", cfg);\n"
    elif shape == 1:
        body = f"  mapping cfg = {pike_mapping(pairs)};\n  werror(\"config: %O\\n\", cfg);\n"
    elif shape == 2:
        body = f"  mapping cfg = {pike_mapping(pairs)};\n  write(\"%O\\n\", sort(values(cfg)));\n"
    else:
        fields = [k for k, _ in pairs]
        cls = "class Settings {\n" + "".join(f"  string {k};\n" for k in fields) + "}\n\n"
        body = "  Settings s = Settings();\n" + "".join(f"  s->{k} = {pike_str(v)};\n" for k, v in pairs) + "  write(\"%O\\n\", mkmapping(indices(s), values(s)));\n"
        return run_pike(h, r, f"{cls}int main() {{\n{body}  return 0;\n}}\n"), targets
    return run_pike(h, r, f"int main() {{\n{body}  return 0;\n}}\n"), targets


@category("secret", "pike-mapping-print", 22)
def pike_mapping_print(h, r):
    return mapping_case(h, r, clean=False)


@category("negative", "pike-mapping-clean", 22)
def pike_mapping_clean(h, r):
    return mapping_case(h, r, clean=True)[0], []


def error_case(h, r, clean):
    value = clean_value(r) if clean else tok(r)
    user = r.choice(["deploy", "ci-bot", "svc-" + r.choice(SERVICES), "app"])
    fn = r.choice(["authenticate", "open_session", "call_api", "fetch_token", "connect_db"])
    shape = r.randrange(3)
    if shape == 0:
        src = f"int main() {{\n  {fn}({pike_str(user)}, {pike_str(value)});\n  return 0;\n}}\n\nvoid {fn}(string user, string token) {{\n  error(\"401 Unauthorized for %s\\n\", user);\n}}\n"
    elif shape == 1:
        src = f"int main() {{\n  {fn}({pike_str(user)}, {pike_str(value)});\n  return 0;\n}}\n\nvoid {fn}(string user, string token) {{\n  error(\"%s: rejected credential %O\\n\", user, token);\n}}\n"
    else:
        src = f"int main() {{\n  mapping cfg = ([ \"user\": {pike_str(user)}, \"token\": {pike_str(value)} ]);\n  {fn}(cfg);\n  return 0;\n}}\n\nvoid {fn}(mapping cfg) {{\n  werror(\"using %O\\n\", cfg);\n  mapping session = 0;\n  write(\"%s %s\\n\", cfg->token, session->id);\n}}\n"
    text = run_pike(h, r, src, ok=(10,))
    return text, ([] if clean else visible_parts(text, value))


@category("secret", "pike-error-backtrace", 22)
def pike_error_backtrace(h, r):
    return error_case(h, r, clean=False)


@category("negative", "pike-error-clean", 22)
def pike_error_clean(h, r):
    return error_case(h, r, clean=True)[0], []


@category("pii", "pike-mapping-person", 25)
def pike_mapping_person(h, r):
    p = Person(r, ascii_only=True)
    pairs = [("name", p.name), ("email", p.email), ("phone", p.phone)]
    targets = [p.name, p.email, p.phone]
    if r.random() < 0.5:
        pairs.append(("street", p.street if p.street.isascii() else "Shandon Street 12"))
        targets.append(pairs[-1][1])
    if r.random() < 0.3:
        pairs.append(("cc", r.choice(BOTS)))
    pairs.append(("id", str(r.randint(10000, 99999))))
    src = f"int main() {{\n  mapping customer = {pike_mapping(pairs)};\n  write(\"%O\\n\", customer);\n  return 0;\n}}\n"
    return run_pike(h, r, src), targets


@category("pii", "pike-error-person", 25)
def pike_error_person(h, r):
    p = Person(r, ascii_only=True)
    shape = r.randrange(2)
    if shape == 0:
        src = f"int main() {{\n  notify({pike_str(p.name)}, {pike_str(p.email)});\n  return 0;\n}}\n\nvoid notify(string name, string email) {{\n  error(\"mailbox full\\n\");\n}}\n"
        targets = [p.name, p.email]
    else:
        src = f"int main() {{\n  book({pike_str(p.name)}, {pike_str(p.phone)}, {r.randint(1, 9)});\n  return 0;\n}}\n\nvoid book(string customer, string phone, int seats) {{\n  error(\"no seats left for %s\\n\", customer);\n}}\n"
        targets = [p.name, p.phone]
    return run_pike(h, r, src, ok=(10,)), targets
