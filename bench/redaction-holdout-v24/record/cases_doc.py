"""Vendors' documented sample keys given to the same programs (doc examples, counted apart; AWS's
documented access key id is a target beside its secret): ipmitool's -U/-P and wpa_passphrase."""

import re

from cases_keys import ipmi, shown
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    if n % 3 == 0:
        return ipmi(h, r, ["-P", AWS_SECRET, "-k", AWS_ID]), [AWS_SECRET, AWS_ID]
    if n % 3 == 1:
        return wpa(h, f"example-{n}", AWS_SECRET)
    return wpa(h, f"example-{n}", STRIPE_TEST)


def wpa(h, ssid, value):
    out = shown(h, ["wpa_passphrase", ssid, value])
    return out, [value, re.search(r"^\tpsk=([0-9a-f]{64})$", out, re.M).group(1)]
