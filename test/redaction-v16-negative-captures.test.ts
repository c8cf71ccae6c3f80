/**
 * Clean outputs and error messages of the programs the v16 blind corpus used (by category name
 * only), reproduced with real programs and made-up values (test/program-captures/v16-classes/,
 * `negative-*` and `error-*` files; how each was made is in its README), and the same classes in
 * other languages' printouts.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { withoutQuotedPrintable } from '../redaction/carriers.js';

const standard = (text: string) => createTextRedactor('standard')(text);

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
