"""RubyGems 3.3 and Bundler 2.3 (Debian's ruby 3.1): `gem env` prints `~/.gemrc` whole under GEM
CONFIGURATION and the sources under REMOTE SOURCES, credentials in a source's URL included;
`gem sources` lists them; `~/.gem/credentials` holds the RubyGems API key. Bundler's `bundle
config` masks a `user:password` credential as `user:[REDACTED]` but prints a token-only one
(`BUNDLE_<HOST>=<token>`, GitHub Packages' and Gemfury's form) as given; its config files
(`cat .bundle/config`) hold either in the clear. Clean: Bundler's masked listings, `gem env` with
public sources, Bundler's path/jobs/without settings."""

import shlex

from registry import category
from values import github, hexs, password, plain, s, ALNUM

HOSTS = ["gems.example.com", "rubygems.pkg.github.com/acme", "gem.fury.io/acme", "gems.contribsys.com", "nexus.internal.example.net/repository/rubygems-hosted", "gems.graphql.pro"]
USERS = ["deploy", "ci", "acme-bot", "svc-gems"]
BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"


def cred(r):
    while True:
        v = r.choice([github, password, lambda r: s(r, ALNUM, 20), lambda r: hexs(r, 32)])(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def env_key(host):
    return "BUNDLE_" + host.split("/")[0].upper().replace(".", "__").replace("-", "___")


def run(h, r, args, env=None, cwd=None):
    return f"$ {' '.join(shlex.quote(a) for a in args)}\n" + h.run(args, env=env or h.env(), cwd=cwd, ok=None)


def gemrc(h, r, sources, extra=""):
    h.write(".gemrc", "---\n:sources:\n" + "".join(f"- {u}\n" for u in sources) + f":update_sources: true\n:verbose: true\ngem: --no-document\n{extra}")


@category("secret", "gem-env-sources", 25)
def gem_env_sources(h, r):
    h.fresh(".gem")
    k = r.randrange(3)
    if k == 2:
        key = "rubygems_" + hexs(r, 48)
        h.write(".gem/credentials", f"---\n:rubygems_api_key: {key}\n", mode=0o600)
        gemrc(h, r, ["https://rubygems.org/"])
        return "$ cat ~/.gem/credentials\n" + h.run(["cat", f"{h.home}/.gem/credentials"]) + run(h, r, ["gem", "env"]), [key]
    host, secret = r.choice(HOSTS), cred(r)
    url = f"https://{r.choice(USERS)}:{secret}@{host}/" if r.random() < 0.6 else f"https://{secret}@{host}/"
    sources = [url, "https://rubygems.org/"]
    r.shuffle(sources)
    gemrc(h, r, sources)
    args = r.choice([["gem", "env"], ["gem", "sources"], ["gem", "sources", "--list"]])
    return run(h, r, args), [secret]


@category("secret", "bundle-config-credentials", 25)
def bundle_config_credentials(h, r):
    d = h.fresh("shop")
    h.fresh(".bundle")
    h.write("shop/Gemfile", f'source "https://rubygems.org"\nsource "https://{r.choice(HOSTS)}/" do\n  gem "acme-ledger"\nend\n')
    host, secret = r.choice(HOSTS), cred(r)
    k = r.randrange(3)
    if k == 0:
        # a token alone: Bundler prints it as given
        env = h.env(**{env_key(host): secret})
        return f"$ cd shop\n$ {env_key(host)}={secret} bundle config\n" + h.run(["bundle", "config"], env=env, cwd=d), [secret]
    if k == 1:
        out = run(h, r, ["bundle", "config", "set", "--global", host.split("/")[0], secret], cwd=d)
        return "$ cd shop\n" + out + run(h, r, ["bundle", "config", "get", host.split("/")[0]], cwd=d), [secret]
    user = r.choice(USERS)
    out = run(h, r, ["bundle", "config", "set", "--local", host.split("/")[0], f"{user}:{secret}"], cwd=d)
    return "$ cd shop\n" + out + "$ cat .bundle/config\n" + h.run(["cat", ".bundle/config"], cwd=d), [secret]


@category("negative", "bundle-config-redacted", 30)
def bundle_config_redacted(h, r):
    d = h.fresh("shop")
    h.fresh(".bundle")
    h.write("shop/Gemfile", 'source "https://rubygems.org"\ngem "rack"\n')
    k = r.randrange(3)
    host, secret = r.choice(HOSTS), cred(r)
    if k == 0:
        env = h.env(**{env_key(host): f"{r.choice(USERS)}:{secret}", "BUNDLE_JOBS": str(r.randint(2, 16)), "BUNDLE_WITHOUT": r.choice(["development:test", "test"])})
        out = "$ cd shop\n$ bundle config\n" + h.run(["bundle", "config"], env=env, cwd=d)
    elif k == 1:
        # set earlier (not shown): the listing is what this case is about
        h.run(["bundle", "config", "set", "--local", host.split("/")[0], f"{r.choice(USERS)}:{secret}"], cwd=d)
        out = "$ cd shop\n" + run(h, r, ["bundle", "config", "set", "--local", "path", "vendor/bundle"], cwd=d)
        out += run(h, r, r.choice([["bundle", "config"], ["bundle", "config", "get", host.split("/")[0]]]), cwd=d)
    else:
        gemrc(h, r, [r.choice(["https://rubygems.org/", f"https://{host}/"])])
        out = run(h, r, r.choice([["gem", "env"], ["gem", "sources"]]))
    if secret in out:
        raise RuntimeError("Bundler printed the password:\n" + out)
    return out, []
