"""aws-cli 1.45 (botocore 1.43, Python 3.11): `aws configure set|get` and the files it writes
(`~/.aws/credentials`, `~/.aws/config`), and the output (json, text, table, yaml) of the calls
that hand out credentials or secret values, against a stand-in of the AWS APIs on 127.0.0.1
(port written `4566`, LocalStack's, as `--endpoint-url`): `sts assume-role|get-session-token`,
`iam create-access-key`, `secretsmanager get-secret-value`, `ssm get-parameter(s-by-path)
--with-decryption`, `ecr get-login-password|get-authorization-token`. Clean: `aws configure
list` (which masks all but the last four characters), `configure get` of regions and role ARNs,
config files with SSO and `credential_process` settings, and the metadata calls (caller
identity, describe-secret, list-secrets, describe-parameters, describe-repositories, get-user).
PII: the caller identity of an SSO session named by a person's e-mail, IAM users tagged with
one."""

import base64
import json
import os
import shlex
import shutil
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs

from registry import category
from values import B64, DIGITS, HEX, UPPER, ALNUM, Person, SERVICES, aws_key_id, aws_secret, hexs, password, s, secret_token, uuid

# pyenv's shim needs the real HOME: the program it runs
AWS = next((p for p in ["/root/.pyenv/versions/3.11.7/bin/aws"] if os.path.exists(p)), shutil.which("aws"))
REGIONS = ["eu-west-1", "us-east-1", "us-west-2", "eu-central-1", "ap-southeast-2", "ca-central-1"]
PROFILES = ["default", "prod", "staging", "ci", "deploy", "sandbox"]
OUTPUTS = ["json", "text", "table", "yaml"]  # what `configure set output` takes
CLI_OUTPUTS = ["json", "text", "table"]  # what aws-cli 1 prints
_server = {}


def account(r):
    return s(r, DIGITS, 12)


def session_token(r):
    return "IQoJb3JpZ2luX2Vj" + s(r, B64, r.choice([220, 300, 380])) + "="


class AwsStandIn(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        target = self.headers.get("X-Amz-Target")
        if target:
            op = target.split(".")[-1]
            ctype = "application/x-amz-json-1.1"
        else:
            op = parse_qs(body.decode()).get("Action", [""])[0]
            ctype = "text/xml"
        answer = self.server.state["answers"].get(op)
        if answer is None:
            status, out = 400, json.dumps({"__type": "InvalidAction", "message": op}).encode()
        else:
            status, out = 200, (answer if isinstance(answer, bytes) else answer.encode())
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(out)))
        self.send_header("x-amzn-RequestId", uuid(self.server.state["r"]))
        self.end_headers()
        self.wfile.write(out)


def server(h):
    if "port" not in _server:
        port, srv = h.serve(AwsStandIn, 4566, answers={}, r=None)
        _server.update(port=port, srv=srv)
    return _server["port"], _server["srv"]


def env(h, region=None):
    # the credentials the CLI signs with come from a file the case does not show
    return h.env(AWS_SHARED_CREDENTIALS_FILE=os.path.join(h.home, ".aws", "credentials"), AWS_CONFIG_FILE=os.path.join(h.home, ".aws", "config"), AWS_DEFAULT_REGION=region or "eu-west-1", AWS_PAGER="")


def hidden_creds(h, r):
    h.write(".aws/credentials", f"[default]\naws_access_key_id = {aws_key_id(r)}\naws_secret_access_key = {aws_secret(r)}\n", mode=0o600)


def aws(h, r, args, shown=None, region=None):
    port, _ = server(h)
    full = [a.replace("@ENDPOINT@", f"http://127.0.0.1:{port}") for a in args]
    typed = " ".join(shlex.quote(a) for a in (shown or args)).replace("@ENDPOINT@", "http://127.0.0.1:4566")
    for _ in range(3):
        # a loaded machine can time a call out: the stand-in answers every call it gets
        out = h.run([AWS] + full[1:], env=env(h, region), ok=None)
        if "Could not connect" not in out and "Read timeout" not in out and "Connection was closed" not in out:
            break
    return f"$ {typed}\n" + out


def answer(h, r, **ops):
    _, srv = server(h)
    srv.state["answers"] = ops
    srv.state["r"] = r


def endpoint():
    return ["--endpoint-url", "@ENDPOINT@"]


def iso(r):
    return f"2026-{r.randint(1, 11):02d}-{r.randint(1, 28):02d}T{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}Z"


# ---- secrets ---------------------------------------------------------------------------------


@category("secret", "aws-configure-credentials", 30)
def aws_configure_credentials(h, r):
    h.fresh(".aws")
    profile = r.choice(PROFILES)
    pflag = [] if profile == "default" else ["--profile", profile]
    kid, secret = aws_key_id(r, r.choice(["AKIA", "AKIA", "ASIA"])), aws_secret(r)
    token = session_token(r) if kid.startswith("ASIA") else None
    k = r.randrange(4)
    if k == 0:
        # typed: the configure set commands, then the file they wrote
        out = ""
        for key, v in [("aws_access_key_id", kid), ("aws_secret_access_key", secret)] + ([("aws_session_token", token)] if token else []) + [("region", r.choice(REGIONS))]:
            out += aws(h, r, ["aws", "configure", "set", key, v] + pflag)
        out += "$ cat ~/.aws/credentials\n" + h.run(["cat", os.path.join(h.home, ".aws", "credentials")])
        return out, [kid, secret] + ([token] if token else [])
    for key, v in [("aws_access_key_id", kid), ("aws_secret_access_key", secret)] + ([("aws_session_token", token)] if token else []) + [("region", r.choice(REGIONS)), ("output", r.choice(OUTPUTS))]:
        h.run([AWS, "configure", "set", key, v] + pflag, env=env(h))
    if k == 1:
        which = r.choice(["aws_secret_access_key"] + (["aws_session_token"] if token else ["aws_access_key_id"]))
        out = aws(h, r, ["aws", "configure", "get", "region"] + pflag) + aws(h, r, ["aws", "configure", "get", which] + pflag)
        return out, [{"aws_secret_access_key": secret, "aws_session_token": token, "aws_access_key_id": kid}[which]]
    if k == 2:
        return "$ cat ~/.aws/credentials\n" + h.run(["cat", os.path.join(h.home, ".aws", "credentials")]) + aws(h, r, ["aws", "configure", "list"] + pflag), [kid, secret] + ([token] if token else [])
    # keys written into the config file (allowed there), then the whole of it
    h.write(".aws/config", f"[profile {r.choice(PROFILES[1:])}]\nregion = {r.choice(REGIONS)}\naws_access_key_id = {kid}\naws_secret_access_key = {secret}\n", mode=0o600)
    return "$ cat ~/.aws/config\n" + h.run(["cat", os.path.join(h.home, ".aws", "config")]), [kid, secret]


def creds_xml(op, kid, secret, token, r, extra=""):
    tok = f"<SessionToken>{token}</SessionToken>" if token else ""
    return (f'<{op}Response xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><{op}Result>{extra}<Credentials><AccessKeyId>{kid}</AccessKeyId>'
            f"<SecretAccessKey>{secret}</SecretAccessKey>{tok}<Expiration>{iso(r)}</Expiration></Credentials></{op}Result>"
            f"<ResponseMetadata><RequestId>{uuid(r)}</RequestId></ResponseMetadata></{op}Response>")


@category("secret", "aws-sts-iam-credentials", 25)
def aws_sts_iam_credentials(h, r):
    h.fresh(".aws")
    hidden_creds(h, r)
    out_fmt = r.choice(CLI_OUTPUTS)
    acct = account(r)
    k = r.randrange(3)
    if k == 0:
        kid, secret, token = aws_key_id(r, "ASIA"), aws_secret(r), session_token(r)
        role, sess = r.choice(["deploy", "ci-runner", "terraform", "ReadOnly", "admin"]), r.choice(["gh-actions", "cli-session", "deploy-" + str(r.randint(100, 999))])
        aro = "AROA" + s(r, UPPER + "234567", 17)
        extra = f"<AssumedRoleUser><AssumedRoleId>{aro}:{sess}</AssumedRoleId><Arn>arn:aws:sts::{acct}:assumed-role/{role}/{sess}</Arn></AssumedRoleUser>"
        answer(h, r, AssumeRole=creds_xml("AssumeRole", kid, secret, token, r, extra))
        out = aws(h, r, ["aws", "sts", "assume-role", "--role-arn", f"arn:aws:iam::{acct}:role/{role}", "--role-session-name", sess, "--output", out_fmt] + endpoint())
        return out, [kid, secret, token]
    if k == 1:
        kid, secret, token = aws_key_id(r, "ASIA"), aws_secret(r), session_token(r)
        answer(h, r, GetSessionToken=creds_xml("GetSessionToken", kid, secret, token, r))
        mfa = r.random() < 0.5
        args = ["aws", "sts", "get-session-token", "--duration-seconds", str(r.choice([900, 3600, 43200]))] + (["--serial-number", f"arn:aws:iam::{acct}:mfa/{r.choice(['ops', 'dev', 'admin'])}", "--token-code", s(r, DIGITS, 6)] if mfa else [])
        return aws(h, r, args + ["--output", out_fmt] + endpoint()), [kid, secret, token]
    kid, secret = aws_key_id(r), aws_secret(r)
    user = r.choice(["ci-deployer", "terraform", "backup-agent", "github-actions", "s3-sync"])
    body = (f'<CreateAccessKeyResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/"><CreateAccessKeyResult><AccessKey><UserName>{user}</UserName>'
            f"<AccessKeyId>{kid}</AccessKeyId><Status>Active</Status><SecretAccessKey>{secret}</SecretAccessKey><CreateDate>{iso(r)}</CreateDate></AccessKey>"
            f"</CreateAccessKeyResult><ResponseMetadata><RequestId>{uuid(r)}</RequestId></ResponseMetadata></CreateAccessKeyResponse>")
    answer(h, r, CreateAccessKey=body)
    return aws(h, r, ["aws", "iam", "create-access-key", "--user-name", user, "--output", out_fmt] + endpoint()), [kid, secret]


def secret_arn(r, acct, name):
    return f"arn:aws:secretsmanager:{r.choice(REGIONS)}:{acct}:secret:{name}-{s(r, ALNUM, 6)}"


@category("secret", "aws-secret-parameter-values", 30)
def aws_secret_parameter_values(h, r):
    h.fresh(".aws")
    hidden_creds(h, r)
    acct = account(r)
    svc = r.choice(SERVICES)
    k = r.randrange(4)
    if k == 0:
        name = f"{r.choice(['prod', 'staging'])}/{svc}/{r.choice(['db', 'api-key', 'stripe', 'smtp'])}"
        v = secret_token(r)
        as_json = r.random() < 0.5
        secret_string = json.dumps({"username": svc, "password": v, "host": f"{svc}.cluster-{s(r, 'abcdefghijklmnop0123456789', 12)}.{r.choice(REGIONS)}.rds.amazonaws.com", "port": 5432}) if as_json else v
        answer(h, r, GetSecretValue=json.dumps({"ARN": secret_arn(r, acct, name), "Name": name, "VersionId": uuid(r), "SecretString": secret_string, "VersionStages": ["AWSCURRENT"], "CreatedDate": 1.79e9 + r.randint(0, 9999999)}))
        args = ["aws", "secretsmanager", "get-secret-value", "--secret-id", name] + r.choice([[], ["--query", "SecretString", "--output", "text"], ["--output", r.choice(CLI_OUTPUTS)]])
        return aws(h, r, args + endpoint()), [v]
    if k == 1:
        name = f"/{r.choice(['prod', 'staging', 'shared'])}/{svc}/{r.choice(['api_key', 'db_password', 'webhook_secret', 'token'])}"
        v = secret_token(r)
        answer(h, r, GetParameter=json.dumps({"Parameter": {"Name": name, "Type": "SecureString", "Value": v, "Version": r.randint(1, 30), "LastModifiedDate": 1.79e9 + r.randint(0, 9999999), "ARN": f"arn:aws:ssm:{r.choice(REGIONS)}:{acct}:parameter{name}", "DataType": "text"}}))
        args = ["aws", "ssm", "get-parameter", "--name", name, "--with-decryption"] + r.choice([[], ["--query", "Parameter.Value", "--output", "text"], ["--output", r.choice(CLI_OUTPUTS)]])
        return aws(h, r, args + endpoint()), [v]
    if k == 2:
        path = f"/{r.choice(['prod', 'staging'])}/{svc}/"
        params, targets = [], []
        for leaf in r.sample(["db_password", "api_key", "log_level", "region", "jwt_secret", "max_workers"], r.randint(2, 4)):
            secret_leaf = leaf in ("db_password", "api_key", "jwt_secret")
            v = secret_token(r) if secret_leaf else {"log_level": r.choice(["info", "debug"]), "region": r.choice(REGIONS), "max_workers": str(r.randint(2, 32))}[leaf]
            if secret_leaf:
                targets.append(v)
            params.append({"Name": path + leaf, "Type": "SecureString" if secret_leaf else "String", "Value": v, "Version": r.randint(1, 9), "LastModifiedDate": 1.79e9 + r.randint(0, 9999999), "ARN": f"arn:aws:ssm:eu-west-1:{acct}:parameter{path}{leaf}", "DataType": "text"})
        if not targets:
            v = secret_token(r)
            targets.append(v)
            params.append({"Name": path + "api_key", "Type": "SecureString", "Value": v, "Version": 1, "LastModifiedDate": 1.79e9, "ARN": f"arn:aws:ssm:eu-west-1:{acct}:parameter{path}api_key", "DataType": "text"})
        answer(h, r, GetParametersByPath=json.dumps({"Parameters": params}))
        args = ["aws", "ssm", "get-parameters-by-path", "--path", path, "--with-decryption", "--recursive"] + r.choice([[], ["--output", r.choice(["text", "table"])], ["--query", "Parameters[].[Name,Value]", "--output", "text"]])
        return aws(h, r, args + endpoint()), targets
    inner = "AWS:" + base64.b64encode(json.dumps({"payload": s(r, B64, 160), "datakey": s(r, B64, 120), "version": "2", "type": "DATA_KEY", "expiration": r.randint(1795000000, 1799999999)}).encode()).decode()
    token = base64.b64encode(inner.encode()).decode()
    if r.random() < 0.5:
        answer(h, r, GetAuthorizationToken=json.dumps({"authorizationData": [{"authorizationToken": token, "expiresAt": 1.79e9 + r.randint(0, 99999), "proxyEndpoint": f"https://{acct}.dkr.ecr.{r.choice(REGIONS)}.amazonaws.com"}]}))
        return aws(h, r, ["aws", "ecr", "get-login-password"] + endpoint()), [base64.b64decode(token).decode()[4:]]
    answer(h, r, GetAuthorizationToken=json.dumps({"authorizationData": [{"authorizationToken": token, "expiresAt": 1.79e9 + r.randint(0, 99999), "proxyEndpoint": f"https://{acct}.dkr.ecr.{r.choice(REGIONS)}.amazonaws.com"}]}))
    return aws(h, r, ["aws", "ecr", "get-authorization-token", "--output", r.choice(CLI_OUTPUTS)] + endpoint()), [token]


# ---- clean -----------------------------------------------------------------------------------


@category("negative", "aws-configure-clean", 30)
def aws_configure_clean(h, r):
    h.fresh(".aws")
    profile = r.choice(PROFILES)
    pflag = [] if profile == "default" else ["--profile", profile]
    acct = account(r)
    kid, secret = aws_key_id(r), aws_secret(r)
    k = r.randrange(4)
    if k in (0, 1):
        for key, v in [("aws_access_key_id", kid), ("aws_secret_access_key", secret), ("region", r.choice(REGIONS)), ("output", r.choice(OUTPUTS))]:
            h.run([AWS, "configure", "set", key, v] + pflag, env=env(h))
        out = aws(h, r, ["aws", "configure", "list"] + pflag)
        if k == 1:
            out += aws(h, r, ["aws", "configure", "get", "region"] + pflag) + aws(h, r, ["aws", "configure", "get", "output"] + pflag)
        if kid in out or secret in out:
            raise RuntimeError("configure list printed a key")
        return out, []
    sso = r.random() < 0.5
    role = r.choice(["AdministratorAccess", "PowerUserAccess", "ReadOnlyAccess", "Deployer"])
    if sso:
        body = (f"[profile {profile}]\nsso_session = {r.choice(['corp', 'acme'])}\nsso_account_id = {acct}\nsso_role_name = {role}\nregion = {r.choice(REGIONS)}\noutput = json\n\n"
                f"[sso-session corp]\nsso_start_url = https://d-{s(r, 'abcdef0123456789', 10)}.awsapps.com/start\nsso_region = {r.choice(REGIONS)}\nsso_registration_scopes = sso:account:access\n")
    else:
        body = (f"[profile {profile}]\nrole_arn = arn:aws:iam::{acct}:role/{role}\nsource_profile = base\nrole_session_name = {r.choice(['cli', 'dev-laptop', 'ops'])}\nduration_seconds = 3600\n"
                f"external_id = {r.choice(['acme-ext-', 'partner-'])}{r.randint(1000, 9999)}\n\n[profile base]\ncredential_process = {r.choice(['/usr/local/bin/aws-vault exec base --json', 'op plugin run -- aws-credentials', '/opt/bin/get-creds --profile base'])}\nregion = {r.choice(REGIONS)}\n")
    h.write(".aws/config", body)
    out = "$ cat ~/.aws/config\n" + h.run(["cat", os.path.join(h.home, ".aws", "config")])
    if k == 3:
        out += aws(h, r, ["aws", "configure", "list-profiles"])
        out += aws(h, r, ["aws", "configure", "get", "role_arn" if not sso else "sso_role_name", "--profile", profile])
    return out, []


@category("negative", "aws-service-clean", 35)
def aws_service_clean(h, r):
    h.fresh(".aws")
    hidden_creds(h, r)
    acct = account(r)
    svc = r.choice(SERVICES)
    fmt = ["--output", r.choice(CLI_OUTPUTS)] if r.random() < 0.6 else []
    k = r.randrange(6)
    if k == 0:
        if r.random() < 0.5:
            uid, arn = "AIDA" + s(r, UPPER + "234567", 17), f"arn:aws:iam::{acct}:user/{r.choice(['ci-deployer', 'terraform', 'backup-agent'])}"
        else:
            sess = r.choice(["gh-actions", "botocore-session-" + s(r, DIGITS, 10), "i-0" + hexs(r, 16)])
            uid, arn = "AROA" + s(r, UPPER + "234567", 17) + ":" + sess, f"arn:aws:sts::{acct}:assumed-role/{r.choice(['deploy', 'ec2-app-role'])}/{sess}"
        answer(h, r, GetCallerIdentity=f'<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>{arn}</Arn><UserId>{uid}</UserId><Account>{acct}</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>{uuid(r)}</RequestId></ResponseMetadata></GetCallerIdentityResponse>')
        return aws(h, r, ["aws", "sts", "get-caller-identity"] + fmt + endpoint()), []
    if k == 1:
        name = f"prod/{svc}/db"
        answer(h, r, DescribeSecret=json.dumps({"ARN": secret_arn(r, acct, name), "Name": name, "Description": f"{svc} database credentials", "KmsKeyId": f"arn:aws:kms:eu-west-1:{acct}:key/{uuid(r)}", "RotationEnabled": True, "RotationLambdaARN": f"arn:aws:lambda:eu-west-1:{acct}:function:rotate-{svc}", "RotationRules": {"AutomaticallyAfterDays": 30}, "LastChangedDate": 1.79e9, "VersionIdsToStages": {uuid(r): ["AWSCURRENT"], uuid(r): ["AWSPREVIOUS"]}}))
        return aws(h, r, ["aws", "secretsmanager", "describe-secret", "--secret-id", name] + fmt + endpoint()), []
    if k == 2:
        lst = [{"ARN": secret_arn(r, acct, f"{e}/{x}"), "Name": f"{e}/{x}", "LastChangedDate": 1.79e9 + r.randint(0, 999999), "SecretVersionsToStages": {uuid(r): ["AWSCURRENT"]}, "Tags": [{"Key": "team", "Value": r.choice(["platform", "payments"])}]} for e in ["prod", "staging"] for x in r.sample(SERVICES, 2)]
        answer(h, r, ListSecrets=json.dumps({"SecretList": lst}))
        return aws(h, r, ["aws", "secretsmanager", "list-secrets"] + r.choice([[], ["--query", "SecretList[].[Name,ARN]", "--output", "text"]]) + endpoint()), []
    if k == 3:
        params = [{"Name": f"/prod/{svc}/{leaf}", "Type": t, "KeyId": "alias/aws/ssm" if t == "SecureString" else None, "LastModifiedDate": 1.79e9 + r.randint(0, 999999), "LastModifiedUser": f"arn:aws:iam::{acct}:user/terraform", "Version": r.randint(1, 12), "Tier": "Standard", "Policies": [], "DataType": "text"} for leaf, t in [("db_password", "SecureString"), ("api_key", "SecureString"), ("log_level", "String"), ("region", "String")]]
        for p in params:
            if p["KeyId"] is None:
                del p["KeyId"]
        answer(h, r, DescribeParameters=json.dumps({"Parameters": params}))
        return aws(h, r, ["aws", "ssm", "describe-parameters"] + fmt + endpoint()), []
    if k == 4:
        repos = [{"repositoryArn": f"arn:aws:ecr:eu-west-1:{acct}:repository/{x}", "registryId": acct, "repositoryName": x, "repositoryUri": f"{acct}.dkr.ecr.eu-west-1.amazonaws.com/{x}", "createdAt": 1.78e9 + r.randint(0, 9999999), "imageTagMutability": "IMMUTABLE", "imageScanningConfiguration": {"scanOnPush": True}, "encryptionConfiguration": {"encryptionType": "AES256"}} for x in r.sample(SERVICES, r.randint(1, 3))]
        answer(h, r, DescribeRepositories=json.dumps({"repositories": repos}))
        if r.random() < 0.5:
            answer(h, r, DescribeImages=json.dumps({"imageDetails": [{"registryId": acct, "repositoryName": repos[0]["repositoryName"], "imageDigest": "sha256:" + hexs(r, 64), "imageTags": [f"v1.{r.randint(0, 30)}.{r.randint(0, 9)}", hexs(r, 7)], "imageSizeInBytes": r.randint(10**7, 10**9), "imagePushedAt": 1.79e9, "imageManifestMediaType": "application/vnd.oci.image.manifest.v1+json"} for _ in range(r.randint(1, 3))]}))
            return aws(h, r, ["aws", "ecr", "describe-images", "--repository-name", repos[0]["repositoryName"]] + fmt + endpoint()), []
        return aws(h, r, ["aws", "ecr", "describe-repositories"] + fmt + endpoint()), []
    user = r.choice(["ci-deployer", "terraform", "backup-agent", "github-actions"])
    answer(h, r, GetUser=f'<GetUserResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/"><GetUserResult><User><Path>/service/</Path><UserName>{user}</UserName><UserId>AIDA{s(r, UPPER + "234567", 17)}</UserId><Arn>arn:aws:iam::{acct}:user/service/{user}</Arn><CreateDate>{iso(r)}</CreateDate><PasswordLastUsed>{iso(r)}</PasswordLastUsed></User></GetUserResult><ResponseMetadata><RequestId>{uuid(r)}</RequestId></ResponseMetadata></GetUserResponse>')
    return aws(h, r, ["aws", "iam", "get-user", "--user-name", user] + fmt + endpoint()), []


# ---- personal data ---------------------------------------------------------------------------


@category("pii", "aws-sso-identity", 20)
def aws_sso_identity(h, r):
    h.fresh(".aws")
    hidden_creds(h, r)
    acct = account(r)
    p = Person(r)
    fmt = ["--output", r.choice(CLI_OUTPUTS)] if r.random() < 0.6 else []
    if r.random() < 0.6:
        role = f"AWSReservedSSO_{r.choice(['AdministratorAccess', 'PowerUserAccess', 'ReadOnly'])}_{hexs(r, 16)}"
        uid = "AROA" + s(r, UPPER + "234567", 17) + ":" + p.email
        answer(h, r, GetCallerIdentity=f'<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:sts::{acct}:assumed-role/{role}/{p.email}</Arn><UserId>{uid}</UserId><Account>{acct}</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>{uuid(r)}</RequestId></ResponseMetadata></GetCallerIdentityResponse>')
        return aws(h, r, ["aws", "sts", "get-caller-identity"] + fmt + endpoint()), [p.email]
    user = p.email.split("@")[0]
    tags = f"<Tags><member><Key>email</Key><Value>{p.email}</Value></member><member><Key>full-name</Key><Value>{p.name}</Value></member><member><Key>team</Key><Value>{r.choice(['platform', 'data'])}</Value></member></Tags>"
    answer(h, r, GetUser=f'<GetUserResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/"><GetUserResult><User><Path>/</Path><UserName>{user}</UserName><UserId>AIDA{s(r, UPPER + "234567", 17)}</UserId><Arn>arn:aws:iam::{acct}:user/{user}</Arn><CreateDate>{iso(r)}</CreateDate>{tags}</User></GetUserResult><ResponseMetadata><RequestId>{uuid(r)}</RequestId></ResponseMetadata></GetUserResponse>')
    out = aws(h, r, ["aws", "iam", "get-user", "--user-name", user] + fmt + endpoint())
    return out, [p.email] + ([p.name] if len(p.name) >= 6 and p.name in out else [])
