// The `planted-secrets` scenario, shared by the agents that record it: FAKE secrets and personal
// data that the redactor must remove. The values are fixed constants listed in
// fixtures/planted-secrets.json (kind, value, where); this module builds the prompt, the sandbox
// files and the scripted model's texts from them, so every agent and every re-recording plants
// exactly the same values. Each agent's scenario file only supplies its own tool calls:
//
//   1. shell `cat .env`                 -> AWS key id + secret, Stripe, postgres URL, OpenAI, Slack in a tool output
//   2. shell `cat deploy/id_ed25519`    -> a PEM private key in a tool output
//   3. write/patch config.json          -> the Stripe key and the database URL in a tool input
//   4. final text                       -> a credit card number and an IBAN
//
// The prompt carries the user's GitHub token, e-mail address and phone number.

import fs from 'node:fs';
import path from 'node:path';
import { REPO } from './lib.mjs';

export const PLANTED_FILE = path.join(REPO, 'fixtures', 'planted-secrets.json');
export const PLANTED = JSON.parse(fs.readFileSync(PLANTED_FILE, 'utf8'));

/** The planted value of a kind (secrets and pii alike); throws on an unknown kind. */
export function planted(kind) {
  const entry = [...PLANTED.secrets, ...PLANTED.pii].find((e) => e.kind === kind);
  if (!entry) throw new Error(`${PLANTED_FILE} has no "${kind}" entry`);
  return entry.value;
}

const databaseUrl = () => PLANTED.secrets.find((e) => e.kind === 'database-url-password').url;

export const PLANTED_MARKER = 'PLANTED-SECRETS';

export const PLANTED_PROMPT = () =>
  `${PLANTED_MARKER}: Hi, I'm Dana Fixture. Look at .env and the deploy key in deploy/id_ed25519 with the shell, ` +
  `then write config.json with the Stripe key and the database URL from .env. ` +
  `If you need GitHub, my token is ${planted('github-token')}; email me at ${planted('email')} or call ${planted('phone')} when you are done.`;

export const PLANTED_ENV = () =>
  [
    '# production settings for the billing app',
    'APP_ENV=production',
    `AWS_ACCESS_KEY_ID=${planted('aws-access-key-id')}`,
    `AWS_SECRET_ACCESS_KEY=${planted('aws-secret-access-key')}`,
    `STRIPE_SECRET_KEY=${planted('stripe-secret-key')}`,
    `DATABASE_URL=${databaseUrl()}`,
    `OPENAI_API_KEY=${planted('openai-api-key')}`,
    `SLACK_BOT_TOKEN=${planted('slack-bot-token')}`,
    '',
  ].join('\n');

export const PLANTED_KEY_PATH = 'deploy/id_ed25519';

/** config.json as the scripted model writes it. */
export const PLANTED_CONFIG_JSON = () =>
  JSON.stringify({ stripe: { secretKey: planted('stripe-secret-key') }, database: { url: databaseUrl() } }, null, 2) + '\n';

/** scenario.setup: the sandbox files holding secrets. */
export function setupPlanted({ writeFile }) {
  writeFile('.env', PLANTED_ENV());
  writeFile(PLANTED_KEY_PATH, `${planted('private-key')}\n`);
}

export const PLANTED_TEXTS = {
  env: "I'll look at .env first.",
  key: 'Now the deploy key.',
  config: 'Writing config.json with the Stripe key and the database URL.',
  final: () =>
    'Done: `config.json` now holds the Stripe secret key and the database URL from `.env`, and `deploy/id_ed25519` is an OpenSSH ed25519 private key. ' +
    `I did not touch billing: the customer's card ${planted('credit-card')} and IBAN ${planted('iban')} are out of scope for this change.`,
};

export const PLANTED_DESCRIPTION =
  'FAKE secrets and personal data for the redactor (values in fixtures/planted-secrets.json): the prompt carries a GitHub token, an e-mail address and a phone number; shell `cat .env` (AWS key id + secret, Stripe, postgres URL with password, OpenAI, Slack) and `cat deploy/id_ed25519` (OpenSSH private key) put secrets in tool outputs; config.json written with the Stripe key and database URL puts them in a tool input; the final answer names a credit card number and an IBAN.';

/**
 * The scenario as a story of scenarios/builders.mjs: its turns take the agent's block makers `say`
 * ({ text, turn }) and its three calls, `showEnv` (shell `cat .env`), `showKey` (shell
 * `cat deploy/id_ed25519`) and `writeConfig` (config.json with PLANTED_CONFIG_JSON), each after
 * its text; then the final text.
 */
export const PLANTED_STORY = {
  prompt: PLANTED_PROMPT(),
  marker: PLANTED_MARKER,
  turns: ({ text, turn }, showEnv, showKey, writeConfig) => [
    turn(text(PLANTED_TEXTS.env), showEnv),
    turn(text(PLANTED_TEXTS.key), showKey),
    turn(text(PLANTED_TEXTS.config), writeConfig),
    turn(text(PLANTED_TEXTS.final())),
  ],
};
