/**
 * Detectors that are given where their rule's keywords start and use them to do less: they must
 * find what they find in the whole text without them.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/redaction/prng.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import { CONNECTED_QUOTE, PROSE_NAMED_VALUE } from '../redaction/rules/structural.js';
import type { Rule } from '../redaction/types.js';

const ruleOf = (id: string): Rule => BUILTIN_RULES.find((r) => r.id === id)!;

/** Where the rule's keywords start, in any case, in order: what the scanner gives the detector. */
function keywordStarts(rule: Rule, text: string): number[] {
  const lower = text.toLowerCase();
  const starts: number[] = [];
  for (let at = 0; at < lower.length; at++) if (rule.keywords.some((keyword) => lower.startsWith(keyword, at))) starts.push(at);
  return starts;
}

/** The rule's detector on each text, given its keywords' starts and not: the same spans, and at least `least` of them in all. */
function expectSameWithStarts(rule: Rule, texts: readonly string[], least: number): void {
  expect(rule.keywordStarts).toBe(true);
  let found = 0;
  for (const text of texts) {
    const whole = [...rule.detector!(text)];
    expect([...rule.detector!(text, keywordStarts(rule, text))], JSON.stringify(text)).toEqual(whole);
    found += whole.length;
  }
  expect(found).toBeGreaterThanOrEqual(least);
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

function manifest(rng: Rng): string {
  const kind = pick(rng, ['kind: Secret', 'kind: secret', 'kind: SECRET', 'kind: ConfigMap', '"kind":"Secret"', 'kind:\tSecret', '\\"kind\\": \\"Secret\\"', 'kind: Secrets']);
  const data = pick(rng, ['data:\n  password: czNjcjN0LVBhc3M=\n  api-token: Y2hhbmdlbWU=\n', 'stringData:\n  token: Wms5WHFMbTgzTnZCdDcx\n', '"data":{"token":"Wms5WHFMbTgzTnZCdDcx"}', 'metadata:\n  name: secret-store\n']);
  return `${pick(rng, ['', 'apiVersion: v1\n', '# the secret for the db\n'])}${kind}\n${data}`;
}

describe('detectors tried where their keywords start', () => {
  it('sql-insert-secret (at `insert`) finds in its examples and in generated statements what a search of the whole text finds', () => {
    const rule = ruleOf('sql-insert-secret');
    const rng = new Rng('sql-insert-secret');
    const texts = [...rule.examples.match, ...rule.examples.noMatch];
    for (let i = 0; i < 2000; i++) texts.push(Array.from({ length: 1 + Math.floor(rng.next() * 3) }, () => statement(rng)).join(pick(rng, ['\n', ' ', '; '])));
    expectSameWithStarts(rule, texts, 500);
  });

  it('wallet-mnemonic (tried only a few characters before its keywords) finds in every spelling of its name what a search of the whole text finds', () => {
    const rule = ruleOf('wallet-mnemonic');
    const rng = new Rng('wallet-mnemonic');
    const sep = () => pick(rng, ['', ' ', '_', '-']);
    const heads: Array<() => string> = [
      () => 'mnemonic',
      () => `seed${sep()}${pick(rng, ['phrase', 'words'])}`,
      () => `recovery${sep()}${pick(rng, ['phrase', 'words', 'seed'])}`,
      () => `secret${sep()}${pick(rng, ['', `recovery${sep()}`])}phrase`,
      () => `backup${sep()}${pick(rng, ['phrase', 'words', 'seed'])}`,
      () => `wallet${sep()}seed`,
      () => `${pick(rng, ['12', '15', '18', '21', '24'])}${pick(rng, [' ', '_', '-'])}word${pick(rng, ['', 's'])}${pick(rng, [' ', '_', '-'])}${pick(rng, ['phrase', 'backup', 'seed', 'mnemonic', 'recovery'])}`,
    ];
    const cased = (name: string) => pick(rng, [name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)]);
    const words = ['lobster', 'gravity', 'inmate', 'sugar', 'orbit', 'velvet', 'cabin', 'tribe', 'harvest', 'mango', 'evoke', 'plunge', 'Canvas', 'elder'];
    const entry = () => {
      const phrase = Array.from({ length: pick(rng, [11, 12, 12, 15, 24, 25]) }, () => pick(rng, words)).join(pick(rng, [' ', ' ', '\t']));
      return `${cased(pick(rng, heads)())}${pick(rng, ['', 'S', '_KEY', '-backup'])}${pick(rng, ['', ' is', ' were'])}${pick(rng, ['="', ': ', ' = ', "'", ' ', '\\"', ':'])}${phrase}${pick(rng, ['"', '', '.', ' and more'])}`;
    };
    const texts = [...rule.examples.match, ...rule.examples.noMatch];
    for (let i = 0; i < 3000; i++) {
      texts.push(Array.from({ length: 1 + Math.floor(rng.next() * 3) }, entry).join(pick(rng, ['\n', ' ', '; ', ' the seed words: '])));
    }
    expectSameWithStarts(rule, texts, 800);
  });

  it('sent-pass-command (searches only the lines of its keywords) finds what a search of the whole text finds', () => {
    const rule = ruleOf('sent-pass-command');
    const rng = new Rng('sent-pass-command');
    const line = () =>
      [
        pick(rng, ['', '[2026-03-02 18:40:11] (alice/libera) ', '14:02 ', 'x', '\\n']),
        pick(rng, ['ZNC -> IRC ', '>> ', '--> ', '=> ', 'C: ', 'SENDING: ', 'out: ', 'send ', '->' + ' '.repeat(70), 'c:', '']),
        pick(rng, ['', 'irc.libera.chat:6697 ', '[net] ', '[']),
        pick(rng, ['PASS', 'pass', 'Pass', 'PASSWORD', 'PASS\t']),
        pick(rng, [' ', '\t', '  ', '']),
        pick(rng, [':fernhill/oftc:Wb3-quartz-Hollow', 'Tq7#mire-Lantern22', 's3cr3t-Lark!92', '<your-password>', 'lftp@', 'x', ':a b c']),
        pick(rng, ['', ']', ' ] ', ' trailing', '\r']),
      ].join('');
    const texts = [...rule.examples.match, ...rule.examples.noMatch];
    for (let i = 0; i < 3000; i++) texts.push(Array.from({ length: 1 + Math.floor(rng.next() * 4) }, line).join(pick(rng, ['\n', '\r\n', ' ', '\\n'])));
    expectSameWithStarts(rule, texts, 800);
  });

  it('server-directive-secret (searches only the lines of its keywords) finds what a search of the whole text finds', () => {
    const rule = ruleOf('server-directive-secret');
    const rng = new Rng('server-directive-secret');
    const line = () =>
      [
        pick(rng, ['', '  ', '\t', '# ', 'x ']),
        pick(rng, ['SetEnv', 'setenv', 'RequestHeader set', 'Header always append', 'proxy_set_header', 'fastcgi_param', 'uwsgi_param', 'scgi_param', 'add_header', 'more_set_headers', 'env', 'ENV', 'Header']),
        pick(rng, [' ', '\t', '  ', '']),
        pick(rng, ['STRIPE_SECRET_KEY', 'X-Api-Key', '"Authorization"', 'DB_PASSWORD', 'LOG_LEVEL', 'Authorization']),
        pick(rng, [' ', '\t', '']),
        pick(rng, ['Rq4vN8xLm2Tz7Wp3Kd9Ys1Hb', '"Tz8mQ4vL2nR7xK1pW9bS3dH6"', '"Bearer Lk3vQ9mZ2xR7nT4pW8sD1fH5"', 'ember-Quilt-58', 'debug', '${SECRET}']),
        pick(rng, ['', ';', '; # rotated', ' ', '\r', '\u2028']),
      ].join('');
    const texts = [...rule.examples.match, ...rule.examples.noMatch];
    for (let i = 0; i < 3000; i++) texts.push(Array.from({ length: 1 + Math.floor(rng.next() * 4) }, line).join(pick(rng, ['\n', '\r\n', '\r', ' ', '\n\n'])));
    expectSameWithStarts(rule, texts, 800);
  });

  it('kubernetes-secret-data (reads a manifest only when a keyword is written `Secret`) finds what it finds without the keyword starts', () => {
    const rule = ruleOf('kubernetes-secret-data');
    const rng = new Rng('kubernetes-secret-data');
    const texts = [...rule.examples.match, ...rule.examples.noMatch];
    for (let i = 0; i < 1000; i++) texts.push(Array.from({ length: 1 + Math.floor(rng.next() * 2) }, () => manifest(rng)).join('---\n'));
    expectSameWithStarts(rule, texts, 300);
  });

  it('sql-bound-secret (reads statements at their first word) finds what a search of the whole text finds, statements sharing a line too', () => {
    const rule = ruleOf('sql-bound-secret');
    const rng = new Rng('sql-bound-secret');
    const logged = () =>
      [
        pick(rng, ['', 'DEBUG ', 'query: ', '  Key Load (0.3ms)  ', 'LOG:  execute s1: ', 'preselect ', 'x_']),
        pick(rng, ['SELECT * FROM keys WHERE "token" = ', 'select id from users where api_key = ', 'UPDATE users SET password = ', 'Delete From sessions WHERE session_id = ', 'SELECT note FROM t WHERE note = ', 'INSERT INTO users (email, password) VALUES (', 'insert ignore into creds (name, secret)\nvalues (', 'REPLACE\tINTO tokens (token) VALUES (']),
        pick(rng, ['$1', '?', "'Wq7xZ2pLm9KvTn4R'", '%s', ':secret', '@p1', "'x', 'Hb6Rt2Vx9Lq'"]),
        pick(rng, ['', ')', ');', ' LIMIT 1']),
        pick(rng, ['', '  [["token", "Ab3dE7gH9jKmXq8v"]]', ' -- PARAMETERS: ["Kq9vB2mX7tLz"]', '; args=(\'Zq7mK2vLx8Rt\',)', "\nDETAIL:  parameters: $1 = 'Ap9xLm2Kq7Vz'", ' ["Lr8xQm2Lp7zRt4wBs6yJ"]']),
      ].join('');
    const texts = [...rule.examples.match, ...rule.examples.noMatch];
    for (let i = 0; i < 2000; i++) texts.push(Array.from({ length: 1 + Math.floor(rng.next() * 3) }, logged).join(pick(rng, ['\n', ' ', '; ', '\r\n'])));
    expectSameWithStarts(rule, texts, 500);
  });
});

describe('prose-named-value, searched near its keywords only when a connecting word and quote are in reach', () => {
  it('every match of its pattern holds what the precheck looks for', () => {
    const rng = new Rng('prose-named-value');
    const name = ['`PLIVO_AUTH_TOKEN`', '"MAILER_API_SECRET"', '\\\\"SESSION_SECRET\\\\"', 'WEBHOOK_SIGNING_SECRET', "'db_password'", 'API_TOKEN'];
    const middle = ['', ' in .env', ' in staging', ' for the worker', ' env var', ' now'];
    const connector = [' to ', ' is ', ' was ', ' as ', ' now ', '\tto\t', ' is  ', ' to\\n'];
    const quote = ['`', '"', "'", '\\\\"', '\\\\\\\\\\\\"', ''];
    const value = ['9a1c4e7f2b8d3065b1c9e4f7a2d8b3c6', 'Kx4!pTz9Lm2Qv', 'debug', 'process.env.API_TOKEN', 'h2&Kq9!zL7mX'];
    let matches = 0;
    for (let i = 0; i < 3000; i++) {
      const q = pick(rng, quote);
      const text = `${pick(rng, ['I set ', 'Done: the generated ', 'The new ', ''])}${pick(rng, name)}${pick(rng, middle)}${pick(rng, connector)}${q}${pick(rng, value)}${pick(rng, [q, '`', ''])} and restarted.`;
      const pattern = new RegExp(PROSE_NAMED_VALUE.source, 'g');
      for (const match of text.matchAll(pattern)) {
        matches += 1;
        expect(CONNECTED_QUOTE.test(match[0]), JSON.stringify(text)).toBe(true);
      }
    }
    expect(matches).toBeGreaterThan(500);
  });
});
