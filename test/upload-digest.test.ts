/**
 * contentDigest: the same content is the same digest whatever the key order or the spelling of
 * its numbers; any change of content is another digest. canonicalJson is checked against
 * JSON.stringify (same value back) and against the RFC 8785 rules it follows.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, NotJsonError } from '../src/api/canonical-json.js';
import { contentDigest, contentSha256 } from '../src/api/contract.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The same value with every object's keys in another order (a seeded shuffle). */
function reorder(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => reorder(item, random));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return Object.fromEntries(entries.map(([name, item]) => [name, reorder(item, random)]));
}

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state / 2 ** 32;
  };
}

const json = fc.jsonValue({ maxDepth: 4 });

describe('canonicalJson', () => {
  it('sorts keys by UTF-16 code units, drops whitespace, writes numbers in their shortest form', () => {
    expect(canonicalJson(JSON.parse('{ "b": 1.0, "a": [1E2, -0, 0.1e1, "x"], "\u00e9": null, "Z": true, "\ud83d\ude00": 1, "\uffff": 2 }')))
      .toBe('{"Z":true,"a":[100,0,1,"x"],"b":1,"é":null,"\ud83d\ude00":1,"\uffff":2}');
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    expect(canonicalJson('line\nbreak "quoted" \u0001')).toBe(JSON.stringify('line\nbreak "quoted" \u0001'));
    expect(canonicalJson(1e21)).toBe('1e+21');
    expect(canonicalJson(5e-7)).toBe('5e-7');
  });

  it('refuses values JSON has no form for', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(NotJsonError);
    expect(() => canonicalJson([Infinity])).toThrow(NotJsonError);
    expect(() => canonicalJson(10n)).toThrow(NotJsonError);
  });

  it('writes 100,000 levels of nesting without running out of stack', () => {
    const depth = 100_000;
    const text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    let deep: unknown = [];
    for (let i = 1; i < depth; i++) deep = [deep];
    expect(canonicalJson(deep)).toBe(text);
  });

  it('sorts keys the same way above and below the depth where recursion hands over to its own stack', () => {
    let deep: unknown = { z: 1, a: [2, { y: null, b: 'x' }] };
    let expected = '{"a":[2,{"b":"x","y":null}],"z":1}';
    for (let level = 0; level < 600; level++) {
      deep = { later: level, inner: deep, early: undefined };
      expected = `{"inner":${expected},"later":${level}}`;
    }
    expect(canonicalJson(deep)).toBe(expected);
  });

  it('parses back to the same value (property)', () => {
    fc.assert(fc.property(json, (value) => {
      expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    }), { numRuns: 300 });
  });
});

describe('contentDigest', () => {
  it('is the same for the same content in any key order (property)', () => {
    fc.assert(fc.property(json, fc.integer(), (value, seed) => {
      const shuffled = reorder(value, seeded(seed));
      expect(contentDigest(shuffled, sha256)).toBe(contentDigest(value, sha256));
      expect(canonicalJson(shuffled)).toBe(canonicalJson(value));
    }), { numRuns: 300 });
  });

  it('is the same for every spelling of the same numbers (property)', () => {
    const spellings = (n: number) => [JSON.stringify(n), n.toExponential(), n.toExponential().toUpperCase(), Number.isInteger(n) ? `${n}.0` : `${n}0`, `${n * 10}e-1`];
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
      const digests = new Set(spellings(n).map((text) => contentSha256(JSON.parse(`{"value":${text}}`))));
      expect(digests.size).toBe(1);
    }), { numRuns: 200 });
    expect(contentSha256(JSON.parse('{"a":0.5,"b":-0}'))).toBe(contentSha256(JSON.parse('{"b":0,"a":5e-1}')));
  });

  it('differs when the content differs (property)', () => {
    fc.assert(fc.property(json, json, (a, b) => {
      fc.pre(canonicalJson(a) !== canonicalJson(b));
      expect(contentDigest({ x: a }, sha256)).not.toBe(contentDigest({ x: b }, sha256));
    }), { numRuns: 200 });
  });

  it('leaves session.capturedAt out, and nothing else', () => {
    const doc = { transcriptId: 't', session: { capturedAt: '2026-01-01T00:00:00Z', startedAt: 's' }, capturedAt: 'top' };
    const later = { ...doc, session: { ...doc.session, capturedAt: '2027-01-01T00:00:00Z' } };
    expect(contentSha256(later)).toBe(contentSha256(doc));
    expect(contentSha256({ ...doc, capturedAt: 'other' })).not.toBe(contentSha256(doc));
    expect(contentSha256({ ...doc, session: { ...doc.session, startedAt: 'other' } })).not.toBe(contentSha256(doc));
    expect(doc.session.capturedAt).toBe('2026-01-01T00:00:00Z'); // the document itself is not changed
  });

  it('contentSha256 is contentDigest with SHA-256 hex, 64 characters', () => {
    const doc = { b: 1, a: 2 };
    expect(contentSha256(doc)).toBe(contentDigest(doc, sha256));
    expect(contentSha256(doc)).toBe(sha256('{"a":2,"b":1}'));
  });
});
