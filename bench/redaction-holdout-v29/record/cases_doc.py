"""Vendors' documented sample keys (doc examples: secrets a user may still want kept, counted
apart), in an Alertmanager configuration printed by `amtool config show`: AWS's documented access
key id in a SigV4 block (Alertmanager masks the secret key beside it, prints the id), jwt.io's
sample token and Stripe's documented test key in a webhook URL's query."""

from cases_alertmanager import show
from registry import category
from values import SERVICES

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    name = f"{r.choice(SERVICES)}-{r.choice(['team', 'oncall', 'ops'])}"
    kind = n % 3
    if kind == 0:
        recv = f"""  - name: {name}
    sns_configs:
      - topic_arn: 'arn:aws:sns:us-east-1:123456789012:{r.choice(SERVICES)}'
        sigv4:
          region: us-east-1
          access_key: {AWS_ID}
          secret_key: {AWS_SECRET}
"""
        return show(h, r, name, recv, planted=[AWS_SECRET]), [AWS_ID]
    value = JWT_IO if kind == 1 else STRIPE_TEST
    recv = f"  - name: {name}\n    webhook_configs:\n      - url: 'https://hooks.example.org/{r.choice(SERVICES)}?{r.choice(['token', 'key', 'api_key'])}={value}'\n"
    return show(h, r, name, recv), [value]
