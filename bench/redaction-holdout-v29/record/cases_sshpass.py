"""sshpass 1.09 with OpenSSH's client (Debian 12), new to the holdouts: `sshpass -p <password>`,
`SSHPASS=<password> sshpass -e`, `-P <prompt>` and `-v`, in front of ssh, scp and rsync to a
port on 127.0.0.1 that nothing listens on (ssh's `connect to host 127.0.0.1 port 22: Connection
refused`). The password is on the command line the user typed. Clean: `sshpass -f <file>`,
`-e` with SSHPASS taken from a secret store, `-d <fd>`."""

from registry import category
from values import SERVICES, password, plain

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"
USERS = ["deploy", "backup", "root", "ops", "ci", "admin"]


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def client(r, port):
    user = r.choice(USERS)
    k = r.randrange(3)
    opts = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
    if k == 0:
        return ["ssh", *opts, "-p", str(port), f"{user}@127.0.0.1", r.choice(["uptime", "df -h", "systemctl status nginx", f"tail -n 50 /var/log/{r.choice(SERVICES)}.log"])]
    if k == 1:
        return ["scp", *opts, "-P", str(port), f"{r.choice(SERVICES)}.tar.gz", f"{user}@127.0.0.1:/srv/{r.choice(SERVICES)}/"]
    return ["rsync", "-az", "-e", f"ssh -p {port} -o StrictHostKeyChecking=no", f"./{r.choice(SERVICES)}/", f"{user}@127.0.0.1:/srv/{r.choice(SERVICES)}/"]


def quote(a):
    return a if a and not any(c in a for c in " '\"$()") else f"'{a}'"


def sshpass(h, r, front, env_shown, env):
    port = h.free_port(22)
    args = front + client(r, port)
    shown = (env_shown + " " if env_shown else "") + " ".join(quote(a) for a in args)
    return f"$ {shown}\n" + h.run(args, env=h.env(**env), ok=None)


@category("secret", "sshpass-password", 30)
def sshpass_password(h, r):
    secret = pw(r)
    verbose = ["-v"] if r.random() < 0.5 else []
    k = r.randrange(3)
    if k == 0:
        return sshpass(h, r, ["sshpass", *verbose, "-p", secret], "", {}), [secret]
    if k == 1:
        return sshpass(h, r, ["sshpass", *verbose, "-e"], f"SSHPASS={secret}", {"SSHPASS": secret}), [secret]
    return sshpass(h, r, ["sshpass", *verbose, "-P", r.choice(["assword", "Password:", "passphrase"]), "-p", secret], "", {}), [secret]


@category("negative", "sshpass-clean", 32)
def sshpass_clean(h, r):
    verbose = ["-v"] if r.random() < 0.5 else []
    k = r.randrange(3)
    if k == 0:
        path = h.write(f".ssh/{r.choice(SERVICES)}.pass", pw(r) + "\n", mode=0o600)
        return sshpass(h, r, ["sshpass", *verbose, "-f", path], "", {}), []
    if k == 1:
        store = r.choice(["pass show infra/" + r.choice(SERVICES), "cat /run/secrets/" + r.choice(SERVICES) + "_ssh", "secret-tool lookup host " + r.choice(SERVICES)])
        return sshpass(h, r, ["sshpass", *verbose, "-e"], f'SSHPASS="$({store})"', {"SSHPASS": pw(r)}), []
    return sshpass(h, r, ["sshpass", *verbose, "-d", "0"], "", {}), []
