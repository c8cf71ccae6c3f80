"""What the categories share: which secret goes under which name, the people, and the harmless
values (placeholders, masks, references, ids) that stand where a secret would."""

from values import (
    ORGS, SERVICES, anthropic, aws_secret, databricks, digitalocean, discord, github, github_fine, gitlab, google_api, grafana,
    huggingface, jwt, linear, mailgun, npm, openai, password, sendgrid, session_cookie, shopify, slack_bot, stripe, stripe_whsec, telegram, twilio_token, uuid,
)

# (field name as code would spell it, value drawer)
SECRET_FIELDS = [
    ("password", password), ("db_password", password), ("smtp_password", password), ("api_key", google_api), ("github_token", github),
    ("github_pat", github_fine), ("gitlab_token", gitlab), ("stripe_secret_key", stripe), ("stripe_webhook_secret", stripe_whsec),
    ("slack_bot_token", slack_bot), ("openai_api_key", openai), ("anthropic_api_key", anthropic), ("sendgrid_api_key", sendgrid),
    ("aws_secret_access_key", aws_secret), ("hf_token", huggingface), ("npm_token", npm), ("mailgun_api_key", mailgun),
    ("twilio_auth_token", twilio_token), ("telegram_bot_token", telegram), ("discord_bot_token", discord), ("databricks_token", databricks),
    ("do_token", digitalocean), ("grafana_token", grafana), ("linear_api_key", linear), ("shopify_token", shopify), ("session_secret", session_cookie),
    ("access_token", jwt),
]
# the shorter ones, for programs whose literals are best kept under ~100 characters
SHORT_FIELDS = [f for f in SECRET_FIELDS if f[0] not in ("github_pat", "openai_api_key", "anthropic_api_key", "access_token")]


def secret_field(r, short=False):
    name, draw = r.choice(SHORT_FIELDS if short else SECRET_FIELDS)
    value = draw(r)
    if short:
        while len(value) > 100:
            value = draw(r)
    return name, value


def camel(name):
    return "".join(p.capitalize() for p in name.split("_"))


def clean_value(r, name):
    svc, org = r.choice(SERVICES), r.choice(ORGS)
    return r.choice([
        f"<your-{name.replace('_', '-')}>", "${" + name.upper() + "}", "********", "[REDACTED]", f"vault:secret/data/{svc}#{name}",
        f"arn:aws:secretsmanager:eu-west-1:123456789012:secret:{svc}/{name}-AbCdEf", f"env:{name.upper()}", f"op://{org}/{svc}/{name}",
        f"projects/{org}/secrets/{svc}-{name.replace('_', '-')}/versions/latest", "xxxxxxxxxxxxxxxx", "<redacted>", "CHANGE_ME", f"{{{{ {name} }}}}",
        "***", f"file:/run/secrets/{name}",
    ])


def plain_fields(r):
    """Fields around the secret that are not secret."""
    svc = r.choice(SERVICES)
    return [("service", svc), ("host", r.choice(["db.internal", "10.0.4.17", "smtp.internal", f"{svc}.svc.cluster.local", "api.example.com"])),
            ("region", r.choice(["eu-west-1", "us-east-2", "ap-south-1", "eu-central-1"])), ("request_id", uuid(r))]

