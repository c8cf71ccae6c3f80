/**
 * Secrets quoted in error and log messages (redaction/rules/secret-messages.ts), printed by Python,
 * Node, Ruby, Perl, PHP and Go (test/program-captures/secret-messages/), and the same messages with
 * no secret in them; then forms written from the grammar, and what must stay.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { SECRET_MESSAGE_RULES } from '../redaction/rules/secret-messages.js';

const DIR = join(import.meta.dirname, 'program-captures', 'secret-messages');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');
const standard = (text: string) => createTextRedactor('standard')(text).text;
const [RULE] = SECRET_MESSAGE_RULES;

function findsOf(text: string): string[] {
  const lower = text.toLowerCase();
  const starts = new Set<number>();
  for (const keyword of RULE!.keywords) for (let at = lower.indexOf(keyword); at >= 0; at = lower.indexOf(keyword, at + 1)) starts.add(at);
  return [...RULE!.detector!(text, [...starts].sort((a, b) => a - b))].map((span) => text.slice(span.start, span.end));
}

const PLANTED: Record<string, readonly string[]> = {
  'python-3-logging-and-exceptions.txt': ['q7wz2mfk9x4pvd0', 'Lm4-quince-Rz8t', 'wq9z3kd8m2xv7np', 'Hs6-tamarack-Vq2n', 'pz4k8wq2nx7vm3c', 'Tk8mQ2vLx7Zp3Rw', 'Wd3-hornbeam-Kq7z'],
  'node-errors-and-logs.txt': ['Rv7-sassafras-Lm3q', 'xb3n9qk2wz7vm4t', 'Cz8-wisteria-Pq4n', 'ny6v2xq8kz3wm7p'],
  'ruby-errors-and-logger.txt': ['Gm5-tupelo-Wx8k', 'kd7w2qz9xm4pv8n', 'Fq3-mulberry-Zt6v'],
  'perl-die-and-warn.txt': ['Bx4-hawthorn-Nq9z', 'Vw8-catalpa-Lm2x'],
  'php-exceptions-and-error-log.txt': ['Qz2-ginkgo-Wt7m', 'Hp9-locust-Xk3w'],
  'go-errors-and-log.txt': ['Mq6-redbud-Zx4v', 'vn8q3xk7wz2pm5d', 'Tr5-buckeye-Wq8m', 'tk4wq9zx2mv7n8p'],
};

describe('secrets quoted in messages, as programs print them', () => {
  it.each(Object.entries(PLANTED))('%s: every planted value is gone, the lines with none stay', (file, planted) => {
    const text = read(file);
    const out = standard(text);
    for (const value of planted) expect(out, value).not.toContain(value);
    for (const line of text.split('\n')) if (line !== '' && !planted.some((value) => line.includes(value))) expect(out).toContain(line);
  });
});

describe('the message grammar', () => {
  it.each([
    ["The value 'q7wz2mfk9x4pvd0' is not a valid token.", 'q7wz2mfk9x4pvd0'],
    ['“Lm4-quince-Rz8t” is not a recognised API key', 'Lm4-quince-Rz8t'],
    ["'Kq8v2Lm9Zt4W' is an invalid client secret", 'Kq8v2Lm9Zt4W'],
    ['Error: Invalid API key: q7wz2mfk9x4pvd0', 'q7wz2mfk9x4pvd0'],
    ['rejecting password Fq3-mulberry-Zt6v for user deploy', 'Fq3-mulberry-Zt6v'],
    ['signing with secret Hs6-tamarack-Vq2n', 'Hs6-tamarack-Vq2n'],
    ['session token pz4k8wq2nx7vm3c is revoked', 'pz4k8wq2nx7vm3c'],
  ])('finds the secret in %j', (text, secret) => {
    expect(findsOf(text)).toEqual([secret]);
  });

  it.each([
    "The value 'abc' is not a valid token.",
    "'main' is not a valid API key",
    "'9f8a7c6b5d4e3f2a1b0c9f8a7c6b5d4e3f2a1b0c' is not a valid token hash",
    "'user@example.com' is not a valid password reset address",
    '"/etc/app/token.txt" is not a valid token',
    'Invalid API key: please check your settings in config.yaml',
    'Invalid API key: {api_key}',
    'Invalid API key: $OPENAI_API_KEY',
    'Invalid API key: sk-************************abcd',
    'invalid token at line 12 column 4',
    'using token GITHUB_TOKEN from the environment',
    'with password authentication enabled since v2.3.1',
    'for token refresh see https://docs.example.com/auth/tokens',
    'Token 1234 has expired',
    'rejected token v1.2.3 because the version is old',
    'using secret /run/secrets/db_password',
    'Unknown token kind2 in expression at 3:14',
    'with token counts of 120000 and 4096',
    'using password hashing with argon2id and 64 MiB',
  ])('leaves %j', (text) => {
    expect(findsOf(text)).toEqual([]);
  });
});
