/** The decoding layer of the scanner (redaction/encodings.ts): what it decodes, and the way back. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Watch, CARRIER_MARKERS, encodedLayers } from '../redaction/encodings.js';
import { createTextRedactor } from '../redaction/index.js';

/** The base64 run starts the keyword scan would report, found here by a plain regex. */
function runStarts(text: string): number[] {
  const { length } = base64Watch();
  return [...text.matchAll(new RegExp(`[A-Za-z0-9+/_-]{${length},}`, 'g'))].map((m) => m.index!);
}

const layersOf = (text: string) => encodedLayers(text, runStarts(text));

describe('URL encoding', () => {
  it('decodes printable %XX and maps every decoded span back to the characters that wrote it', () => {
    const text = 'GET /cb?next=https%3A%2F%2Fapp%3Ap%40ss%21w0rd%40db.local%2Fx HTTP/1.1';
    const [layer] = layersOf(text);
    expect(layer!.encoding).toBe('url');
    expect(layer!.decoded).toBe('/cb?next=https://app:p@ss!w0rd@db.local/x');
    const start = layer!.decoded.indexOf('p@ss!w0rd');
    const span = layer!.toOriginal(start, start + 'p@ss!w0rd'.length)!;
    expect(text.slice(span.start, span.end)).toBe('p%40ss%21w0rd');
  });

  it('leaves text without an encoded character alone', () => {
    expect(layersOf('progress 50% done, 100%% sure, %zz')).toEqual([]);
  });
});

describe('base64', () => {
  const env = 'DB_HOST=db.internal\nDB_PASSWORD=Hx7!pQ2#vL9m\nLOG_LEVEL=debug\n';

  it('decodes a blob of text, one line or wrapped, and maps a span to whole 4-character groups', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 60, 64, 76), fc.string({ maxLength: 40 }).map((s) => s.replace(/[^ -~]/g, 'x')), (wrap, prefix) => {
        const plain = `${prefix}${env}`;
        const encoded = Buffer.from(plain).toString('base64');
        const blob = wrap === 0 ? encoded : encoded.replace(new RegExp(`.{${wrap}}`, 'g'), '$&\n').trimEnd();
        const text = `$ base64 .env\n${blob}\n$ `;
        const layer = layersOf(text).find((l) => l.encoding === 'base64');
        expect(layer?.decoded).toBe(plain);
        const at = plain.indexOf('Hx7!pQ2#vL9m');
        const span = layer!.toOriginal(at, at + 12)!;
        // removing the span leaves no byte of the secret in what still decodes
        const rest = (text.slice(0, span.start) + text.slice(span.end)).replace('$ base64 .env\n', '');
        const before = Buffer.from(text.slice(text.indexOf(blob), span.start).replace(/\s/g, ''), 'base64').toString('latin1');
        const after = Buffer.from(text.slice(span.end).replace(/[\s$]/g, ''), 'base64').toString('latin1');
        expect(before + after).not.toMatch(/Hx7|pQ2|vL9/);
        expect(rest.length).toBeLessThan(text.length);
      }),
      { numRuns: 60 },
    );
  });

  it('does not decode random bytes, hashes, paths or identifiers', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 400 }), (bytes) => {
        expect(layersOf(`data: ${Buffer.from(bytes).toString('base64')}`).filter((l) => l.encoding === 'base64')).toEqual([]);
      }),
      { numRuns: 300 },
    );
    const benign = [
      'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      '/work/app/node_modules/@types/node/fs/promises.d.ts',
      'accessTokenExpirationMillisecondsForRefreshTokens',
      'integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUR8rGsqFtNAQ5Egpw==',
    ];
    for (const text of benign) expect(layersOf(text).filter((l) => l.encoding === 'base64'), text).toEqual([]);
  });
});

describe('through the engine', () => {
  it('redacts a secret found only once decoded, and nothing in a blob that holds none', () => {
    const redact = createTextRedactor('standard');
    const secret = Buffer.from(env()).toString('base64');
    const out = redact(`$ cat .env | base64\n${secret}`).text;
    expect(out).toMatch(/\[REDACTED:password#1\]/);
    const benign = Buffer.from('APP_ENV=production\nLOG_LEVEL=info\nPORT=8080\n').toString('base64');
    expect(redact(`$ cat .env | base64\n${benign}`).text).toBe(`$ cat .env | base64\n${benign}`);
  });

  function env(): string {
    return 'APP_ENV=production\nDB_PASSWORD=Hx7!pQ2#vL9m\n';
  }
});

describe('carrier markers (found by the keyword scan)', () => {
  /** The marks the keyword scan would report, found here by a plain search. */
  const marksIn = (text: string) => CARRIER_MARKERS.reduce((marks, marker, bit) => (text.toLowerCase().includes(marker) ? marks | (1 << bit) : marks), 0);
  const shape = (text: string, marks?: number) => encodedLayers(text, runStarts(text), marks).map((layer) => ({ encoding: layer.encoding, decoded: layer.decoded, changed: layer.changed }));
  const pieces = ['\x1b[31m', '\\u001b[0m', '\\x1B[1m', '\\033[2K', '\\e[m', '\\"key\\": ', '\\u0040', '\\\\\\"', '=3D', '=3d', '=\n', '=\r\n', 'Content-Transfer-Encoding: quoted-printable\n',
    '"name": "Cookie", "value": "sid=x"', '&#64;', '&amp;', '00000000: 4442 5f50 4153 5357 4f52 443d 6869 6464  DB_PASSWORD=hidd\n',
    '0000: Authorization: Basic YWxpY2U6\n0040: czNjcjN0\n', '09:22:53.052865 http.c:713              <= Recv data: {"tok\n', ' DATA: ', '%3D', '%', '100%', 'password', ' ', 'x'.repeat(45), '\n', 'A', '\\', '"', '='];

  it('decodes with the marks the scan finds exactly what it decodes when every carrier is tried', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(shape(text, marksIn(text))).toEqual(shape(text));
      }),
      { numRuns: 500 },
    );
  });

  it('does not try a carrier none of whose markers occurs', () => {
    const text = '{\\"password\\": \\"Hx7!pQ2#vL9m\\"}';
    expect(shape(text).map((layer) => layer.encoding)).toEqual(['json']);
    expect(shape(text, 0)).toEqual([]);
    expect(shape(text, marksIn(text)).map((layer) => layer.encoding)).toEqual(['json']);
  });
});
