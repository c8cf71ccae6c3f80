"""Vendors' documented sample keys (doc examples: secrets a user may still want kept, counted
apart): AWS's documented access key pair as SES-style SMTP credentials in `s-nail -vv` (the access
key id is a target beside its secret, and so is the base64 that carries them), and jwt.io's
sample token, Stripe's test key and Azurite's account key as a feed reader's password in
newsboat's debug log."""

import base64

from cases_newsboat import remote_password_case
from cases_snail import snail
from registry import category
from responders import smtp

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
STRIPE_TEST = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"
AZURITE = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
FEED_SAMPLES = [JWT_IO, STRIPE_TEST, AZURITE]


@category("doc", "doc-example-keys", 12)
def doc_example_keys(h, r):
    n = doc_example_keys.count = getattr(doc_example_keys, "count", -1) + 1
    if n < 6:
        port = smtp(h)
        mech = "plain" if n % 2 == 0 else "login"
        common = ["-S", "nosave", "-S", "hostname=devbox", "-S", f"smtp-auth={mech}", "-S", "from=alerts@example.test", "-S", f"mta=smtp://127.0.0.1:{port}",
                  "-S", f"smtp-auth-user={AWS_ID}", "-S", f"smtp-auth-password={AWS_SECRET}"]
        rcpt = ["ops@example.org", "team@example.org", "reports@example.com"][n % 3]
        out = snail(h, ["-vv", *common, "-s", "'SES test'", rcpt], ["-vv", *common, "-s", "SES test", rcpt])
        blob = base64.b64encode((f"\0{AWS_ID}\0{AWS_SECRET}" if mech == "plain" else AWS_SECRET).encode()).decode()
        return out, [t for t in (AWS_SECRET, AWS_ID, blob, base64.b64encode(AWS_ID.encode()).decode()) if t in out]
    value = FEED_SAMPLES[n % 3]
    return remote_password_case(h, r, value), [value]
