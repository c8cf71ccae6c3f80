"""Rakudo, new to the holdouts: `dd`, `.raku` and `say` of hashes and objects, `%*ENV`; `die`,
`fail` and custom exceptions with their backtrace. Each case is a script run as `raku <file>`."""

from registry import category
from values import BOTS, PLAIN_NAMES, ROLES, SERVICES, secret_pairs, Person, digest, hexs, placeholder, plain_value, secret_token, uuid

BAD = "\"'\\$`!%@&{}~#|;^<>[]()*"


def tok(r):
    return secret_token(r, bad=BAD)


def clean_value(r):
    while True:
        v = r.choice([placeholder, digest, lambda r: uuid(r), lambda r: f"{r.choice(SERVICES)}-{r.randint(1, 40)}"])(r)
        if not any(c in v for c in "\"'\\~"):
            return v


def config_pairs(r, clean):
    pairs, targets = [], []
    for name, drawn in secret_pairs(r, r.randint(1, 2)):
        v = clean_value(r) if clean else (drawn if not any(c in drawn for c in BAD) else tok(r))
        pairs.append((name.lower(), v))
        if not clean:
            targets.append(v)
    for name in r.sample(PLAIN_NAMES, r.randint(1, 3)):
        pairs.append((name.lower(), plain_value(r, name)))
    r.shuffle(pairs)
    return pairs, targets


# ---- Rakudo -----------------------------------------------------------------------------------


def run_raku(h, r, source, ok=(0,)):
    fname = r.choice(["config", "auth", "deploy-check", "settings", "probe"]) + ".raku"
    h.write(fname, source)
    return f"$ raku {fname}\n" + h.run(["raku", fname], ok=ok, env=h.env(RAKUDO_ERROR_COLOR=0))


def raku_printed(text, value):
    """A value as Rakudo printed it: `.raku` and `dd` write `@` as `\\@` inside a string."""
    escaped = value.replace("@", "\\@")
    return value if value in text else escaped


def raku_hash(pairs):
    return "(" + ", ".join(f"{k.replace('_', '-')} => '{v}'" for k, v in pairs) + ")"


def raku_print(h, r, clean):
    pairs, targets = config_pairs(r, clean)
    shape = r.randrange(4)
    if shape == 0:
        src = f"my %config = {raku_hash(pairs)};\ndd %config;\n"
    elif shape == 1:
        src = f"my %config = {raku_hash(pairs)};\nsay %config.raku;\n"
    elif shape == 2:
        attrs = [k.replace("_", "-") for k, _ in pairs]
        src = f"class Settings {{\n" + "".join(f"    has $.{a};\n" for a in attrs) + "}\n"
        src += f"my $s = Settings.new({', '.join(f'{a} => {chr(39)}{v}{chr(39)}' for a, (_, v) in zip(attrs, pairs))});\n"
        src += r.choice(["say $s.raku;\n", "dd $s;\n"])
    else:
        src = f"my %config = {raku_hash(pairs)};\nsay %config;\nnote %config.pairs.sort.map(*.raku).join(\"\\n\");\n"
    return run_raku(h, r, src), targets


@category("secret", "raku-dd-hash", 22)
def raku_dd_hash(h, r):
    return raku_print(h, r, clean=False)


@category("negative", "raku-hash-clean", 22)
def raku_hash_clean(h, r):
    return raku_print(h, r, clean=True)


def raku_error(h, r, clean):
    value = clean_value(r) if clean else tok(r)
    user = r.choice(["deploy", "ci-bot", "svc-" + r.choice(SERVICES), "app"])
    shape = r.randrange(4)
    if shape == 0:
        src = f"sub authenticate($user, $token) {{\n    die \"401 from https://api.example.com/v2/session for $user using $token\";\n}}\nauthenticate('{user}', '{value}');\n"
    elif shape == 1:
        src = f"class X::Auth::Rejected is Exception {{\n    has $.credential;\n    method message {{ \"credential {{$!credential}} was rejected\" }}\n}}\nsub login($c) {{ X::Auth::Rejected.new(credential => $c).throw }}\nlogin('{value}');\n"
    elif shape == 2:
        src = f"my %env = (api-key => '{value}', user => '{user}');\nsub check(%e) {{ fail \"bad key: %e<api-key>\" }}\nsay 'checking ', %env<user>;\ncheck(%env);\n"
    else:
        # Rakudo marks where a number stopped parsing (`<HERE>`): a value opening with a letter stays whole
        while not value[0].isalpha():
            value = clean_value(r) if clean else tok(r)
        src = f"my $token = '{value}';\nmy $n = $token.Int;\nsay $n;\n"
    return run_raku(h, r, src, ok=(1,)), ([] if clean else [value])


@category("secret", "raku-die-message", 22)
def raku_die_message(h, r):
    return raku_error(h, r, clean=False)


@category("negative", "raku-exception-clean", 22)
def raku_exception_clean(h, r):
    return raku_error(h, r, clean=True)


@category("pii", "raku-object-person", 25)
def raku_object_person(h, r):
    p = Person(r)
    shape = r.randrange(3)
    targets = [p.name, p.email, p.phone]
    if shape == 0:
        src = f"class Customer {{\n    has $.name;\n    has $.email;\n    has $.phone;\n}}\nmy $c = Customer.new(name => '{p.name}', email => '{p.email}', phone => '{p.phone}');\n" + r.choice(["say $c.raku;\n", "dd $c;\n"])
    elif shape == 1:
        src = f"my %contact = (name => '{p.name}', email => '{p.email}', phone => '{p.phone}', street => '{p.street}', city => '{p.city}');\n" + r.choice(["dd %contact;\n", "say %contact;\n"])
        targets.append(p.street)
    else:
        src = f"my @recipients = ('{p.email}', '{r.choice(BOTS)}');\nmy %owner = (name => '{p.name}', phone => '{p.phone}', id => {r.randint(1000, 9999)});\ndd @recipients, %owner;\n"
    text = run_raku(h, r, src)
    return text, [raku_printed(text, t) for t in targets]


@category("pii", "raku-die-person", 25)
def raku_die_person(h, r):
    p = Person(r)
    shape = r.randrange(2)
    if shape == 0:
        src = f"sub notify($name, $email) {{\n    die \"could not deliver to $name <$email>: mailbox full\";\n}}\nnotify('{p.name}', '{p.email}');\n"
        targets = [p.name, p.email]
    else:
        src = f"my %order = (customer => '{p.name}', phone => '{p.phone}', total => 42);\ndie \"invalid order: \" ~ %order.raku;\n"
        targets = [p.name, p.phone]
    text = run_raku(h, r, src, ok=(1,))
    return text, [raku_printed(text, t) for t in targets]


@category("negative", "raku-object-clean", 22)
def raku_object_clean(h, r):
    cls = r.choice(["Build", "Job", "Artifact", "Release"])
    attrs = [("id", uuid(r)), ("commit", hexs(r, 40)), ("runner", f"{r.choice(SERVICES)}-{r.randint(1, 40)}"), ("notify", r.choice(BOTS)), ("owner", r.choice(ROLES)), ("checksum", "sha256:" + hexs(r, 64))]
    attrs = r.sample(attrs, r.randint(2, 4))
    src = f"class {cls} {{\n" + "".join(f"    has $.{a};\n" for a, _ in attrs) + "}\n"
    src += f"my $x = {cls}.new({', '.join(f'{a} => {chr(39)}{v}{chr(39)}' for a, v in attrs)});\n" + r.choice(["say $x.raku;\n", "dd $x;\n", "say $x;\n"])
    return run_raku(h, r, src), []


@category("secret", "raku-env-dump", 22)
def raku_env_dump(h, r):
    pairs, targets = config_pairs(r, clean=False)
    env = {k.upper(): v for k, v in pairs}
    shape = r.randrange(3)
    if shape == 0:
        src = ".say for %*ENV.sort;\n"
    elif shape == 1:
        src = "dd %*ENV.grep({ .key ~~ /KEY|TOKEN|SECRET|PASSWORD/ }).Hash;\n"
    else:
        src = "for <" + " ".join(sorted(env)) + "> -> $name {\n    say \"$name={%*ENV{$name} // '(unset)'}\";\n}\n"
    fname = r.choice(["env", "show-env", "check-env"]) + ".raku"
    h.write(fname, src)
    text = f"$ raku {fname}\n" + h.run(["raku", fname], env=h.env(RAKUDO_ERROR_COLOR=0, **env))
    return text, [raku_printed(text, t) for t in targets if raku_printed(text, t) in text]
