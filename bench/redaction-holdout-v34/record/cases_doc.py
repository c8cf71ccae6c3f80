"""Documentation examples (counted apart): AWS's documented access key pair in a pm2
process's environment (`pm2 env 0`), Stripe's documented test key as a wrangler variable
(`wrangler deploy --dry-run`, cut as wrangler cuts it), jwt.io's sample token in a pm2 process's
environment (`pm2 env 0`)."""

import os

import cases_pm2
import cases_wrangler
from registry import category
from tools import printed_parts

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"


@category("doc", "doc-example-keys", 8)
def doc_example_keys(h, r):
    k = r.randrange(3)
    if k == 0:
        cases_pm2.fresh_daemon(h)
        d = cases_pm2.app_dir(h, r)
        out = cases_pm2.started(h, r, d, cases_pm2.app_name(r), cases_pm2.plains(r, 1) + [("AWS_ACCESS_KEY_ID", AWS_ID), ("AWS_SECRET_ACCESS_KEY", AWS_SECRET)], show_start=False)
        return out + cases_pm2.pm2(h, d, ["env", "0"]), [AWS_ID, AWS_SECRET]
    if k == 1:
        d = cases_wrangler.project(h, r)
        cases_wrangler.write_config(h, r, d, cases_wrangler.worker_name(r), cases_wrangler.plains(r, 2) + [("STRIPE_SECRET_KEY", STRIPE_TEST)])
        out = cases_wrangler.wrangler(h, d, ["deploy", "--dry-run"])
        return out, printed_parts(out, STRIPE_TEST)
    cases_pm2.fresh_daemon(h)
    d = cases_pm2.app_dir(h, r)
    out = cases_pm2.started(h, r, d, cases_pm2.app_name(r), cases_pm2.plains(r, 1) + [("AUTH_TOKEN", JWT_IO)], show_start=False)
    out += cases_pm2.pm2(h, d, ["env", "0"])
    return out, [JWT_IO]
