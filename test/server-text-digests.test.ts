/**
 * textDigests (the server's contentDigest and eventsSha256 computed from the JSON text) against
 * the definitions applied to the parsed document, on texts that spell the same values in every
 * way JSON allows: keys in any order, escapes where none are needed (\/, \u0041, upper-case hex,
 * escaped surrogate pairs), lone surrogates, numbers as 1.0, 1E2, -0 or 0.10, array-index keys,
 * whitespace anywhere, and a session.capturedAt to leave out.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NotJsonError } from '../src/api/canonical-json.js';
import { contentDigest } from '../src/api/contract.js';
import { textDigests } from '../src/api/text-digests.js';
import { eventsSha256 } from '../src/transcript/events-hash.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function expected(text: string): { contentDigest: string; eventsSha256: string } {
  const document = JSON.parse(text) as { events?: unknown };
  return { contentDigest: contentDigest(document, sha256), eventsSha256: eventsSha256(Array.isArray(document?.events) ? document.events : []) };
}

function digestsOf(text: string) {
  return textDigests(new Uint8Array(Buffer.from(text, 'utf8')));
}

/** Writes `value` as JSON text, choosing among the spellings JSON allows with `pick`. */
function respell(value: unknown, pick: (choices: number) => number, spaced = true): string {
  const space = () => (spaced ? [' ', '', '', '\n ', '\t'][pick(5)]! : '');
  if (typeof value === 'string') return spellString(value, pick);
  if (typeof value === 'number') return spellNumber(value, pick);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${space()}${value.map((item) => respell(item, pick, spaced) + space()).join(',')}]`;
  const members = Object.entries(value);
  // any order: the text's order is what JSON.parse keeps (array indices aside)
  for (let i = members.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [members[i], members[j]] = [members[j]!, members[i]!];
  }
  return `{${space()}${members.map(([name, item]) => `${spellString(name, pick)}${space()}:${space()}${respell(item, pick, spaced)}`).join(`,${space()}`)}}`;
}

function spellString(text: string, pick: (choices: number) => number): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
    const upper = (code: number) => hex(code).toUpperCase().replace('\\U', '\\u');
    const surrogate = unit >= 0xd800 && unit <= 0xdfff;
    const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff;
    if (pair) {
      const low = text.charCodeAt(++i);
      out += [text.slice(i - 1, i + 1), hex(unit) + hex(low), upper(unit) + upper(low)][pick(3)];
    } else if (surrogate) {
      out += [hex(unit), upper(unit)][pick(2)]; // a lone surrogate has no UTF-8 form
    } else if (unit < 0x20 || unit === 0x22 || unit === 0x5c) {
      out += [JSON.stringify(String.fromCharCode(unit)).slice(1, -1), hex(unit), upper(unit)][pick(3)];
    } else if (unit === 0x2f) {
      out += ['/', '\\/', hex(unit)][pick(3)];
    } else {
      out += [String.fromCharCode(unit), String.fromCharCode(unit), hex(unit), upper(unit)][pick(4)];
    }
  }
  return `${out}"`;
}

function spellNumber(value: number, pick: (choices: number) => number): string {
  const plain = JSON.stringify(value);
  if (Object.is(value, -0)) return ['-0', '-0.0', '-0e3'][pick(3)]!;
  const spellings = [plain, `${plain.includes('e') ? plain : `${plain}e0`}`, plain.includes('.') || plain.includes('e') ? `${plain.replace('e', '0e')}` : `${plain}.0`];
  if (Number.isInteger(value) && Math.abs(value) < 1e15) spellings.push(`${value / 100}E2`);
  const chosen = spellings[pick(spellings.length)]!;
  return Number(chosen) === value ? chosen : plain;
}

const pickFrom = (random: () => number) => (choices: number) => Math.floor(random() * choices);

const awkwardString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u2028', '\ud800', '\udfff x', '\ud83d\ude00', '\uffff\ue000', '/', '"\\', '\u0000\u0008\u000b\u001f\u007f', 'capturedAt', '__proto__'),
);
const awkwardKey = fc.oneof(awkwardString, fc.constantFrom('0', '1', '10', '9', '01', '4294967294', '4294967295', '-1', 'a', 'b', 'B', 'é', '\ud83d\ude00', '\uff61'));
const awkwardNumber = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constantFrom(-0, 0.1, 1e21, 1e-7, 5e-324, 2 ** 53 + 2, 123456789012345680000));
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, awkwardString, awkwardNumber, fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(awkwardKey, tie('value'), { maxKeys: 5 }),
})).value;
const transcriptLike = fc.record({
  schemaVersion: fc.constant('0.1.0'),
  session: fc.dictionary(awkwardKey, value, { maxKeys: 3 }).map((session) => ({ ...session, capturedAt: '2026-01-02T00:00:00Z' })),
  events: fc.array(fc.dictionary(awkwardKey, value, { maxKeys: 6 }), { maxLength: 6 }),
  metrics: fc.dictionary(awkwardKey, value, { maxKeys: 3 }),
});

describe('textDigests', () => {
  it('equals the definitions on documents spelled in every way JSON allows', () => {
    fc.assert(fc.property(transcriptLike, fc.integer(), (document, seed) => {
      let state = seed >>> 0 || 1;
      const random = () => {
        state ^= state << 13; state >>>= 0;
        state ^= state >>> 17;
        state ^= state << 5; state >>>= 0;
        return state / 2 ** 32;
      };
      for (const text of [JSON.stringify(document), respell(document, pickFrom(random)), respell(document, pickFrom(random), false)]) {
        expect(digestsOf(text)).toEqual(expected(text));
      }
    }), { numRuns: 400 });
  });

  it('equals the definitions on any JSON value at the root', () => {
    fc.assert(fc.property(value, fc.integer({ min: 1 }), (root, seed) => {
      const text = respell(root, pickFrom(() => ((seed = (seed * 48271) % 2147483647) / 2147483647)));
      expect(digestsOf(text)).toEqual(expected(text));
    }), { numRuns: 300 });
  });

  it('leaves out session.capturedAt wherever it stands, and only there', () => {
    const base = '"schemaVersion":"0.1.0","events":[{"b":1,"a":2}]';
    for (const session of ['{"capturedAt":"x","a":1}', '{"a":1,"capturedAt":"x"}', '{"b":1,"capturedAt":"x","a":1}', '{"capturedAt":"x"}']) {
      const text = `{"session":${session},${base},"capturedAt":"kept","x":{"capturedAt":"kept too"}}`;
      expect(digestsOf(text)).toEqual(expected(text));
    }
    // the same session without the capture time has the same digest
    expect(digestsOf('{"session":{"a":1,"capturedAt":"x"}}').contentDigest).toBe(digestsOf('{"session":{"a":1}}').contentDigest);
  });

  it('hashes each event as JSON.stringify writes the parsed event', () => {
    const text = '{"events":[{"seq":1,"text":"as sent"}, {"2":"index keys move first","1":0,"a":1.50}, {"s":"\\u00e9\\/"}],"x":1}';
    const lines = '{"seq":1,"text":"as sent"}\n{"1":0,"2":"index keys move first","a":1.5}\n{"s":"é/"}\n';
    expect(digestsOf(text).eventsSha256).toBe(createHash('sha256').update(lines).digest('hex'));
  });

  it('gives the definitions duplicate keys and nesting deeper than it reads itself', () => {
    for (const text of ['{"a":1,"b":2,"a":3}', '{"events":[{"k":1,"j":0,"k":2}]}', `{"events":[${'['.repeat(1000)}${']'.repeat(1000)}]}`]) {
      expect(digestsOf(text)).toEqual(expected(text));
    }
  });

  it('throws as the definitions do on numbers past a double and on text that is not JSON', () => {
    expect(() => digestsOf('{"events":[{"n":1e400}]}')).toThrow(NotJsonError);
    expect(() => digestsOf('[-1e999]')).toThrow(NotJsonError);
    for (const text of ['{"a":', '{"a":1', '[1,', '"abc', '{"a" 1}', '', '1 2']) expect(() => digestsOf(text)).toThrow(SyntaxError);
  });

  it('gives the same answers whatever document its reused working space held before', () => {
    const small = '{"session":{"b":1,"capturedAt":"x","a":"\\/"},"events":[{"z":1,"a":2},{"s":"\\u00e9"}]}';
    const large = `{"events":[${Array.from({ length: 3000 }, (_, i) => `{"z${i}":${i},"y":"${'v'.repeat(i % 50)}\\/","a":[${i},1.50]}`).join(',')}],"b":1,"a":0}`;
    const before = digestsOf(small);
    expect(before).toEqual(expected(small));
    expect(digestsOf(large)).toEqual(expected(large));
    expect(digestsOf(small)).toEqual(before);
    expect(() => digestsOf('{"events":[{"z":1,"a":2},')).toThrow(SyntaxError);
    expect(digestsOf(small)).toEqual(before);
  });
});
