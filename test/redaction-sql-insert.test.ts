/** `sql-insert-secret` is tried where its keyword (`insert`) starts: it must find what a search of the whole text finds. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/redaction/prng.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';

const rule = BUILTIN_RULES.find((r) => r.id === 'sql-insert-secret')!;
const detect = rule.detector!;

/** Where `insert` starts, in any case, in order: what the scanner gives the detector. */
function keywordStarts(text: string): number[] {
  const lower = text.toLowerCase();
  const starts: number[] = [];
  for (let at = lower.indexOf('insert'); at !== -1; at = lower.indexOf('insert', at + 1)) starts.push(at);
  return starts;
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;

function statement(rng: Rng): string {
  const verb = pick(rng, ['INSERT INTO', 'insert into', 'Insert\tInto', 'REINSERT INTO', 'INSERT  INTO', 'INSERT OR IGNORE INTO', 'insert']);
  const table = pick(rng, ['users', '"api_clients"', '`accounts`', 'app.users', '[dbo].[Logins]']);
  const columns = pick(rng, ['(id, email, password)', '(name, client_secret)', '(id, token_hash)', '(email)', '(user, pwd, note)', '(insert_key, api_key)']);
  const rows = Array.from({ length: 1 + Math.floor(rng.next() * 3) }, () =>
    `(${pick(rng, ["7, 'ann@corp.example', 'Tq8#vLm2Kz'", "'billing', 'Wn4Kz8Qv2Lm7Xt3R'", "'x', 'insert into t (password) values (''Hb6Rt2Vx9'')'", "1, 'o''brien', 'Zq7!mK2vLx'", "'a', 'b', 'c'"])})`,
  ).join(pick(rng, [', ', ',\n', ' , ']));
  return `${verb} ${table} ${columns}${pick(rng, [' VALUES ', '\nvalues ', ' values', ' VALUES\n  '])}${rows}${pick(rng, [';', '', ' -- insert more'])}`;
}

describe('sql-insert-secret, tried where `insert` starts', () => {
  it('finds in the rule examples and in random text exactly what a search of the whole text finds', () => {
    const texts = [...rule.examples.match, ...rule.examples.noMatch];
    const rng = new Rng('sql-insert-secret');
    for (let i = 0; i < 2000; i++) texts.push(Array.from({ length: 1 + Math.floor(rng.next() * 3) }, () => statement(rng)).join(pick(rng, ['\n', ' ', '; '])));
    let found = 0;
    for (const text of texts) {
      const whole = [...detect(text)];
      expect([...detect(text, keywordStarts(text))], JSON.stringify(text)).toEqual(whole);
      found += whole.length;
    }
    expect(found).toBeGreaterThan(500);
  });
});
