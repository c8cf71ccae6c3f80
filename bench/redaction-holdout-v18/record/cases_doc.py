"""Vendors' documented sample keys, printed by the same programs (doc examples: secrets a user
may still want kept, counted apart)."""

from cases_exim import exim, exim_conf
from cases_langs import r_lit, racket, rkt_lit, rscript
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
SAMPLES = [("AWS_SECRET_ACCESS_KEY", AWS_SECRET), ("JWT", JWT_IO), ("STRIPE_SECRET_KEY", STRIPE_TEST), ("AZURE_STORAGE_KEY", AZURITE)]


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    name, value = SAMPLES[n % 4]
    program = n // 4
    if program == 0:
        return rscript(h, f"cfg <- list(aws_access_key_id = {r_lit(AWS_ID)}, {name.lower()} = {r_lit(value)})\nprint(cfg)\n"), [value]
    if program == 1:
        return racket(h, f"(hash 'access-key-id {rkt_lit(AWS_ID)} '{name.lower().replace('_', '-')} {rkt_lit(value)})\n"), [value]
    conf = exim_conf(h, r, head=f"{name} = {value}\n")
    return exim(h, conf, "-bP", "macro", name), [value]
