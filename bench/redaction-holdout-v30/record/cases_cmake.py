"""CMake 3.25 (Unix Makefiles generator, `project(… NONE)`, no compiler): a credential handed to
the configure step with `-D` (typed on the command line) or read from the environment with
`$ENV{…}` into a cache entry, then shown by the configure step's `message(STATUS …)`, by
`cmake -LA`/`-LAH` (the cache listing) or by `grep` in `CMakeCache.txt`. Clean: cache listings
and configure output with versions, `URL_HASH SHA256=…`, git tags and commit ids, empty entries and
`$ENV{…}` references that are not set."""

import shlex

from registry import category
from values import SERVICES, hexs, secret_pairs

CACHE_NAMES = {"API_KEY": "API key for the telemetry upload", "GITHUB_TOKEN": "token for release uploads", "SENTRY_AUTH_TOKEN": "Sentry auth token for symbol upload",
               "DEPLOY_TOKEN": "token for the package registry", "NPM_TOKEN": "token for the npm registry", "HF_TOKEN": "Hugging Face token for model download",
               "OPENAI_API_KEY": "key for the integration tests", "DB_PASSWORD": "password of the test database", "SLACK_BOT_TOKEN": "bot token for build notices",
               "STRIPE_SECRET_KEY": "Stripe key for the sandbox tests", "WEBHOOK_SECRET": "secret for the webhook tests", "AWS_SECRET_ACCESS_KEY": "AWS secret for the artifact bucket",
               "SMTP_PASSWORD": "SMTP password for test mails", "REDIS_PASSWORD": "password of the test cache"}


def project(r, body):
    name = r.choice(SERVICES)
    return name, (f"cmake_minimum_required(VERSION 3.20)\nproject({name} VERSION {r.randint(0, 4)}.{r.randint(0, 20)}.{r.randint(0, 9)} LANGUAGES NONE)\n"
                  f'option(ENABLE_TESTS "Build the tests" ON)\nset(GIT_COMMIT "{hexs(r, 40)}" CACHE STRING "commit this build is from")\n' + body)


@category("secret", "cmake-configure-cache", 40)
def cmake_configure_cache(h, r):
    d = h.fresh("proj")
    name, secret = secret_pairs(r, 1)[0]
    doc = CACHE_NAMES[name]
    from_env = r.random() < 0.35
    body = (f'set({name} "$ENV{{{name}}}" CACHE STRING "{doc}")\n' if from_env else f'set({name} "" CACHE STRING "{doc}")\n')
    if r.random() < 0.4:
        body += f'message(STATUS "{name}: ${{{name}}}")\n'
    body += 'message(STATUS "Configuring ${PROJECT_NAME} ${PROJECT_VERSION}")\n'
    _, text = project(r, body)
    h.write("proj/CMakeLists.txt", text)
    args = ["cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"]
    env, shown = h.env(), ""
    if from_env:
        env, shown = h.env(**{name: secret}), ""
    else:
        args.append(f"-D{name}={secret}")
    out = f"$ {shown}{' '.join(shlex.quote(a) for a in args)}\n" + h.run(args, cwd=d, env=env)
    if from_env and secret not in out or r.random() < 0.6:
        how = r.randrange(3)
        if how == 0:
            out += "$ cmake -N -LA build\n" + h.run(["cmake", "-N", "-LA", "build"], cwd=d)
        elif how == 1:
            out += "$ cmake -N -LAH build\n" + h.run(["cmake", "-N", "-LAH", "build"], cwd=d)
        else:
            out += f"$ grep -n {name} build/CMakeCache.txt\n" + h.run(["grep", "-n", name, "build/CMakeCache.txt"], cwd=d)
    return "$ cd proj\n" + out, [secret]


@category("negative", "cmake-configure-clean", 40)
def cmake_configure_clean(h, r):
    d = h.fresh("proj")
    name = r.choice(list(CACHE_NAMES))
    body = f'set({name} "$ENV{{{name}}}" CACHE STRING "{CACHE_NAMES[name]}")\n'
    body += f'if(NOT {name})\n  message(STATUS "{name} not set: skipping the upload step")\nendif()\n'
    body += f'set(DEPS_URL_HASH "SHA256={hexs(r, 64)}" CACHE STRING "hash of the vendored tarball")\n'
    body += f'set(SCHEMA_TAG "v{r.randint(1, 9)}.{r.randint(0, 9)}.{r.randint(0, 9)}" CACHE STRING "schema release")\n'
    body += 'message(STATUS "Configuring ${PROJECT_NAME} ${PROJECT_VERSION} at ${GIT_COMMIT}")\n'
    _, text = project(r, body)
    h.write("proj/CMakeLists.txt", text)
    args = ["cmake", "-S", ".", "-B", "build", f"-DCMAKE_BUILD_TYPE={r.choice(['Release', 'Debug', 'RelWithDebInfo'])}"]
    out = f"$ {' '.join(args)}\n" + h.run(args, cwd=d)
    how = r.randrange(3)
    if how == 0:
        out += "$ cmake -N -LA build\n" + h.run(["cmake", "-N", "-LA", "build"], cwd=d)
    elif how == 1:
        out += "$ cmake -N -LAH build\n" + h.run(["cmake", "-N", "-LAH", "build"], cwd=d)
    return "$ cd proj\n" + out, []
