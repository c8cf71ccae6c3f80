"""Documentation examples (flagged `docExample`, counted apart): keys that vendors publish in their
own docs, run through two programs each. They are secrets in shape, public in fact."""

import base64

from registry import category

AWS_ID = "AKIAIOSFODNN7EXAMPLE"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_DOC = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="


def case_aws(h, variant):
    env = h.env(AWS_ACCESS_KEY_ID=AWS_ID, AWS_SECRET_ACCESS_KEY=AWS_SECRET, AWS_DEFAULT_REGION="us-west-2")
    if variant == 0:
        return h.run(["bash", "-c", "env | grep ^AWS_ | sort"], env=env), [AWS_SECRET]
    return h.run(["python3", "-c", "import os; print({k: v for k, v in os.environ.items() if k.startswith('AWS_')})"], env=env), [AWS_SECRET]


def case_jwt(h, variant):
    h.server.reply(200, [("Content-Type", "application/json")], b'{"sub":"1234567890"}\n')
    if variant == 0:
        return h.run(["curl", "-sS", "-v", "-H", f"Authorization: Bearer {JWT_IO}", h.url + "/protected"]), [JWT_IO]
    return h.run(["node", "-e", f"console.log({{ headers: {{ authorization: 'Bearer {JWT_IO}' }} }})"]), [JWT_IO]


def case_stripe(h, variant):
    h.server.reply(200, [("Content-Type", "application/json")], b'{"object":"list","data":[]}\n')
    if variant == 0:
        out = h.run(["curl", "-sS", "-v", "-u", f"{STRIPE_DOC}:", h.url + "/v1/charges"])
        return out, [base64.b64encode(f"{STRIPE_DOC}:".encode()).decode()]
    return h.run(["bash", "-c", f"export STRIPE_API_KEY={STRIPE_DOC}; env | grep STRIPE"]), [STRIPE_DOC]


def case_azurite(h, variant):
    conn = f"DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={AZURITE};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"
    if variant == 0:
        return h.run(["bash", "-c", "printenv AZURE_STORAGE_CONNECTION_STRING"], env=h.env(AZURE_STORAGE_CONNECTION_STRING=conn)), [AZURITE]
    return h.run(["python3", "-c", f"settings = {{'connection_string': {conn!r}}}\nprint(settings)"]), [AZURITE]


CASES = [(f, v) for f in (case_aws, case_jwt, case_stripe, case_azurite) for v in (0, 1)]
_next = iter(CASES * 100)


@category("doc", "doc-example-keys", len(CASES))
def doc_examples(h, r):
    fn, variant = next(_next)
    return fn(h, variant)
