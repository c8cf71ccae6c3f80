"""Vendors' documented sample keys (doc examples: secrets a user may still want kept, counted
apart): AWS's documented access key pair exported and listed by zsh, fish or dash, and jwt.io's
sample token passed to a Makefile's recipe and shown by `make -n`."""

import shlex

from cases_shells import listing, run_shell
from registry import category
from values import SERVICES

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    if n % 2 == 0:
        shell = ["zsh", "fish", "dash"][(n // 2) % 3]
        pairs = [("AWS_ACCESS_KEY_ID", AWS_ID), ("AWS_SECRET_ACCESS_KEY", AWS_SECRET), ("AWS_DEFAULT_REGION", r.choice(["us-east-1", "eu-west-1"]))]
        cmd = listing(r, shell, ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"], False)
        if cmd.startswith("set --show"):
            cmd = "set -S AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY"
        return run_shell(h, shell, cmd, pairs), [AWS_ID, AWS_SECRET]
    d = h.fresh("app")
    target = r.choice(["smoke", "e2e", "seed"])
    h.write("app/Makefile", f"API_URL ?= http://127.0.0.1:8080\n\n.PHONY: {target}\n{target}:\n"
            f"\tcurl -fsS -H 'Authorization: Bearer $(API_TOKEN)' $(API_URL)/{r.choice(SERVICES)}/health\n")
    args = ["make", "-n", target, f"API_TOKEN={JWT_IO}"]
    return f"$ cd app\n$ {' '.join(shlex.quote(a) for a in args)}\n" + h.run(args, cwd=d), [JWT_IO]
