/** Carriers a reader sees through (redaction/carriers.ts): ANSI, HTML references, JSON escapes, quoted-printable. */
import { describe, expect, it } from 'vitest';
import { withoutAnsi, withoutHtmlReferences, withoutJsonEscapes, withoutQuotedPrintable } from '../redaction/carriers.js';
import { createTextRedactor } from '../redaction/index.js';

/** The original stretch that writes `plain` in the decoded text. */
function writtenAs(decode: typeof withoutAnsi, text: string, plain: string): string {
  const layer = decode(text)!;
  const at = layer.decoded.indexOf(plain);
  expect(at, layer.decoded).toBeGreaterThanOrEqual(0);
  const span = layer.toOriginal(at, at + plain.length)!;
  return text.slice(span.start, span.end);
}

describe('decoders', () => {
  it('strips ANSI sequences, raw or written as escapes, and maps a span over the ones inside it', () => {
    const text = '\x1b[1;33mSMTP_PASS\x1b[0m=\x1b[36mq8Z!w\x1b[0mN4r7Tk\x1b]8;;\x07 ok';
    expect(withoutAnsi(text)!.decoded).toBe('SMTP_PASS=q8Z!wN4r7Tk ok');
    expect(writtenAs(withoutAnsi, text, 'q8Z!wN4r7Tk')).toBe('q8Z!w\x1b[0mN4r7Tk');
    expect(withoutAnsi(String.raw`"log": "\u001b[32mready\u001b[0m"`)!.decoded).toBe('"log": "ready"');
    expect(withoutAnsi('no escapes [0m here')).toBeNull();
  });

  it('decodes numeric and named HTML references', () => {
    const text = '<td>m.kowalczyk&#64;poczta&period;fm &#x2B;48&nbsp;601</td>';
    expect(withoutHtmlReferences(text)!.decoded).toBe('<td>m.kowalczyk@poczta.fm +48 601</td>');
    expect(writtenAs(withoutHtmlReferences, text, 'k@p')).toBe('k&#64;p');
    expect(withoutHtmlReferences('fish & chips; &unknownref; &#0;')).toBeNull();
  });

  it('undoes JSON escapes as many times as a string was escaped', () => {
    const inner = JSON.stringify({ stripe: 'rk_live_x' });
    const twice = JSON.stringify(JSON.stringify(inner));
    expect(withoutJsonEscapes(twice)!.decoded).toBe(`""${inner}""`);
    expect(writtenAs(withoutJsonEscapes, String.raw`{\"mail\":\"ana\u0040mail.pt\"}`, 'ana@mail.pt')).toBe(String.raw`ana\u0040mail.pt`);
    expect(withoutJsonEscapes(String.raw`C:\Users\ana\file.txt`)).toBeNull();
  });

  it("reads the \\u00XX escapes of a character's UTF-8 bytes as that character, and a lone Latin-1 escape as itself", () => {
    // a program that escapes bytes, not characters: `ř` is C5 99, `ø` C3 B8, `€` E2 82 AC
    const text = String.raw`{"owner": "Bo\u00c5\u0099ivoj S\u00c3\u00b8rlie", "note": "caf\u00e9 at \u00e2\u0082\u00ac4, \u00c0 la carte"}`;
    expect(withoutJsonEscapes(text)!.decoded).toBe('{"owner": "Bořivoj Sørlie", "note": "café at €4, À la carte"}');
    expect(writtenAs(withoutJsonEscapes, text, 'Bořivoj Sørlie')).toBe(String.raw`Bo\u00c5\u0099ivoj S\u00c3\u00b8rlie`);
    // an overlong form is no character: left as the Latin-1 letters JSON reads
    expect(withoutJsonEscapes(String.raw`"x\u00c1\u0081y"`)!.decoded).toBe('"x\u00c1\u0081y"');
  });

  it('finds a person written in escaped UTF-8 bytes through the research profile', () => {
    const text = String.raw`{"user-context": {"contact": "Bo\u00c5\u0099ivoj S\u00c3\u00b8rlie", "ticket": "OPS-4471"}}`;
    const out = createTextRedactor('research')(text).text;
    expect(out).not.toContain('S\\u00c3\\u00b8rlie');
    expect(out).toContain('OPS-4471');
  });

  it('decodes quoted-printable only with evidence of it, not an empty env value', () => {
    const text = 'Content-Transfer-Encoding: quoted-printable\n\nthe vpn key is K9=\nv2Qm=3D7x and more';
    expect(withoutQuotedPrintable(text)!.decoded).toContain('the vpn key is K9v2Qm=7x and more');
    expect(writtenAs(withoutQuotedPrintable, text, 'K9v2Qm=7x')).toBe('K9=\nv2Qm=3D7x');
    expect(withoutQuotedPrintable('DB_USER=\nDB_PASSWORD=\n')).toBeNull();
  });
});

describe('through the engine', () => {
  const standard = createTextRedactor('standard');
  const research = createTextRedactor('research');

  it.each([
    ['ANSI colours around and inside a value', '\x1b[32mREDIS_PASSWORD\x1b[0m=\x1b[1mTq4!vz\x1b[0m8Lm2Wc done', 'Tq4!vz'],
    ['HTML references in a page', '<pre>MYSQL_PASSWORD=&quot;Pz7$kq2Vw9Lm&quot;</pre>', 'Pz7$kq2Vw9Lm'],
    ['JSON escaped three times', JSON.stringify(JSON.stringify(JSON.stringify({ db_password: 'Gh5#tR8kLp2Q' }))), 'Gh5#tR8kLp2Q'],
    ['quoted-printable with a soft break', 'Content-Transfer-Encoding: quoted-printable\n\nPOSTGRES_PASSWORD=3DWq8Lm2=\nZx7Pv4Nt end', 'Zx7Pv4'],
  ])('standard removes a secret carried by %s', (_name, text, piece) => {
    const out = standard(text).text;
    expect(out).toMatch(/\[REDACTED:/);
    expect(out).not.toContain(piece);
  });

  it.each([
    ['a form body (+ for space, %XX)', 'first=Ana&phone=%2B351+912+345+678&next=1', '912'],
    ['HTML references', '<a>ana.sousa&#64;sapo.pt</a>', 'ana.sousa'],
    ['a \\u escape', String.raw`{\"email\":\"ana.sousa\u0040sapo.pt\"}`, 'ana.sousa'],
    ['a Rails log line escaped in JSON (Ruby hash with string keys)', String.raw`{\"user\"=>{\"first_name\"=>\"Saoirse\", \"last_name\"=>\"Kavanagh\"}}`, 'Kavanagh'],
    ['a Ruby hash with symbol keys escaped in JSON', String.raw`context={:user_id=>82, :name=>\"Hannah Berg\"}`, 'Hannah Berg'],
    ["Rails' SQL binds escaped in JSON", String.raw`INSERT INTO \"users\" (\"first_name\") VALUES ($1)  [[\"first_name\", \"Benedikt\"], [\"last_name\", \"Huber\"]]`, 'Huber'],
  ])('research removes personal data carried by %s', (_name, text, piece) => {
    expect(research(text).text).not.toContain(piece);
  });

  it('leaves a Kubernetes Secret whose base64 values decode to placeholders', () => {
    const encoded = (value: string) => Buffer.from(value).toString('base64');
    const manifest = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ndata:\n  db-password: ${encoded('changeme')}\n  api-token: ${encoded('<api-token>')}\n`;
    expect(standard(manifest).text).toBe(manifest);
    const real = manifest.replace(encoded('changeme'), encoded('Lq9!zR4vKm2w'));
    expect(standard(real).text).not.toContain(encoded('Lq9!zR4vKm2w'));
  });
});
