"""Vendors' documented sample keys, printed by the same programs (doc examples: secrets a user
may still want kept, counted apart): an SBCL structure, a Rakudo hash (`dd`) and a Pike
mapping (`%O`)."""

from cases_pike import run_pike
from cases_raku import run_raku
from cases_sbcl import run_sbcl
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
SAMPLES = [("aws-secret-access-key", AWS_SECRET), ("jwt", JWT_IO), ("stripe-secret-key", STRIPE_TEST), ("azure-storage-key", AZURITE)]


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    name, value = SAMPLES[n % 4]
    program = n // 4
    if program == 0:
        src = f'(defstruct example-credentials access-key-id {name})\n(print (make-example-credentials :access-key-id "{AWS_ID}" :{name} "{value}"))\n(terpri)\n'
        return run_sbcl(h, r, src), [value]
    if program == 1:
        src = f"my %example = (access-key-id => '{AWS_ID}', {name} => '{value}');\ndd %example;\n"
        return run_raku(h, r, src), [value]
    src = f'int main() {{\n  mapping example = ([ "access_key_id": "{AWS_ID}", "{name.replace("-", "_")}": "{value}" ]);\n  write("%O\\n", example);\n  return 0;\n}}\n'
    return run_pike(h, r, src), [value]
