// What the v31 sessions are made of, the same for every agent: the sandbox files, the prompt, the
// scripted model's steps (shell commands, reads, writes, edits), its reasoning and its answer. Each
// agent's scenario file (<agent>.mjs beside this one) turns the steps into its own tool calls.
//
//   secrets   a developer's session that meets secrets of many ecosystems in every place
//   clean     a session with no secret at all, only what looks like one

import { plantedValues } from './values.mjs';

export const MARKER = 'SESSIONS-V31';
export const CLEAN_MARKER = 'SESSIONS-V31-CLEAN';
export const STUB_PORT = 8931;
export const SIGNING_KEY_ID = '4F2A9C1D';

/** Abstract steps; `path` is relative to the sandbox. */
export const shell = (command, description) => ({ kind: 'shell', command, description });
export const read = (path) => ({ kind: 'read', path });
export const write = (path, content) => ({ kind: 'write', path, content });
export const edit = (path, oldLine, newLine) => ({ kind: 'edit', path, old: oldLine, new: newLine });

const MAILER_OLD = '    pass: process.env.SMTP_PASS,';
const MAILER_JS = `const nodemailer = require('nodemailer');\n\nmodule.exports = nodemailer.createTransport({\n  host: 'smtp.example.org',\n  port: 587,\n  auth: {\n    user: 'billing',\n${MAILER_OLD}\n  },\n});\n`;

function secretsFiles(v) {
  const s = v.secrets;
  const c = v.clean;
  const stub = [
    "const http = require('node:http');",
    `const settings = JSON.stringify({ smtp_host: 'smtp.example.org', smtp_password: '${s.smtpJsonPassword}', webhook_signing_secret: '${s.webhookSigningSecret}' });`,
    `const body = JSON.stringify({ service: 'billing', request_id: '${c.requestId}', settings });`,
    'http',
    '  .createServer((req, res) => {',
    "    res.setHeader('Content-Type', 'application/json');",
    `    res.setHeader('ETag', '${c.etag}');`,
    '    res.end(`${body}\\n`);',
    '  })',
    `  .listen(${STUB_PORT}, '127.0.0.1');`,
    '',
  ].join('\n');
  return {
    'notes/handoff.md': `# Handoff, billing\n\n- deploys go through the staging box first\n- the staging box wants ${s.stagingToken} in the deploy form (ask Priya before rotating)\n- lockfile regenerated; left-pad is ${c.lockIntegrity}\n`,
    'config/database.yml': `default: &default\n  adapter: postgresql\n  pool: 5\n\nproduction:\n  <<: *default\n  database: billing\n  username: billing\n  password: ${s.railsDbPassword}\n  host: db.internal\n\nreporting:\n  url: postgres://billing_ro:${s.dbUrlPasswordEncoded}@replica.internal:5432/billing\n`,
    'src/main/resources/application.properties': `spring.datasource.url=jdbc:postgresql://db.internal:5432/billing\nspring.datasource.username=billing\nspring.datasource.password=${s.springDbPassword}\nspring.mail.host=smtp.example.org\nspring.mail.username=noreply\nspring.mail.password=${s.springMailPassword}\n`,
    'gradle.properties': `org.gradle.jvmargs=-Xmx2g\nsigning.keyId=${SIGNING_KEY_ID}\nsigning.password=${s.gradleSigningPassword}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=billing-publisher\nossrhPassword=${s.ossrhPassword}\n`,
    '.npmrc': `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${s.npmToken}\n`,
    'deploy/pypirc': `[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = ${s.pypiToken}\n`,
    '.cargo/credentials.toml': `[registry]\ntoken = "${s.cargoToken}"\n`,
    'deploy/netrc': `machine api.billing.example.org\n  login deploy\n  password ${s.netrcPassword}\n`,
    'infra/terraform.tfvars': `hcloud_token      = "${s.hcloudToken}"\ndb_admin_password = "${s.tfDbAdminPassword}"\nregion            = "fsn1"\n`,
    'infra/kubeconfig.yaml': `apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://10.0.4.12:6443\n  name: billing\nusers:\n- name: deployer\n  user:\n    token: ${s.kubeToken}\n`,
    'docker/config.json': `${JSON.stringify({ auths: { 'registry.example.org': { auth: s.dockerAuth } } }, null, 2)}\n`,
    'composer/auth.json': `${JSON.stringify({ 'http-basic': { 'repo.packagist.example.com': { username: 'billing', password: s.composerPassword } } }, null, 2)}\n`,
    '.envrc': `export STAGING_DEPLOY_TOKEN='${s.stagingToken}'\nexport REDIS_URL='redis://:${s.redisPassword}@127.0.0.1:6379/0'\nexport SENTRY_DSN='https://${s.sentryKey}@o4504.ingest.sentry.io/4504321'\nexport INBOUND_HOOK_PATH='${s.hookPathSecret}'\n`,
    'scripts/stub-api.js': stub,
    'k8s/app-secret.yaml': `apiVersion: v1\nkind: Secret\nmetadata:\n  name: billing-env\ntype: Opaque\ndata:\n  .env: ${s.dotenvBase64}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: billing\nspec:\n  template:\n    spec:\n      containers:\n      - name: billing\n        image: registry.example.org/billing@${c.imageDigest}\n`,
    'log/access.log': `10.0.4.7 - - [28/Nov/2026:09:14:01 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.31"\n10.0.4.7 - - [28/Nov/2026:09:14:02 +0000] "GET /oauth/callback?state=xyz&client_id=billing-web&client_secret=${s.clientSecretUrlEncoded} HTTP/1.1" 302 0 "-" "Mozilla/5.0"\n10.0.4.7 - - [28/Nov/2026:09:14:03 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.31"\n`,
    'config/mailer.js': MAILER_JS,
  };
}

/** The session with secrets. */
export function secretsStory(agent, sandbox) {
  const v = plantedValues(agent);
  const s = v.secrets;
  const steps = [
    shell('cat notes/handoff.md', 'Read the handoff notes'),
    shell('cat config/database.yml src/main/resources/application.properties gradle.properties', 'Show the app and build configs'),
    shell('cat .npmrc deploy/pypirc .cargo/credentials.toml deploy/netrc', 'Show the package registry credentials files'),
    shell('cat infra/terraform.tfvars infra/kubeconfig.yaml docker/config.json composer/auth.json', 'Show the infra configs'),
    shell("set -a; . ./.envrc; set +a; printenv | grep -E '^(STAGING|REDIS|SENTRY|INBOUND)_' | sort", 'Load .envrc and print its variables'),
    shell('git remote -v', 'Show the git remotes'),
    shell(`node scripts/stub-api.js & sleep 1; curl -sv -H 'Authorization: Bearer ${s.bearerToken}' http://127.0.0.1:${STUB_PORT}/v1/settings; kill $!`, 'Query the local settings API'),
    shell('cat k8s/app-secret.yaml; tail -n 3 log/access.log', 'Show the k8s secret and the access log'),
    write('.env.production', `TWILIO_AUTH_TOKEN=${s.twilioAuthToken}\nSTRIPE_SECRET_KEY=${s.stripeKey}\nAWS_ACCESS_KEY_ID=${s.awsAccessKeyId}\nAWS_SECRET_ACCESS_KEY=${s.awsSecretKey}\n`),
    read('config/mailer.js'),
    edit('config/mailer.js', MAILER_OLD, `    pass: '${s.mailerPassword}', // TODO: back to the env once the vault is up`),
    write(`src/routes/hooks/${s.hookPathSecret}.js`, 'module.exports = (req, res) => res.status(204).end();\n'),
  ];
  return {
    prompt: `${MARKER}: I'm getting the billing service running on this box. Go through the handoff note and the configs (database, registries, infra), load .envrc and show its variables, check the git remote and the local settings API on port ${STUB_PORT}, look at the k8s secret and the access log. The new Twilio auth token is ${s.twilioAuthToken}: put it in .env.production with the Stripe and AWS keys, hard-code the SMTP password in config/mailer.js for now, and add the inbound webhook route.`,
    marker: MARKER,
    intro: "I'll start with the handoff note.",
    setup: ({ writeFile }) => {
      for (const [rel, data] of Object.entries(secretsFiles(v))) writeFile(rel, data);
      writeFile('.git/config', `[remote "origin"]\n\turl = https://deploy-bot:${s.gitRemoteToken}@git.example.org/team/billing.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n`);
    },
    steps,
    reasoning: `printenv shows STAGING_DEPLOY_TOKEN=${s.stagingToken}, the same value the handoff note gives for the deploy form. Redis is redis://:${s.redisPassword}@127.0.0.1:6379/0. The stub accepted Bearer ${s.bearerToken}.`,
    answer: `Done. \`.env.production\` holds the Twilio token ${s.twilioAuthToken} with the Stripe and AWS keys; \`config/mailer.js\` now has the SMTP password '${s.mailerPassword}' inline (move it back to the env later). The staging deploy token is ${s.stagingToken}, and Redis answers at redis://:${s.redisPassword}@127.0.0.1:6379/0. The webhook route is \`src/routes/hooks/${s.hookPathSecret}.js\`.`,
    sandbox,
  };
}

function cleanFiles(v) {
  const c = v.clean;
  return {
    'package-lock.json': `${JSON.stringify(
      {
        name: 'billing',
        version: '1.4.0',
        lockfileVersion: 3,
        requires: true,
        packages: {
          '': { name: 'billing', version: '1.4.0', dependencies: { 'left-pad': '^1.3.0', ms: '^2.1.3' } },
          'node_modules/left-pad': { version: '1.3.0', resolved: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz', integrity: c.lockIntegrity, license: 'WTFPL' },
          'node_modules/ms': { version: '2.1.3', resolved: 'https://registry.npmjs.org/ms/-/ms-2.1.3.tgz', integrity: c.integrityB, license: 'MIT' },
        },
      },
      null,
      2,
    )}\n`,
    '.env.example': '# copy to .env and fill in\nSTRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx\nDATABASE_URL=postgres://USER:PASSWORD@localhost:5432/billing\nAPI_TOKEN=<your-api-token-here>\nJWT_SECRET=changeme\nAWS_SECRET_ACCESS_KEY=\nREDIS_URL=redis://localhost:6379/0\n',
    'src/config.py': 'import os\n\nimport boto3\nimport hvac\n\nSTRIPE_KEY = os.environ["STRIPE_SECRET_KEY"]\nAWS_SECRET = os.getenv("AWS_SECRET_ACCESS_KEY", "")\n\n\ndef db_password():\n    client = hvac.Client(url=os.environ["VAULT_ADDR"], token=os.environ["VAULT_TOKEN"])\n    return client.secrets.kv.v2.read_secret_version(path="billing/db")["data"]["data"]["password"]\n\n\ndef api_key():\n    sm = boto3.client("secretsmanager")\n    return sm.get_secret_value(SecretId="prod/billing/api-key")["SecretString"]\n',
    '.github/workflows/release.yml': 'name: release\non: { push: { tags: ["v*"] } }\njobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n          SENTRY_AUTH_TOKEN: ${{ secrets.SENTRY_AUTH_TOKEN }}\n',
    'fixtures/users.json': `${JSON.stringify([{ id: c.userId, name: 'Test User', avatar_sha1: c.avatarSha1, avatar: `data:image/png;base64,${c.pngBase64}`, etag: c.etag }], null, 2)}\n`,
    'docs/tokens.md': '# Where the keys live\n\n- Stripe: `sk_live_••••••••••••••••4242` (dashboard shows only the last four)\n- GitHub: `gh auth status` prints `Token: gho_************************************`\n- AWS: `AKIA****************`, secret in the vault at `secret/data/billing/aws`\n- API calls send `Authorization: Bearer <token>`\n- Redis: `redis://:<password>@localhost:6379`\n- DB password: `********` (1Password item "billing-db")\n',
    'dist/asset-manifest.json': `${JSON.stringify({ 'main.js': `/static/js/${c.chunkName}`, buildHash: c.buildHash, contentHash: c.contentHash }, null, 2)}\n`,
  };
}

/** The session with no secret, only look-alikes. */
export function cleanStory(agent, sandbox) {
  const v = plantedValues(agent);
  const c = v.clean;
  return {
    prompt: `${CLEAN_MARKER}: Check the lockfile, the git history, the example env, how the app loads its keys, the test fixtures, the key docs and the build manifest, then add a small TypeScript loader that reads the keys from the environment, and document SENTRY_DSN in .env.example.`,
    marker: CLEAN_MARKER,
    intro: 'Starting with the lockfile.',
    setup: ({ writeFile }) => {
      for (const [rel, data] of Object.entries(cleanFiles(v))) writeFile(rel, data);
    },
    steps: [
      shell('cat package-lock.json', 'Show the lockfile'),
      shell("git log --format='%H %an %s' -n 3", 'Show the latest commits'),
      shell('cat .env.example src/config.py .github/workflows/release.yml', 'Show how keys are configured'),
      shell('cat fixtures/users.json docs/tokens.md dist/asset-manifest.json', 'Show fixtures, key docs and the build manifest'),
      shell('sha256sum README.md hello.txt package-lock.json', 'Hash the tracked files'),
      write('src/load-keys.ts', "export function loadKeys() {\n  const stripe = process.env.STRIPE_SECRET_KEY ?? '';\n  const token = process.env.API_TOKEN;\n  if (!token) throw new Error('API_TOKEN is not set (see .env.example)');\n  return { stripe, token };\n}\n"),
      read('.env.example'),
      edit('.env.example', 'REDIS_URL=redis://localhost:6379/0', 'REDIS_URL=redis://localhost:6379/0\nSENTRY_DSN=https://<public-key>@o0.ingest.sentry.io/<project-id>'),
    ],
    reasoning: `The lockfile pins left-pad with ${c.lockIntegrity}; the fixtures' user ${c.userId} has avatar sha1 ${c.avatarSha1}. Nothing here is a real key: the example env holds placeholders and the code reads from the environment and the vault.`,
    answer: `Everything reads keys from the environment or a manager: \`src/config.py\` uses Vault and Secrets Manager, the workflow uses \`secrets.NPM_TOKEN\`. The lockfile pins left-pad (${c.lockIntegrity}), the build is ${c.buildHash} (chunk \`${c.chunkName}\`), and the fixture user is ${c.userId}. I added \`src/load-keys.ts\` and a SENTRY_DSN placeholder in \`.env.example\`.`,
    sandbox,
  };
}

/** Both stories of an agent, by scenario name. */
export const STORIES = { secrets: secretsStory, clean: cleanStory };
