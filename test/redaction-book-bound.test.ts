/**
 * The placeholder book remembers every secret a transcript shows, not only its first few dozen: a
 * secret found once is replaced wherever its bare copies stand, later and in the same string, also
 * after a hundred others (a pasted `.env`, a dump of a secret store). With a bound of 64 the 65th
 * secret's copies were left in place.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

/** Distinct, secret-shaped values (letters and digits, not words). */
const secretNumber = (i: number) => `Qz${(i * 7919 + 104729).toString(36)}Xk${(i * 31 + 17).toString(16)}Wm9`;

describe('the placeholder book', () => {
  const COUNT = 300;
  const secrets = Array.from({ length: COUNT }, (_, i) => secretNumber(i));

  it('replaces later bare copies of each of 300 secrets', () => {
    const redact = createTextRedactor('standard');
    for (const [i, secret] of secrets.entries()) redact(`export SERVICE_${i}_API_TOKEN=${secret}`);
    const later = redact(secrets.map((secret) => `echo ${secret}`).join('\n')).text;
    expect(secrets.filter((secret) => later.includes(secret))).toEqual([]);
  });

  it('replaces a bare copy in the same string as the place that names it, after 300 others', () => {
    const redact = createTextRedactor('standard');
    for (const [i, secret] of secrets.entries()) redact(`SERVICE_${i}_API_TOKEN=${secret}`);
    const last = 'Lp4vR8nQ2wZ7tK9mB3xD';
    const out = redact(`DEPLOY_API_TOKEN=${last}\nthe value read back was ${last} (ok)`).text;
    expect(out).not.toContain(last);
  });
});
