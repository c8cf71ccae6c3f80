"""Vendors' documented sample keys, printed by the same programs (doc examples: secrets a user
may still want kept, counted apart): a CLISP structure, a GHC record and a GHC `Data.Map`."""

from cases_clisp import run_clisp
from cases_ghc import run_ghc
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
SAMPLES = [("secret-access-key", AWS_SECRET), ("jwt", JWT_IO), ("stripe-secret-key", STRIPE_TEST), ("azure-storage-key", AZURITE)]


def camel(name):
    head, *rest = name.split("-")
    return head + "".join(w.capitalize() for w in rest)


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    name, value = SAMPLES[n % 4]
    program = n // 4
    if program == 0:
        src = f'(defstruct example-credentials access-key-id {name})\n(print (make-example-credentials :access-key-id "{AWS_ID}" :{name} "{value}"))\n(terpri)\n'
        return run_clisp(h, r, src), [value]
    if program == 1:
        src = f'data Example = Example {{ accessKeyId :: String, {camel(name)} :: String }} deriving Show\n\nmain :: IO ()\nmain = print (Example {{ accessKeyId = "{AWS_ID}", {camel(name)} = "{value}" }})\n'
        return run_ghc(h, r, src), [value]
    src = f'import qualified Data.Map as M\n\nmain :: IO ()\nmain = print (M.fromList [("access_key_id", "{AWS_ID}"), ("{name.replace("-", "_")}", "{value}")])\n'
    return run_ghc(h, r, src), [value]
