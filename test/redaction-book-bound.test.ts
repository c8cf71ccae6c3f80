/**
 * The placeholder book remembers every secret a transcript shows, not only its first few dozen: a
 * secret found once is replaced wherever its bare copies stand, later and in the same string, also
 * after a hundred others (a pasted `.env`, a dump of a secret store). With a bound of 64 the 65th
 * secret's copies were left in place; with one of 2,048, the 2,049th's. There is no bound now: past
 * the first few hundred the book files secrets in a rolling-hash index (literal-windows.ts).
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { LiteralWindows } from '../redaction/literal-windows.js';

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

  it('replaces later bare copies of each of 5,000 secrets, in one string and many', () => {
    const many = Array.from({ length: 5000 }, (_, i) => secretNumber(i));
    const redact = createTextRedactor('standard');
    for (let i = 0; i < many.length; i += 50) redact(many.slice(i, i + 50).map((secret, k) => `WORKER_${i + k}_API_TOKEN=${secret}`).join('\n'));
    const together = redact(many.map((secret) => `seen ${secret} again`).join('\n')).text;
    expect(many.filter((secret) => together.includes(secret))).toEqual([]);
    const last = many[many.length - 1]!;
    expect(redact(`the newest one: ${last}.`).text).not.toContain(last);
  });
});

describe('the rolling-hash index of literals', () => {
  it('finds each filed literal where it stands, the longer of two sharing a start', () => {
    const windows = new LiteralWindows();
    for (const literal of ['Hq4vLm8zTx', 'Hq4vLm8zTx-tail9', 'Pw7kRn2cVb']) windows.add(literal);
    const text = 'a Hq4vLm8zTx-tail9 b Hq4vLm8zTx, Pw7kRn2cVbPw7kRn2cVb';
    expect(windows.find(text).map((m) => text.slice(m.start, m.end))).toEqual(['Hq4vLm8zTx-tail9', 'Hq4vLm8zTx', 'Pw7kRn2cVb', 'Pw7kRn2cVb']);
  });

  it('reports an overlapping copy that reaches further, and nothing in text without one', () => {
    const windows = new LiteralWindows();
    windows.add('Zx5nQ8wZx5nQ8');
    expect(windows.find('Zx5nQ8wZx5nQ8wZx5nQ8').map((m) => [m.start, m.end])).toEqual([
      [0, 13],
      [7, 20],
    ]);
    expect(windows.find('Zx5nQ8w Zx5nQ8 nothing here')).toEqual([]);
    expect(() => windows.add('short')).toThrow(RangeError);
  });
});
