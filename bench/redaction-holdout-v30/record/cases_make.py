"""GNU Make 4.3: what a developer sees when a Makefile holds or receives a credential. `make -n`
prints each recipe with its variables expanded, `make` echoes a recipe line before running it,
the common `print-%` rule prints a variable, `$(info …)` and `$(warning …)` print at parse time,
and `make -pn` dumps the variable database (`grep`ped, as people do). The value comes from the
Makefile, the command line (`make deploy TOKEN=…`) or the environment. Clean: recipes that use
the shell's `$$TOKEN` (make prints the reference), versions, git object ids, image digests and
checksums in variables, names-only listings."""

import shlex

from registry import category
from values import SERVICES, hexs, secret_pairs, uuid

PUBLISH = [
    ("NPM_TOKEN", "npm publish --registry https://registry.npmjs.org/ --//registry.npmjs.org/:_authToken=$(NPM_TOKEN)"),
    ("GITHUB_TOKEN", "curl -fsS -H \"Authorization: token $(GITHUB_TOKEN)\" https://api.github.com/repos/acme/app/releases"),
    ("API_KEY", "curl -fsS -H \"X-Api-Key: $(API_KEY)\" -d @build/manifest.json https://deploy.example.net/v1/releases"),
    ("DB_PASSWORD", "PGPASSWORD=$(DB_PASSWORD) psql -h db.internal -U app -c 'select 1'"),
    ("DEPLOY_TOKEN", "helm upgrade --install app ./chart --set image.pullToken=$(DEPLOY_TOKEN)"),
    ("SENTRY_AUTH_TOKEN", "sentry-cli --auth-token $(SENTRY_AUTH_TOKEN) releases new $(VERSION)"),
    ("SLACK_BOT_TOKEN", "curl -fsS -H 'Authorization: Bearer $(SLACK_BOT_TOKEN)' -d text=deployed https://slack.com/api/chat.postMessage"),
    ("HF_TOKEN", "huggingface-cli upload acme/model ./out --token $(HF_TOKEN)"),
    ("STRIPE_SECRET_KEY", "STRIPE_API_KEY=$(STRIPE_SECRET_KEY) stripe fixtures fixtures/seed.json"),
    ("OPENAI_API_KEY", "OPENAI_API_KEY=$(OPENAI_API_KEY) python -m evals.run --suite smoke"),
    ("AWS_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY=$(AWS_SECRET_ACCESS_KEY) aws s3 sync dist/ s3://acme-static/"),
    ("WEBHOOK_SECRET", "echo 'webhook_secret: $(WEBHOOK_SECRET)' > build/config.yml"),
    ("SMTP_PASSWORD", "swaks --to ops@example.org --auth-password '$(SMTP_PASSWORD)' --server smtp.example.org"),
    ("REDIS_PASSWORD", "redis-cli -a $(REDIS_PASSWORD) -h cache.internal FLUSHDB"),
]
COMMANDS = dict(PUBLISH)


def makefile(r, name, assign, extra_vars):
    target = r.choice(["deploy", "publish", "release", "upload", "notify"])
    lines = [f"VERSION := {r.randint(0, 4)}.{r.randint(0, 30)}.{r.randint(0, 9)}\n", f"SERVICE := {r.choice(SERVICES)}\n"]
    lines += extra_vars
    if assign:
        lines.append(f"{name} {r.choice(['?=', ':=', '='])} {assign}\n")
    lines += ["\n", f".PHONY: build {target} print-%\n", "build:\n", "\tmkdir -p build && echo $(VERSION) > build/VERSION\n", "\n",
              f"{target}: build\n", f"\t{COMMANDS[name]}\n", "\n", "print-%:\n", "\t@echo '$*=$($*)'\n"]
    return target, "".join(lines)


@category("secret", "make-recipe-expanded", 40)
def make_recipe_expanded(h, r):
    d = h.fresh("app")
    name, secret = secret_pairs(r, 1)[0]
    while name not in COMMANDS:
        name, secret = secret_pairs(r, 1)[0]
    where = r.randrange(3)  # 0: in the Makefile, 1: on the command line, 2: from the environment
    target, text = makefile(r, name, secret if where == 0 else "", [])
    h.write("app/Makefile", text)
    env, env_shown, args = h.env(), "", ["make"]
    if where == 2:
        env, env_shown = h.env(**{name: secret}), f"{name}={secret}"
    how = r.randrange(4)
    if how == 0:
        args += ["-n", target]
    elif how == 1:
        args += [f"print-{name}"]
    elif how == 2:
        args += ["-pn", target]
    else:
        # an $(info) line a developer added to debug
        fn = r.choice(["info", "warning"])
        h.write("app/Makefile", text.replace(f"\t{COMMANDS[name]}\n", "\t@echo publishing $(VERSION)\n") + f"\n$({fn} using {name}=$({name}))\n")
        args += [target]
    if where == 1:
        args.append(f"{name}={secret}")
    shown = (env_shown + " " if env_shown else "") + " ".join(shlex.quote(a) for a in args)
    out = h.run(args, cwd=d, env=env, ok=None)
    if how == 2:
        shown += f" | grep -B1 -A1 '{name}'"
        lines = out.split("\n")
        keep = set()
        for i, line in enumerate(lines):
            if name in line:
                keep.update({i - 1, i, i + 1})
        out = "\n".join(lines[i] for i in sorted(keep) if 0 <= i < len(lines)) + "\n"
    return f"$ cd app\n$ {shown}\n" + out, [secret]


@category("negative", "make-clean", 40)
def make_clean(h, r):
    d = h.fresh("app")
    name = r.choice(list(COMMANDS))
    target = r.choice(["deploy", "publish", "release"])
    extra = [f"GIT_SHA := {hexs(r, 40)}\n", f"IMAGE_DIGEST := sha256:{hexs(r, 64)}\n", f"BUILD_ID := {uuid(r)}\n", f"TARBALL_SHA256 := {hexs(r, 64)}\n"]
    recipe = COMMANDS[name].replace(f"$({name})", f"$${name}")
    text = "".join([f"VERSION := {r.randint(0, 4)}.{r.randint(0, 30)}.{r.randint(0, 9)}\n", *r.sample(extra, 2), "\n", f".PHONY: build {target} print-%\n",
                    "build:\n", "\tmkdir -p build && echo $(VERSION) > build/VERSION\n", "\n", f"{target}: build\n",
                    f'\t@test -n "$${name}" || {{ echo "{name} is not set" >&2; exit 1; }}\n', f"\t{recipe}\n", "\n", "print-%:\n", "\t@echo '$*=$($*)'\n"])
    h.write("app/Makefile", text)
    how = r.randrange(4)
    if how == 0:
        args = ["make", "-n", target]
    elif how == 1:
        args = ["make", f"print-{r.choice(['VERSION', 'GIT_SHA', 'IMAGE_DIGEST', 'BUILD_ID', 'TARBALL_SHA256'])}"]
    elif how == 2:
        args = ["make", target]
    else:
        args = ["make", "--trace", "build"]
    return f"$ cd app\n$ {' '.join(shlex.quote(a) for a in args)}\n" + h.run(args, cwd=d, ok=None), []
