/** A secret printed by a program that wraps lines (`fold`, `base64 -w`) is removed on every line it goes over. */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const redact = (text: string) => createTextRedactor('standard')(text).text;
/** `fold -w width` of one line. */
const fold = (line: string, width: number) => line.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n');

const TOKEN = 'Vq7RkL2mZx9TbN4wHs8JdP3cYf6GtA1eUo5KiW0nQ2rXz8MbC4vLp7Hd9Sg3Fj6Ty1Ne';

describe('wrapped secrets', () => {
  it.each([40, 32, 64])('removes every part of a token that fold -w %i cut over lines', (width) => {
    const text = `$ fold -w ${width} .release-token\n${fold(`RELEASE_TOKEN=${TOKEN}`, width)}\n$ echo done\ndone\n`;
    const out = redact(text);
    for (const part of fold(`RELEASE_TOKEN=${TOKEN}`, width).split('\n').slice(1)) if (part.length >= 8) expect(out).not.toContain(part.slice(-8));
    expect(out).toContain('$ echo done\ndone\n');
  });

  it('stops at a line that is not the rest of the value', () => {
    const first = `API_SECRET=${TOKEN.slice(0, 29)}`;
    const text = `${first}\nBUILD_NUMBER_AND_BRANCH_NAME_main_42x\nready`;
    expect(first).toHaveLength(40);
    const out = redact(text);
    expect(out).not.toContain(TOKEN.slice(0, 29));
    expect(out).toContain('BUILD_NUMBER_AND_BRANCH_NAME_main_42x\nready');
  });

  it('leaves a wrapped digest and the lines after a secret of another width alone', () => {
    const integrity = `sha512-${'Qm9vZEJ5dGVzRm9yVGhlSW50ZWdyaXR5Q2hlY2s0Mg'.repeat(2)}==`;
    expect(redact(fold(integrity, 40))).toBe(fold(integrity, 40));
    const text = `TOKEN=${TOKEN.slice(0, 20)}\nb1946ac92492d2347c6235b4d2611184\nok`;
    expect(redact(text)).toContain('\nb1946ac92492d2347c6235b4d2611184\nok');
  });
});
