/**
 * Negatives written by people and agents: the same situations as the positives (a pasted error
 * with its config, an agent's summary, shell history, a review, a write-up, a README, API docs, a
 * forwarded chat, an HTTP trace), holding only references, placeholders, masked values and ids.
 */
import { LANGS, readLine, sourcePath } from './code.js';
import { clock, companyDomain, dbHost, envName, handle, historyLines, isoTime, plainCommands, port, project, requestId, semver, sha1, sha256, shortSha, shuffled, ticket, traceparent } from './scene.js';
import { oneOf, situation, turn } from './turn.js';

const SERVICES: [string, string][] = [['Stripe', 'STRIPE_SECRET_KEY'], ['SendGrid', 'SENDGRID_API_KEY'], ['OpenAI', 'OPENAI_API_KEY'], ['Twilio', 'TWILIO_AUTH_TOKEN'], ['GitHub', 'GITHUB_TOKEN'], ['Slack', 'SLACK_BOT_TOKEN'], ['Anthropic', 'ANTHROPIC_API_KEY'], ['Datadog', 'DD_API_KEY']];
const PLACEHOLDERS = ['<your-api-key>', 'YOUR_API_KEY_HERE', 'changeme', 'xxxxxxxxxxxxxxxx', '${API_KEY}', 'replace-me', '<redacted>', '...', 'TODO', 'sk_live_...'];

const configRefs = situation('neg-pasted-error-config-refs', 21, (rng) => {
  return oneOf(rng, [
    () => turn(`\`./manage.py check --deploy\` fails on ${envName(rng)}:

django.core.exceptions.ImproperlyConfigured: Set the DJANGO_SECRET_KEY environment variable

settings/base.py:

SECRET_KEY = env("DJANGO_SECRET_KEY")
DATABASES = {
    "default": env.db_url("DATABASE_URL", default="postgres:///app"),
}
DATABASES["default"]["CONN_MAX_AGE"] = ${rng.int(0, 600)}
STRIPE_SECRET_KEY = env("STRIPE_SECRET_KEY", default="")

the variable is set in the task definition, so why is it missing?`),
    () => turn(`HikariPool fails after the move to the new cluster:

${isoTime(rng)} ERROR 1 --- [main] o.s.boot.SpringApplication : Application run failed
org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource': Could not resolve placeholder 'DB_PASSWORD' in value "\${DB_PASSWORD}"

application.yml:
spring:
  datasource:
    url: jdbc:postgresql://${dbHost(rng)}:5432/app
    username: \${DB_USER:app}
    password: \${DB_PASSWORD}
  config:
    import: "optional:aws-secretsmanager:/${envName(rng)}/${project(rng)}/db"`),
    () => turn(`Rails can't boot in the container:

ActiveSupport::MessageEncryptor::InvalidMessage
/app/config/environments/production.rb:${rng.int(5, 90)}:in \`block in <main>'

config/database.yml:
production:
  <<: *default
  url: <%= ENV["DATABASE_URL"] %>
  password: <%= Rails.application.credentials.dig(:database, :password) %>

and RAILS_MASTER_KEY is mounted from /run/secrets/master_key (${rng.int(32, 32)} bytes, checked with wc -c)`),
    () => turn(`${rng.pick(['getting this', 'still this', 'error on startup'])}:

Unhandled exception. System.InvalidOperationException: The ConnectionString property has not been initialized.
   at Microsoft.Data.SqlClient.SqlConnection.PermissionDemand()
   at ${project(rng).replace(/-/g, '')}.Api.Startup.ConfigureServices(IServiceCollection services) in /src/Api/Startup.cs:line ${rng.int(20, 120)}

appsettings.json:
{
  "ConnectionStrings": { "Default": "" },
  "KeyVault": { "Uri": "https://${project(rng)}-kv.vault.azure.net/" },
  "Logging": { "LogLevel": { "Default": "Warning" } }
}
(the real value comes from Key Vault secret ConnectionStrings--Default)`),
    () => turn(`fresh clone, first request gives a 500:

   Illuminate\\Encryption\\MissingAppKeyException

  No application encryption key has been specified.

  at vendor/laravel/framework/src/Illuminate/Encryption/EncryptionServiceProvider.php:${rng.int(70, 90)}

.env (copied from .env.example):
APP_NAME=${project(rng)}
APP_ENV=local
APP_KEY=
DB_CONNECTION=${rng.pick(['mysql', 'pgsql', 'sqlite'])}
DB_PASSWORD=
MAIL_MAILER=log

do I just run \`php artisan key:generate\`?`),
    () => turn(`node crashes at startup:

Error: Missing required env var STRIPE_SECRET_KEY
    at requireEnv (file:///app/dist/config.js:${rng.int(5, 40)}:11)
    at file:///app/dist/config.js:${rng.int(41, 80)}:22
Node.js v${rng.int(18, 22)}.${rng.int(0, 19)}.${rng.int(0, 9)}

.env.example:
DATABASE_URL=postgres://app:app@localhost:${port(rng)}/app
STRIPE_SECRET_KEY=
SENDGRID_API_KEY=${rng.pick(PLACEHOLDERS)}
SESSION_SECRET=${rng.pick(['changeme', 'change-me-in-production', '<generate with openssl rand -hex 32>'])}`),
  ]);
});

const agentNoValues = situation('neg-agent-summary-no-values', 21, (rng) => {
  const [service, env] = rng.pick(SERVICES);
  return oneOf(rng, [
    () => turn(`I checked the configuration. \`.env\` defines \`${env}\` (I won't print its value), and \`src/config.ts\` reads it with \`process.env.${env}\`. The value is loaded correctly: the ${service} client logs \`key loaded (len=${rng.int(32, 110)}, last4=${rng.str('abcdef0123456789', 4)})\`. The 401 therefore comes from the ${envName(rng)} account, not from our config: the key belongs to a different ${service} workspace. Rotate it in the dashboard, then restart the server; nothing in the repository needs to change.`),
    () => turn(`Summary:
- Commit ${sha1(rng)} removed the hard-coded ${service} credential and switched to \`${env}\` from the environment.
- \`git log -S "${env}" --oneline\` shows ${rng.int(2, 9)} commits touching it; the oldest, ${shortSha(rng)}, only added the variable name.
- The Docker image digest for the fixed build is \`sha256:${sha256(rng)}\`.
- Tests: ${rng.int(100, 900)} passed.

Nothing secret is left in the tree; \`gitleaks detect\` reports 0 findings.`),
    () => turn(`The webhook fails signature verification because the handler reads the raw body after \`express.json()\` has parsed it, so the HMAC is computed over re-serialized JSON. The signing secret itself is fine (it comes from \`${env.replace(/_KEY|_TOKEN/, '')}_WEBHOOK_SECRET\`). Expected signature \`t=${rng.int(1730000000, 1790000000)},v1=${sha256(rng)}\` versus computed \`${sha256(rng)}\`. I'll mount \`express.raw({ type: 'application/json' })\` on that route.`),
    () => turn(`Both environments now read \`${env}\` from ${rng.pick(['AWS Secrets Manager', 'Doppler', '1Password Connect', 'Vault'])}. In the ${envName(rng)} task definition the value is \`valueFrom: arn:aws:secretsmanager:${rng.pick(['eu-west-1', 'us-east-1'])}:${rng.str('0123456789', 12)}:secret:${envName(rng)}/${project(rng)}/${env.toLowerCase()}-${rng.str('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 6)}\`; the container only sees the resolved value at run time. I verified with \`aws ecs describe-task-definition\` that no literal remains.`),
  ]);
});

const historyClean = situation('neg-shell-history-references', 21, (rng) => {
  const refs = [
    `export AWS_PROFILE=${envName(rng)}-admin`,
    `aws sso login --profile ${envName(rng)}-admin`,
    `export DATABASE_URL="$(aws secretsmanager get-secret-value --secret-id ${envName(rng)}/${project(rng)}/db --query SecretString --output text)"`,
    `export OPENAI_API_KEY=$(op read "op://Engineering/OpenAI ${envName(rng)}/credential")`,
    `vault kv get -field=password secret/${project(rng)}/${envName(rng)}/postgres`,
    'read -rs DB_PASSWORD && export DB_PASSWORD',
    'gh auth login --web -h github.com',
    `kubectl -n ${project(rng)} get secret ${project(rng)}-db -o jsonpath='{.data}' | jq 'keys'`,
    `git show ${sha1(rng)} --stat`,
    `doppler run --project ${project(rng)} --config ${envName(rng)} -- npm start`,
    'docker login ghcr.io -u ci-bot --password-stdin < ~/.ghcr-token',
    `sha256sum dist/${project(rng)}-${semver(rng)}.tar.gz`,
  ];
  const lines = shuffled(rng, [...plainCommands(rng, rng.int(4, 7)), ...rng.pickMany(refs, rng.int(3, 5))]);
  const lead = rng.pick(['shell history from the debugging session:', 'Output of `history | tail -n 20`:', 'what I ran before the deploy broke:']);
  return turn(`${lead}\n\n${historyLines(rng.int(100, 2000), lines)}\n`);
});

const reviewReadsSecret = situation('neg-code-review-reads-secret', 21, (rng) => {
  const lang = rng.pick(LANGS);
  const [service, env] = rng.pick(SERVICES);
  const path = sourcePath(rng, lang, rng.pick(['client', 'settings', 'mailer', 'payments']));
  return oneOf(rng, [
    () => turn(`**${rng.pick(['reviewer', 'platform-bot', 'ana-r', 'tdubois'])}** commented on \`${path}\` line ${rng.int(5, 200)}:

> \`\`\`${lang}
> ${readLine(rng, lang, env)}
> \`\`\`

Good, this reads the ${service} credential at start-up instead of the literal we had. Could you fail fast with a clear message when it's missing, rather than sending an empty header?`),
    () => turn(`Review of PR #${rng.int(100, 5000)} (${rng.int(2, 14)} files):

1. \`${path}\`: \`${readLine(rng, lang, env)}\` — fine, but cache the client instead of reading on every call.
2. \`config/${envName(rng)}.yml\`: \`${env.toLowerCase()}: \${${env}}\` — OK.
3. Please add a test for the 429 path; the fixture uses \`api_key="test"\`, which is fine.

Approving once 3 is done.`),
  ]);
});

const incidentMasked = situation('neg-incident-writeup-masked', 21, (rng) => {
  const [service, env] = rng.pick(SERVICES);
  return oneOf(rng, [
    () => turn(`## ${ticket(rng)} postmortem: ${service} credential exposed in logs

Summary: the request logger printed the \`Authorization\` header for ${rng.int(2, 30)} h. The key (\`${env}\`, ending \`…${rng.str('abcdefghijklmnopqrstuvwxyz0123456789', 4)}\`) was rotated at ${clock(rng)}; the old key is revoked and the log index was purged.

Timeline (UTC): ${clock(rng)} deploy ${shortSha(rng)}; ${clock(rng)} detection by log scanner; ${clock(rng)} rotation; ${clock(rng)} purge complete.
Trace of the first request: \`${traceparent(rng)}\`.
Follow-up: ${ticket(rng)} (scrub headers in the logger), ${ticket(rng)} (alert on key prefixes).`),
    () => turn(`Incident ${ticket(rng)} — failed payouts (${rng.int(20, 900)} affected)

Root cause: the payout worker used a restricted key without the \`payouts:write\` scope after the rotation on ${rng.int(1, 28)} Nov. Key id in the dashboard: \`${rng.pick(['rk_live_', 'sk_live_'])}${'•'.repeat(rng.int(8, 20))}${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 4)}\`.
Request ids: ${requestId(rng)}, ${requestId(rng)}.
Resolution at ${clock(rng)}: scope added, ${rng.int(20, 900)} payouts retried by job ${shortSha(rng)}.`),
    () => turn(`INCIDENT ${ticket(rng)} (${envName(rng)}): database connection storm

- ${clock(rng)} connection count hits max_connections (${rng.pick([100, 200, 500])})
- ${clock(rng)} PgBouncer pool \`${project(rng)}\` saturated; error \`FATAL: password authentication failed for user "app"\` after a rotation
- ${clock(rng)} rotation Lambda run ${requestId(rng)} completed; consumers picked up the new version (AWSCURRENT, VersionId ${requestId(rng)})
Password values never left Secrets Manager. Config diff: \`DB_PASSWORD: [REDACTED] -> [REDACTED]\`.`),
  ]);
});

const readmePlaceholders = situation('neg-readme-placeholders', 21, (rng) => {
  const [service, env] = rng.pick(SERVICES);
  return oneOf(rng, [
    () => turn(`I updated the setup section of README.md:

\`\`\`diff
 ## Configuration
-Set the key in \`config.json\`.
+Export your ${service} credential before starting:
+
+    export ${env}=${rng.pick(PLACEHOLDERS)}
+
+Never commit the real value; \`.env\` is git-ignored.
\`\`\``),
    () => turn(`+## Environment variables
+
+| name | required | example |
+|------|----------|---------|
+| \`${env}\` | yes | \`${rng.pick(['<your key>', 'xxxx-xxxx', '(from 1Password)', 'see vault'])}\` |
+| \`DATABASE_URL\` | yes | \`postgres://user:password@localhost:5432/app\` |
+| \`LOG_LEVEL\` | no | \`info\` |
+| \`PORT\` | no | \`${port(rng)}\` |`),
    () => turn(`docs/quickstart.md, new version:

1. Create an API key in the ${service} dashboard.
2. Store it: \`${rng.pick(['doppler secrets set', 'gh secret set', 'vercel env add'])} ${env}\` (you will be prompted for the value).
3. Run \`${rng.pick(['npm run dev', 'make run', 'cargo run', 'mix phx.server'])}\`; the app reads \`${env}\` and refuses to start without it.

Troubleshooting: a 401 with \`invalid_api_key\` means the variable is set but wrong; re-run step 2.`),
  ]);
});

const apiDocsFormat = situation('neg-api-docs-key-format', 21, (rng) => {
  return oneOf(rng, [
    () => turn(`From our internal API guide (docs/auth.md):

### Token format
Personal tokens start with the prefix \`${rng.pick(['ak_', 'tok_', 'pat_'])}\` followed by ${rng.pick([32, 40, 48])} base62 characters and a 6-character checksum. Send them as \`Authorization: Bearer <token>\`. Tokens are shown once; we store only a SHA-256 digest. A token that fails the checksum is rejected with \`401 malformed_token\` before any database lookup.

Rotate with \`POST /v1/tokens/{id}/rotate\`; the old token stays valid for ${rng.int(1, 72)} hours.`),
    () => turn(`The agent explained the key formats that \`${sourcePath(rng, rng.pick(LANGS), 'key-format')}\` validates (${rng.int(40, 400)} lines, added in ${shortSha(rng)}):

- Stripe secret keys begin with \`sk_live_\` or \`sk_test_\`; restricted keys with \`rk_\`.
- GitHub classic tokens begin with \`ghp_\`, fine-grained with \`github_pat_\`.
- Slack bot tokens begin with \`xoxb-\`, user tokens with \`xoxp-\`.
- AWS access key ids are 20 uppercase characters starting with \`AKIA\`; the secret is 40 characters.

The validator only checks the prefix and length, so \`validateKey()\` returns false for the empty string and for \`${rng.pick(['undefined', 'null', '""'])}\`.`),
    () => turn(`OpenAPI excerpt being edited:

components:
  securitySchemes:
    ApiKeyAuth:
      type: apiKey
      in: header
      name: X-API-Key
      description: |
        A ${rng.pick([32, 40, 64])}-character key from Settings → API. Example header:
        \`X-API-Key: <key>\`. Keys are scoped per workspace.
security:
  - ApiKeyAuth: []
paths:
  /v${rng.int(1, 3)}/events:
    get:
      operationId: listEvents`),
  ]);
});

const chatClean = situation('neg-forwarded-chat-no-values', 21, (rng) => {
  const [service, env] = rng.pick(SERVICES);
  return oneOf(rng, [
    () => turn(`forwarding from #${rng.pick(['security', 'platform', 'payments-eng'])}:

> ${handle(rng)} ${clock(rng)}: we're rotating the ${service} key for ${envName(rng)} tonight at ${clock(rng)} UTC. New value is already in ${rng.pick(['Vault', '1Password', 'Doppler'])} under \`${project(rng)}/${envName(rng)}/${env.toLowerCase()}\`. Services pick it up on restart.
> runbook: https://wiki.${companyDomain(rng)}/display/OPS/${service.replace(/ /g, '+')}+Key+Rotation

can you make sure our deploy restarts the workers after the rotation?`),
    () => turn(`---------- Forwarded message ---------
From: ${handle(rng).slice(1)} <noreply@${companyDomain(rng)}>
Subject: [${ticket(rng)}] Access request approved

Your request for read access to ${project(rng)}-${envName(rng)} has been approved. Credentials are never sent by e-mail; sign in with SSO and run:

    ${rng.pick(['aws sso login', 'gcloud auth login', 'az login'])} --profile ${project(rng)}-${envName(rng)}

Request id: ${requestId(rng)}

----
can you set up the profile in ~/.aws/config for me?`),
  ]);
});

const httpTraceClean = situation('neg-http-trace-no-credentials', 21, (rng) => {
  const host = `api.${companyDomain(rng)}`;
  const path = `/v1/${rng.pick(['orders', 'reports', 'assets'])}/${rng.int(1000, 99999)}`;
  return turn(`$ curl -sv -H "Authorization: Bearer $${rng.pick(['API_TOKEN', 'TOKEN', 'SERVICE_TOKEN'])}" https://${host}${path}
*   Trying ${rng.int(13, 199)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}:443...
* Connected to ${host} port 443
> GET ${path} HTTP/2
> Host: ${host}
> User-Agent: curl/8.${rng.int(1, 11)}.${rng.int(0, 2)}
> Authorization: Bearer [hidden]
< HTTP/2 ${rng.pick([304, 404, 409, 500, 503])}
< etag: W/"${rng.str('0123456789abcdef', 32)}"
< x-request-id: ${requestId(rng)}
< traceparent: ${traceparent(rng)}
< x-cache-key: v${rng.int(1, 4)}-assets-${rng.str('0123456789abcdef', 40)}
< cf-ray: ${rng.str('0123456789abcdef', 16)}-${rng.pick(['FRA', 'AMS', 'IAD'])}
<
{"error":"${rng.pick(['not_found', 'conflict', 'upstream_timeout'])}","request_id":"${requestId(rng)}"}`);
});

export const TALK_NEGATIVE_CATEGORIES = [configRefs, agentNoValues, historyClean, reviewReadsSecret, incidentMasked, readmePlaceholders, apiDocsFormat, chatClean, httpTraceClean];
