"""Zabbix agent 6.0 (Debian 12's `zabbix-agent`), new to the holdouts: `zabbix_agentd -t <item>`
testing an item from a configuration file (`vfs.file.contents[...]` of an application's
settings, a `UserParameter` that prints a connection string, `vfs.file.md5sum`/`cksum`), and the
agent's complaints about a broken configuration line. The agent only runs its test and exits."""

import json

from registry import category
from values import BOTS, HOSTS, PLAIN_NAMES, ROLES, SERVICES, Person, clean_pairs, hexs, plain_value, secret_pairs, secret_token

BAD = "\"'\\$`!%{}[],;&|<> "


def agent_conf(h, r, params=()):
    host = f"{r.choice(SERVICES)}-{r.randint(1, 30):02d}"
    lines = ["LogType=console", f"Hostname={host}", "Server=127.0.0.1", "ServerActive=127.0.0.1"]
    if r.random() < 0.5:
        lines += ["TLSConnect=psk", "TLSAccept=psk", f"TLSPSKIdentity=PSK {host}", "TLSPSKFile=/etc/zabbix/zabbix_agentd.psk"]
    lines += [f"UserParameter={k},{v}" for k, v in params]
    return h.write("zabbix/zabbix_agentd.conf", "\n".join(lines) + "\n")


def test_item(h, r, item, params=()):
    conf = agent_conf(h, r, params)
    shown = item.replace(h.home, "/workspace")
    return f"$ zabbix_agentd -c zabbix/zabbix_agentd.conf -t '{shown}'\n" + h.run(["zabbix_agentd", "-c", conf, "-t", item], ok=(0, 1))


def settings_file(r, pairs):
    style = r.randrange(4)
    if style == 0:
        return ".env", "".join(f"{k.upper()}={v}\n" for k, v in pairs)
    if style == 1:
        return "settings.json", json.dumps(dict(pairs), indent=r.choice([None, 2]), ensure_ascii=False) + "\n"
    if style == 2:
        return "app.ini", f"[{r.choice(SERVICES)}]\n" + "".join(f"{k} = {v}\n" for k, v in pairs)
    return "config.yml", "".join(f"{k}: {v}\n" for k, v in pairs)


def with_plain(r, pairs):
    pairs = pairs + [(n.lower(), plain_value(r, n)) for n in r.sample(PLAIN_NAMES, r.randint(1, 3))]
    r.shuffle(pairs)
    return pairs


@category("secret", "zabbix-test-file-contents", 20)
def zabbix_test_file_contents(h, r):
    pairs = [(k.lower(), v if not any(c in v for c in BAD) else secret_token(r, bad=BAD)) for k, v in secret_pairs(r, r.randint(1, 3))]
    targets = [v for _, v in pairs]
    name, text = settings_file(r, with_plain(r, pairs))
    path = h.write(f"{r.choice(SERVICES)}/{name}", text)
    return test_item(h, r, f"vfs.file.contents[{path}]"), targets


@category("secret", "zabbix-test-userparam", 18)
def zabbix_test_userparam(h, r):
    pw = secret_token(r, bad=BAD + ":/@?#=")
    user = r.choice(["zbx_monitor", "monitor", "app", "exporter"])
    style = r.randrange(3)
    if style == 0:
        key, value = "pgsql.dsn", f"postgresql://{user}:{pw}@{r.choice(HOSTS)}:5432/{r.choice(SERVICES)}"
    elif style == 1:
        key, value = "redis.url", f"redis://:{pw}@{r.choice(HOSTS)}:6379/0"
    else:
        key, value = "app.token", f"{r.choice(['API_TOKEN', 'METRICS_TOKEN', 'SCRAPE_SECRET'])}={pw}"
    return test_item(h, r, key, [(key, f"echo {value}")]), [pw]


@category("pii", "zabbix-test-contacts", 20)
def zabbix_test_contacts(h, r):
    people = [Person(r) for _ in range(r.randint(1, 2))]
    style = r.randrange(2)
    if style == 0:
        text = "".join(f"{p.name};{p.email};{p.phone}\n" for p in people)
        name = "oncall.csv"
    else:
        text = json.dumps({"service": r.choice(SERVICES), "owners": [{"name": p.name, "email": p.email, "phone": p.phone} for p in people]}, ensure_ascii=False) + "\n"
        name = "owners.json"
    path = h.write(f"oncall/{name}", text)
    targets = [t for p in people for t in (p.name, p.email, p.phone)]
    return test_item(h, r, f"vfs.file.contents[{path}]"), targets


@category("negative", "zabbix-test-clean", 28)
def zabbix_test_clean(h, r):
    pairs = [(k, v) for k, v in clean_pairs(r, r.randint(1, 3)) if v and not any(c in v for c in BAD)]
    if r.random() < 0.3:
        pairs.append(("contact", r.choice(BOTS)))
    name, text = settings_file(r, with_plain(r, pairs))
    path = h.write(f"{r.choice(SERVICES)}/{name}", text)
    item = r.choice(["vfs.file.contents[{}]", "vfs.file.md5sum[{}]", "vfs.file.cksum[{}]", "vfs.file.contents[{}]"]).format(path)
    return test_item(h, r, item), []


@category("negative", "zabbix-config-error-clean", 14)
def zabbix_config_error_clean(h, r):
    host = f"{r.choice(SERVICES)}-{r.randint(1, 30):02d}"
    broken = r.choice([f"TLSPSKIdentity PSK {host}", "TLSPSKFile", f"Hostname {host}", f"DebugLevel={r.randint(6, 9)}", f"Include=/etc/zabbix/zabbix_agentd.d/{r.choice(SERVICES)}-{hexs(r, 6)}.conf", f"TLSPSKIdentity=PSK {r.choice(ROLES)}\nTLSPSKIdentity=PSK {host}"])
    lines = ["LogType=console", f"Hostname={host}", "Server=127.0.0.1", "TLSConnect=psk", "TLSPSKFile=/etc/zabbix/zabbix_agentd.psk"]
    lines.insert(r.randint(1, len(lines)), broken)
    conf = h.write("zabbix/zabbix_agentd.conf", "\n".join(lines) + "\n")
    return "$ zabbix_agentd -c zabbix/zabbix_agentd.conf -t agent.ping\n" + h.run(["zabbix_agentd", "-c", conf, "-t", "agent.ping"], ok=None), []
