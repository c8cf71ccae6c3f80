"""Yarn 1.22 and pnpm 9.15 (npm packages) reading a project's or the user's `.npmrc`: `yarn
config list` prints npm's settings as a JavaScript object literal, `pnpm config list` as ini
lines, `pnpm config get <key>` one value; none masks an `_authToken`, a `_password` (base64) or an
`_auth` (base64 of user:password), nor a `${VAR}` reference it expanded from the environment.
PII: `init-author-name`/`-email`/`-url` in the same listings, and the package.json `npm init -y`
writes from them. Clean: listings with registries and scopes only, references to variables that
are not set (pnpm's warning, yarn's error), and lockfiles (package-lock.json, yarn.lock,
pnpm-lock.yaml) of local tarballs, with their sha512 integrity and sha1 fragments."""

import base64
import os
import shlex

from registry import category
from values import ORGS, SERVICES, Person, github, gitlab, npm, password, plain

HOSTS = ["registry.npmjs.org/", "npm.pkg.github.com/", "gitlab.example.com/api/v4/projects/42/packages/npm/", "acme.jfrog.io/artifactory/api/npm/npm-virtual/",
         "127.0.0.1:4873/", "nexus.internal.example.net/repository/npm-group/", "pkgs.dev.azure.com/acme/_packaging/feed/npm/registry/"]
VARS = ["NPM_TOKEN", "NODE_AUTH_TOKEN", "GH_PKG_TOKEN", "ARTIFACTORY_TOKEN", "CI_JOB_TOKEN"]


def reset(h):
    for f in (".npmrc", ".config/npm-global-rc"):
        p = os.path.join(h.home, f)
        if os.path.exists(p):
            os.remove(p)
    h.write(".config/npm-global-rc", "")
    d = h.fresh("web")
    h.write("web/package.json", f'{{\n  "name": "@{ORGS[0]}/{SERVICES[0]}-web",\n  "version": "1.0.0",\n  "private": true\n}}\n')
    return d


def token(r):
    while True:
        v = r.choice([npm, npm, github, gitlab, lambda r: github(r, "ghs")])(r)
        if plain(v):
            return v


def listing(h, r, d, env, key=None):
    tool = r.choice(["yarn", "pnpm", "pnpm"] + (["pnpm-get"] if key else []))
    if tool == "yarn":
        args = ["yarn", "config", "list"]
    elif tool == "pnpm":
        args = ["pnpm", "config", "list"] + (["--json"] if r.random() < 0.2 else [])
    else:
        args = ["pnpm", "config", "get", key]
    return f"$ {' '.join(shlex.quote(a) for a in args)}\n" + h.run(args, cwd=d, env=env, ok=None)


@category("secret", "yarn-pnpm-config-list", 40)
def yarn_pnpm_config_list(h, r):
    d = reset(h)
    host = r.choice(HOSTS)
    scope = f"@{r.choice(ORGS)}"
    lines = [f"{scope}:registry=https://{host}\n"]
    env = h.env()
    k = r.randrange(4)
    if k == 0:
        secret = token(r)
        key = f"//{host}:_authToken"
        lines.append(f"{key}={secret}\n")
        targets = [secret]
    elif k == 1:
        pw = password(r)
        secret = base64.b64encode(pw.encode()).decode()
        key = f"//{host}:_password"
        lines += [f"//{host}:username={r.choice(['ci', 'deploy', 'jenkins', 'svc-npm'])}\n", f"{key}={secret}\n"]
        targets = [secret]
    elif k == 2:
        user, pw = r.choice(["ci", "deploy", "svc-build"]), password(r)
        secret = base64.b64encode(f"{user}:{pw}".encode()).decode()
        key = f"//{host}:_auth"
        lines.append(f"{key}={secret}\n")
        targets = [secret]
    else:
        var, secret = r.choice(VARS), token(r)
        key = f"//{host}:_authToken"
        lines.append(f"{key}=${{{var}}}\n")
        env = h.env(**{var: secret})
        targets = [secret]
    if r.random() < 0.5:
        lines.append(r.choice(["always-auth=true\n", "strict-ssl=true\n", "save-exact=true\n", "engine-strict=true\n"]))
    r.shuffle(lines)
    where = r.choice(["web/.npmrc", ".npmrc"])
    h.write(where, "".join(lines))
    return "$ cd web\n" + listing(h, r, d, env, key), targets


@category("pii", "npm-init-author", 30)
def npm_init_author(h, r):
    d = reset(h)
    p = Person(r)
    while len(p.name) < 6:
        p = Person(r)
    lines = [f"init-author-name={p.name}\n", f"init-author-email={p.email}\n", f"init-license={r.choice(['MIT', 'Apache-2.0', 'ISC'])}\n"]
    if r.random() < 0.4:
        lines.append(f"init-author-url=https://{p.email.split('@')[0].replace('.', '-')}.dev/\n")
    h.write(".npmrc", "".join(lines))
    if r.random() < 0.35:
        os.remove(os.path.join(d, "package.json"))
        return "$ cd web\n$ npm init -y\n" + h.run(["npm", "init", "-y"], cwd=d), [p.name, p.email]
    out = "$ cd web\n" + listing(h, r, d, h.env(), "init-author-name")
    return out, [v for v in (p.name, p.email) if v in out]


@category("negative", "yarn-pnpm-config-clean", 35)
def yarn_pnpm_config_clean(h, r):
    d = reset(h)
    host = r.choice(HOSTS)
    scope = f"@{r.choice(ORGS)}"
    lines = [f"{scope}:registry=https://{host}\n", r.choice(["always-auth=true\n", "save-exact=true\n", "fund=false\n", "audit=false\n"])]
    k = r.randrange(3)
    key = f"//{host}:_authToken"
    if k == 0:
        lines.append(f"{key}=${{{r.choice(VARS)}}}\n")
    elif k == 1:
        lines.append(f"registry=https://{r.choice(HOSTS)}\n")
        key = "registry"
    else:
        lines.append(f"cafile=/etc/ssl/certs/{r.choice(ORGS)}-ca.pem\n")
    h.write(r.choice(["web/.npmrc", ".npmrc"]), "".join(lines))
    return "$ cd web\n" + listing(h, r, d, h.env(), key), []


def local_package(h, r, base, names):
    name = f"@{r.choice(ORGS)}/{r.choice(SERVICES)}-{r.choice(['util', 'client', 'schema', 'ui', 'config'])}"
    while name in names:
        name = f"@{r.choice(ORGS)}/{r.choice(SERVICES)}-{r.choice(['util', 'client', 'schema', 'ui', 'config'])}"
    names.add(name)
    version = f"{r.randint(0, 5)}.{r.randint(0, 20)}.{r.randint(0, 12)}"
    folder = os.path.join(base, name.replace("/", "-").lstrip("@"))
    os.makedirs(folder)
    with open(os.path.join(folder, "package.json"), "w") as f:
        f.write(f'{{"name":"{name}","version":"{version}","main":"index.js"}}\n')
    with open(os.path.join(folder, "index.js"), "w") as f:
        f.write(f"module.exports = {{ name: '{name}', build: {r.randint(1, 9999)} }};\n")
    h.run(["npm", "pack", "--silent", "--pack-destination", base], cwd=folder)
    return f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"


@category("negative", "js-lockfile-clean", 35)
def js_lockfile_clean(h, r):
    reset(h)
    base = h.fresh("pkgs")
    names = set()
    tarballs = [local_package(h, r, base, names) for _ in range(r.randint(1, 3))]
    d = h.fresh("web")
    h.write("web/package.json", f'{{\n  "name": "{r.choice(SERVICES)}-web",\n  "version": "1.0.0",\n  "private": true\n}}\n')
    tool = r.choice(["npm", "yarn", "pnpm"])
    specs = [f"../pkgs/{t}" for t in tarballs]
    if tool == "npm":
        args, lock = ["npm", "install", "--offline", "--no-audit", "--no-fund", *specs], "package-lock.json"
    elif tool == "yarn":
        args, lock = ["yarn", "add", "--offline", *[f"file:{s}" for s in specs]], "yarn.lock"
    else:
        args, lock = ["pnpm", "add", "--offline", *specs], "pnpm-lock.yaml"
    out = f"$ {' '.join(args)}\n" + h.run(args, cwd=d)
    if r.random() < 0.3:
        out = ""
    return "$ cd web\n" + out + f"$ cat {lock}\n" + open(os.path.join(d, lock)).read(), []
