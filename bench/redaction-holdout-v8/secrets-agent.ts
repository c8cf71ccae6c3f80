/**
 * Secrets in what an agent or a colleague writes about the code: the agent's summary quoting a
 * value it found, a code review comment quoting a hard-coded line, an incident write-up, a README
 * edit that pastes a real key into the setup steps.
 */
import { LANGS, literalLine, sourcePath } from './code.js';
import { clock, companyDomain, dbHost, envName, project, sha1, shortSha, ticket } from './scene.js';
import { oneOf, situation, turn } from './turn.js';
import { anyCredential, awsKeyId, awsSecret, azureStorageKey, distinctiveCredential, githubPat, jwt, password, slackWebhookPath, stripeLive, stripeWebhook } from './values.js';

const agentSummary = situation('agent-summary-quotes-secret', 22, (rng) => {
  const c = distinctiveCredential(rng);
  return oneOf(rng, [
    () => turn(`I looked through the config. Your \`.env\` sets \`${c.env}\` to \`${c.value}\`, and the same value is committed in \`.env.example\` (line ${rng.int(3, 30)}), so it is in the repository's history since ${shortSha(rng)}. That is a real ${c.service} credential, not a placeholder.

What I'd do:
1. Revoke it in the ${c.service} dashboard and issue a new one.
2. Replace the value in \`.env.example\` with an empty \`${c.env}=\`.
3. Add \`.env\` to \`.gitignore\` (it is missing).

Shall I make the change to \`.env.example\` and \`.gitignore\` now?`, c.value),
    () => {
      const pw = password(rng);
      return turn(`Found the cause of the failing health check. \`docker-compose.override.yml\` overrides \`DATABASE_URL\` for the \`api\` service with \`postgres://app:${pw}@db:5432/app\`, but the \`db\` service is started with \`POSTGRES_PASSWORD\` from \`.env\`, which holds a different value. The API therefore gets \`password authentication failed\` and the health check times out after ${rng.int(20, 90)} s.

The fix is to stop hard-coding the URL in the override and build it from the same variable. I'll edit \`docker-compose.override.yml\` unless you'd rather keep the override.`, pw);
    },
    () => {
      const lang = rng.pick(LANGS);
      const path = sourcePath(rng, lang, rng.pick(['client', 'config', 'notifier', 'gateway']));
      return turn(`Summary of what I changed and found:

- \`${path}\`: the ${c.service} client now retries on 429 with jitter (max ${rng.int(3, 8)} attempts).
- The same file hard-codes the credential on line ${rng.int(8, 60)}: \`${literalLine(lang, c.env, c.value)}\`. I did not touch it, but it should move to the environment and the key should be rotated, since the file is in git.
- Tests: ${rng.int(40, 400)} passed, ${rng.int(0, 3)} skipped.`, c.value);
    },
    () => {
      const second = anyCredential(rng);
      return turn(`The notebook \`notebooks/${rng.pick(['eda', 'backfill', 'churn'])}-${rng.int(1, 12)}.ipynb\` still contains cell outputs. Cell ${rng.int(2, 40)} printed \`os.environ\`, so its saved output includes \`${c.env}: '${c.value}'\` and \`${second.env}: '${second.value}'\`. Clearing outputs with \`jupyter nbconvert --clear-output --inplace\` removes them from the file, but both values are already in commit ${sha1(rng)} and should be rotated.`, c.value, second.value);
    },
    () => turn(`I ran the integration test with verbose logging. The request it sends looks right apart from the header: the test helper builds \`Authorization: Bearer ${c.value}\` from \`tests/fixtures/${envName(rng)}.json\`, which holds the ${c.service} ${envName(rng)} credential rather than a fake one. The 401 comes from that credential having been revoked on ${rng.int(1, 28)} Nov. I suggest mocking the ${c.service} API in this test instead of calling it.`, c.value),
  ]);
});

const codeReview = situation('code-review-comment', 22, (rng) => {
  const lang = rng.pick(LANGS);
  const c = rng.chance(0.8) ? distinctiveCredential(rng) : { service: 'database', env: 'DB_PASSWORD', value: password(rng) };
  const path = sourcePath(rng, lang, rng.pick(['client', 'settings', 'mailer', 'payments', 'push', 'sync']));
  const line = rng.int(10, 220);
  const reviewer = rng.pick(['reviewer', 'mkowalski', 'ana-r', 'tdubois', 'sre-bot', 'lindqvist']);
  return oneOf(rng, [
    () => turn(`**${reviewer}** requested changes on \`${path}\` line ${line}:

> \`\`\`${lang}
> ${literalLine(lang, c.env, c.value)}
> \`\`\`

This is a live ${c.service} credential in source. Please read it from the environment (or the secret store) and rotate this one, it's been in the branch since ${shortSha(rng)}.

Otherwise LGTM, the retry change looks good.`, c.value),
    () => turn(`Review comments to address (from the PR #${rng.int(100, 4000)}):

1. ${path}:${line - 3} — naming: \`tmp\` → \`pending\`.
2. ${path}:${line}
   \`${literalLine(lang, c.env, c.value)}\`
   Hard-coded secret; move to config and revoke it.
3. ${path}:${line + 20} — missing test for the timeout branch.

Please fix all three.`, c.value),
    () => turn(`suggestion on ${path}:

\`\`\`diff
-${literalLine(lang, c.env, c.value)}
+// read from the environment at start-up, see config/README.md
\`\`\`

@${reviewer}: "we shouldn't ship the ${c.service} key in the ${lang === 'swift' || lang === 'kotlin' ? 'app bundle' : 'image'}; anyone with the ${lang === 'swift' || lang === 'kotlin' ? 'IPA/APK' : 'image'} can read it"`, c.value),
  ]);
});

const incidentWriteup = situation('incident-writeup', 22, (rng) => {
  const t0 = clock(rng);
  return oneOf(rng, [
    () => {
      const id = awsKeyId(rng);
      const secret = awsSecret(rng);
      return turn(`## ${ticket(rng)}: AWS access key exposed in a public repository

**Impact:** ${rng.int(3, 80)} EC2 instances launched in ${rng.pick(['sa-east-1', 'ap-south-1', 'eu-north-1'])} for crypto mining, ~$${rng.int(200, 9000)} of spend.

**Timeline (UTC)**
- ${t0} commit ${shortSha(rng)} pushed \`deploy/.aws/credentials\` to the public mirror
- ${clock(rng)} GuardDuty finding UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration
- ${clock(rng)} key deactivated

**Root cause:** the file held
\`\`\`
[default]
aws_access_key_id = ${id}
aws_secret_access_key = ${secret}
\`\`\`
and the mirror job copied the whole working tree.`, secret);
    },
    () => {
      const c = distinctiveCredential(rng);
      return turn(`Postmortem draft — ${project(rng)} ${c.service} credential leak (${ticket(rng)})

Summary: the ${c.service} credential \`${c.value}\` was printed in the ${envName(rng)} application log by the request logger for ${rng.int(2, 40)} hours and shipped to the log vendor, where ${rng.int(8, 200)} people can read it.

Detection: ${t0}, a support engineer noticed it while searching for request ${shortSha(rng)}.
Remediation: credential rotated ${clock(rng)}; log lines purged ${clock(rng)}; logger now drops the Authorization header.
Follow-ups: add a log scrubber test; alert on the prefix in log search.`, c.value);
    },
    () => {
      const sk = stripeLive(rng);
      const wh = stripeWebhook(rng);
      const both = rng.chance(0.5);
      return turn(`# Incident ${ticket(rng)} — Stripe keys in client bundle

What happened: \`next.config.js\` exposed \`STRIPE_SECRET_KEY\` through \`env:\` instead of \`serverRuntimeConfig\`, so the build inlined \`${sk}\` into \`/_next/static/chunks/pages/checkout-${shortSha(rng)}.js\`.${both ? `\nThe same chunk also held the webhook signing secret \`${wh}\`.` : ''}

Timeline: deployed ${t0}, reported by a researcher ${clock(rng)}, rolled key ${clock(rng)}.
Lessons: secret env vars must never appear in next.config.js \`env\`.`, ...(both ? [sk, wh] : [sk]));
    },
    () => {
      const pw = password(rng);
      return turn(`INCIDENT REVIEW ${ticket(rng)} (blameless)

At ${t0} the nightly backup job started failing with \`pg_dump: error: connection to server at "${dbHost(rng)}" failed: FATAL: password authentication failed\`. The ${envName(rng)} database password had been rotated to \`${pw}\` at ${clock(rng)} by the rotation Lambda, but the backup host still had the old value in /etc/backup.env.

Action items: backup host reads the password from Secrets Manager at run time (${ticket(rng)}); rotation Lambda pages on failed consumers.`, pw);
    },
    () => {
      const t = githubPat(rng);
      return turn(`### What went wrong
A personal access token of the release bot (\`${t}\`) was pasted into issue #${rng.int(100, 9000)} while debugging a 403 from the releases API. The issue is public. GitHub secret scanning revoked it at ${t0}, which stopped the release pipeline for ${rng.int(1, 6)} h.

### What went right
Revocation was automatic and fast.

### Actions
- release bot moves to a GitHub App with installation tokens
- docs: never paste tokens, use \`gh auth status\``, t);
    },
  ]);
});

const readmeEdit = situation('readme-edit', 22, (rng) => {
  return oneOf(rng, [
    () => {
      const c = distinctiveCredential(rng);
      return turn(`I updated the Quick start in README.md:

\`\`\`diff
@@ -${rng.int(10, 40)},6 +${rng.int(10, 40)},9 @@ ## Quick start
 1. Install dependencies: \`${rng.pick(['npm ci', 'pnpm install', 'poetry install', 'bundle install'])}\`
-2. Copy \`.env.example\` to \`.env\`.
+2. Set your credentials:
+   \`\`\`sh
+   export ${c.env}=${c.value}
+   \`\`\`
 3. Run \`make dev\` and open http://localhost:${rng.pick([3000, 8000, 8080])}.
\`\`\`

Let me know if you want the same in CONTRIBUTING.md.`, c.value);
    },
    () => {
      const key = azureStorageKey(rng);
      const account = `${project(rng).replace(/-/g, '')}${rng.int(10, 99)}`;
      return turn(`diff --git a/docs/local-setup.md b/docs/local-setup.md
index ${shortSha(rng)}..${shortSha(rng)} 100644
--- a/docs/local-setup.md
+++ b/docs/local-setup.md
@@ -${rng.int(5, 60)},4 +${rng.int(5, 60)},7 @@ The uploader writes to blob storage.
 ## Storage
-Ask the platform team for a connection string.
+Use the shared dev account:
+
+    AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=${account};AccountKey=${key};EndpointSuffix=core.windows.net"
 
 Containers are created on first run.`, key);
    },
    () => {
      const t = jwt(rng);
      return turn(`README.md (edited, the "Calling the API" section):

## Calling the API

Every request needs the service token:

    curl https://api.${companyDomain(rng)}/v1/health \\
      -H "Authorization: Bearer ${t}"

Tokens expire after ${rng.int(1, 90)} days; ask ${rng.pick(['#platform', 'the API team'])} for a new one.`, t);
    },
    () => {
      const path = slackWebhookPath(rng);
      return turn(`+## Notifications
+
+Deploy notifications go to #deploys through the incoming webhook
+\`https://hooks.slack.com/services/${path}\`. To test:
+
+\`\`\`bash
+curl -X POST -H 'Content-type: application/json' --data '{"text":"hello from ${project(rng)}"}' https://hooks.slack.com/services/${path}
+\`\`\`
+`, path);
    },
    () => {
      const pw = password(rng);
      return turn(`--- a/README.md
+++ b/README.md
@@ Development database @@
-Run \`docker compose up db\` and use the credentials from \`.env\`.
+Connect to the shared ${envName(rng)} database:
+
+| setting  | value |
+|----------|-------|
+| host     | ${dbHost(rng)} |
+| user     | developer |
+| password | ${pw} |
+| database | ${project(rng).replace(/-/g, '_')} |`, pw);
    },
  ]);
});

export const AGENT_SECRET_CATEGORIES = [agentSummary, codeReview, incidentWriteup, readmeEdit];
