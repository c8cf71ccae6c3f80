"""Vendors' documented sample keys (doc examples: secrets a user may still want kept, counted
apart; AWS's documented access key id is a target beside its secret), printed by zabbix_agentd's
`vfs.file.contents` of a credentials file and by a Firebird settings query."""

from cases_firebird import settings
from cases_zabbix import test_item
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
    if n // 4 == 1:
        return settings(h, r, [("aws_access_key_id", AWS_ID), (name, value)], listing=n % 2 == 0), [value, AWS_ID]
    section = "default" if n // 4 == 0 else "example"
    path = h.write(".aws/credentials", f"[{section}]\naws_access_key_id = {AWS_ID}\n{name} = {value}\n")
    return test_item(h, r, f"vfs.file.contents[{path}]"), [value, AWS_ID]
