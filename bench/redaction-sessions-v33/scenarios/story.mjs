// What the v33 sessions are made of, the same for every agent: the sandbox files, the prompt, the
// scripted model's steps (shell commands, reads, writes, edits), its reasoning and its answer. Each
// agent's scenario file (<agent>.mjs beside this one) turns the steps into its own tool calls.
//
//   secrets   secrets travelling the ways v31 did not cover: multi-line keys (PEM, OpenSSH, a
//             service-account JSON) in tool output, a read tool's numbered lines, a write's content
//             and the prompt; an edit's old/new strings and `git diff`; a failing command's stack
//             trace; a token wrapped over lines by `fold`; a heredoc; docker -e/--build-arg;
//             curl -u and a URL query; several secrets in one JSON result; reasoning and an
//             answer paraphrasing a value
//   clean     the same shapes holding no secret: certificates, a public key, placeholders,
//             references, ids and digests, a stack trace without a password, wrapped integrity

import { plantedValues } from './values.mjs';

export const MARKER = 'SESSIONS-V33';
export const CLEAN_MARKER = 'SESSIONS-V33-CLEAN';
export const STUB_PORT = 8933;
export const CLEAN_STUB_PORT = 8934;

/** Abstract steps; `path` is relative to the sandbox. */
export const shell = (command, description) => ({ kind: 'shell', command, description });
export const read = (path) => ({ kind: 'read', path });
export const write = (path, content) => ({ kind: 'write', path, content });
export const edit = (path, oldText, newText) => ({ kind: 'edit', path, old: oldText, new: newText });

export const pem = (label, lines) => `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;

/** A stub HTTP API on loopback answering one request with `body` (JSON), then exiting. */
const stubApi = (port, body) =>
  [
    "const http = require('node:http');",
    `const body = ${JSON.stringify(JSON.stringify(body))};`,
    "http.createServer((req, res) => { res.setHeader('Content-Type', 'application/json'); res.end(body + '\\n', () => process.exit(0)); })",
    `  .listen(${port}, '127.0.0.1');`,
    '',
  ].join('\n');

/** A migration script that fails to connect and throws with the URL it was given in its message. */
const migrateScript = (url) =>
  [
    `const url = process.env.MIGRATE_URL || '${url}';`,
    '',
    'function connect(target) {',
    '  const err = new Error(`connect ECONNREFUSED 10.0.4.21:5432 while connecting to ${target}`);',
    "  err.code = 'ECONNREFUSED';",
    '  throw err;',
    '}',
    '',
    "console.log('running 3 pending migrations');",
    'connect(url);',
    '',
  ].join('\n');

const SETTINGS_HEAD = "from pathlib import Path\n\nBASE_DIR = Path(__file__).resolve().parent.parent\n\nDEBUG = False\nLOG_LEVEL = 'info'\n";
const SETTINGS_TAIL = "ALLOWED_HOSTS = ['billing.example.org']\n";
/** A stand-in for docker that prints what it was asked (the sandbox has no daemon to talk to). */
const DRY_DOCKER = "docker() { printf 'dry-run: docker %s\\n' \"$*\"; }";

function secretsFiles(v) {
  const s = v.secrets;
  const c = v.clean;
  const saKey = pem('PRIVATE KEY', s.saKeyLines);
  const serviceAccount = {
    type: 'service_account',
    project_id: 'billing-prod-4821',
    private_key_id: s.saPrivateKeyId,
    private_key: saKey,
    client_email: 'billing-deployer@billing-prod-4821.iam.gserviceaccount.com',
    client_id: c.gcpClientId,
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  };
  const apiBody = {
    request_id: c.requestId,
    webhook: { url: 'https://billing.example.org/hooks/stripe', secret: s.jsonWebhookSecret },
    smtp: { host: 'smtp.example.org', user: 'billing', password: s.jsonSmtpPassword },
    api_keys: [{ id: c.apiKeyId, secret: s.jsonApiKeySecret, scopes: ['invoices:write'] }],
    aws: { region: 'eu-central-1', access_key_id: s.jsonAwsKeyId, secret_access_key: s.jsonAwsSecret },
  };
  return {
    'deploy/id_ed25519': pem('OPENSSH PRIVATE KEY', s.sshKeyLines),
    'gcp/service-account.json': `${JSON.stringify(serviceAccount, null, 2)}\n`,
    'billing/settings.py': `${SETTINGS_HEAD}SECRET_KEY = '${s.djangoOldKey}'\n${SETTINGS_TAIL}`,
    'scripts/migrate.js': migrateScript(`postgres://migrator:${s.migrateDbPassword}@10.0.4.21:5432/billing`),
    '.deploy-token': `DEPLOY_TOKEN=${s.deployToken}\n`,
    'scripts/stub-api.js': stubApi(STUB_PORT, apiBody),
    'certs/README.md': '# certs\n\nThe TLS key of the billing box goes here (tls.key, never committed).\n',
  };
}

/** The lines `fold -w 40` prints for a file's one line `text`. */
export const folded = (text) => text.match(/.{1,40}/g);

/** The session with secrets. */
export function secretsStory(agent, sandbox) {
  const v = plantedValues(agent);
  const s = v.secrets;
  const tlsKey = pem('EC PRIVATE KEY', s.tlsKeyLines);
  const steps = [
    shell('cat deploy/id_ed25519', 'Show the deploy key'),
    read('gcp/service-account.json'),
    write('certs/tls.key', tlsKey),
    read('billing/settings.py'),
    edit('billing/settings.py', `SECRET_KEY = '${s.djangoOldKey}'`, `SECRET_KEY = '${s.djangoNewKey}'`),
    shell('git diff', 'Show the change'),
    shell('node scripts/migrate.js', 'Run the pending migrations'),
    shell('fold -w 40 .deploy-token', 'Show the deploy token file, wrapped'),
    shell(`cat > .env <<'EOF'\nDATABASE_URL=postgres://app:${s.heredocDbPassword}@db.internal:5432/billing\nSESSION_SECRET=${s.sessionSecret}\nMAILGUN_API_KEY=${s.mailgunKey}\nEOF\nwc -l .env`, 'Write .env'),
    shell(`${DRY_DOCKER}\ndocker build --build-arg NPM_TOKEN=${s.dockerNpmToken} -t billing . && docker run --rm -e STRIPE_API_KEY=${s.dockerStripeKey} -e DB_PASSWORD=${s.dockerDbPassword} billing`, 'Build and run the image (dry run)'),
    shell(`node scripts/stub-api.js & sleep 1; curl -sv -u deploy:${s.curlPassword} "http://127.0.0.1:${STUB_PORT}/v1/export?api_key=${s.urlApiKey}&sig=${s.urlSig}"`, 'Query the local export API'),
  ];
  return {
    prompt: `${MARKER}: I'm moving the billing service to the new box. Here is the new TLS key, save it as certs/tls.key:\n\n${tlsKey}\nAlso look at the deploy key and the GCP service account, rotate the Django SECRET_KEY to ${s.djangoNewKey} and show me the diff, run the migrations, show the deploy token file, write the .env, build and run the image, and check the export API on port ${STUB_PORT}.`,
    marker: MARKER,
    intro: "I'll start with the deploy key.",
    setup: ({ writeFile }) => {
      for (const [rel, data] of Object.entries(secretsFiles(v))) writeFile(rel, data);
    },
    steps,
    reasoning: `The service account key id is ${s.saPrivateKeyId}. The migration died connecting with postgres://migrator:${s.migrateDbPassword}@10.0.4.21:5432/billing, so the database is not up yet. The export API answered with webhook ${s.jsonWebhookSecret} and the AWS pair ${s.jsonAwsKeyId} / ${s.jsonAwsSecret}. For the signing value I will tell the user ${s.signingValue}.`,
    answer: `Done. certs/tls.key is saved and the Django key is rotated (the diff shows the old and the new one). The migration failed: nothing listens on 10.0.4.21:5432 (it tried postgres://migrator:${s.migrateDbPassword}@10.0.4.21:5432/billing). The export API works; its webhook signing value starts with \`${s.jsonWebhookSecret.slice(0, 10)}\` and is ${s.jsonWebhookSecret}. The new request-signing value to paste into the partner portal begins with ${s.signingValue.slice(0, 6)} and is ${s.signingValue}; the session secret in .env is ${s.sessionSecret}.`,
    sandbox,
  };
}

function cleanFiles(v) {
  const c = v.clean;
  const serviceAccount = {
    type: 'service_account',
    project_id: 'billing-dev-1093',
    private_key_id: '<private-key-id>',
    private_key: '-----BEGIN PRIVATE KEY-----\\n<paste the key from Secret Manager here>\\n-----END PRIVATE KEY-----\\n',
    client_email: 'billing-dev@billing-dev-1093.iam.gserviceaccount.com',
    client_id: c.gcpClientId,
  };
  const apiBody = {
    request_id: c.requestId,
    token_type: 'Bearer',
    expires_in: 3600,
    signature_algorithm: 'HMAC-SHA256',
    commits: [{ sha: c.commitSha, tree: c.treeSha }],
    checksum: c.checksum,
    api_keys: [{ id: c.apiKeyId, secret: '********', scopes: ['invoices:read'] }],
  };
  return {
    'certs/ca.pem': pem('CERTIFICATE', c.certLines),
    'deploy/id_ed25519.pub': `ssh-ed25519 ${c.sshPublicKey} deploy@ci\n`,
    'gcp/service-account.example.json': `${JSON.stringify(serviceAccount, null, 2)}\n`,
    'billing/settings.py': `${SETTINGS_HEAD}SECRET_KEY = os.environ['DJANGO_SECRET_KEY']\n${SETTINGS_TAIL}`,
    'scripts/migrate.js': migrateScript('postgres://app@localhost:5432/app_test'),
    'dist/integrity.txt': `${c.integrity}\n`,
    'scripts/stub-api.js': stubApi(CLEAN_STUB_PORT, apiBody),
  };
}

/** The session with no secret, only look-alikes. */
export function cleanStory(agent, sandbox) {
  const v = plantedValues(agent);
  const c = v.clean;
  return {
    prompt: `${CLEAN_MARKER}: Check the CA certificate, the deploy public key and the example service account, set LOG_LEVEL to debug in billing/settings.py and show the diff, run the migrations against the test database, show the bundle integrity, write .env.example, dry-run the image build, and check the commits API on port ${CLEAN_STUB_PORT}.`,
    marker: CLEAN_MARKER,
    intro: 'Starting with the certificate.',
    setup: ({ writeFile }) => {
      for (const [rel, data] of Object.entries(cleanFiles(v))) writeFile(rel, data);
    },
    steps: [
      shell('cat certs/ca.pem deploy/id_ed25519.pub', 'Show the CA certificate and the deploy public key'),
      read('gcp/service-account.example.json'),
      write('certs/README.md', '# certs\n\n`ca.pem` is the public CA certificate. The TLS private key is not kept here: it comes from Secret Manager (`projects/billing/secrets/tls-key/versions/latest`).\n'),
      read('billing/settings.py'),
      edit('billing/settings.py', "LOG_LEVEL = 'info'", "LOG_LEVEL = 'debug'"),
      shell('git diff', 'Show the change'),
      shell('node scripts/migrate.js', 'Run the migrations against the test database'),
      shell('fold -w 40 dist/integrity.txt', 'Show the bundle integrity, wrapped'),
      shell("cat > .env.example <<'EOF'\nDATABASE_URL=postgres://USER:PASSWORD@localhost:5432/billing\nSESSION_SECRET=change-me\nMAILGUN_API_KEY=key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nEOF\nwc -l .env.example", 'Write .env.example'),
      shell(`${DRY_DOCKER}\ndocker build --build-arg NPM_TOKEN -t billing . && docker run --rm -e STRIPE_API_KEY -e DB_PASSWORD="\${DB_PASSWORD}" billing@${c.imageDigest}`, 'Build and run the image (dry run)'),
      shell(`node scripts/stub-api.js & sleep 1; curl -sv -u "deploy:\${DEPLOY_PASS}" "http://127.0.0.1:${CLEAN_STUB_PORT}/v1/commits?sha=${c.commitSha}&per_page=50"`, 'Query the local commits API'),
    ],
    reasoning: `The certificate and the ssh-ed25519 key are public. The example service account has placeholders only, client id ${c.gcpClientId}. The commits API returned ${c.commitSha} with request id ${c.requestId}; its api key ${c.apiKeyId} is masked.`,
    answer: `Nothing secret is stored here: the CA certificate and \`deploy/id_ed25519.pub\` are public, the service account example holds placeholders, and the Django key comes from the environment. LOG_LEVEL is now debug. The migration failed because nothing listens on localhost:5432 (postgres://app@localhost:5432/app_test). The commits API answered for ${c.commitSha} (request ${c.requestId}), and the image digest is ${c.imageDigest}.`,
    sandbox,
  };
}

/** Both stories of an agent, by scenario name. */
export const STORIES = { secrets: secretsStory, clean: cleanStory };
