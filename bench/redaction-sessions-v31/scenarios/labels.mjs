// Writes ../labels.json: every planted value of every agent's sessions, with its class (secret or
// clean), how it was planted and where. Policy: a value in a secret's place is a secret whatever
// its shape; references, masks, placeholders and digests are clean.
//
//   node bench/redaction-sessions-v31/scenarios/labels.mjs            # print
//   node bench/redaction-sessions-v31/scenarios/labels.mjs --write    # rewrite labels.json

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNING_KEY_ID } from './story.mjs';
import { plantedValues } from './values.mjs';

export const AGENTS = ['claude-code', 'codex', 'gemini-cli', 'opencode', 'qwen-code', 'pi'];

/** How each secret was planted: the file or command that shows it, and where it lands. */
const SECRET_HOW = {
  stagingToken: ['late', 'notes/handoff.md names it with no keyword; .envrc + printenv later print STAGING_DEPLOY_TOKEN=; reasoning and answer repeat it'],
  railsDbPassword: ['config', 'config/database.yml password:'],
  springDbPassword: ['config', 'application.properties spring.datasource.password='],
  springMailPassword: ['config', 'application.properties spring.mail.password='],
  gradleSigningPassword: ['config', 'gradle.properties signing.password='],
  ossrhPassword: ['config', 'gradle.properties ossrhPassword='],
  npmToken: ['config', '.npmrc _authToken='],
  pypiToken: ['config', 'pypirc password ='],
  cargoToken: ['config', '.cargo/credentials.toml token ='],
  netrcPassword: ['config', 'netrc password'],
  hcloudToken: ['config', 'terraform.tfvars hcloud_token ='],
  tfDbAdminPassword: ['config', 'terraform.tfvars db_admin_password ='],
  kubeToken: ['config', 'kubeconfig user token:'],
  dockerAuth: ['config', 'docker config.json auths.*.auth (base64 of user:password)'],
  composerPassword: ['json-config', 'composer auth.json http-basic password'],
  redisPassword: ['env-print', 'printenv REDIS_URL=redis://:<password>@; reasoning and answer repeat the URL'],
  sentryKey: ['env-print', 'printenv SENTRY_DSN=https://<key>@...'],
  hookPathSecret: ['file-path', 'printenv INBOUND_HOOK_PATH=; then the file name of a written route, and the answer'],
  gitRemoteToken: ['git-remote', 'git remote -v: https://deploy-bot:<token>@...'],
  bearerToken: ['curl-header', 'curl -sv -H Authorization: Bearer (the command) and its > header echo; reasoning repeats it'],
  smtpJsonPassword: ['json-in-json', 'a JSON string inside the JSON body curl printed'],
  webhookSigningSecret: ['json-in-json', 'a JSON string inside the JSON body curl printed'],
  dotenvBase64: ['base64', 'k8s Secret data: .env: base64 of a dotenv file'],
  clientSecretUrlEncoded: ['url-encoded', 'access log query client_secret=, URL-encoded'],
  dbUrlPasswordEncoded: ['url-encoded', 'database.yml url: postgres://user:<URL-encoded password>@'],
  twilioAuthToken: ['prompt-paste', 'the user pastes it in the prompt; written to .env.production; the answer repeats it'],
  stripeKey: ['write-arg', 'written to .env.production (write tool input)'],
  awsAccessKeyId: ['write-arg', 'written to .env.production (write tool input)'],
  awsSecretKey: ['write-arg', 'written to .env.production (write tool input)'],
  mailerPassword: ['edit-arg', "edit tool new text pass: '<password>'; the answer repeats it"],
};

const SECRETS_SESSION_CLEAN = {
  lockIntegrity: 'lockfile integrity quoted in notes/handoff.md',
  imageDigest: 'container image digest in the k8s Deployment',
  requestId: 'request_id UUID in the JSON body curl printed',
  etag: 'ETag header in the curl -v output',
};

const CLEAN_SESSION_VALUES = {
  lockIntegrity: 'package-lock.json integrity; reasoning and answer repeat it',
  integrityB: 'package-lock.json integrity',
  userId: 'fixtures/users.json id; reasoning and answer repeat it',
  avatarSha1: 'fixtures/users.json avatar_sha1; reasoning repeats it',
  pngBase64: 'fixtures/users.json avatar data: URL (base64 PNG)',
  etag: 'fixtures/users.json etag (as the JSON file shows it, quotes escaped)',
  buildHash: 'dist/asset-manifest.json buildHash; the answer repeats it',
  chunkName: 'dist/asset-manifest.json chunk name; the answer repeats it',
  contentHash: 'dist/asset-manifest.json contentHash',
};

/** Placeholders, masks and references of the clean session: the same for every agent. */
const CLEAN_LITERALS = [
  ['sk_live_xxxxxxxxxxxxxxxxxxxxxxxx', 'placeholder', '.env.example'],
  ['postgres://USER:PASSWORD@localhost:5432/billing', 'placeholder', '.env.example'],
  ['<your-api-token-here>', 'placeholder', '.env.example'],
  ['JWT_SECRET=changeme', 'placeholder', '.env.example'],
  ['os.environ["STRIPE_SECRET_KEY"]', 'reference', 'src/config.py'],
  ['token=os.environ["VAULT_TOKEN"]', 'reference', 'src/config.py'],
  ['SecretId="prod/billing/api-key"', 'reference', 'src/config.py'],
  ['${{ secrets.NPM_TOKEN }}', 'reference', 'release workflow'],
  ['sk_live_••••••••••••••••4242', 'mask', 'docs/tokens.md'],
  ['gho_************************************', 'mask', 'docs/tokens.md'],
  ['AKIA****************', 'mask', 'docs/tokens.md'],
  ['redis://:<password>@localhost:6379', 'placeholder', 'docs/tokens.md'],
  ['process.env.STRIPE_SECRET_KEY', 'reference', 'src/load-keys.ts (write tool input)'],
  ['https://<public-key>@o0.ingest.sentry.io/<project-id>', 'placeholder', '.env.example edit (edit tool input)'],
];

/**
 * Values the agent never let into its session: Qwen Code 0.24.4's shell tool answered "Output:
 * (empty)" to the cat of the registry credential files and of the infra configs (the files were
 * there: every other agent printed them). They stay listed, marked, and are not scored.
 */
const NOT_RECORDED = {
  'qwen-code': {
    ids: ['npmToken', 'pypiToken', 'cargoToken', 'netrcPassword', 'hcloudToken', 'tfDbAdminPassword', 'kubeToken', 'dockerAuth', 'composerPassword'],
    why: 'Qwen Code 0.24.4 printed "Output: (empty)" for this cat',
  },
};

const notRecorded = (agent, id) => (NOT_RECORDED[agent]?.ids.includes(id) ? { notRecorded: NOT_RECORDED[agent].why } : {});

export function buildLabels() {
  const sessions = [];
  for (const agent of AGENTS) {
    const v = plantedValues(agent);
    sessions.push({
      agent,
      scenario: 'secrets',
      values: [
        ...Object.entries(SECRET_HOW).map(([id, [how, where]]) => ({ id, class: 'secret', how, where, value: v.secrets[id], ...notRecorded(agent, id) })),
        ...Object.entries(SECRETS_SESSION_CLEAN).map(([id, where]) => ({ id, class: 'clean', how: 'digest-or-id', where, value: v.clean[id] })),
        { id: 'signingKeyId', class: 'clean', how: 'digest-or-id', where: 'gradle.properties signing.keyId (a key id, not the key)', value: SIGNING_KEY_ID },
      ],
    });
    sessions.push({
      agent,
      scenario: 'clean',
      values: [
        ...Object.entries(CLEAN_SESSION_VALUES).map(([id, where]) => ({ id, class: 'clean', how: 'digest-or-id', where, value: id === 'etag' ? JSON.stringify(v.clean.etag).slice(1, -1) : v.clean[id] })),
        ...CLEAN_LITERALS.map(([value, how, where], i) => ({ id: `literal-${i + 1}`, class: 'clean', how, where, value })),
      ],
    });
  }
  return { version: 1, policy: 'a value in a secret place is a secret whatever its shape; references, masks, placeholders and digests are clean', sessions };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = `${JSON.stringify(buildLabels(), null, 2)}\n`;
  if (process.argv.includes('--write')) fs.writeFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'labels.json'), text);
  else process.stdout.write(text);
}
