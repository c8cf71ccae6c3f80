#!/usr/bin/env python3
"""Record the v32 holdout: run every category's real programs and write their normalized output,
with the planted values that must disappear, to ../captures/<kind>/<category>.jsonl.

    python3 bench/redaction-holdout-v32/record/record.py [category ...]

Run on Debian 12 with aws-cli 1.45 (pip), google-cloud-cli 528, kubectl 1.32 and PostgreSQL 15 installed
(`apt-get install --no-install-recommends ...`) and Node 20 with yarn 1.22.22 and pnpm 9 installed
globally from npm (`npm install -g yarn@1.22.22 pnpm@9`). Runs in a throwaway HOME under a temp
directory (TMPDIR) that it removes; the servers are a smart-HTTP git server (`git http-backend`
behind basic authentication) and a stand-in package index, on 127.0.0.1, stopped on every exit
path. A
re-recording plants the same values; what the programs draw themselves (git's commit ids when
the clock differs, direnv's DIRENV_DIFF blobs and allow-file hashes, npm tarballs' integrity)
may vary, so the captures, not this script, are the corpus. Categories named on the command line
are recorded alone. `ATX_REC_DEBUG=1` prints a capture that fails its check.
"""

import json
import os
import socket
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# the shared kit: harness, registry and planted values
sys.path.insert(1, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

# importing a module registers its categories, in this order
import cases_aws  # noqa: E402,F401,I001
import cases_gcloud  # noqa: E402,F401
import cases_kubectl  # noqa: E402,F401
import cases_postgres  # noqa: E402,F401
import cases_doc  # noqa: E402,F401
from harness import Harness  # noqa: E402
from registry import CATEGORIES  # noqa: E402
from values import rng_for  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "captures")
MAX_REDRAWS = 50
# What must never reach a capture: this machine's names and the real home directory.
LEAKS = [h for h in [socket.gethostname()] if len(h) >= 4] + [os.path.expanduser("~") + "/", "atx-v32-rec-", "/work/", "/tmp/", "/root/"]


def check(kind, name, text, targets):
    for leak in LEAKS:
        if leak and leak in text:
            raise RuntimeError(f"{name}: capture holds {leak!r}")
    if kind == "negative":
        if targets:
            raise RuntimeError(f"{name}: negative with targets")
        return
    if not targets:
        raise RuntimeError(f"{name}: positive without targets")
    for t in targets:
        if len(t) < 6 or t not in text:
            if os.environ.get("ATX_REC_DEBUG"):
                print(text, targets, file=sys.stderr)
            raise RuntimeError(f"{name}: target {t[:4]}… missing or shorter than 6")


def record(h, kind, name, count, fn, seen):
    r = rng_for(f"{kind}:{name}")
    rows = []
    for _ in range(count):
        for _ in range(MAX_REDRAWS):
            text, targets = fn(h, r)
            # the command lines and files a case prints itself name the same ports and paths
            text = h.normalize(text)
            if text not in seen:
                break
        else:
            raise RuntimeError(f"{name}: fewer than {count} distinct texts")
        targets = list(dict.fromkeys(targets))
        check(kind, name, text, targets)
        seen.add(text)
        rows.append({"text": text, "targets": targets})
    write_rows(kind, name, rows)


def write_rows(kind, name, rows):
    folder = os.path.join(OUT, kind)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{name}.jsonl"), "w") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{kind:8} {name:40} {len(rows)}", file=sys.stderr)


def main(only):
    h = Harness("v32")
    try:
        seen = set()
        for kind, name, count, fn in CATEGORIES:
            if not only or name in only:
                record(h, kind, name, count, fn, seen)
    finally:
        h.close()


if __name__ == "__main__":
    main(set(sys.argv[1:]))
