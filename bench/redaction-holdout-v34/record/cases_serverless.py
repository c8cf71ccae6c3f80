"""Serverless Framework 3.40 (npm `serverless@3`), offline: `serverless print` (the service
file with every `${…}` variable resolved; yaml, `--format json`, `--path …`) and `serverless
package` with the CloudFormation template it writes, read with grep. Secrets: a function's or
the provider's `environment` and `custom` settings resolved from `${env:…}` (set in the
environment, not shown), `${file(./secrets.<stage>.json):…}`, `params` per stage, or written
in the file. PII: owners and on-call people in `tags`/`stackTags` and an SNS alarm
subscription's e-mail endpoint. Clean: ARNs, account ids, VPC ids, `Ref`/`Fn::GetAtt`, plain
settings, digests and references."""

import json
import os
import signal
import subprocess
import tempfile

from registry import category
from tools import bin_, typed
from values import ALNUM, DIGITS, PLAIN_NAMES, Person, SERVICES, clean_pairs, hexs, hidden, plain_value, s, secret_pairs

REGIONS = ["eu-west-1", "us-east-1", "us-west-2", "eu-central-1", "ap-southeast-2"]
RUNTIMES = ["nodejs20.x", "nodejs18.x", "python3.11", "nodejs20.x"]


def env(h, **extra):
    return h.env(SLS_TELEMETRY_DISABLED="1", SLS_NOTIFICATIONS_MODE="off", SLS_DEPRECATION_DISABLE="*", SLS_INTERACTIVE_SETUP_DISABLE="1", CI="true", **extra)


def sls(h, d, args, **extra):
    """Run serverless with its output in a file, and end what it left behind: a helper it starts
    in the background keeps a pipe open (the recorder waited on one for minutes)."""
    os.makedirs(os.path.join(h.home, ".cache"), exist_ok=True)
    with tempfile.TemporaryFile(dir=h.root) as f:
        p = subprocess.Popen([bin_("serverless")] + args, cwd=d, env=env(h, **extra), stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            p.wait(240)
        finally:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait()
        f.seek(0)
        out = f.read().decode("utf-8", "replace")
    return typed(["serverless"] + args) + h.normalize(out)


def yaml_value(v):
    return json.dumps(v, ensure_ascii=False) if any(c in v for c in ":#{}[],&*?|<>=!%@`'\"") or v[:1] in "-0123456789 " else v


def service_file(h, r, d, service, environment, custom=None, tags=None, params=None, resources=None, vpc=False):
    lines = [f"service: {service}", "frameworkVersion: '3'", ""]
    if params:
        lines += ["params:"] + [f"  {stage}:" for stage in params for _ in [0]][:0]
        for stage, kv in params.items():
            lines.append(f"  {stage}:")
            lines += [f"    {k}: {yaml_value(v)}" for k, v in kv]
        lines.append("")
    lines += ["provider:", "  name: aws", f"  runtime: {r.choice(RUNTIMES)}", f"  region: {r.choice(REGIONS)}"]
    if environment:
        lines.append("  environment:")
        lines += [f"    {k}: {v if v.startswith('${') else yaml_value(v)}" for k, v in environment]
    if tags:
        lines.append("  tags:")
        lines += [f"    {k}: {yaml_value(v)}" for k, v in tags]
    if vpc:
        lines += ["  vpc:", "    securityGroupIds:", f"      - sg-{hexs(r, 17)}", "    subnetIds:", f"      - subnet-{hexs(r, 17)}", f"      - subnet-{hexs(r, 17)}"]
        lines += ["  iam:", "    role:", "      statements:", "        - Effect: Allow", "          Action: ['s3:GetObject']", f"          Resource: arn:aws:s3:::{service}-{s(r, DIGITS, 12)}/*"]
    lines += ["", "functions:", "  api:", "    handler: handler.main", "    events:", "      - httpApi: '*'"]
    if custom:
        lines += ["", "custom:"] + custom
    if resources:
        lines += ["", "resources:"] + resources
    h.write(os.path.join(d, "serverless.yml"), "\n".join(lines) + "\n")
    h.write(os.path.join(d, "handler.js"), "module.exports.main = async () => ({ statusCode: 200 });\n")


def service_name(r):
    return f"{r.choice(SERVICES)}-{r.choice(['api', 'svc', 'jobs', 'backend'])}"


def plains(r, n):
    return [(k, plain_value(r, k)) for k in r.sample(PLAIN_NAMES, n)]


def show(h, r, d, k, **extra):
    if k == 0:
        return sls(h, d, ["print"] + r.choice([[], ["--stage", "prod"]]), **extra)
    if k == 1:
        return sls(h, d, ["print", "--format", "json"], **extra)
    if k == 2:
        return sls(h, d, ["print", "--path", "provider.environment"] + r.choice([[], ["--format", "json"]]), **extra)
    out = sls(h, d, ["package"] + r.choice([[], ["--verbose"]]), **extra)
    args = ["grep", "-A", "12", '"Variables"', ".serverless/cloudformation-template-update-stack.json"]
    return out + typed(args) + h.run(args, cwd=d, ok=None)


@category("secret", "serverless-resolved-config", 15)
def serverless_resolved_config(h, r):
    d = h.fresh("svc")
    secrets = secret_pairs(r, r.randint(1, 3))
    environment = plains(r, r.randint(1, 2))
    extra, params = {}, None
    way = r.randrange(4)
    for name, v in secrets:
        if way == 0:
            environment.append((name, "${env:%s}" % name))
            extra[name] = v
        elif way == 1:
            environment.append((name, "${file(./secrets.${sls:stage}.json):%s}" % name))
        elif way == 2:
            params = params or {"default": [], "prod": []}
            params["default"].append((name[0].lower() + name[1:].lower().replace("_", ""), v))
            environment.append((name, "${param:%s}" % (name[0].lower() + name[1:].lower().replace("_", ""))))
        else:
            environment.append((name, v))
    if way == 1:
        h.write(os.path.join(d, "secrets.dev.json"), json.dumps(dict(secrets), indent=2) + "\n")
        h.write(os.path.join(d, "secrets.prod.json"), json.dumps(dict(secrets), indent=2) + "\n")
    if params:
        params["prod"] = params["default"]
    r.shuffle(environment)
    service_file(h, r, d, service_name(r), environment, params=params)
    k = r.randrange(4)
    out = show(h, r, d, k, **extra)
    return out, [v for _, v in secrets]


@category("secret", "serverless-custom-secrets", 8)
def serverless_custom_secrets(h, r):
    d = h.fresh("svc")
    name, v = secret_pairs(r, 1)[0]
    plugin = r.choice(["datadog", "sentry", "slack", "webhook"])
    key = {"datadog": "apiKey", "sentry": "authToken", "slack": "botToken", "webhook": "signingSecret"}[plugin]
    from_env = r.random() < 0.5
    custom = [f"  {plugin}:", f"    {key}: " + ("${env:%s}" % name if from_env else yaml_value(v)), f"    enabled: {r.choice(['true', 'false'])}", f"    site: {r.choice(['datadoghq.eu', 'sentry.io', 'hooks.example.com'])}"]
    service_file(h, r, d, service_name(r), plains(r, 2), custom=custom)
    out = sls(h, d, ["print", "--path", "custom"] + r.choice([[], ["--format", "json"]]), **({name: v} if from_env else {}))
    return out, [v]


@category("pii", "serverless-owner-tags", 10)
def serverless_owner_tags(h, r):
    d = h.fresh("svc")
    p = Person(r)
    while len(p.name) < 6:  # a target is 6 characters or more
        p = Person(r)
    tags = plains(r, 1) + r.sample([("owner", p.email), ("CreatedBy", p.name), ("oncall", p.email), ("contact", f"{p.name} <{p.email}>")], 2)
    resources = None
    if r.random() < 0.5:
        resources = ["  Resources:", "    AlarmTopic:", "      Type: AWS::SNS::Topic", "      Properties:", "        Subscription:", "          - Protocol: email", f"            Endpoint: {p.email}"]
    service_file(h, r, d, service_name(r), plains(r, 2), tags=tags, resources=resources)
    out = sls(h, d, ["print"] + r.choice([[], ["--format", "json"]]))
    targets = [t for t in [p.email, p.name] if t in out]
    return out, targets


@category("negative", "serverless-clean", 18)
def serverless_clean(h, r):
    d = h.fresh("svc")
    acct = s(r, DIGITS, 12)
    environment = plains(r, r.randint(1, 3)) + [(n.upper(), v) for n, v in clean_pairs(r, r.randint(1, 2)) if v]
    environment += r.sample([
        ("TABLE_ARN", f"arn:aws:dynamodb:{r.choice(REGIONS)}:{acct}:table/{r.choice(SERVICES)}"),
        ("QUEUE_URL", f"https://sqs.{r.choice(REGIONS)}.amazonaws.com/{acct}/{r.choice(SERVICES)}-jobs"),
        ("KMS_KEY_ID", f"arn:aws:kms:{r.choice(REGIONS)}:{acct}:key/{hexs(r, 8)}-{hexs(r, 4)}-{hexs(r, 4)}-{hexs(r, 4)}-{hexs(r, 12)}"),
        ("SECRET_ARN", f"arn:aws:secretsmanager:{r.choice(REGIONS)}:{acct}:secret:prod/{r.choice(SERVICES)}-{s(r, ALNUM, 6)}"),
        ("BUCKET", f"{r.choice(SERVICES)}-{acct}-uploads"),
        ("DB_PASSWORD_PARAM", f"/prod/{r.choice(SERVICES)}/db_password"),
        ("API_KEY", "${env:API_KEY, ''}"),
    ], 2)
    r.shuffle(environment)
    service_file(h, r, d, service_name(r), environment, vpc=r.random() < 0.6)
    return sls(h, d, ["print"] + r.choice([[], ["--format", "json"], ["--path", "provider"]])) if r.random() < 0.75 else show(h, r, d, 3), []
