"""kubectl 1.32 (Google Cloud CLI's build), offline: kubeconfigs written by `kubectl config
set-cluster|set-credentials|set-context` (bearer tokens, basic-auth passwords, client keys
embedded as `client-key-data`), shown by `kubectl config view --raw [--minify] [-o json|jsonpath]`
or `cat` of the file; Secret manifests printed by `kubectl create secret generic|docker-registry|tls
--dry-run=client -o yaml|json` (the values typed, and their base64 in `data:`, which is the
target). Clean: `kubectl config view` without `--raw` (`DATA+OMITTED`, `REDACTED`), `get-contexts`,
`get-users`, exec-plugin users (`aws eks get-token`, `gke-gcloud-auth-plugin`, `kubelogin`),
ConfigMaps, Deployments, `kubectl set env --local` of ids and digests. PII: users and
contexts named by a person's e-mail (OIDC), in `get-contexts` and `config view`."""

import base64
import os
import shlex
import subprocess

from registry import category
from values import ALNUM, B64, HEX, Person, SERVICES, hexs, password, s, secret_token, uuid, github, jwt

KUBECTL = "kubectl"
CLUSTERS = ["prod-eu", "staging", "gke_acme-prod_europe-west1_main", "arn:aws:eks:eu-west-1:123456789012:cluster/platform", "kind-dev", "aks-payments"]
NAMESPACES = ["default", "payments", "platform", "data", "ci", "monitoring"]


def kube(h, args, typed=True, ok=(0,)):
    env = h.env(KUBECONFIG=os.path.join(h.home, ".kube", "config"))
    out = h.run([KUBECTL] + args, env=env, ok=ok)
    return (f"$ kubectl {' '.join(shlex.quote(a) for a in args)}\n" if typed else "") + out


def ca_pem(h):
    """A self-signed CA certificate (public: no secret), made once per run."""
    path = os.path.join(h.root, "ca.crt")
    if not os.path.exists(path):
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", os.path.join(h.root, "ca.key"), "-out", path, "-days", "3650", "-subj", "/CN=kubernetes"], check=True, capture_output=True)
    return path


def client_key(h, r):
    """A fresh client key and certificate signed by the CA (the key is the secret)."""
    key, csr, crt = (os.path.join(h.home, ".kube", n) for n in ("client.key", "client.csr", "client.crt"))
    algo = r.choice([["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"], ["-newkey", "rsa:2048"]])
    subprocess.run(["openssl", "req", "-new"] + algo + ["-nodes", "-keyout", key, "-out", csr, "-subj", f"/O=system:masters/CN={r.choice(['admin', 'deployer', 'ci'])}"], check=True, capture_output=True)
    subprocess.run(["openssl", "x509", "-req", "-in", csr, "-CA", ca_pem(h), "-CAkey", os.path.join(h.root, "ca.key"), "-CAcreateserial", "-out", crt, "-days", "365"], check=True, capture_output=True)
    return key, crt


def cluster(h, r, name=None):
    name = name or r.choice(CLUSTERS)
    server = r.choice([f"https://{hexs(r, 32).upper()}.gr7.eu-west-1.eks.amazonaws.com", f"https://{r.randint(10, 250)}.{r.randint(1, 250)}.{r.randint(1, 250)}.{r.randint(1, 250)}", "https://127.0.0.1:6443", f"https://{r.choice(SERVICES)}-dns-{hexs(r, 8)}.hcp.westeurope.azmk8s.io:443"])
    kube(h, ["config", "set-cluster", name, f"--server={server}", f"--certificate-authority={ca_pem(h)}", "--embed-certs=true"], typed=False)
    return name


def fresh(h):
    h.fresh(".kube")


# ---- secrets ---------------------------------------------------------------------------------


@category("secret", "kubectl-config-view-raw", 35)
def kubectl_config_view_raw(h, r):
    fresh(h)
    c = cluster(h, r)
    user = r.choice(["admin", "deployer", "ci-bot", "cluster-admin", c + "-admin"])
    k = r.randrange(3)
    typed = r.random() < 0.4
    if k == 0:
        tok = r.choice([jwt, github, lambda r: s(r, ALNUM, 6).lower() + "." + s(r, "abcdefghijklmnopqrstuvwxyz0123456789", 16), lambda r: "kubeconfig-u-" + s(r, "abcdefghijklmnopqrstuvwxyz0123456789", 10) + ":" + s(r, "bcdfghjklmnpqrstvwxz2456789", 54)])(r)
        args, targets = ["config", "set-credentials", user, f"--token={tok}"], [tok]
    elif k == 1:
        pw = password(r)
        while any(c in pw for c in "\"'\\$`!%#"):
            pw = password(r)
        args, targets = ["config", "set-credentials", user, f"--username={r.choice(['admin', 'kube', 'ops'])}", f"--password={pw}"], [pw]
    else:
        key, crt = client_key(h, r)
        args = ["config", "set-credentials", user, f"--client-certificate={crt}", f"--client-key={key}", "--embed-certs=true"]
        targets = [base64.b64encode(open(key, "rb").read()).decode()]
        typed = False
    out = kube(h, args, typed=typed)
    out += kube(h, ["config", "set-context", f"{c}-ctx", f"--cluster={c}", f"--user={user}", f"--namespace={r.choice(NAMESPACES)}"], typed=typed)
    out += kube(h, ["config", "use-context", f"{c}-ctx"], typed=typed)
    if not typed:  # set up earlier: only the listing is shown
        out = ""
    shown = r.choice([["config", "view", "--raw"], ["config", "view", "--raw", "--minify"], ["config", "view", "--raw", "-o", "json"], "cat", "jsonpath"])
    if shown == "cat":
        out += "$ cat ~/.kube/config\n" + h.run(["cat", os.path.join(h.home, ".kube", "config")])
    elif shown == "jsonpath":
        field = {0: "token", 1: "password", 2: "client-key-data"}[k]
        out += kube(h, ["config", "view", "--raw", "-o", f"jsonpath={{.users[0].user.{field}}}"]) + "\n"
    else:
        out += kube(h, shown)
    return out, targets


def literal_ok(v):
    return not any(c in v for c in "\"'\\$`!%#=,")


@category("secret", "kubectl-secret-manifest", 40)
def kubectl_secret_manifest(h, r):
    fresh(h)
    name = f"{r.choice(SERVICES)}-{r.choice(['credentials', 'secrets', 'env', 'api'])}"
    ns = r.choice(NAMESPACES)
    fmt = r.choice(["yaml", "yaml", "json"])
    k = r.randrange(4)
    if k in (0, 1):
        pairs = []
        for key in r.sample(["DB_PASSWORD", "API_KEY", "STRIPE_SECRET_KEY", "JWT_SECRET", "REDIS_PASSWORD", "SMTP_PASSWORD"], r.randint(1, 3)):
            v = secret_token(r)
            while not literal_ok(v):
                v = secret_token(r)
            pairs.append((key, v))
        targets = [t for _, v in pairs for t in (v, base64.b64encode(v.encode()).decode())]
        if k == 0:
            args = ["create", "secret", "generic", name, "-n", ns] + [f"--from-literal={key}={v}" for key, v in pairs] + ["--dry-run=client", "-o", fmt]
            return kube(h, args), targets
        d = h.fresh("app")
        h.write("app/.env", "".join(f"{key}={v}\n" for key, v in pairs) + f"LOG_LEVEL={r.choice(['info', 'debug'])}\n")
        out = "$ cat .env\n" + h.run(["cat", ".env"], cwd=d)
        out += f"$ kubectl create secret generic {name} -n {ns} --from-env-file=.env --dry-run=client -o {fmt}\n"
        out += h.run([KUBECTL, "create", "secret", "generic", name, "-n", ns, "--from-env-file=.env", "--dry-run=client", "-o", fmt], cwd=d, env=h.env(KUBECONFIG=os.path.join(h.home, ".kube", "config")))
        return out, targets
    if k == 2:
        pw = secret_token(r)
        while not literal_ok(pw):
            pw = secret_token(r)
        server = r.choice(["ghcr.io", "registry.gitlab.com", "docker.io", f"{s(r, '0123456789', 12)}.dkr.ecr.eu-west-1.amazonaws.com", "harbor.internal.example.net"])
        args = ["create", "secret", "docker-registry", "regcred", "-n", ns, f"--docker-server={server}", f"--docker-username={r.choice(['deploy', 'ci-bot', 'AWS', 'robot$pull'])}", f"--docker-password={pw}", "--dry-run=client", "-o", fmt]
        out = kube(h, args)
        blob = next(line for line in out.splitlines() if ".dockerconfigjson" in line).split(":", 1)[1].strip().strip('",')
        return out, [pw, blob]
    key, crt = client_key(h, r)
    args = ["create", "secret", "tls", f"{r.choice(SERVICES)}-tls", "-n", ns, f"--cert={crt}", f"--key={key}", "--dry-run=client", "-o", fmt]
    out = kube(h, args)
    return out.replace(h.home, "~"), [base64.b64encode(open(key, "rb").read()).decode()]


# ---- clean -----------------------------------------------------------------------------------


def exec_user(h, r, user):
    k = r.randrange(3)
    if k == 0:
        args = ["config", "set-credentials", user, "--exec-api-version=client.authentication.k8s.io/v1beta1", "--exec-command=aws", "--exec-arg=eks", "--exec-arg=get-token", "--exec-arg=--cluster-name", f"--exec-arg={r.choice(SERVICES)}", f"--exec-env=AWS_PROFILE={r.choice(['prod', 'staging'])}"]
    elif k == 1:
        args = ["config", "set-credentials", user, "--exec-api-version=client.authentication.k8s.io/v1beta1", "--exec-command=gke-gcloud-auth-plugin", "--exec-provide-cluster-info=true", "--exec-interactive-mode=Never"]
    else:
        args = ["config", "set-credentials", user, "--exec-api-version=client.authentication.k8s.io/v1beta1", "--exec-command=kubelogin", "--exec-arg=get-token", "--exec-arg=--login", "--exec-arg=azurecli", "--exec-arg=--server-id", f"--exec-arg={uuid(r)}"]
    kube(h, args, typed=False)


@category("negative", "kubectl-config-clean", 45)
def kubectl_config_clean(h, r):
    fresh(h)
    out = ""
    ctxs = []
    for name in r.sample(CLUSTERS, r.randint(1, 3)):
        c = cluster(h, r, name)
        user = f"{c}-user"
        k = r.randrange(4)
        if k == 0:
            tok = github(r)
            kube(h, ["config", "set-credentials", user, f"--token={tok}"], typed=False)
        elif k == 1:
            key, crt = client_key(h, r)
            kube(h, ["config", "set-credentials", user, f"--client-certificate={crt}", f"--client-key={key}", "--embed-certs=true"], typed=False)
        else:
            exec_user(h, r, user)
        kube(h, ["config", "set-context", c, f"--cluster={c}", f"--user={user}", f"--namespace={r.choice(NAMESPACES)}"], typed=False)
        ctxs.append(c)
    kube(h, ["config", "use-context", r.choice(ctxs)], typed=False)
    for args in r.sample([["config", "view"], ["config", "view", "--minify"], ["config", "get-contexts"], ["config", "current-context"], ["config", "get-users"], ["config", "get-clusters"], ["config", "view", "-o", "json"]], r.randint(1, 2)):
        out += kube(h, args)
    text = open(os.path.join(h.home, ".kube", "config")).read()
    for line in text.splitlines():
        if any(k in line for k in ("token:", "client-key-data:")):
            v = line.split(":", 1)[1].strip()
            if v and v in out:
                raise RuntimeError("kubectl printed a credential")
    return out, []


@category("negative", "kubectl-manifest-clean", 40)
def kubectl_manifest_clean(h, r):
    fresh(h)
    ns = r.choice(NAMESPACES)
    svc = r.choice(SERVICES)
    fmt = r.choice(["yaml", "yaml", "json"])
    k = r.randrange(4)
    if k == 0:
        lits = [f"LOG_LEVEL={r.choice(['info', 'debug', 'warn'])}", f"REGION={r.choice(['eu-west-1', 'us-east-2'])}", f"GIT_SHA={hexs(r, 40)}", f"FEATURE_FLAGS={r.choice(['search,billing', 'none'])}", f"IMAGE_DIGEST=sha256:{hexs(r, 64)}", f"REQUEST_TIMEOUT={r.randint(5, 60)}s"]
        return kube(h, ["create", "configmap", f"{svc}-config", "-n", ns] + [f"--from-literal={x}" for x in r.sample(lits, r.randint(2, 4))] + ["--dry-run=client", "-o", fmt]), []
    if k == 1:
        image = f"ghcr.io/{r.choice(['acme-labs', 'northwind'])}/{svc}@sha256:{hexs(r, 64)}"
        return kube(h, ["create", "deployment", svc, "-n", ns, f"--image={image}", f"--replicas={r.randint(1, 6)}", f"--port={r.choice([8080, 3000, 9090])}", "--dry-run=client", "-o", fmt]), []
    if k == 2:
        d = h.fresh("deploy")
        h.run([KUBECTL, "create", "deployment", svc, "-n", ns, f"--image=registry.example.net/{svc}:v{r.randint(1, 9)}.{r.randint(0, 20)}.0", "--dry-run=client", "-o", "yaml"], cwd=d)
        manifest = h.run([KUBECTL, "create", "deployment", svc, "-n", ns, f"--image=registry.example.net/{svc}:v{r.randint(1, 9)}.{r.randint(0, 20)}.0", "--dry-run=client", "-o", "yaml"], cwd=d)
        h.write("deploy/deployment.yaml", manifest)
        ref = r.choice([[f"LOG_LEVEL={r.choice(['info', 'debug'])}", f"GIT_SHA={hexs(r, 40)}"], [f"BUILD_ID={r.randint(1000, 99999)}", f"REGION={r.choice(['eu-west-1', 'us-east-2'])}"], [f"IMAGE_DIGEST=sha256:{hexs(r, 64)}", "OTEL_SERVICE_NAME=" + svc], [f"TRACE_ID={uuid(r)}", f"MAX_WORKERS={r.randint(2, 32)}"]])
        args = ["set", "env", "--local", "-f", "deployment.yaml"] + ref + ["-o", fmt]
        return f"$ kubectl {' '.join(args)}\n" + h.run([KUBECTL] + args, cwd=d, env=h.env(KUBECONFIG=os.path.join(h.home, ".kube", "config"))), []
    return kube(h, ["create", "serviceaccount", f"{svc}-sa", "-n", ns, "--dry-run=client", "-o", fmt]) + kube(h, ["create", "rolebinding", f"{svc}-read", "-n", ns, "--clusterrole=view", f"--serviceaccount={ns}:{svc}-sa", "--dry-run=client", "-o", fmt]), []


# ---- personal data ---------------------------------------------------------------------------


@category("pii", "kubectl-oidc-users", 28)
def kubectl_oidc_users(h, r):
    fresh(h)
    p = Person(r)
    c = cluster(h, r)
    user = p.email if r.random() < 0.6 else f"oidc:{p.email}"
    kube(h, ["config", "set-credentials", user, "--exec-api-version=client.authentication.k8s.io/v1beta1", "--exec-command=kubelogin", "--exec-arg=get-token", "--exec-arg=--oidc-issuer-url=https://dex.example.net", f"--exec-arg=--oidc-client-id={r.choice(SERVICES)}-cli"], typed=False)
    kube(h, ["config", "set-context", f"{c}", f"--cluster={c}", f"--user={user}", f"--namespace={r.choice(NAMESPACES)}"], typed=False)
    kube(h, ["config", "use-context", c], typed=False)
    args = r.choice([["config", "get-contexts"], ["config", "view"], ["config", "view", "--minify"], ["config", "get-users"], ["config", "view", "-o", "jsonpath={.users[*].name}"]])
    return kube(h, args), [p.email]
