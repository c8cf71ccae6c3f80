"""Prometheus Alertmanager 0.25.0 and amtool (Debian 12), new to the holdouts: one Alertmanager on
127.0.0.1 whose configuration each case rewrites and reloads (`POST /-/reload`), then `amtool
config show --alertmanager.url=http://127.0.0.1:9093` prints it as the server holds it.
Alertmanager masks its secret-typed fields as `<secret>` but prints webhook URLs as given (a
token in the query or the user information) and a SigV4 `access_key` (an AWS key id, a target
by the policy). amtool with credentials in `--alertmanager.url` (the typed command; amtool's
own error drops them). PII: e-mail receivers' `to:` with a name. Clean: every secret in a masked
field, URLs without tokens, `amtool check-config`."""

import urllib.request

from registry import category
from values import SERVICES, Person, aws_key_id, hexs, password, plain, s, ALNUM, URLSAFE

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"
AM = {}


def pw(r):
    while True:
        v = password(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def base(r, receiver, receivers):
    return f"""global:
  smtp_smarthost: 'smtp.example.org:587'
  smtp_from: 'alertmanager@example.org'
  smtp_auth_username: 'alerts'
  smtp_auth_password: '{pw(r)}'
route:
  receiver: {receiver}
  group_by: ['alertname', '{r.choice(['cluster', 'service', 'instance'])}']
  group_wait: {r.choice([10, 30])}s
receivers:
""" + receivers


def start(h, r):
    if not AM:
        port = h.free_port(9093)
        conf = h.write("alertmanager/alertmanager.yml", base(r, "default", "  - name: default\n"))
        h.daemon(["prometheus-alertmanager", f"--config.file={conf}", f"--storage.path={h.home}/alertmanager/data", f"--web.listen-address=127.0.0.1:{port}", "--cluster.listen-address="], port, "alertmanager")
        AM.update(port=port, conf=conf)
    return AM


def show(h, r, receiver_name, receivers, planted=()):
    """Reload Alertmanager with this receiver and print its configuration; `planted` are values
    Alertmanager must mask (a negative case fails to record if one shows)."""
    am = start(h, r)
    h.write(am["conf"], base(r, receiver_name, receivers))
    with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{am['port']}/-/reload", method="POST"), timeout=10) as reply:
        if reply.status != 200:
            raise RuntimeError(f"reload: {reply.status}")
    url = f"http://127.0.0.1:{am['port']}"
    out = f"$ amtool config show --alertmanager.url={url}\n" + h.run(["amtool", "config", "show", f"--alertmanager.url={url}"])
    for v in planted:
        if v in out:
            raise RuntimeError("alertmanager printed a value planted as masked")
    return out


def webhook_url(r, targets):
    token = r.choice([lambda: s(r, ALNUM, 32), lambda: hexs(r, 40), lambda: pw(r), lambda: s(r, URLSAFE, 43)])()
    targets.append(token)
    k = r.randrange(3)
    host = r.choice(["hooks.example.org", "alerts.internal", "chatops.example.net", "10.0.3.14:8080"])
    if k == 0:
        return f"https://{host}/alert?{r.choice(['token', 'api_key', 'access_token', 'secret'])}={token}"
    if k == 1:
        return f"https://{r.choice(['alertmanager', 'hook', 'am'])}:{token}@{host}/v1/alerts"
    return f"https://{host}/hooks/{r.choice(SERVICES)}?auth={token}&format=json"


@category("secret", "alertmanager-config-show", 32)
def alertmanager_config_show(h, r):
    targets = []
    name = r.choice(SERVICES) + "-team"
    recv = f"  - name: {name}\n"
    recv += f"    webhook_configs:\n      - url: '{webhook_url(r, targets)}'\n        send_resolved: {r.choice(['true', 'false'])}\n"
    if r.random() < 0.4:
        key = aws_key_id(r, r.choice(["AKIA", "AKIA", "ASIA"]))
        targets.append(key)
        recv += f"""    sns_configs:
      - topic_arn: 'arn:aws:sns:eu-west-1:{r.randint(10**11, 10**12 - 1)}:{r.choice(SERVICES)}-alerts'
        sigv4:
          region: eu-west-1
          access_key: {key}
          secret_key: {s(r, ALNUM + '+/', 40)}
"""
    out = show(h, r, name, recv)
    return out, [t for t in targets if t in out]


@category("secret", "amtool-url-credentials", 16)
def amtool_url_credentials(h, r):
    am = start(h, r)
    user, secret = r.choice(["admin", "ops", "oncall", "alertmanager"]), pw(r)
    url = f"http://{user}:{secret}@127.0.0.1:{am['port']}"
    cmd = r.choice([["alert", "query"], ["silence", "query"], ["config", "routes"], ["cluster", "show"]])
    return f"$ amtool --alertmanager.url={url} {' '.join(cmd)}\n" + h.run(["amtool", f"--alertmanager.url={url}", *cmd], ok=None), [secret]


@category("pii", "alertmanager-email-receiver", 22)
def alertmanager_email(h, r):
    p = Person(r)
    name = r.choice(SERVICES) + "-oncall"
    to, targets = r.choice([(f"{p.name} <{p.email}>", [p.name, p.email]), (p.email, [p.email])])
    recv = f"  - name: {name}\n    email_configs:\n      - to: '{to}'\n        send_resolved: true\n"
    return show(h, r, name, recv), targets


@category("negative", "alertmanager-config-clean", 30)
def alertmanager_clean(h, r):
    name = r.choice(SERVICES) + "-team"
    recv = f"  - name: {name}\n"
    k = r.randrange(4)
    if k == 0:
        secret = f"T{s(r, 'ABCDEFGHJK0123456789', 8)}/B{s(r, 'ABCDEFGHJK0123456789', 9)}/{s(r, ALNUM, 24)}"
        recv += f"    slack_configs:\n      - api_url: 'https://hooks.slack.com/services/{secret}'\n        channel: '#{r.choice(SERVICES)}-alerts'\n"
    elif k == 1:
        secret = hexs(r, 32)
        recv += f"    pagerduty_configs:\n      - routing_key: '{secret}'\n        severity: critical\n"
    elif k == 2:
        secret = pw(r)
        recv += f"    webhook_configs:\n      - url: 'https://hooks.example.org/{r.choice(SERVICES)}/alert'\n        http_config:\n          basic_auth:\n            username: am\n            password: '{secret}'\n"
    else:
        secret = s(r, ALNUM, 32)
        recv += f"    opsgenie_configs:\n      - api_key: '{secret}'\n        message: '{{{{ .CommonLabels.alertname }}}}'\n"
    if r.random() < 0.3:
        recv += f"    email_configs:\n      - to: '{r.choice(['oncall@example.org', 'alerts@example.com', 'ops-team@example.net'])}'\n"
    return show(h, r, name, recv, planted=[secret]), []
