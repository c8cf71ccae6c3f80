/**
 * A password holding punctuation that ends a value elsewhere (`<`, `>`, `&`, quotes, backticks,
 * `;`, braces) is removed whole inside its idiom's own delimiters: no grammar stopping at the
 * punctuation leaves the tail. Code and markup around a value stay.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { continuedValueEnd } from '../redaction/value-runs.js';

const INNER = ['<', '>', '&', '"', "'", '`', ';', '{', '}'];

/** An idiom with `V` where the password stands, and the character that delimits it there (null: a blank or the line's end). */
const IDIOMS: readonly (readonly [string, string | null])[] = [
  ['mail_password = V', null],
  ['relay.passwd V', null],
  ['smtp_password: V', null],
  ['export RELAY_PASSWORD=V', null],
  ['vault_token: V', null],
  ['broker_pass = "V"', '"'],
  ["broker_pass = 'V'", "'"],
  ['{"relay_password": "V"}', '"'],
  ['<add key="RelayPassword" value="V"/>', '"'],
  ["mariadb -u ops -p'V' shop", "'"],
  ["sshpass -p 'V' ssh ops@relay", "'"],
  ['mariadb --password="V" shop', '"'],
  ["redis-cli -h cache -a 'V' info", "'"],
  ["CREATE ROLE relay LOGIN PASSWORD 'V';", "'"],
  ['htpasswd -b -c users.db ops V', null],
];

/** A brace opened in a password is closed in it (an unclosed one after a value opens a map or a block). */
function secretWith(char: string): string {
  return `Rt4${char}vN8${char === '{' ? '}' : char}Jw3q`;
}

describe('a password holding punctuation', () => {
  for (const [idiom, delimiter] of IDIOMS) {
    it(`is removed whole in ${idiom}`, () => {
      const leaks: string[] = [];
      for (const char of INNER) {
        // `;` ends a bare value on a command line; the idiom's own delimiter cannot be inside unescaped
        if (char === delimiter || (delimiter === null && char === ';' && !/[:=] V$|^\S+ V$/.test(idiom))) continue;
        const out = createTextRedactor('standard')(idiom.replace('V', secretWith(char))).text;
        if (/Rt4|vN8|Jw3q/.test(out)) leaks.push(`${char}: ${out}`);
      }
      expect(leaks).toEqual([]);
    });
  }
});

describe('the word a bare value was cut from', () => {
  const end = (text: string, cut: string) => {
    const start = text.indexOf(cut);
    return text.slice(start, continuedValueEnd(text, start, start + cut.length));
  };

  it('goes on past inner punctuation to a blank or the line end', () => {
    expect(end('pw = Ka9<x>Tz&q7 next', 'Ka9')).toBe('Ka9<x>Tz&q7');
    expect(end("pw: Ka9'x\"Tz7", 'Ka9')).toBe("Ka9'x\"Tz7");
    expect(end('pw=Ka9{x}Tz7.', 'Ka9')).toBe('Ka9{x}Tz7');
  });

  it('stops at code and markup around a value', () => {
    expect(end('pw=Ka9Tz7&&make', 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end('<td>pw=Ka9Tz7</td>', 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end('?pw=Ka9Tz7&user=bo', 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end('pw=Ka9Tz7<br>', 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end('"cmd": "PW=Ka9Tz7"}', 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end("pw = 'Ka9Tz7'.strip()", 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end('key: %{from_env: "X"}', '%')).toBe('%');
    expect(end('pw=Ka9Tz7>/dev/null', 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end('PW=Ka9Tz7\\nNEXT=1', 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end('pw = Ka9Tz7 & wait', 'Ka9Tz7')).toBe('Ka9Tz7');
    expect(end('key: NEW_KEY=<paste it here>', 'NEW_KEY=')).toBe('NEW_KEY=');
    expect(end('pw = Ka9Tz7<paste the rest> here', 'Ka9Tz7')).toBe('Ka9Tz7');
  });
});
