"""collectd 5.12 (Debian 12's `collectd-core`), new to the holdouts: `collectd -T -C collectd.conf`
(read every plugin once and exit) with the logfile plugin writing to stdout, on plugins that fetch
a URL from a closed port on 127.0.0.1 (curl_json, curl_xml, nginx, apache): their failures name
the URL, credentials and all, and the read callback's name repeats it."""

from registry import category
from values import SERVICES, hexs, secret_token

BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+"


def closed_port(h):
    if not hasattr(h, "closed_port"):
        h.closed_port = h.free_port(9)  # nothing listens there: every fetch fails at once
    return h.closed_port


def plugin_block(r, url, instance, kinds=("curl_json", "curl_xml", "nginx", "apache")):
    kind = r.choice(kinds)
    if kind == "curl_json":
        body = f'<Plugin curl_json>\n  <URL "{url}">\n    Instance "{instance}"\n    <Key "requests/total">\n      Type "counter"\n    </Key>\n  </URL>\n</Plugin>\n'
    elif kind == "curl_xml":
        body = f'<Plugin curl_xml>\n  <URL "{url}">\n    Instance "{instance}"\n    <XPath "/stats/queue">\n      Type "gauge"\n      ValuesFrom "length"\n    </XPath>\n  </URL>\n</Plugin>\n'
    elif kind == "nginx":
        body = f'<Plugin nginx>\n  URL "{url}"\n</Plugin>\n'
    else:
        body = f'<Plugin apache>\n  <Instance "{instance}">\n    URL "{url}"\n  </Instance>\n</Plugin>\n'
    return f"LoadPlugin {kind}\n" + body


def run(h, r, blocks):
    conf = f'Interval 10\nBaseDir "{h.home}/collectd"\nPluginDir "/usr/lib/collectd"\nHostname "{r.choice(SERVICES)}-{r.randint(1, 20):02d}"\nLoadPlugin logfile\n<Plugin logfile>\n  LogLevel info\n  File STDOUT\n</Plugin>\n' + "".join(blocks)
    path = h.write("collectd/collectd.conf", conf)
    return "$ collectd -T -C collectd/collectd.conf\n" + h.run(["collectd", "-T", "-C", path], ok=None)


def url(h, r, creds=None):
    port = closed_port(h)
    auth = f"{creds[0]}:{creds[1]}@" if creds else ""
    return f"http://{auth}127.0.0.1:{port}/{r.choice(['status', 'server-status?auto', 'stats', 'metrics.json', 'queue.xml'])}"


@category("secret", "collectd-url-credentials", 16)
def collectd_url_credentials(h, r):
    blocks, targets = [], []
    for i in range(r.randint(1, 2)):
        pw = secret_token(r, bad=BAD)
        kinds = ("curl_json", "curl_xml") if i == 0 else ("curl_json", "curl_xml", "nginx", "apache")
        blocks.append(plugin_block(r, url(h, r, (r.choice(["monitor", "stats", "collectd"]), pw)), r.choice(SERVICES), kinds))
        targets.append(pw)
    out = run(h, r, blocks)
    return out, [t for t in targets if t in out]


@category("negative", "collectd-test-clean", 18)
def collectd_test_clean(h, r):
    blocks = [plugin_block(r, url(h, r), f"{r.choice(SERVICES)}-{hexs(r, 6)}") for _ in range(r.randint(1, 2))]
    return run(h, r, blocks), []
