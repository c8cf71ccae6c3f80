"""Vendors' documented sample keys (doc examples: secrets a user may still want kept, counted
apart) in fetchmail's configuration dump, openfortivpn's debug report and ss-manager's `list`.
AWS's documented access key id, used as the account name as SES SMTP credentials are, is a
target beside its secret."""

from cases_fetchmail import configdump_case
from cases_openfortivpn import run_ofv
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
SAMPLES = [AWS_SECRET, JWT_IO, STRIPE_TEST, AZURITE]


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    value = SAMPLES[n % 4]
    if n // 4 == 1:
        return run_ofv(h, r, AWS_ID, value, 3), [value, AWS_ID]
    return configdump_case(h, r, [(AWS_ID, value)]), [value, AWS_ID]
