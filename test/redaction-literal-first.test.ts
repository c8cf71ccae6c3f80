/**
 * Patterns rewritten to start with a literal character instead of a look-behind (V8 then skips
 * to that character in a search, several times faster): they must match where the look-behind
 * form matched.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/redaction/prng.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import { compileRules } from '../redaction/scanner.js';

const ruleOf = (id: string) => BUILTIN_RULES.find((r) => r.id === id)!;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;
const matchesOf = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].map((m) => [m.index, m[0]]);

describe('patterns that start with a literal', () => {
  it("cli-secret-flag's `-(?:-|(?<=[ \\t]-))` matches where `(?:--|(?<=[ \\t])-)` did", () => {
    const pattern = ruleOf('cli-secret-flag').pattern!;
    const literalFirst = '-(?:-|(?<=[ \\t]-))';
    expect(pattern.source.startsWith(literalFirst)).toBe(true);
    const current = new RegExp(pattern.source, 'g');
    const before = new RegExp(`(?:--|(?<=[ \\t])-)${pattern.source.slice(literalFirst.length)}`, 'g');
    const rng = new Rng('cli-secret-flag literal first');
    let matches = 0;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: 1 + Math.floor(rng.next() * 3) }, () =>
        [
          pick(rng, ['tool', 'deploy', '', 'x-', '--', '\t', 'a-']),
          pick(rng, [' ', '', '\t', '-', ' -', '=']),
          pick(rng, ['-', '--', '---', '- -']),
          pick(rng, ['', 'api-', 'github-', 'no-', 'show-', 'tls']),
          pick(rng, ['password', 'token', 'secret', 'key', 'api-key', 'pw', 'passin']),
          pick(rng, ['=', ' ', '\t', '"', '']),
          pick(rng, ['Hq5-tundra-Vx3m', 'Tq8vLm2XzKp4Wn9R', 'env:X', '${T}', 'x']),
        ].join(''),
      ).join(pick(rng, [' ', '\n', ' -', ' --']));
      expect(matchesOf(current, text), JSON.stringify(text)).toEqual(matchesOf(before, text));
      matches += matchesOf(current, text).length;
    }
    expect(matches).toBeGreaterThan(500);
  });

  it("mail-auth-credential reads an IMAP `+ ` prompt's answer at a text's start, after a line break or a quote, not after a letter", () => {
    const rules = compileRules([ruleOf('mail-auth-credential')]);
    const found = (text: string) => rules.scan(text).map((f) => text.slice(f.start, f.end));
    // `UGFzc3dvcmQ6` is base64 of `Password:`, `UXY0I3NwcnVjZTdMbTI=` of `Qv4#spruce7Lm2`
    expect(found("send: 'a1 AUTHENTICATE LOGIN'\n'+ UGFzc3dvcmQ6'\nsend: 'UXY0I3NwcnVjZTdMbTI='")).toEqual(['UXY0I3NwcnVjZTdMbTI=']);
    expect(found("+ UGFzc3dvcmQ6\nsend: 'UXY0I3NwcnVjZTdMbTI='\n(after a1 AUTHENTICATE LOGIN)")).toEqual(['UXY0I3NwcnVjZTdMbTI=']);
    expect(found('a1 AUTHENTICATE LOGIN\n"+\t UGFzc3dvcmQ6\nC: UXY0I3NwcnVjZTdMbTI=')).toEqual(['UXY0I3NwcnVjZTdMbTI=']);
    expect(found("a1 AUTHENTICATE LOGIN\nx+ UGFzc3dvcmQ6\nsend: 'UXY0I3NwcnVjZTdMbTI='")).toEqual([]);
  });
});
