"""git 2.39 against a smart-HTTP server on 127.0.0.1 (`git http-backend` behind basic auth, see
gitserver.py), with the traces a developer turns on to debug it: `GIT_TRACE=1` prints every
command git runs, `git remote-http` with the remote's URL among them, user information and
all; `GIT_TRACE_PACKET=1` prints the protocol's packet lines (object ids, capabilities). Also
`git config -l --show-origin` (every setting with the file it came from), a credential-store
file written by `git credential approve` or by a clone through the `store` helper, and who a
repository says its people are (`user.name`, `git var GIT_AUTHOR_IDENT`, `git log`). Clean: the
same traces with the password given by a credential helper (git never prints it), helper names,
`insteadOf` rewrites without credentials, bots' identities, object ids."""

import os
import shlex
import subprocess

from gitserver import GitHandler, bare_repo
from registry import category
from values import BOTS, ORGS, REPOS, ROLES, Person, github, gitlab, hexs, password, plain

USERS = ["x-access-token", "oauth2", "gitlab-ci-token", "deploy", "ci", "git", "token", "build-agent"]
BAD = "\"'\\$`!%{}[],;&|<> #=?/:@+*()~^"


def server(h):
    """The one git server of the run (started on first use), as (port, state)."""
    if not hasattr(h, "git_server"):
        root = os.path.join(h.root, "git-srv")
        os.makedirs(root)
        port, srv = h.serve(GitHandler, 3000, root=root, cred=None)
        h.git_server = (port, srv.state)
    return h.git_server


def token(r):
    while True:
        v = r.choice([github, gitlab, password, password, lambda r: github(r, "gho")])(r)
        if plain(v, BAD) and len(v) >= 8:
            return v


def repo_on_server(h, r, cred, author=None):
    port, state = server(h)
    name = f"{r.choice(ORGS)}/{r.choice(REPOS)}"
    bare_repo(h, state["root"], name, h.env(), author=author or (r.choice(ROLES), r.choice(BOTS)))
    state["cred"] = cred
    return port, name


def show(h, line, env_shown, args, env=None, cwd=None, ok=None):
    """`$ <env_shown> <args>` and what git printed."""
    shown = (env_shown + " " if env_shown else "") + " ".join(shlex.quote(a) for a in args)
    return f"$ {shown}\n" + h.run(args, env=env or h.env(), cwd=cwd, ok=ok) if line else h.run(args, env=env or h.env(), cwd=cwd, ok=ok)


def fresh_home(h):
    for f in (".gitconfig", ".git-credentials", ".config/git/credentials"):
        p = os.path.join(h.home, f)
        if os.path.exists(p):
            os.remove(p)
    return h.fresh("src")


def trace_env(h, packet=False):
    e = {"GIT_TRACE": "1"}
    if packet:
        e["GIT_TRACE_PACKET"] = "1"
    return ("GIT_TRACE=1" + (" GIT_TRACE_PACKET=1" if packet else ""), h.env(**e))


@category("secret", "git-trace-url-credentials", 30)
def git_trace_url_credentials(h, r):
    fresh_home(h)
    user, secret = r.choice(USERS), token(r)
    port, name = repo_on_server(h, r, (user, secret))
    url = f"http://{user}:{secret}@127.0.0.1:{port}/{name}.git"
    k = r.randrange(5)
    shown, env = trace_env(h, packet=r.random() < 0.3 and k in (1, 2))
    work = h.fresh("work")
    if k == 0:
        return show(h, True, shown, ["git", "clone", url], env=env, cwd=work), [secret]
    if k == 1:
        return show(h, True, shown, ["git", "ls-remote", url], env=env, cwd=work), [secret]
    subprocess.run(["git", "clone", "-q", url, "repo"], cwd=work, env=h.env(), check=True, capture_output=True)
    repo = os.path.join(work, "repo")
    if k == 2:
        return f"$ cd repo\n" + show(h, True, shown, ["git", "fetch", "origin"], env=env, cwd=repo), [secret]
    if k == 3:
        with open(os.path.join(repo, "CHANGELOG.md"), "a") as f:
            f.write(f"- {r.choice(['fix retry', 'bump deps', 'add health check'])}\n")
        subprocess.run(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-qam", "update"], cwd=repo, env=h.env(), check=False, capture_output=True)
        subprocess.run(["git", "add", "-A"], cwd=repo, env=h.env(), check=True)
        subprocess.run(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-qm", "update changelog"], cwd=repo, env=h.env(), check=True, capture_output=True)
        return "$ cd repo\n" + show(h, True, shown, ["git", "push", "origin", "main"], env=env, cwd=repo), [secret]
    # a token that has been revoked: the server says 401 and git gives up
    server(h)[1]["cred"] = (user, token(r))
    return "$ cd repo\n" + show(h, True, shown, ["git", "pull", "--ff-only"], env=env, cwd=repo), [secret]


def write_gitconfig(h, lines):
    h.write(".gitconfig", "".join(lines))


@category("secret", "git-config-show-origin", 30)
def git_config_show_origin(h, r):
    src = fresh_home(h)
    subprocess.run(["git", "init", "-q", "-b", "main", src], env=h.env(), check=True)
    port = server(h)[0]
    user, secret = r.choice(USERS), token(r)
    host = r.choice(["github.com", "gitlab.com", "git.internal.example.net", f"127.0.0.1:{port}"])
    glob = ["[user]\n", f"\tname = {r.choice(ROLES)}\n", f"\temail = {r.choice(BOTS)}\n", "[init]\n", "\tdefaultBranch = main\n", "[pull]\n", "\trebase = true\n"]
    targets = [secret]
    k = r.randrange(4)
    if k == 0:
        glob += [f'[url "https://{user}:{secret}@{host}/"]\n', f"\tinsteadOf = https://{host}/\n"]
    elif k == 1:
        glob += [f'[http "https://{host}/"]\n', f"\textraHeader = Authorization: Bearer {secret}\n"]
    elif k == 2:
        import base64

        b = base64.b64encode(f"{user}:{secret}".encode()).decode()
        glob += [f'[http "https://{host}/"]\n', f"\textraheader = AUTHORIZATION: basic {b}\n"]
        targets = [b]
    write_gitconfig(h, glob)
    subprocess.run(["git", "remote", "add", "origin", f"https://{user}:{secret}@{host}/{r.choice(ORGS)}/{r.choice(REPOS)}.git" if k == 3 else f"https://{host}/{r.choice(ORGS)}/{r.choice(REPOS)}.git"], cwd=src, env=h.env(), check=True)
    args = r.choice([["git", "config", "-l", "--show-origin"], ["git", "config", "--list", "--show-origin", "--show-scope"], ["git", "config", "--show-origin", "--get-regexp", "^(url|http|remote)\\."]])
    return "$ cd src\n" + show(h, True, "", args, cwd=src), targets


@category("secret", "git-credential-store-file", 30)
def git_credential_store_file(h, r):
    fresh_home(h)
    user, secret = r.choice(USERS), token(r)
    k = r.randrange(3)
    if k == 0:
        host = r.choice(["github.com", "gitlab.com", "git.internal.example.net", "bitbucket.org"])
        write_gitconfig(h, ["[credential]\n", "\thelper = store\n"])
        req = f"protocol=https\\nhost={host}\\nusername={user}\\npassword={secret}\\n\\n"
        out = f"$ printf '{req}' | git credential approve\n" + h.run(["git", "credential", "approve"], input=req.replace("\\n", "\n"))
        return out + "$ cat ~/.git-credentials\n" + h.run(["cat", os.path.join(h.home, ".git-credentials")]), [secret]
    if k == 1:
        path = os.path.join(h.home, ".config/git/credentials")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_gitconfig(h, ["[credential]\n", "\thelper = store --file ~/.config/git/credentials\n"])
        host = r.choice(["github.com", "gitlab.example.org", "dev.azure.com"])
        req = f"protocol=https\\nhost={host}\\nusername={user}\\npassword={secret}\\n\\n"
        out = f"$ printf '{req}' | git credential-store --file ~/.config/git/credentials store\n" + h.run(["git", "credential-store", "--file", path, "store"], input=req.replace("\\n", "\n"))
        return out + "$ cat ~/.config/git/credentials\n" + h.run(["cat", path]), [secret]
    port, name = repo_on_server(h, r, (user, secret))
    work = h.fresh("work")
    url = f"http://{user}:{secret}@127.0.0.1:{port}/{name}.git"
    out = show(h, True, "", ["git", "-c", "credential.helper=store", "clone", url], cwd=work)
    return out + "$ cat ~/.git-credentials\n" + h.run(["cat", os.path.join(h.home, ".git-credentials")]), [secret]


@category("pii", "git-identity", 40)
def git_identity(h, r):
    src = fresh_home(h)
    p = Person(r)
    k = r.randrange(4)
    if k == 0:
        write_gitconfig(h, ["[user]\n", f"\tname = {p.name}\n", f"\temail = {p.email}\n", "[core]\n", "\teditor = vim\n", "[credential]\n", "\thelper = cache --timeout=3600\n"])
        args = r.choice([["git", "config", "-l", "--show-origin"], ["git", "config", "--show-origin", "--get-regexp", "^user\\."], ["git", "config", "--global", "--list"]])
        return show(h, True, "", args), [p.name, p.email]
    if k == 1:
        write_gitconfig(h, ["[user]\n", f"\tname = {p.name}\n", f"\temail = {p.email}\n"])
        var = r.choice(["GIT_AUTHOR_IDENT", "GIT_COMMITTER_IDENT"])
        return show(h, True, "", ["git", "var", var], env=h.env(GIT_AUTHOR_DATE="1764000000 +0000", GIT_COMMITTER_DATE="1764000000 +0000")), [p.name, p.email]
    port, name = repo_on_server(h, r, None, author=(p.name, p.email))
    work = h.fresh("work")
    subprocess.run(["git", "clone", "-q", f"http://127.0.0.1:{port}/{name}.git", "repo"], cwd=work, env=h.env(), check=True, capture_output=True)
    fmt = r.choice([["log", "-1", "--format=fuller"], ["log", "--format=%h %an <%ae> %s"], ["shortlog", "-sne", "HEAD"], ["log", "-1"]])
    return "$ cd repo\n" + show(h, True, "", ["git", *fmt], cwd=os.path.join(work, "repo")), [p.name, p.email]


HELPERS = ["store", "cache --timeout=3600", "!f() { echo username=x-access-token; echo \"password=$(gh auth token)\"; }; f", "/usr/lib/git-core/git-credential-libsecret", "manager", "!pass-git-helper $@", "osxkeychain"]


@category("negative", "git-trace-packet-clean", 35)
def git_trace_packet_clean(h, r):
    fresh_home(h)
    user, secret = r.choice(USERS), token(r)
    port, name = repo_on_server(h, r, (user, secret))
    h.write(".git-credentials", f"http://{user}:{secret}@127.0.0.1:{port}\n", mode=0o600)
    write_gitconfig(h, ["[credential]\n", "\thelper = store\n", "[user]\n", f"\tname = {r.choice(ROLES)}\n", f"\temail = {r.choice(BOTS)}\n"])
    url = f"http://127.0.0.1:{port}/{name}.git"
    shown, env = trace_env(h, packet=r.random() < 0.7)
    work = h.fresh("work")
    k = r.randrange(3)
    if k == 0:
        out = show(h, True, shown, ["git", "clone", url], env=env, cwd=work)
    elif k == 1:
        out = show(h, True, shown, ["git", "ls-remote", "--heads", url], env=env, cwd=work)
    else:
        subprocess.run(["git", "clone", "-q", url, "repo"], cwd=work, env=h.env(), check=True, capture_output=True)
        out = "$ cd repo\n" + show(h, True, shown, ["git", "fetch", "--prune", "origin"], env=env, cwd=os.path.join(work, "repo"))
    if secret in out:
        raise RuntimeError("git printed the helper's password")
    return out, []


@category("negative", "git-config-clean", 35)
def git_config_clean(h, r):
    src = fresh_home(h)
    subprocess.run(["git", "init", "-q", "-b", "main", src], env=h.env(), check=True)
    host = r.choice(["github.com", "gitlab.com", "git.internal.example.net"])
    lines = ["[user]\n", f"\tname = {r.choice(ROLES)}\n", f"\temail = {r.choice(BOTS)}\n", f"\tsigningkey = {hexs(r, 16).upper()}\n",
             "[credential]\n", f"\thelper = {r.choice(HELPERS)}\n", f'[url "git@{host}:"]\n', f"\tinsteadOf = https://{host}/\n",
             "[commit]\n", f"\tgpgsign = {r.choice(['true', 'false'])}\n", "[safe]\n", f"\tdirectory = /srv/{r.choice(REPOS)}\n"]
    if r.random() < 0.5:
        lines += [f'[credential "https://{host}"]\n', f"\tusername = {r.choice(USERS)}\n", "\tuseHttpPath = true\n"]
    write_gitconfig(h, lines)
    subprocess.run(["git", "remote", "add", "origin", f"https://{host}/{r.choice(ORGS)}/{r.choice(REPOS)}.git"], cwd=src, env=h.env(), check=True)
    k = r.randrange(3)
    if k == 0:
        return "$ cd src\n" + show(h, True, "", r.choice([["git", "config", "-l", "--show-origin"], ["git", "config", "--list", "--show-origin", "--show-scope"]]), cwd=src), []
    e = h.env(GIT_AUTHOR_DATE="2026-11-21T08:30:00Z", GIT_COMMITTER_DATE="2026-11-21T08:30:00Z")
    h.write(os.path.join(src, "VERSION"), f"{r.randint(1, 9)}.{r.randint(0, 30)}.{r.randint(0, 20)}\n")
    subprocess.run(["git", "add", "-A"], cwd=src, env=e, check=True)
    subprocess.run(["git", "commit", "-q", "--no-gpg-sign", "-m", "release"], cwd=src, env=e, check=True)
    if k == 1:
        return "$ cd src\n" + show(h, True, "", ["git", "cat-file", "-p", "HEAD"], cwd=src) + "$ git rev-parse HEAD HEAD^{tree}\n" + h.run(["git", "rev-parse", "HEAD", "HEAD^{tree}"], cwd=src), []
    return "$ cd src\n" + show(h, True, "", ["git", "ls-files", "-s"], cwd=src) + "$ git log --format='%H %an <%ae>'\n" + h.run(["git", "log", "--format=%H %an <%ae>"], cwd=src), []
