// The labels of the v33 sessions: every planted value of every agent's two sessions, secret or
// clean, from values.mjs and story.mjs. A value that none of the session's scored files holds (the
// agent masked it, or did not keep that part of the session) is marked notRecorded and not scored.
//
//   node bench/redaction-sessions-v33/scenarios/labels.mjs           print labels.json
//   node bench/redaction-sessions-v33/scenarios/labels.mjs --write   write it

import fs from 'node:fs';
import path from 'node:path';
import { folded } from './story.mjs';
import { plantedValues } from './values.mjs';

export const AGENTS = ['copilot-cli', 'droid', 'cline', 'continue', 'kilo-code', 'nanocoder'];
const HERE = path.dirname(new URL(import.meta.url).pathname);
const CORPUS = path.resolve(HERE, '..');

/** The files of a session folder that are scored: the agent's session file and what it printed. */
export const SCORED = {
  'copilot-cli': (f) => f === 'events.jsonl' || /^stdout(\.\d+)?\.jsonl$/.test(f),
  droid: (f) => /^[0-9a-f-]{36}\.jsonl$/.test(f) || f === 'stdout.jsonl',
  cline: (f) => f.endsWith('.messages.json') || f === 'stdout.jsonl',
  continue: (f) => /^[0-9a-f-]{36}\.json$/.test(f) || f === 'stdout.jsonl',
  'kilo-code': (f) => f === 'export.json' || f === 'run.jsonl',
  nanocoder: (f) => /^[0-9a-f-]{36}\.json$/.test(f) || f === 'stdout.json',
};

const lines = (id, how, where, values) => values.map((value, i) => ({ id: `${id}.${i + 1}`, class: 'secret', how, where, value }));
/** The parts of `value` that `fold -w 40` prints on lines of their own after `prefix`. */
const wrappedParts = (prefix, value) => {
  const parts = folded(prefix + value);
  parts[0] = parts[0].slice(prefix.length);
  return parts.filter((p) => p.length >= 12);
};

function secretsLabels(v) {
  const s = v.secrets;
  const c = v.clean;
  const secret = (id, how, where, value = s[id]) => ({ id, class: 'secret', how, where, value });
  const clean = (id, how, where, value = c[id]) => ({ id, class: 'clean', how, where, value });
  return [
    ...lines('sshKeyLines', 'pem-output', 'OpenSSH private key body line, cat deploy/id_ed25519', s.sshKeyLines),
    secret('saPrivateKeyId', 'sa-json', 'service-account.json private_key_id, read tool; reasoning'),
    ...lines('saKeyLines', 'sa-json', 'service-account.json private_key body line (\\n-joined in a JSON string), read tool', s.saKeyLines),
    ...lines('tlsKeyLines', 'pem-prompt-write', 'EC private key body line pasted in the prompt and written to certs/tls.key', s.tlsKeyLines),
    secret('djangoOldKey', 'edit-diff', 'Django SECRET_KEY before: settings.py read, edit old string, git diff - line'),
    secret('djangoNewKey', 'edit-diff', 'Django SECRET_KEY after: prompt, edit new string, git diff + line'),
    secret('migrateDbPassword', 'stack-trace', "password of the connection string in migrate.js's error (stderr stack trace); reasoning, answer"),
    ...wrappedParts('DEPLOY_TOKEN=', s.deployToken).map((value, i) => ({ id: `deployToken.part${i + 1}`, class: 'secret', how: 'wrapped', where: 'a part of DEPLOY_TOKEN on its own line of fold -w 40', value })),
    secret('heredocDbPassword', 'heredoc', 'DATABASE_URL password in cat > .env <<EOF (shell command)'),
    secret('sessionSecret', 'heredoc', 'SESSION_SECRET in the heredoc; answer'),
    secret('mailgunKey', 'heredoc', 'MAILGUN_API_KEY in the heredoc'),
    secret('dockerNpmToken', 'docker-arg', 'docker build --build-arg NPM_TOKEN= (command and dry-run output)'),
    secret('dockerStripeKey', 'docker-arg', 'docker run -e STRIPE_API_KEY= (command and dry-run output)'),
    secret('dockerDbPassword', 'docker-arg', 'docker run -e DB_PASSWORD= (command and dry-run output)'),
    secret('curlPassword', 'curl-user', 'curl -u deploy:<password>'),
    secret('curlBasic', 'curl-user', "the Authorization: Basic header curl -v prints for -u deploy:<password>", Buffer.from(`deploy:${s.curlPassword}`).toString('base64')),
    secret('urlApiKey', 'url-query', '?api_key= of the curl URL (command and curl -v request line)'),
    secret('urlSig', 'url-query', '&sig= of the curl URL'),
    secret('jsonWebhookSecret', 'json-multi', 'webhook.secret of the API JSON answer; reasoning, answer (paraphrased)'),
    secret('jsonSmtpPassword', 'json-multi', 'smtp.password of the API JSON answer'),
    secret('jsonApiKeySecret', 'json-multi', 'api_keys[0].secret of the API JSON answer'),
    secret('jsonAwsKeyId', 'json-multi', 'aws.access_key_id of the API JSON answer; reasoning'),
    secret('jsonAwsSecret', 'json-multi', 'aws.secret_access_key of the API JSON answer; reasoning'),
    secret('signingValue', 'paraphrase', 'a value named only in the reasoning and the answer ("begins with … and is …"), no keyword'),
    clean('requestId', 'digest-or-id', 'request_id (UUID) of the API JSON answer'),
    clean('apiKeyId', 'digest-or-id', 'api_keys[0].id of the API JSON answer'),
    clean('gcpClientId', 'digest-or-id', 'client_id of service-account.json'),
  ];
}

function cleanLabels(v) {
  const c = v.clean;
  const clean = (id, how, where, value = c[id]) => ({ id, class: 'clean', how, where, value });
  return [
    ...c.certLines.map((value, i) => clean(`certLines.${i + 1}`, 'public-key', 'CA certificate body line, cat certs/ca.pem', value)),
    clean('sshPublicKey', 'public-key', 'ssh-ed25519 public key, cat deploy/id_ed25519.pub'),
    clean('gcpClientId', 'digest-or-id', 'client_id of service-account.example.json; reasoning'),
    clean('privateKeyIdPlaceholder', 'placeholder', 'private_key_id of the example service account', '<private-key-id>'),
    clean('privateKeyPlaceholder', 'placeholder', 'private_key of the example service account', '<paste the key from Secret Manager here>'),
    clean('djangoKeyReference', 'reference', 'SECRET_KEY read from the environment in settings.py', "os.environ['DJANGO_SECRET_KEY']"),
    clean('tlsKeyReference', 'reference', 'Secret Manager path in the written certs/README.md', 'projects/billing/secrets/tls-key/versions/latest'),
    clean('migrateUrl', 'reference', 'a connection string with no password in the stack trace; answer', 'postgres://app@localhost:5432/app_test'),
    ...wrappedParts('', c.integrity).map((value, i) => clean(`integrity.part${i + 1}`, 'digest-or-id', 'a part of an sha512 integrity on its own line of fold -w 40', value)),
    clean('heredocUrlPlaceholder', 'placeholder', 'DATABASE_URL in cat > .env.example <<EOF', 'postgres://USER:PASSWORD@localhost:5432/billing'),
    clean('heredocSessionPlaceholder', 'placeholder', 'SESSION_SECRET in the heredoc', 'SESSION_SECRET=change-me'),
    clean('heredocMailgunPlaceholder', 'placeholder', 'MAILGUN_API_KEY in the heredoc', 'key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'),
    clean('dockerReference', 'reference', 'docker run -e DB_PASSWORD="${DB_PASSWORD}"', 'DB_PASSWORD="${DB_PASSWORD}"'),
    clean('imageDigest', 'digest-or-id', 'image digest of docker run; answer'),
    clean('curlUserReference', 'reference', 'curl -u "deploy:${DEPLOY_PASS}"', 'deploy:${DEPLOY_PASS}'),
    clean('curlEmptyBasic', 'empty-credential', 'the Basic header curl -v prints for user deploy and an empty password', Buffer.from('deploy:').toString('base64')),
    clean('commitSha', 'digest-or-id', '?sha= of the curl URL, commits[0].sha; reasoning, answer'),
    clean('treeSha', 'digest-or-id', 'commits[0].tree of the API JSON answer'),
    clean('checksum', 'digest-or-id', 'checksum of the API JSON answer'),
    clean('requestId', 'digest-or-id', 'request_id of the API JSON answer; reasoning, answer'),
    clean('apiKeyId', 'digest-or-id', 'api_keys[0].id of the API JSON answer; reasoning'),
  ];
}

/** A value as a file may hold it: as is, or escaped inside a JSON string. */
export const heldBy = (text, value) => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1));

function scoredTexts(agent, scenario) {
  const dir = path.join(CORPUS, 'sessions', agent, scenario);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter(SCORED[agent]).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

export function labels() {
  const sessions = [];
  for (const agent of AGENTS) {
    const v = plantedValues(agent);
    for (const [scenario, values] of [
      ['secrets', secretsLabels(v)],
      ['clean', cleanLabels(v)],
    ]) {
      const texts = scoredTexts(agent, scenario);
      const marked = values.map((value) => (texts.some((t) => heldBy(t, value.value)) ? value : { ...value, notRecorded: 'in no scored file of the session (the agent masked it or did not keep it)' }));
      sessions.push({ agent, scenario, values: marked });
    }
  }
  return { corpus: 'redaction-sessions-v33', sessions };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const text = `${JSON.stringify(labels(), null, 2)}\n`;
  if (process.argv.includes('--write')) fs.writeFileSync(path.join(CORPUS, 'labels.json'), text);
  else process.stdout.write(text);
}
