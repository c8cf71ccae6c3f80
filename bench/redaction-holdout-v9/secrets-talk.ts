/**
 * Secrets in what people write to each other: a config pasted into an issue with some values
 * masked and one forgotten, a credential handed over in chat, a mask that slips further down.
 */
import type { RandomDraws } from '../random.js';
import {
  anthropicKey,
  awsAccessKeyId,
  awsSecretKey,
  databricksToken,
  dopplerToken,
  githubFineGrained,
  githubToken,
  grafanaServiceToken,
  hex,
  HOSTS,
  idiom,
  linearKey,
  openaiKey,
  ORGS,
  password,
  paste,
  pemPrivateKey,
  postmanKey,
  pypiToken,
  REPOS,
  sendgridKey,
  SERVICES,
  slackBotToken,
  stripeKey,
  stripeWebhookSecret,
  twilioAuthToken,
  twilioSid,
  ageSecretKey,
  type PasteCategory,
} from './kit.js';

/** The ways people mask a value by hand (observed in issues). */
const MASKS = ['****', '********', '<redacted>', 'xxx', 'xxxxxxxx', 'REDACTED', '[hidden]', '<removed>', '***', 'XXXXXXXXXXXX'];
const mask = (rng: RandomDraws) => rng.pick(MASKS);

const issueConfigHalfMasked = idiom(
  'issue-config-half-masked',
  17,
  (rng) => {
    const key = rng.pick([stripeKey, stripeWebhookSecret, sendgridKey])(rng);
    return paste(
      `**Configuration** (secrets removed)\n\n\`\`\`env\nDATABASE_URL=postgres://app:${mask(rng)}@${rng.pick(HOSTS)}:5432/app\nREDIS_URL=redis://:${mask(rng)}@redis:6379/0\nSECRET_KEY_BASE=${mask(rng)}\n${rng.pick(['STRIPE_API_KEY', 'PAYMENT_KEY', 'MAIL_API_KEY', 'WEBHOOK_SIGNING_SECRET'])}=${key}\nLOG_LEVEL=debug\n\`\`\`\n\n**Expected**: webhook is accepted\n**Actual**: 400 "No signatures found matching the expected signature for payload"`,
      key,
    );
  },
  (rng) => {
    const pw = password(rng);
    return paste(
      `### Steps to reproduce\n1. \`docker compose up\`\n2. open http://localhost:${rng.int(3000, 9000)}\n\n### config.yaml\n\`\`\`yaml\nserver:\n  port: ${rng.int(3000, 9000)}\nauth:\n  jwt_secret: "${mask(rng)}"\n  admin_password: "${mask(rng)}"\nsmtp:\n  host: smtp.${rng.pick(ORGS)}.net\n  port: 587\n  username: notifications\n  password: "${pw}"\n\`\`\`\n\n### Version\n${rng.int(1, 4)}.${rng.int(0, 20)}.${rng.int(0, 9)}`,
      pw,
    );
  },
  (rng) => {
    const key = rng.pick([openaiKey, anthropicKey])(rng);
    return paste(
      `my settings.json (replaced the org id with xxx):\n\n{\n  "provider": "${rng.pick(['openai', 'anthropic'])}",\n  "organization": "org-xxxxxxxxxxxxxxxx",\n  "apiKey": "${key}",\n  "model": "${rng.pick(['gpt-4o-mini', 'claude-3-5-sonnet-latest', 'o3-mini'])}",\n  "maxTokens": ${rng.int(256, 8192)}\n}\n\nGetting \`401 invalid x-api-key\` even though the key works in curl.`,
      key,
    );
  },
  (rng) => {
    const secret = awsSecretKey(rng);
    return paste(
      `\`\`\`hcl\nprovider "aws" {\n  region     = "${rng.pick(['us-east-1', 'eu-central-1', 'us-west-2'])}"\n  access_key = "${awsAccessKeyId(rng)}"\n  secret_key = "${secret}"\n  token      = "${mask(rng)}"\n}\n\`\`\`\n\nError: configuring Terraform AWS Provider: validating provider credentials: retrieving caller identity from STS: operation error STS: GetCallerIdentity, https response error StatusCode: 403, RequestID: ${crypto(rng)}, api error InvalidClientTokenId`,
      secret,
    );
  },
);

function crypto(rng: RandomDraws): string {
  return `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
}

const chatHandingCredential = idiom(
  'chat-handing-credential',
  17,
  (rng) => {
    const pw = password(rng);
    return paste(
      `@${rng.pick(['maintainer', 'reviewer', 'ops-oncall'])} I set up a staging instance so you can reproduce: https://staging-${hex(rng, 6)}.${rng.pick(ORGS)}.dev, login \`admin\` / \`${pw}\`. It gets wiped on Friday so no need to rotate.`,
      pw,
    );
  },
  (rng) => {
    const key = rng.pick([linearKey, postmanKey, grafanaServiceToken, dopplerToken])(rng);
    return paste(
      `> can you share a key that reproduces it?\n\nsure, this one has read-only scope: ${key}\nI'll revoke it once you've had a look.`,
      key,
    );
  },
  (rng) => {
    const tok = rng.pick([githubFineGrained, () => githubToken(rng)])(rng);
    return paste(
      `Tried with a fresh fine-grained token too (${tok}), same "Resource not accessible by integration" error on \`gh api repos/${rng.pick(ORGS)}/${rng.pick(REPOS)}/actions/secrets\`.`,
      tok,
    );
  },
  (rng) => {
    const tok = pypiToken(rng);
    return paste(
      `twine keeps failing with 403. I'm running\n\n    twine upload -u __token__ -p ${tok} dist/*\n\nUploading ${rng.pick(['mypkg', 'fastcsv', 'tinyorm'])}-${rng.int(0, 3)}.${rng.int(0, 20)}.${rng.int(0, 9)}-py3-none-any.whl\nHTTPError: 403 Forbidden from https://upload.pypi.org/legacy/`,
      tok,
    );
  },
  (rng) => {
    const tok = twilioAuthToken(rng);
    return paste(
      `Hi team, the SMS sender is down. Account ${twilioSid(rng)}, auth token is ${tok} (it's in 1Password too). Could someone check why every send returns 20003?`,
      tok,
    );
  },
);

const maskThenSlip = idiom(
  'mask-then-slip',
  17,
  (rng) => {
    const key = stripeKey(rng);
    return paste(
      `I'm using \`sk_live_****\` (masked obviously). Full output of \`stripe listen --print-json\` below:\n\n{\n  "id": "evt_${hex(rng, 24)}",\n  "object": "event",\n  "api_version": "2024-06-20",\n  "request": {"id": "req_${hex(rng, 14)}", "idempotency_key": "${crypto(rng)}"},\n  "type": "payment_intent.succeeded"\n}\nReady! Your webhook signing secret is whsec_****. Using API key ${key}`,
      key,
    );
  },
  (rng) => {
    const tok = slackBotToken(rng);
    return paste(
      `token is xoxb-****-**** in the config, I double checked. Debug log from the bolt app:\n\n[DEBUG]  web-api:WebClient:0 http request url: https://slack.com/api/chat.postMessage\n[DEBUG]  web-api:WebClient:0 http request headers: {"Authorization":"Bearer ${tok}","User-Agent":"@slack:web-api/7.${rng.int(0, 9)}.${rng.int(0, 9)} node/20.${rng.int(0, 18)}.0"}\n[DEBUG]  web-api:WebClient:0 http response received\n[ERROR]  web-api:WebClient:0 not_in_channel`,
      tok,
    );
  },
  (rng) => {
    const pem = pemPrivateKey(rng, rng.pick(['RSA PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY'] as const));
    return paste(
      `I redacted the key in my deploy.yml (\`ssh_key: <redacted>\`), but here's the key file I generated with ssh-keygen -m PEM, in case the format is the problem:\n\n${pem.block}\n\nLoad key "/tmp/deploy_key": error in libcrypto`,
      pem.line,
    );
  },
  (rng) => {
    const key = databricksToken(rng);
    return paste(
      `databricks configure printed the profile with the token hidden, but \`cat ~/.databrickscfg\` shows what it actually stored:\n\n[DEFAULT]\nhost  = https://adb-${rng.str('0123456789', 16)}.${rng.int(1, 19)}.azuredatabricks.net\ntoken = ${key}\n\nis the host format wrong?`,
      key,
    );
  },
  (rng) => {
    const key = ageSecretKey(rng);
    return paste(
      `sops -d fails with "no identity matched any of the recipients". SOPS_AGE_KEY_FILE points to keys.txt which has:\n\n# created: ${new Date(Date.UTC(2025, rng.int(0, 11), rng.int(1, 28))).toISOString().slice(0, 19)}Z\n# public key: age1${rng.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\n${key}`,
      key,
    );
  },
  (rng) => {
    const pw = password(rng);
    return paste(
      `Connection string is \`Server=${rng.pick(HOSTS)};Database=${rng.pick(SERVICES)};User Id=sa;Password=********;\` and the stack trace says:\n\nMicrosoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'sa'.\n   at Program.<Main>$(String[] args) in /src/Program.cs:line ${rng.int(10, 90)}\n   -- connection: Server=${rng.pick(HOSTS)};Database=${rng.pick(SERVICES)};User Id=sa;Password=${pw};TrustServerCertificate=True`,
      pw,
    );
  },
);

export const TALK_SECRET_CATEGORIES: readonly PasteCategory[] = [issueConfigHalfMasked, chatHandingCredential, maskThenSlip];
