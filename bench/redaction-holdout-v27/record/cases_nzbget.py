"""NZBGet 21.0 (Debian 12), new to the holdouts: `nzbget -c nzbget.conf -p` ("print
configuration and exit"), every option as `Name = "value"`, with the control, restricted and
add passwords, news servers' `ServerN.Password`, feeds' URLs with an `apikey=` query, and its
config-file warnings. The documented default control password is never left in place: clean
configurations set it empty."""

from registry import category
from values import SERVICES, hexs, secret_token

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+"
NEWS = ["news.example.net", "eu.usenet.example.org", "nntp.provider.example", "reader.example.com"]
INDEXERS = ["indexer.example.org", "nzb.example.net", "rss.example.com"]


def printconfig(h, r, lines, overrides=()):
    conf = h.write("nzbget/nzbget.conf", f"MainDir={h.home}/downloads\n" + "\n".join(lines) + "\n")
    shown = "".join(f" -o {o}" for o in overrides)
    args = [a for o in overrides for a in ("-o", o)]
    return f"$ nzbget -c nzbget/nzbget.conf{shown} -p\n" + h.run(["nzbget", "-c", conf, *args, "-p"], ok=None)


def server_lines(r, n, password):
    lines = []
    for i in range(1, n + 1):
        lines += [f"Server{i}.Active=yes", f"Server{i}.Name={r.choice(['primary', 'backup', 'fill'])}", f"Server{i}.Level={i - 1}", f"Server{i}.Host={r.choice(NEWS)}",
                  f"Server{i}.Port={r.choice([119, 563])}", f"Server{i}.Username=user{r.randint(1000, 99999)}", f"Server{i}.Password={password(i)}", f"Server{i}.Encryption={r.choice(['yes', 'no'])}", f"Server{i}.Connections={r.randint(4, 30)}"]
    return lines


@category("secret", "nzbget-printconfig", 20)
def nzbget_printconfig(h, r):
    targets = []

    def secret():
        v = secret_token(r, bad=BAD)
        targets.append(v)
        return v

    lines = [f"ControlPassword={secret()}", "ControlIP=127.0.0.1", f"ControlPort={r.choice([6789, 6790])}"]
    if r.random() < 0.4:
        lines += [f"RestrictedUsername={r.choice(['viewer', 'mobile'])}", f"RestrictedPassword={secret()}"]
    if r.random() < 0.3:
        lines += ["AddUsername=adder", f"AddPassword={secret()}"]
    lines += server_lines(r, r.randint(1, 2), lambda i: secret())
    overrides = []
    if r.random() < 0.4:
        key = hexs(r, 32) if r.random() < 0.5 else secret_token(r, bad=BAD)
        targets.append(key)
        lines += ["Feed1.Name=tv", f"Feed1.URL=https://{r.choice(INDEXERS)}/rss?t=5000&apikey={key}&dl=1", "Feed1.Interval=15"]
    if r.random() < 0.25:
        pw = secret_token(r, bad=BAD)
        targets.append(pw)
        overrides.append(f"ControlPassword={pw}")
        targets.pop(0)
    out = printconfig(h, r, lines, overrides)
    return out, [t for t in targets if t in out]


@category("negative", "nzbget-printconfig-clean", 26)
def nzbget_printconfig_clean(h, r):
    lines = ["ControlPassword=", "ControlIP=127.0.0.1", f"ControlPort={r.choice([6789, 6790])}", f"UnpackPassFile={r.choice(['/etc/nzbget/passwords.txt', '/run/secrets/unpack-passwords'])}"]
    lines += server_lines(r, r.randint(1, 2), lambda i: "")
    if r.random() < 0.5:
        lines += ["Feed1.Name=" + r.choice(SERVICES), f"Feed1.URL=https://{r.choice(INDEXERS)}/rss?t=5000&cat={r.randint(2000, 8000)}", f"Feed1.Filter=size:<{r.randint(1, 9)}GB"]
    if r.random() < 0.3:
        lines += [f"SecureCert=/etc/nzbget/{r.choice(SERVICES)}.crt", f"SecureKey=/etc/nzbget/{r.choice(SERVICES)}.key"]
    return printconfig(h, r, lines), []
