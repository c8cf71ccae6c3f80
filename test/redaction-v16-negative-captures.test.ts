/**
 * Clean outputs and error messages of the programs the v16 blind corpus used (by category name
 * only), reproduced with real programs and made-up values (test/program-captures/v16-classes/,
 * `negative-*` and `error-*` files; how each was made is in its README), and the same classes in
 * other languages' printouts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { withoutQuotedPrintable } from '../redaction/carriers.js';
import { withoutEscapedSigils } from '../redaction/escaped-sigils.js';
import { isReferenceValue } from '../redaction/references.js';

const standard = (text: string) => createTextRedactor('standard')(text);
const DIR = join(import.meta.dirname, 'program-captures', 'v16-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

/** The same made-up code values, placeholders, public values and masks under secrets' names, printed by each program. */
const CODE_VALUE_CAPTURES = [
  'negative-gawk-dump-variables-code-values.txt',
  'negative-chicken-write-code-values.txt',
  'negative-elisp-plist-code-values.txt',
  'negative-ada-record-code-values.txt',
  'negative-fpc-writeln-code-values.txt',
  'negative-gforth-type-code-values.txt',
  'negative-python-dict-code-values.txt',
];

describe('code, addresses and notes under secrets\' names, as programs print them', () => {
  it.each(CODE_VALUE_CAPTURES)('%s: nothing is removed', (file) => {
    const text = read(file);
    expect(standard(text).text).toBe(text);
  });

  it('a Lisp keyword after a name ending in `password` is the next key', () => {
    for (const text of ['(auth-source-pick-first-password :host "imap.example.com" :user "deploy")', '(:user "deploy" :password "$DB_PASSWORD" :port 5432)']) {
      expect(standard(text).text).toBe(text);
    }
  });

  it('still removes passwords and tokens written in the same forms', () => {
    const cases: [string, string][] = [
      ['(:user "deploy" :password "Hq4-larch-Zv8" :port 5432)', 'Hq4-larch-Zv8'],
      ['password_1: "p\\303\\244sswort-Zv8q"\nuser: "deploy"', 'sswort-Zv8q'],
      ['(USER => "deploy",\n PASSWORD => "Kq5-birch-Tz8m",\n API_TOKEN => "tk_Bn7Qx2Lm9Vr4Zp")', 'Kq5-birch-Tz8m'],
      ["{'user': 'deploy', 'url': 'postgres://app:Wq7-cobalt-Zm4x@db.internal:5432/app'}", 'Wq7-cobalt-Zm4x'],
      ["  auth: 'svc_queue:Hn3-thistle-Pv8k',", 'Hn3-thistle-Pv8k'],
      ['api_token: "https://hooks.slack.com/services/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"', 'Qx7Lm2Vr9Zp4Tn8Kw3Bc6Hd1'],
    ];
    for (const [text, secret] of cases) expect(standard(text).text).not.toContain(secret);
  });
});

describe('code, addresses and notes in a secret\'s place (isReferenceValue, code-values.ts)', () => {
  it.each([
    '(getenv "API_TOKEN")', '(auth-source-pick-first-password :host "h")', '(getenv ', '(auth-source-pick-first-password :host ', "'()", '#f', '#<unspecified>',
    '`cat ~/.token`', "lookup('env',", '@/run/secrets/token', 'C:\\Users\\deploy\\token.txt', 'https://example.com/reset-password?step=1',
    'postgres://app@db.internal:5432/app', 'ssh-ed25519', 'FIXME', 'AKIAIOSFODNN7EXAMPLE',
  ])('%s is code, an address or a note', (value) => {
    expect(isReferenceValue(value)).toBe(true);
  });

  it.each([
    'Hq4-larch-Zv8', '(Hq4 larch)', 'https://ghp_Qx7Lm2Vr9Zp4Tn8Kw3Bc6Hd1Js5@github.com/org/repo', 'https://example.com/cb?access_token=Qx7Lm2Vr9Zp4',
    'https://hooks.slack.com/services/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', 'https://api.telegram.org/bot123456:AAHk9Qx7Lm2Vr9Zp4Tn8Kw3/getMe', '@Kq5-birch', 'AKIAQX7LM2VR9ZP4TN8K',
  ])('%s is not', (value) => {
    expect(isReferenceValue(value)).toBe(false);
  });

  it('reads escaped UTF-8 (gawk octal, Python hex) as the characters', () => {
    expect(withoutEscapedSigils('\\342\\200\\242\\342\\200\\242')).toBe('••');
    expect(withoutEscapedSigils('\\xe2\\x80\\xa2')).toBe('•');
    expect(withoutEscapedSigils('\\342\\200')).toBe('\\342\\200');
  });
});

describe('a short base64 value at a line end is no soft break', () => {
  it('leaves `Basic YWI=` and the next line whole', () => {
    const text = '2026-11-28 03:50:01: (h1.c.123) Authorization: Basic YWI=\n2026-11-28 03:50:01: (h1.c.124) Host: example.com';
    expect(withoutQuotedPrintable(text)).toBeNull();
    expect(standard(text).text).toContain('\n2026-11-28 03:50:01: (h1.c.124) Host: example.com');
  });

  it('still reads a soft break ending a long line of quoted-printable', () => {
    const mail = 'a long line of a message body that the encoder cut here and=\n went on';
    expect(withoutQuotedPrintable(mail)?.decoded).toContain('and went on');
  });
});

/** Each error capture and the made-up values the program was given (see the README). */
const ERROR_CAPTURES: Record<string, readonly string[]> = {
  'error-chicken-irritants.txt': ['Kq5-birch-Tz8m', 'Fy2-aspen-Qk9w', 'tk_Bn7Qx2Lm9Vr4Zp'],
  'error-elisp-backtrace.txt': ['Pw9-maple-Rz3t', 'Mx3-ember-Lt7p'],
  'error-ada-exception.txt': ['Kq5-birch-Tz8m', 'tk_Bn7Qx2Lm9Vr4Zp'],
  'error-fpc-exception.txt': ['Fy2-aspen-Qk9w'],
  'error-python-valueerror.txt': ['Sx4-quartz-Np2m'],
};

describe("a runtime's error quoting the value it choked on", () => {
  it.each(Object.entries(ERROR_CAPTURES))('%s: every planted value is removed, the message stays', (file, secrets) => {
    const text = read(file);
    for (const secret of secrets) expect(text).toContain(secret);
    const out = standard(text).text;
    for (const secret of secrets) expect(out).not.toContain(secret);
    expect(out.split('\n').length).toBe(text.split('\n').length);
  });

  it('keeps the error when its value is a word, a path, a version or an id', () => {
    for (const text of [
      'Error: (car) bad argument type: "deploy"',
      'EConvertError: "x86_64-linux-gnu" is an invalid integer',
      "ValueError: invalid literal for int() with base 10: '3f2504e0-4f89-41d3-9a0c-0305e82c3301'",
      'Debugger entered--Lisp error: (void-function HttpClient5Builder)',
    ]) {
      expect(standard(text).text).toBe(text);
    }
  });
});
