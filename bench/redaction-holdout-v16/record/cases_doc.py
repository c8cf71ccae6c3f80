"""Vendors' documented sample keys (AWS's example key pair, jwt.io's sample token, Stripe's
documented test key, the Azurite account key) printed by the corpus's programs: counted apart."""

import itertools

from cases_lisps import csi, emacs
from cases_shells import bash, gawk, shq
from cases_tools import rclone_remotes, s3cmd
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="


def s3(h):
    return s3cmd(h, [("access_key", AWS_ID), ("secret_key", AWS_SECRET)]), [AWS_SECRET]


def rclone(h):
    conf = rclone_remotes(h, None, [("docs-s3", "s3", [("provider", "AWS"), ("access_key_id", AWS_ID), ("secret_access_key", AWS_SECRET)])])
    return h.run(["rclone", "--config", conf, "config", "show"]), [AWS_SECRET]


def bash_exports(name, value):
    return lambda h: (bash(h, f"export {name}={shq(value)}\ndeclare -p {name}\n"), [value])


def gawk_printf(name, value):
    return lambda h: (gawk(h, '{ i = index($0, "="); printf "%-24s %s\\n", substr($0, 1, i - 1), substr($0, i + 1) }\n', f"{name}={value}\n"), [value])


def elisp(name, value):
    return lambda h: (emacs(h, f'(prin1 (list :{name} "{value}"))\n(terpri)\n'), [value])


def chicken(name, value):
    return lambda h: (csi(h, f'(write \'(("{name}" . "{value}")))\n(newline)\n'), [value])


DOC_RUNS = itertools.cycle([
    s3, rclone,
    bash_exports("AWS_SECRET_ACCESS_KEY", AWS_SECRET), bash_exports("JWT", JWT_IO), bash_exports("STRIPE_SECRET_KEY", STRIPE_TEST),
    gawk_printf("azure_storage_key", AZURITE), gawk_printf("stripe_key", STRIPE_TEST),
    elisp("token", JWT_IO), elisp("account-key", AZURITE),
    chicken("aws-secret-access-key", AWS_SECRET), chicken("jwt", JWT_IO), chicken("stripe-key", STRIPE_TEST),
])


@category("doc", "doc-example-keys", 12)
def doc_keys(h, r):
    return next(DOC_RUNS)(h)
