"""Vendors' documented sample keys, printed by Node.js (doc examples: secrets a user may still want
kept, counted apart; AWS's documented access key id is a target beside its secret)."""

from cases_node import inspect_case, json_case
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
SAMPLES = [("aws_secret_access_key", AWS_SECRET), ("jwt", JWT_IO), ("stripe_secret_key", STRIPE_TEST), ("azure_storage_key", AZURITE)]


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    name, value = SAMPLES[n % 4]
    pairs = [("access_key_id", AWS_ID), (name, value)]
    if n // 4 == 1:
        return json_case(h, r, pairs), [value, AWS_ID]
    return inspect_case(h, r, pairs), [value, AWS_ID]
