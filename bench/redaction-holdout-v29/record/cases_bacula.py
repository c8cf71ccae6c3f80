"""Bacula 9.6.7 (Debian 12), new to the holdouts: `bacula-dir -t`, `bacula-fd -t`, `bacula-sd -t`
and `bconsole -t` (test the configuration and exit) on files with a mistake. Bacula's parser
quotes the line it stopped at: a misspelt `Password` keyword, a `Password` in a resource that
takes none, or a password whose closing quote is missing (the lexer then prints the rest of the
string). PII: an unterminated `Description` naming a laptop's owner, a `mail =` line under a
misspelt keyword. Clean: the same mistakes on lines without secrets (the password elsewhere in
the file, never printed), resources referenced but not defined."""

from registry import category
from values import SERVICES, Person, password, plain

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"
DAEMONS = {"dir": ("bacula-dir", "bacula-dir.conf"), "fd": ("bacula-fd", "bacula-fd.conf"), "sd": ("bacula-sd", "bacula-sd.conf"), "console": ("bconsole", "bconsole.conf")}
TYPOS = ["Pasword", "Passwrd", "Passowrd", "Pssword", "Password2", "DirPassword"]


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def director_block(r, password_line):
    return ["Director {", f"  Name = {r.choice(['bk', 'backup', 'bacula'])}-dir", password_line, "}"]


def resources(r, kind, password_line):
    """The file's resources, in the order Bacula reads them; `password_line` sits in the first."""
    name = f"{r.choice(SERVICES)}{r.randint(1, 30)}"
    if kind == "dir":
        return ["Director {", f"  Name = {name}-dir", "  DIRport = 9101", '  QueryFile = "/etc/bacula/scripts/query.sql"', '  WorkingDirectory = "/var/lib/bacula"',
                '  PidDirectory = "/run/bacula"', "  Maximum Concurrent Jobs = 20", password_line, "  Messages = Daemon", "}"]
    if kind == "fd":
        return director_block(r, password_line) + ["FileDaemon {", f"  Name = {name}-fd", "  FDport = 9102", "  WorkingDirectory = /var/lib/bacula", "  Pid Directory = /run/bacula", "}"]
    if kind == "sd":
        return ["Storage {", f"  Name = {name}-sd", "  SDPort = 9103", '  WorkingDirectory = "/var/lib/bacula"', '  Pid Directory = "/run/bacula"', "}"] + director_block(r, password_line)
    return ["Director {", f"  Name = {name}-dir", "  DIRport = 9101", "  address = 127.0.0.1", password_line, "}"]


def unprinted(out, hidden):
    """A case whose password Bacula must not print (it is no target): refuse it if it does."""
    if hidden in out:
        raise RuntimeError("bacula printed the password of a case that plants none:\n" + out)
    return out


def test_config(h, r, kind, lines):
    prog, conf = DAEMONS[kind]
    path = h.write(f"bacula/{conf}", "\n".join(lines) + "\n")
    return f"$ {prog} -t -c bacula/{conf}\n" + h.run([prog, "-t", "-c", path], ok=None)


@category("secret", "bacula-config-password-line", 36)
def bacula_password_line(h, r):
    kind = r.choice(list(DAEMONS))
    secret = pw(r)
    # bconsole's file takes no Messages resource
    k = r.randrange(3 if kind != "console" else 2)
    if k == 0:
        line = f'  {r.choice(TYPOS)} = "{secret}"'
        lines = resources(r, kind, line)
    elif k == 1:
        # the closing quote missing: the lexer reads on to the end of the file and prints it
        lines = resources(r, kind, f'  Password = "{secret}')
    else:
        # a password where the resource takes none (Messages); the Director's own is never printed
        lines = resources(r, kind, f'  Password = "{pw(r)}"')
        where = {"fd": "FileDaemon {", "sd": "Storage {", "dir": "Director {"}[kind]
        extra = ["Messages {", "  Name = Standard", f'  Password = "{secret}"', "  director = bk-dir = all", "}"]
        i = lines.index(where)
        lines = lines[:i] + extra + lines[i:]
    return test_config(h, r, kind, lines), [secret]


@category("pii", "bacula-config-person", 22)
def bacula_person(h, r):
    p = Person(r)
    kind = r.choice(["dir", "fd"])
    k = r.randrange(3)
    if k == 0:
        line, targets = f'  Descriptoin = "Laptop of {p.name}, {p.phone}"', [p.name, p.phone]
    elif k == 1:
        line, targets = f"  mial = {p.email} = all, !skipped", [p.email]
    else:
        line, targets = f'  Descripton = "{p.name} <{p.email}>"', [p.name, p.email]
    hidden = pw(r)
    lines = resources(r, kind, f'  Password = "{hidden}"')
    lines = lines[:2] + [line] + lines[2:]
    return unprinted(test_config(h, r, kind, lines), hidden), targets


@category("negative", "bacula-config-clean", 46)
def bacula_clean(h, r):
    kind = r.choice(list(DAEMONS))
    # the real password sits on a line Bacula never reaches or never prints
    hidden = pw(r)
    lines = resources(r, kind, f'  Password = "{hidden}"')
    k = r.randrange(4)
    if k == 0:
        i = r.randint(1, 2)
        lines = lines[:i] + [f"  {r.choice(['Maximum Concurent Jobs', 'WorkingDirectori', 'Heartbeat Intervall'])} = {r.randint(1, 60)}"] + lines[i:]
    elif k == 1:
        lines = lines + ["Messages {", "  Name = Standard", f"  {r.choice(['mail', 'operator'])} = {r.choice(['root@localhost', 'bacula@example.org', 'backup-alerts@example.com'])} = all, !skipped", f"  Bogus{r.randint(1, 9)} = yes", "}"]
    elif k == 2:
        # an unterminated description: Bacula prints from it to the end of the file, so it goes
        # in the last resource, below the password
        lines = lines[:-1] + ['  Description = "rack B4, ' + r.choice(SERVICES) + ' backups'] + lines[-1:]
    else:
        lines = lines + ["Job {", f"  Name = {r.choice(SERVICES)}-nightly", f"  Client = {r.choice(SERVICES)}-fd", "  Unknown Directive = 3", "}"]
    return unprinted(test_config(h, r, kind, lines), hidden), []
