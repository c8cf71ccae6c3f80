/**
 * secret-column-cell reads a table from the first keyword of a line that stands as a name, and
 * skips work for the rest of a text by what it saw first (dump heads by their first letters, XML
 * fields by the characters before a keyword): generated texts of blocks apart by blank lines must
 * give, joined, what each block gives alone.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/redaction/prng.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import type { Rule, Span } from '../redaction/types.js';

const rule: Rule = BUILTIN_RULES.find((r) => r.id === 'secret-column-cell')!;

/** Where the rule's keywords start, in any case, in order: what the scanner gives the detector. */
function keywordStarts(text: string): number[] {
  const lower = text.toLowerCase();
  const starts: number[] = [];
  for (let at = 0; at < lower.length; at++) if (rule.keywords.some((keyword) => lower.startsWith(keyword, at))) starts.push(at);
  return starts;
}

const spansOf = (text: string): Span[] => [...rule.detector!(text, keywordStarts(text))].sort((a, b) => a.start - b.start || a.end - b.end);

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz23456789';
// digits among the letters: a value of letters alone may be a word, and is judged as one
const token = (rng: Rng) => Array.from({ length: 18 }, (_, i) => pick(rng, i % 4 === 2 ? [...'23456789'] : [...ALPHABET])).join('');

/** A block and, when a column or setting named like a secret holds it, its value (the others' names hold none). */
function block(rng: Rng): { text: string; secret?: string } {
  const value = token(rng);
  const text = blockText(rng, value);
  // a settings row of three filled cells finds nothing; of two, its value (a quoted one without its quotes)
  if (/(?:,|;| │ )x$|one more/.test(text)) return { text };
  const row = /^[ ,;│]*"?webhook_secret"?(?:[,;]| │ )[ ,;│]*"?([^"]+?)"?$/.exec(text);
  if (row) return { text, secret: row[1] };
  return { text, secret: /credential\b|session_token|secret_key|access_key|smtp_password|cred_token|webhook_secret|cred_secret|copy_key|api_token/.test(text) ? value : undefined };
}

function blockText(rng: Rng, value: string): string {
  switch (Math.floor(rng.next() * 7)) {
    case 0:
      return pick(rng, ['The session is kept, and the token is read once.', 'Copy the credentials file; the pass step runs after it.', 'Insert the key, then restart.', 'cred files, copy jobs and session keys: see below']);
    case 1:
      return `${pick(rng, ['COPY', 'copy', 'Copy', 'CoPy'])} public.acct (id, ${pick(rng, ['api_token', 'credential', 'note'])}) FROM stdin;\n1\t${value}\n\\.`;
    case 2:
      return `${pick(rng, ['id', 'login'])}  ${pick(rng, ['credential', 'session_token', 'secret_key', 'comment'])}\n----  ----------------------\nrk    ${value}`;
    case 3:
      return `<row>\n\t<field name="id">4</field>\n\t<field name="${pick(rng, ['access_key', 'credential', 'title'])}">${value}</field>\n</row>`;
    case 4:
      return `<row>\n\t<field name="name">${pick(rng, ['smtp_password', 'cred_token', 'region'])}</field>\n\t<field name="value">${value}</field>\n</row>`;
    case 5: {
      // a settings row, its value not a header's characters (`/`, `+`): blank and quoted cells, and a third filled cell that makes it no row
      const delimiter = pick(rng, [',', ';', ' │ ']);
      const name = pick(rng, ['webhook_secret', '"webhook_secret"', 'colour']);
      const cell = `${value.slice(0, 9)}/${value.slice(9)}+`;
      // a CSV writer's quotes keep a delimiter in a cell (not a box's bar: such tables quote nothing)
      const quoted = delimiter === ' │ ' ? `"${cell}"` : `"${cell.slice(0, 6)}${delimiter}${cell.slice(6)}"`;
      const cells = pick(rng, [[name, cell], [' ', name, cell], [name, ' ', quoted], [name, cell, 'x'], [name, 'one more', cell]]);
      return cells.join(delimiter);
    }
    default:
      return `${pick(rng, ['CREATE TABLE', 'create table'])} t (id int, ${pick(rng, ['cred_secret', 'copy_key', 'label'])} text);\n${pick(rng, ['INSERT INTO', 'insert into', 'Insert Into'])} t VALUES (1,'${value}');`;
  }
}

describe('secret-column-cell on blocks of generated text', () => {
  it('finds in blocks joined by blank lines what it finds in each block alone', () => {
    const rng = new Rng('secret-column-blocks');
    let found = 0;
    for (let i = 0; i < 400; i++) {
      const blocks = Array.from({ length: 2 + Math.floor(rng.next() * 4) }, () => block(rng));
      const expected: Span[] = [];
      let offset = 0;
      for (const { text, secret } of blocks) {
        const spans = spansOf(text);
        expect(spans.map((span) => text.slice(span.start, span.end)), text).toEqual(secret ? [secret] : []);
        for (const span of spans) expected.push({ start: span.start + offset, end: span.end + offset });
        offset += text.length + 2;
      }
      const joined = blocks.map((b) => b.text).join('\n\n');
      expect(spansOf(joined), JSON.stringify(joined)).toEqual(expected);
      found += expected.length;
    }
    // the blocks named like a secret are found: a test that finds nothing would pass on a broken reader
    expect(found).toBeGreaterThan(400);
  });
});
