"""Documentation examples (counted apart): AWS's documented access key pair written by `aws
configure set` and shown with `cat ~/.aws/credentials`; jwt.io's sample token as a kubeconfig
user's bearer token, shown by `kubectl config view --raw`."""

import os

import cases_aws
import cases_kubectl
from registry import category

AWS_ID, AWS_SECRET = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
JWT_IO = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"


@category("doc", "doc-example-keys", 8)
def doc_example_keys(h, r):
    if r.random() < 0.5:
        h.fresh(".aws")
        profile = r.choice(cases_aws.PROFILES)
        pflag = [] if profile == "default" else ["--profile", profile]
        out = cases_aws.aws(h, r, ["aws", "configure", "set", "aws_access_key_id", AWS_ID] + pflag)
        out += cases_aws.aws(h, r, ["aws", "configure", "set", "aws_secret_access_key", AWS_SECRET] + pflag)
        out += "$ cat ~/.aws/credentials\n" + h.run(["cat", os.path.join(h.home, ".aws", "credentials")])
        return out, [AWS_ID, AWS_SECRET]
    cases_kubectl.fresh(h)
    c = cases_kubectl.cluster(h, r)
    out = cases_kubectl.kube(h, ["config", "set-credentials", "demo", f"--token={JWT_IO}"])
    out += cases_kubectl.kube(h, ["config", "set-context", "demo", f"--cluster={c}", "--user=demo"])
    out += cases_kubectl.kube(h, ["config", "view", "--raw", "--minify", "--context=demo"])
    return out, [JWT_IO]
