/**
 * The one reader of printed records (redaction/rules/printed-records.ts): what it reads, and that
 * its work stays near the text's length whatever brackets the text holds. Logs are full of
 * brackets that never close (ANSI colour codes, `[timestamp]`, prose): a reader that re-read
 * each of them inside every group around it took minutes on a 1.5 KB ORM log.
 */
import { describe, expect, it } from 'vitest';
import { type PrintedGroup, printedGroups, type ReaderMeter } from '../redaction/rules/printed-records.js';

const anchorsOf = (text: string) => [...text.matchAll(/name|mail|street/g)].map((match) => match.index);

function read(text: string): { groups: PrintedGroup[]; walked: number; exhausted: boolean } {
  const meter: ReaderMeter = {};
  const groups = [...printedGroups(text, anchorsOf(text), meter)];
  return { groups, walked: meter.reader?.walked ?? 0, exhausted: meter.reader?.exhausted ?? false };
}

const fields = (group: PrintedGroup) => group.pairs.map((pair) => `${pair.field}=${pair.text}`);

const ESC = '\u001b';
const binds = (n: number) => `[["email", "m${n}@example.net"], ["LIMIT", 1]]`;
const colouredOrmLine = (n: number, bound = binds) =>
  `D, [2026-10-0${n % 9}T08:00:0${n % 10}.12] DEBUG -- :   ${ESC}[1m${ESC}[36mMember Load (0.${n}ms)${ESC}[0m  ${ESC}[1m${ESC}[34mSELECT "members".* FROM "members" WHERE "members"."email" = ? LIMIT ?${ESC}[0m  ${bound(n)}\n`;

describe('printed-record reader', () => {
  it('reads a record after colour codes and stamps that never close', () => {
    const text = `${ESC}[1m${ESC}[32m[12:00:01] debug${ESC}[0m Member { name: "Odile Brandt", email: "o.brandt@example.org", plan: basic }`;
    const { groups } = read(text);
    expect(groups.map(fields)).toEqual([['name=Odile Brandt', 'email=o.brandt@example.org', 'plan=basic']]);
  });

  it('ends a bracket left open at the closer of the record around it', () => {
    const text = 'Member(name="Odile Brandt", tags=[vip, beta), street="Lindenweg 3")';
    const { groups } = read(text);
    expect(groups).toHaveLength(1);
    expect(text.slice(groups[0]!.start, groups[0]!.end)).toBe('(name="Odile Brandt", tags=[vip, beta)');
    expect(fields(groups[0]!)).toEqual(['name=Odile Brandt', 'tags=']);
  });

  it('finds nothing in a bracket that does not close', () => {
    expect(read('Member { name: "Odile Brandt", email: "o.brandt@example.org"').groups).toEqual([]);
  });

  const adversarial: [string, string][] = [
    ['an ORM log coloured with ANSI codes, 60 lines', Array.from({ length: 60 }, (_, n) => colouredOrmLine(n)).join('')],
    ['2,000 opening brackets before one record', `${'['.repeat(2000)} name: "Odile Brandt"`],
    ['every kind of bracket left open, 700 times', `${'( [ { '.repeat(700)} name: "Odile Brandt"`],
    ['a bracket opened before each of 3,000 named values', '[x name: "Odile Brandt" '.repeat(3000)],
    ['colour codes around each of 2,000 named values', `${ESC}[1m${ESC}[36mLoad${ESC}[0m name = "Odile Brandt" (`.repeat(2000)],
    ['records nested 40 deep, none closed', 'Outer { inner: '.repeat(40) + 'name: "Odile Brandt"'],
  ];

  it.each(adversarial)('walks about the text once, not once per open bracket: %s', (_, text) => {
    const { walked, exhausted } = read(text);
    expect(exhausted).toBe(false);
    expect(walked).toBeLessThanOrEqual(3 * text.length);
  });

  it('still reads each record of a long coloured log', () => {
    const record = (n: number) => `Member { email: "m${n}@example.net", limit: 1 }`;
    const text = Array.from({ length: 60 }, (_, n) => colouredOrmLine(n, record)).join('');
    const { groups, exhausted } = read(text);
    expect(exhausted).toBe(false);
    expect(groups.map(fields)).toEqual(Array.from({ length: 60 }, (_, n) => [`email=m${n}@example.net`, 'limit=1']));
  });
});
