/**
 * Values that stand in for a secret or point at one (issue 12's false positives), written here
 * in the shapes of the files that hold them: env files, properties, YAML, JSON manifests, source,
 * a line of a diff, a heredoc.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { isReferenceValue } from '../redaction/references.js';
import { isCountingOrRepeated, isStandIn } from '../redaction/stand-ins.js';

const LEFT_ALONE = [
  // documentation placeholders and instructions
  'DB_PASSWORD=change_me_in_production',
  'ADMIN_PASSWORD=ChangeMe123!',
  'mailer.password=change-this-password',
  'password=replace_me_before_deploy',
  'truststore.password=changeit',
  'smtp:\n  user: relay\n  password: fill_me_in',
  'REPLICA_PASSWORD=unset\nAUDIT_API_TOKEN=TBD',
  'auth_token = "not_a_real_token"',
  'APP_KEY=base64:your-app-key',
  'CACHE_URL=redis://:yourpassword@localhost:6379/0',
  'DATABASE_URL=mysql://shop:shop_password@127.0.0.1/shop',
  // test fakes
  'STRIPE_SECRET_KEY=sk_test_fake_4242424242',
  '+STRIPE_SECRET_KEY=sk_test_fake_00000000',
  'const token = "fake_github_token_123";',
  'API_KEY=fake-api-key-12345',
  'GITHUB_TOKEN=ghp_fakeTokenForTesting',
  "const apiKey = 'test-api-key-abc123';",
  'OPENAI_API_KEY=sk-test-key-123',
  'SMTP_PASSWORD=example_smtp_password',
  '    expect(login("ada", "invalid_password")).rejects;\n    password: "incorrect-password-1",',
  "  it('rejects', async () => { await signIn({ password: 'bad-password' }) })",
  'password = "123456789"',
  'DATABASE_URL=postgres://app:fake-password-1@localhost/app_test',
  "cat <<'YAML' > values.yaml\nauth:\n  password: changeme-now\n  apiKey: fake-key-0000\nYAML",
  '-password: changeme123\n+password: ${DB_PASSWORD}',
  // under a secret's name, but a package and its version, or a secret manager's command
  '"password-validator": "^5.3.0",\n"token-types": "~5.0.1",',
  'implementation("io.jsonwebtoken:jjwt-api:0.12.5")',
  'export SLACK_TOKEN=`pass show slack/bot`',
  'DEPLOY_KEY=`vault kv get -field=key secret/deploy`',
  // expressions cut short at a space or an escaped quote, and build-time tokens
  'docker login -u AWS -p $(aws ecr get-login-password --region eu-west-1) 210987654321.dkr.ecr.eu-west-1.amazonaws.com',
  'token = "{{ with secret \\"kv/data/ci\\" }}{{ .Data.data.token }}{{ end }}"',
  'jdbc.password=@jdbc.password@',
  'admin:\n  password: !!str changeme',
  // a name in a template's brackets, a vendor's prefix before nothing real, an empty key block
  'partner_api_key = "<<PARTNER_API_KEY>>"',
  'webhook_secret = "[[WEBHOOK_SECRET]]"',
  'DEPLOY_TOKEN=##DEPLOY_TOKEN##',
  'smtp_password: "(hidden)"',
  'HF_TOKEN=hf_<paste-your-token>',
  'export GITLAB_TOKEN=glpat-...',
  'OPENAI_API_KEY=sk-demo42',
  'STRIPE_KEY=sk_live_12345678901234567890',
  'SLACK_BOT_TOKEN=xoxb-111-222-abc',
  'GH_TOKEN=ghp_1234567890abcdefghijklmnopqrstuvwxyz',
  'AUTH_SECRET=generate-a-secret-with-openssl-rand',
  'jwt.signing-key=ThisIsAKeyForLocalTestingOnly',
  '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n<paste the key here>\\n-----END PRIVATE KEY-----\\n"}',
  '-----BEGIN EC PRIVATE KEY-----\n...\n-----END EC PRIVATE KEY-----',
  // a key file's placeholder shown by a reader inside JSON (its line ends escaped twice)
  '4 |   "private_key": "-----BEGIN RSA PRIVATE KEY-----\\\\n<your key goes here>\\\\n-----END RSA PRIVATE KEY-----\\\\n",',
  // an API key's id (a type prefix and a ULID-shaped body) named in prose beside its masked secret
  'Its api key key_01JD4Q8ZC7M2XWAB5RT9HVKE3N is listed with a masked secret.',
  // an image pinned by its digest after an empty `-e NAME=` (a name and a digest, not a value)
  'docker run -e API_TOKEN= -e DB_PASSWORD= registry.internal:5000/payments/api:2.3@sha256:4f0c1a9be27d63a85c0e9f17b2d48c6a3e5f70b91d2c48e6a0b3f95d7c1e28a4 serve',
  // HTTP Basic credentials whose password is trivial
  `curl -H "Authorization: Basic ${Buffer.from('ci:testing').toString('base64')}" http://127.0.0.1:8080/`,
];

/** Real-looking secrets keep being removed, whatever the words around them. */
const STILL_REMOVED = [
  'STRIPE_SECRET_KEY=sk_test_fake_9xQ2vLm7ZpR4tW8nKb3Yc6Hd',
  'password: "MapleMaple64"',
  'TEST_API_KEY=Zp4Qx8Lm2Vk7Rt9Wn3Bc6Yh1',
  'password: "example-Kq9#vL2x!Tm"',
  'DATABASE_URL=postgres://app:Xk9v2Lq7mZ@localhost/app_test',
  'jwt.signing-key=ThisIsAKeyForKqVxLmTzWpRb',
  'STRIPE_KEY=sk_live_51Hx9QvLm2ZpR4tW8nKb3Yc6Hd',
  `curl -H "Authorization: Basic ${Buffer.from('ci:Zq8vLm2xKp').toString('base64')}" http://127.0.0.1:8080/`,
  '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkq7Lm2Vx9Zp4Qw8Rt3Yn6Hc1Jd5Fg0AsoAoGCCqGSM49AwEHoUQDQgAE\n-----END EC PRIVATE KEY-----',
];

describe('stand-ins and references under a secret name (standard profile)', () => {
  const redact = (text: string) => createTextRedactor('standard')(text).text;
  it.each(LEFT_ALONE)('leaves %j alone', (text) => expect(redact(text)).toBe(text));
  it.each(STILL_REMOVED)('removes the secret in %j', (text) => expect(redact(text)).not.toBe(text));
});

describe('isStandIn', () => {
  it('takes fake words, instructions and counted values for stand-ins', () => {
    for (const value of ['dummy_password_1', 'mock-secret', 'testpass', 'yourpassword', 'change-me', '0123456789', 'abcabcabc']) {
      expect(isStandIn(value), value).toBe(true);
    }
  });
  it('does not take a value with a random run, a phrase, or a bare hint word for one', () => {
    for (const value of ['sk_test_4eC39HqLyjWDarjtT1zdp7dc', 'fake_Zp4Qx8Lm2Vk7Rt9W', 'test-horse-battery', 'bad horse', 'Tr0ub4dor&3x']) {
      expect(isStandIn(value), value).toBe(false);
    }
  });
});

describe('isStandIn on HTTP Basic credentials (base64 of user:password)', () => {
  const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');
  it('takes a trivial password for a stand-in, whatever the padding', () => {
    for (const pair of ['user:pass', 'admin:admin', 'ci:testing', 'root:123', 'bob:demo']) expect(isStandIn(base64(pair)), pair).toBe(true);
  });
  it('does not take a real password, or bytes outside ASCII around a trivial one', () => {
    for (const pair of ['ci:Zq8vLm2xKp', '\u00ffx:test', 'user:t\u00e9st', 'user:pass\u0080']) expect(isStandIn(base64(pair)), JSON.stringify(pair)).toBe(false);
  });
});

describe('isCountingOrRepeated', () => {
  it('knows counted and repeated runs from drawn ones', () => {
    expect(isCountingOrRepeated('12345678')).toBe(true);
    expect(isCountingOrRepeated('42424242')).toBe(true);
    expect(isCountingOrRepeated('abc-123')).toBe(true);
    expect(isCountingOrRepeated('a1b2c3d4')).toBe(false);
    expect(isCountingOrRepeated('MapleMaple64')).toBe(false);
    expect(isCountingOrRepeated('83920174')).toBe(false);
  });
});

describe('isReferenceValue', () => {
  it('knows version ranges, package coordinates and secret managers\' commands', () => {
    for (const value of ['^5.3.0', '>=2.1', 'jjwt-api:0.12.5', 'jsonwebtoken@9.0.2', 'op read op://dev/api/credential', 'gcloud secrets versions access latest', '$(aws', '{{ with secret', '@db.password@', '!!str', 'gopass://prod/db', 'cyberark://safe/object', 'env://DB_PASSWORD', 'bw://0c3e5a7f-2b4d-4e6a-9f8c-3d2e1f4a5b6c/password', 'file:///run/secrets/db_password', 'gcpkms://projects/p/locations/global/keyRings/r/cryptoKeys/k']) {
      expect(isReferenceValue(value), value).toBe(true);
    }
  });
  it('knows template expressions, alone or joined (HEEx, JSX, f-strings, shell, Ruby, ERB)', () => {
    for (const value of ['{row.api_token}', '{cell.window_id}:{cell.tab_id}', '${scheme}://${host}', '#{owner}/#{repo}', '<%= @user %>:<%= @pass %>', '{format_key(entry)}']) {
      expect(isReferenceValue(value), value).toBe(true);
    }
  });
  it('does not take a password for one', () => {
    for (const value of ['5.3.0!Lq', 'pass-Kq9vL2x', 'vault2026!', '!!Xk9v2Lq', '!Secret123', 'https://deploy:Kq9vL2x@host/db', 'file://Kq9vL2x@x', 'Wq4{Lm8}Zx2', '{Lm8Zx2}Qr7v']) {
      expect(isReferenceValue(value), value).toBe(false);
    }
  });
});
