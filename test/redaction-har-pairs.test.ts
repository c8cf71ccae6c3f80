/** HAR name/value pairs read as `name: value` lines (redaction/har-pairs.ts). */
import { describe, expect, it } from 'vitest';
import { harPairs } from '../redaction/har-pairs.js';
import { createTextRedactor } from '../redaction/index.js';

const SESSION = 'q4Wn8Ht3v6By1Crd5Fqm7Vt2kK7x2M9p';
const har = JSON.stringify({ log: { entries: [{ request: { method: 'GET', url: 'https://shop.example/cart', headers: [{ name: 'Accept', value: 'text/html' }, { name: 'Cookie', value: `lang=pt; shop_session=${SESSION}` }] } }] } }, null, 2);

describe('harPairs', () => {
  it('writes each pair as a line and maps a span of a value back to where the value is written', () => {
    const layer = harPairs(har)!;
    expect(layer.decoded).toBe(`Accept: text/html\nCookie: lang=pt; shop_session=${SESSION}\n`);
    const at = layer.decoded.indexOf(SESSION);
    const span = layer.toOriginal(at, at + SESSION.length)!;
    expect(har.slice(span.start, span.end)).toBe(SESSION);
  });

  it('finds nothing in JSON without pairs', () => {
    expect(harPairs('{"name": "widget", "price": 3}')).toBeNull();
  });
});

describe('through the engine', () => {
  it('removes a session cookie from a pretty-printed HAR header, and leaves the other pairs', () => {
    const out = createTextRedactor('standard')(har).text;
    expect(out).not.toContain(SESSION);
    expect(out).toContain('"value": "lang=pt; shop_session=[REDACTED:');
    expect(out).toContain('"value": "text/html"');
  });
});
