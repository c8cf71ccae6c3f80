import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decodeByBom } from '../src/pipeline/encoding.js';
import { convertBytes, ROOT } from './helpers.js';

async function decoded(bytes: Buffer, chunkSize: number): Promise<string> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  const out: Buffer[] = [];
  for await (const chunk of decodeByBom(Readable.from(chunks))) out.push(chunk);
  return Buffer.concat(out).toString('utf8');
}

const text = '{"a":"héllo wörld ✓ 😀"}\n{"b":2}\n';
const utf16be = (value: string) => Buffer.from(value, 'utf16le').swap16();

describe('byte-order marks', () => {
  for (const chunkSize of [1, 2, 3, 5, 4096]) {
    it(`UTF-8 BOM dropped, UTF-16 LE/BE decoded, plain UTF-8 untouched (chunks of ${chunkSize})`, async () => {
      expect(await decoded(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), chunkSize)).toBe(text);
      expect(await decoded(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), chunkSize)).toBe(text);
      expect(await decoded(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), chunkSize)).toBe(text);
      expect(await decoded(Buffer.from(text), chunkSize)).toBe(text);
      expect(await decoded(Buffer.alloc(0), chunkSize)).toBe('');
    });
  }

  it('a real session saved as UTF-16 by a Windows tool converts as the UTF-8 original does', async () => {
    const original = readFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'), 'utf8');
    const plain = await convertBytes(original);
    const utf16 = await convertBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(original, 'utf16le')]));
    expect(utf16.text).toBe(plain.text);
    expect(utf16.result.header.metrics.unparsedCount).toBe(0);
  });
});
