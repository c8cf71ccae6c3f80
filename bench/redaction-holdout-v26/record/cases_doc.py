"""Vendors' documented sample keys (doc examples: secrets a user may still want kept, counted
apart) in openfortivpn's debug report, gocryptfs's echo of its -extpass program and mpop's POP3
dialog. AWS's documented access key id, used as the VPN account name, is a target beside its
secret there."""

from cases_gocryptfs import init
from cases_mpop import debug, mpoprc, responder, serve_as
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
    if n // 4 == 0:
        return run_ofv(h, r, AWS_ID, value, 3), [value, AWS_ID]
    if n // 4 == 1:
        return init(h, r, value, "extpass")[1], [value]
    port = responder(h)
    serve_as(r, False)
    mpoprc(h, r, port, "alerts", value, "user")
    return debug(h, r), [value]
