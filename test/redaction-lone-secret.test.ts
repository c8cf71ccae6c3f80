/**
 * lone-secret-output reads each part of a joined text (an event's short strings, see
 * joined-texts.ts) as a whole output: its parts are found by the separator alone.
 */
import { describe, expect, it } from 'vitest';
import { JOINED_SEPARATOR } from '../redaction/joined-texts.js';
import { LONE_SECRET_RULES } from '../redaction/rules/lone-secret-output.js';

const detector = LONE_SECRET_RULES[0]!.detector!;
const found = (text: string) => [...detector(text)].map((span) => text.slice(span.start, span.end));

describe('lone-secret-output in joined texts', () => {
  it("finds a lone token in any part, the first one's separator coming early", () => {
    const parts = ['ok', 'Qv4#spruce7Lm2\n', 'the deploy finished in 42 s', 'rT5hKw2PzL9mVx4QnB8y'];
    expect(found(parts.join(JOINED_SEPARATOR))).toEqual(['Qv4#spruce7Lm2', 'rT5hKw2PzL9mVx4QnB8y']);
  });

  it('takes a NUL outside a separator for part of its text, and splits where a separator is first written', () => {
    const text = ['Hx9!tundra2Kq', 'a\u0000b', '\u0000x', 'bold3-Quartz?lake'].join(JOINED_SEPARATOR);
    expect(found(text)).toEqual(['Hx9!tundra2Kq', 'bold3-Quartz?lake']);
    // a part ending in `\n\u0000` writes a separator one character early: the next part starts with the NUL left over
    expect(found(['x\n\u0000', 'bold3-Quartz?lake', 'Hx9!tundra2Kq'].join(JOINED_SEPARATOR))).toEqual(['Hx9!tundra2Kq']);
  });

  it('reads a long text without a separator near its start as one output, and rejects a token with a blank inside', () => {
    expect(found(`${'word '.repeat(60)}${JOINED_SEPARATOR}Qv4#spruce7Lm2`)).toEqual([]);
    expect(found(['Qv4#spruce 7Lm2', 'Qv4#spruce\t7Lm2'].join(JOINED_SEPARATOR))).toEqual([]);
  });
});
