import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ByteLength, elideLargeBase64, ELIDE_MIN_CHARS } from '../src/pipeline/elide.js';
import { LineFramer, type FramedLine } from '../src/pipeline/framer.js';

function frame(chunks: Buffer[], max?: number): FramedLine[] {
  const framer = new LineFramer(max);
  return [...chunks.flatMap((chunk) => framer.push(chunk)), ...framer.end()];
}
const texts = (lines: FramedLine[]) => lines.map((l) => (l.kind === 'line' ? l.text : `<oversized ${l.bytes}>`));

describe('LineFramer', () => {
  it('strips CR from CRLF lines and numbers lines from 1', () => {
    const lines = frame([Buffer.from('{"a":1}\r\n{"b":2}\r\n')]);
    expect(lines).toEqual([
      { kind: 'line', line: 1, text: '{"a":1}', bytes: 8 },
      { kind: 'line', line: 2, text: '{"b":2}', bytes: 8 },
    ]);
  });

  it('keeps a UTF-8 character that is split across chunks', () => {
    const bytes = Buffer.from('{"t":"héllo 🌍"}\n');
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(texts(frame([bytes.subarray(0, cut), bytes.subarray(cut)]))).toEqual(['{"t":"héllo 🌍"}']);
    }
  });

  it('emits a last line without newline, skips blank lines but counts them', () => {
    const lines = frame([Buffer.from('a\n\n  \r\nb')]);
    expect(lines.map((l) => [l.line, l.kind === 'line' ? l.text : ''])).toEqual([[1, 'a'], [4, 'b']]);
  });

  it('assembles a line of tens of megabytes from many small chunks', () => {
    const big = `{"text":"${'A'.repeat(30 * 1024 * 1024)}"}`;
    const bytes = Buffer.from(`${big}\n{"next":true}\n`);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
    const lines = frame(chunks);
    expect(lines).toHaveLength(2);
    const first = lines[0]!;
    expect(first.kind === 'line' && first.text.length).toBe(big.length);
    expect(texts(lines)[1]).toBe('{"next":true}');
  });

  it('reports a line over the limit without buffering it, and goes on', () => {
    const lines = frame([Buffer.from('x'.repeat(50)), Buffer.from('y'.repeat(50)), Buffer.from('\nok\n')], 64);
    expect(lines).toEqual([
      { kind: 'oversized', line: 1, bytes: 100 },
      { kind: 'line', line: 2, text: 'ok', bytes: 2 },
    ]);
  });

  it('gives the same lines however the input is chunked (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 10 }), (parts, cuts) => {
        const bytes = Buffer.from(parts.join('\n'));
        const offsets = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % bytes.length)))].sort((a, b) => a - b);
        const chunks: Buffer[] = [];
        let start = 0;
        for (const offset of offsets) { chunks.push(bytes.subarray(start, offset)); start = offset; }
        chunks.push(bytes.subarray(start));
        expect(texts(frame(chunks))).toEqual(texts(frame([bytes])));
      }),
    );
  });

  it('keeps no chunk: the same buffer filled again for every chunk gives the same lines (a file read in turns)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 20 }), fc.integer({ min: 1, max: 16 }), (parts, size) => {
        const bytes = Buffer.from(parts.join('\n'));
        const shared = Buffer.alloc(size);
        const framer = new LineFramer(48);
        const lines: FramedLine[] = [];
        for (let at = 0; at < bytes.length; at += size) {
          const length = bytes.copy(shared, 0, at, at + size);
          lines.push(...framer.push(shared.subarray(0, length)));
          shared.fill(0x7a); // what the next read would leave there
        }
        lines.push(...framer.end());
        expect(lines).toEqual(frame([bytes], 48));
      }),
    );
  });
});

describe('base64 elision', () => {
  const image = Buffer.alloc(3 * ELIDE_MIN_CHARS, 7).toString('base64');

  it('replaces a huge "data" or "base64" value by a token that keeps its length, and nothing else', () => {
    const line = Buffer.from(JSON.stringify({ a: { type: 'base64', data: image }, b: { base64: image }, text: image, small: { data: 'aGk=' } }));
    const parsed = JSON.parse(elideLargeBase64(line).toString()) as { a: { data: string }; b: { base64: string }; text: string; small: { data: string } };
    expect(parsed.a.data).toMatch(/^atx:elided-base64:\d+$/);
    expect(base64ByteLength(parsed.a.data)).toBe(3 * ELIDE_MIN_CHARS);
    expect(base64ByteLength(parsed.b.base64)).toBe(3 * ELIDE_MIN_CHARS);
    expect(parsed.text).toBe(image); // not under an image key: kept
    expect(parsed.small.data).toBe('aGk='); // short: kept
    expect(base64ByteLength('aGk=')).toBe(2);
  });

  it('elides the payload of a data URL under any key, keeping its media type', () => {
    const line = Buffer.from(JSON.stringify({ image_url: `data:image/png;base64,${image}`, note: `see data:image/png;base64,${image}` }));
    const parsed = JSON.parse(elideLargeBase64(line).toString()) as { image_url: string; note: string };
    expect(parsed.image_url).toBe(`data:image/png;base64,atx:elided-base64:${image.length}`);
    expect(parsed.note).toBe(`see data:image/png;base64,${image}`); // not a data URL value: kept
  });

  it('leaves a long escaped string alone', () => {
    const value = 'x\\n'.repeat(ELIDE_MIN_CHARS);
    const line = Buffer.from(`{"data":"${value}"}`);
    expect(elideLargeBase64(line)).toBe(line);
  });

  it('is applied by the framer to long lines only', () => {
    const long = Buffer.from(`{"data":"${image}"}\n{"data":"aGk="}\n`);
    const lines = frame([long]);
    expect(texts(lines)).toEqual([`{"data":"atx:elided-base64:${image.length}"}`, '{"data":"aGk="}']);
    expect(lines[0]!.bytes).toBe(image.length + 11); // the native size is still reported
  });
});
