/**
 * A header's value ends at its line's end: a web server's debug log with `Authorization: Basic Og==`
 * (an empty user and password) once gave a finding that ran on into the next line's date, because
 * the `=` of base64's padding before the line break was read as a quoted-printable soft break and
 * the two lines were joined (redaction/carriers.ts). Header lines written here, in the shapes
 * debug logs and HTTP traces print them.
 */
import { describe, expect, it } from 'vitest';
import { withoutQuotedPrintable } from '../redaction/carriers.js';
import { createTextRedactor } from '../redaction/index.js';

const standard = (text: string) => createTextRedactor('standard')(text);

describe('a header value never crosses a line end', () => {
  it.each([
    '2026-11-27 10:00:01: (h1.c.123) Authorization: Basic Og==\n2026-11-27 10:00:01: (h1.c.124) Host: example.com',
    '2026-11-27 10:00:01: (mod_auth.c.512) Proxy-Authorization: Basic Og==\r\n2026-11-27 10:00:01: (h1.c.124) Accept: */*',
    '[27/Nov/2026:10:00:01 +0000] debug: request header Authorization: Basic Og==\n[27/Nov/2026:10:00:01 +0000] debug: request header Date: Fri, 27 Nov 2026',
    '> GET /status HTTP/1.1\n> Authorization: Bearer\n> Date: Fri, 27 Nov 2026 10:00:01 GMT',
  ])('leaves %j', (text) => {
    expect(standard(text).text).toBe(text);
  });

  it('still removes a credential on the line, and leaves the next line whole', () => {
    const text = '2026-11-27 10:00:01: (h1.c.123) Authorization: Basic YWxpY2U6VHIwdWI0ZG9yLXg5UWs=\n2026-11-27 10:00:01: (h1.c.124) Host: example.com';
    const out = standard(text).text;
    expect(out).not.toContain('YWxpY2U6VHIwdWI0ZG9yLXg5UWs');
    expect(out).toContain('\n2026-11-27 10:00:01: (h1.c.124) Host: example.com');
  });

  it('reads no soft break after a literal `=` (quoted-printable writes it `=3D`)', () => {
    const line = '2026-11-27 10:00:01: (h1.c.123) Authorization: Basic Og==\n2026-11-27 10:00:01: next';
    expect(withoutQuotedPrintable(line)).toBeNull();
    const mail = 'Content-Transfer-Encoding: quoted-printable\n\nkey=3DK9=\nv2Qm and the header Basic Og==\n2026-11-27';
    const decoded = withoutQuotedPrintable(mail)!.decoded;
    expect(decoded).toContain('key=K9v2Qm');
    expect(decoded).toContain('Og==\n2026-11-27');
  });
});
