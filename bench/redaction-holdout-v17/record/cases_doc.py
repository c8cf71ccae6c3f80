"""Vendors' documented sample keys, printed by the same programs (doc examples: secrets a user
may still want kept, counted apart)."""

from cases_daemons import mc_set, memcached, memcached_tool
from cases_langs import hs_lit, runhugs
from cases_tools import composer
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
        src = f"import qualified Data.Map as M\n\nmain :: IO ()\nmain = print (M.fromList [({hs_lit('AWS_ACCESS_KEY_ID')}, {hs_lit(AWS_ID)}), ({hs_lit(name)}, {hs_lit(value)})])\n"
        return runhugs(h, src), [value]
    if program == 1:
        return composer(h, [[f"bearer.{r.choice(['repo.example.com', 'packages.example.org'])}", value]]), [value]
    port, _, _ = memcached(h)
    mc_set(port, [(f"config:{name.lower()}", value, 86400)])
    out = memcached_tool(h, port, "dump")
    h.stop_server()
    return out, [value]


