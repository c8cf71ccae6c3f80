/** The word for "password" in every language of redaction/secret-words.ts names a password wherever a name does, and is no finding by itself in prose. */
import { describe, expect, it } from 'vitest';
import { readMo } from '../bench/redaction/password-words.js';
import { createTextRedactor } from '../redaction/index.js';
import { FOREIGN_PASSWORD_NAME_SPELLINGS, FOREIGN_PASSWORD_SPELLINGS, FOREIGN_PASSWORD_WORDS, foldLatinAccents, nameSpellings } from '../redaction/secret-words.js';

const VALUE = 'Tq4vLm8zRw2Xk';
/** A redactor of its own per text: one redactor redacts a value it has found once wherever it meets it again. */
const redact = (text: string) => createTextRedactor('standard')(text);
/** A line among others: a text of one token is redacted whole by the rule for a lone secret. */
const inContext = (line: string) => `$ cat settings.local\n${line}\n# end\n`;

describe.each(FOREIGN_PASSWORD_NAME_SPELLINGS)('the name %s', (word) => {
  it.each([`${word}=${VALUE}`, `${word}: ${VALUE}`, `"${word}": "${VALUE}"`, `${word.toUpperCase()}_DB=${VALUE}`, `app.${word} = '${VALUE}'`])('names a password in %s', (line) => {
    const out = redact(inContext(line)).text;
    expect(out).not.toContain(VALUE);
    expect(out).toContain('[REDACTED:password#');
  });

  it.each([`Enter your ${word} below and press the button.`, `The ${word} field stays empty until the form is sent.`, `${word}: ${word}`])('is no finding in %s', (line) => {
    expect(redact(inContext(line)).text).toBe(inContext(line));
  });
});

describe.each(FOREIGN_PASSWORD_SPELLINGS.filter((word) => word.includes(' ')))('the label of words %s', (word) => {
  it('names a password before a colon', () => {
    const out = redact(inContext(`${word}: ${VALUE}`)).text;
    expect(out).not.toContain(VALUE);
    expect(out).toContain('[REDACTED:password#');
  });

  it('is no finding in a sentence without a value', () => {
    const line = `Fill in the ${word} field, then save.`;
    expect(redact(inContext(line)).text).toBe(inContext(line));
  });
});

describe('a short word inside a longer word', () => {
  it.each([`theslot=${VALUE}`, `vasenhal: ${VALUE}`, `forgeslot = "${VALUE}"`, `has_heslo=${VALUE}`])('names no password in %s', (line) => {
    expect(redact(inContext(line)).text).toBe(inContext(line));
  });
});

describe('the list', () => {
  it('spells each word as a name: joined, with Latin accents folded', () => {
    expect(nameSpellings('mật khẩu')).toEqual(expect.arrayContaining(['mật_khẩu', 'mat_khau', 'mật-khẩu', 'matkhau']));
    expect(foldLatinAccents('jelszó')).toBe('jelszo');
    // other scripts' marks are part of their letters
    expect(foldLatinAccents('पासवर्ड')).toBe('पासवर्ड');
  });

  it('holds words in lower case, without a separator at either end', () => {
    for (const word of FOREIGN_PASSWORD_WORDS) expect(word).toMatch(/^[^\s_-](?:.*[^\s_-])?$/u);
    for (const word of FOREIGN_PASSWORD_WORDS) expect(word).toBe(word.toLowerCase());
  });
});

describe('the catalog reader', () => {
  it('reads the translations of a .mo file in either byte order', () => {
    for (const little of [true, false]) {
      const pairs = readMo(moFile([['', 'Content-Type: text/plain; charset=UTF-8\n'], ['Password:', 'Heslo:'], ['Passphrase', 'Heslová fráze']], little));
      expect(pairs.get('Password:')).toBe('Heslo:');
      expect(pairs.get('Passphrase')).toBe('Heslová fráze');
    }
  });

  it('reads nothing from a file that is not a catalog', () => {
    expect(readMo(Buffer.from('not a catalog at all, just some text')).size).toBe(0);
  });
});

/** A catalog as msgfmt lays one out: header, the two tables of (length, offset), then the strings. */
function moFile(pairs: ReadonlyArray<readonly [string, string]>, little: boolean): Buffer {
  const strings = pairs.flatMap(([id, text]) => [Buffer.from(id), Buffer.from(text)]);
  const header = 28;
  const tables = header + pairs.length * 16;
  const out = Buffer.alloc(tables + strings.reduce((sum, s) => sum + s.length + 1, 0));
  const u32 = (value: number, at: number) => (little ? out.writeUInt32LE(value, at) : out.writeUInt32BE(value, at));
  u32(0x950412de, 0);
  u32(0, 4);
  u32(pairs.length, 8);
  u32(header, 12);
  u32(header + pairs.length * 8, 16);
  let at = tables;
  strings.forEach((s, index) => {
    const pair = index >> 1;
    const table = index % 2 === 0 ? header : header + pairs.length * 8;
    u32(s.length, table + pair * 8);
    u32(at, table + pair * 8 + 4);
    s.copy(out, at);
    at += s.length + 1;
  });
  return out;
}
