/**
 * The generic named-value detector (redaction/rules/generic-named-value.ts) and its value judge
 * (redaction/value-judge.ts), with examples written here: print formats no specific rule reads,
 * what the judge refuses and why, and how its findings merge with a specific rule's.
 */
import { describe, expect, it } from 'vitest';
import { builtinProfile } from '../redaction/profiles.js';
import { compileRules } from '../redaction/scanner.js';
import { rulesFor } from '../redaction/redactor.js';
import { GENERIC_NAMED_VALUE_RULES } from '../redaction/rules/generic-named-value.js';
import { type Refusal, refusalOf, randomSecretShaped } from '../redaction/value-judge.js';

const alone = compileRules(GENERIC_NAMED_VALUE_RULES);
const standard = compileRules(rulesFor(builtinProfile('standard')!));
const found = (text: string) => alone.scan(text).map((finding) => text.slice(finding.start, finding.end));

describe('generic-secret-named-value: a value next to a secret-ish name, through any separator', () => {
  it.each([
    ['Passphrase ⟶ Bn7#qLw2Xe', 'Bn7#qLw2Xe'],
    ['│ db_passwd      │ Ty5-pQm8Rw    │', 'Ty5-pQm8Rw'],
    ['  ..$ ClientSecret : chr "Gh3vX9-pqL2w"', 'Gh3vX9-pqL2w'],
    ['{"smtp", [{auth_pass, <<"Rm4!zQe8Lv">>}]}', 'Rm4!zQe8Lv'],
    ['(list (cons \'api-token "Kx8vR2nQ7tZ4wP1m"))', 'Kx8vR2nQ7tZ4wP1m'],
    ['Service account token = b"Wq2Zr8Xk5Lp9Tn3V"', 'Wq2Zr8Xk5Lp9Tn3V'],
    ['upstream_psk => Vd6_kJ3pWq9', 'Vd6_kJ3pWq9'],
    ['The deploy password was  Pz4@kWm7Qx today', 'Pz4@kWm7Qx'],
    ['BACKUP_PASSPHRASE\n  Jn5%tLq8Vc\n', 'Jn5%tLq8Vc'],
    ['Contraseña: Lm3#pXr9Qz', 'Lm3#pXr9Qz'],
    ['login failed for api key ("Hd72kPq9ZxLm4Rw8")', 'Hd72kPq9ZxLm4Rw8'],
    ['recovery passphrase: lantern-velvet-marble-73', 'lantern-velvet-marble-73'],
    ['bearer: Tq8Lm2Xv9Rz4Kw7Pn3Bd6Yc...', 'Tq8Lm2Xv9Rz4Kw7Pn3Bd6Yc'],
    ['signing with key Nq4Zt8Lx2Vm7Rk9Wp3Bc6Yh', 'Nq4Zt8Lx2Vm7Rk9Wp3Bc6Yh'],
    // an ampersand inside a password is no HTML entity
    ['master_secret -> k7&mp*Qz&w4R', 'k7&mp*Qz&w4R'],
  ])('%j', (text, secret) => {
    expect(found(text)).toEqual([secret]);
  });

  it.each([
    // code and expansions
    'password: ${SMTP_PASSWORD}',
    'token = fetch_token(session)',
    'secret => settings.SIGNING_SECRET',
    'apiKey: process.env.API_KEY',
    'password = "%{DB_PASS}"',
    // references, masks, placeholders
    'db_password: vault:secret/data/db#password',
    'password │ ••••••••',
    'API_TOKEN=***',
    'token: [FILTERED]',
    'password: &lt;secret&gt;',
    'password: (hidden)',
    // paths, URLs, options, numbers, dates, keywords, names
    'secret_file: /etc/app/secret.key',
    'token_url: https://auth.example.org/oauth/token',
    'docker login --password-stdin 123456789012.dkr.ecr.us-east-2.amazonaws.com',
    "vault_secret: 'kv/data/billing:smtp_password'",
    'password -> --password-file',
    'token_ttl: 86400',
    'token: 2025-03-14T09:26:53Z',
    'password: required',
    'password => DB_PASSWORD',
    'secret: RailsEncryptedCredentials',
    'passphrase: correct-horse-battery',
    // comparisons, calls, member access, indexes right after the name
    'if token == "Wq2Zr8Xk5Lp9Tn3V":',
    'password.length > 12',
    'token[0] = "Wq2Zr8Xk5Lp9Tn3V"',
    // where the name is no name: a path step, a colon path, a test result, a public or lookup key
    'https://docs.example.org/secret/Wq2Zr8Xk5Lp9Tn3V',
    'arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-Ab3Xy9',
    'PASS: suite/auth.exp: rejects bad password',
    '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEq9Lm2Vx8Kz4Wt7Rn3Bc5Pd6Yh1',
    'Cache key: build-v3-Wq2Zr8Xk5Lp9Tn3V',
    'signing key 4AEE18F83AFDEB23',
  ])('leaves %j', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('value judge', () => {
  it.each<[string, Refusal]>([
    ['Ab1!', 'short'],
    ['two words here', 'phrase'],
    ['<secret-here>', 'mask'],
    ['REDACTED', 'mask'],
    ['protected.', 'mask'],
    ['getSecret(name)', 'code'],
    ['{{vault_pw}}', 'code'],
    ['[A-Za-z0-9]{16}', 'code'],
    ['op://ops/db/password', 'reference'],
    ['https://example.org/x', 'url'],
    ['./secrets/dev.env', 'path'],
    ['server.pem', 'file-name'],
    ['1.24.3-rc1', 'number'],
    ['disabled', 'keyword'],
    ['--from-literal', 'option'],
    ['ops@example.org', 'e-mail'],
    ['SMTP_AUTH_PASSWORD', 'same-name'],
    ['MAX_RETRY_COUNT', 'identifier'],
    ['vanilla_ice_cream', 'identifier'],
    ['0123456789abcdef0123456789abcdef01234567', 'shielded'],
    ['green-apple-pie', 'identifier'],
    ['Blue-Harbor-Lane', 'words'],
    ['ABCDEFGHIJKLMNOP', 'identifier'],
    // a leading + is code's unless base64 with a digit follows
    ['+suffixOfTheName', 'code'],
    ['+lowerCaseWordsAndMore', 'code'],
  ])('refuses %j as %s', (value, reason) => {
    expect(refusalOf(value, 'SMTP_AUTH_PASSWORD')).toBe(reason);
  });

  it.each(['Tr0ub4dor&3', 'sunflower42', 'Wv3-plum-Qx81', 'q8Vt3LmZ0pXr7Kw2Nf5Bh9Yc', 'q9Lm2Vx8Kz4Wt7Rn3Bc5Pd6Yh1s=', 'Protected!Kx8vR2', 'Blank7Page!77', '+Wq8Lm2Vx7Zt3Kp9Rn4Bc6Yh1Fs5Jd0GaTe8Nw3'])('accepts %j', (value) => {
    expect(refusalOf(value, 'password')).toBeNull();
  });

  it('asks more of a value under a bare key: drawn at random, sixteen characters, not hex', () => {
    expect(randomSecretShaped('Nq4Zt8Lx2Vm7Rk9Wp3Bc6Yh', 'key')).toBe(true);
    expect(randomSecretShaped('sunflower42', 'key')).toBe(false);
    expect(randomSecretShaped('4AEE18F83AFDEB23C0D1', 'key')).toBe(false);
  });
});

describe('merging with the specific rules', () => {
  it("keeps a specific rule's id where both find the value", () => {
    const text = 'DB_PASSWORD="Zx8!kq2Lm9Vw"';
    expect(found(text)).toEqual(['Zx8!kq2Lm9Vw']);
    const findings = standard.scan(text);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.ruleId).not.toBe('generic-secret-named-value');
    expect(text.slice(findings[0]!.start, findings[0]!.end)).toBe('Zx8!kq2Lm9Vw');
  });

  it('names itself where only it finds the value', () => {
    const text = 'BACKUP_PASSPHRASE\n  Jn5%tLq8Vc\n';
    const findings = standard.scan(text);
    expect(findings.map((finding) => finding.ruleId)).toEqual(['generic-secret-named-value']);
  });
});
