import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_AT_ONCE_BYTES, gzipOutput } from '../src/pipeline/gzip-output.js';
import { copySpool } from '../src/sinks/spool.js';

const CHUNK = 256 * 1024;

/**
 * Writes `total` bytes as ByteBatch does under the Output contract: a buffer whose write returned
 * a promise is filled again once it resolves; one whose write returned nothing is left alone.
 */
async function writeAll(output: ReturnType<typeof gzipOutput>, total: number): Promise<Buffer> {
  let chunk = Buffer.alloc(CHUNK);
  const written: Buffer[] = [];
  for (let offset = 0, turn = 0; offset < total; offset += CHUNK, turn++) {
    const size = Math.min(CHUNK, total - offset);
    for (let i = 0; i < size; i++) chunk[i] = (turn * 31 + i * 7) % 251;
    written.push(Buffer.from(chunk.subarray(0, size)));
    const accepted = output.write(chunk.subarray(0, size));
    if (accepted) await accepted;
    else chunk = Buffer.alloc(CHUNK);
  }
  return Buffer.concat(written);
}

describe('gzipOutput', () => {
  it.each([
    ['a small document, compressed at once', 300 * 1024],
    ['a document larger than what is compressed at once, streamed', COMPRESS_AT_ONCE_BYTES + 700 * 1024],
  ])('%s: the body gunzips to exactly what was written', async (_name, total) => {
    const output = gzipOutput(true);
    const written = await writeAll(output, total);
    await output.commit();
    const body = output.result();
    expect(gunzipSync(body).equals(written)).toBe(true);
    expect(output.rawBytes()).toBe(total);
    expect(output.gzipBytes()).toBe(body.length);
    // the uncompressed document is handed out only when it was held whole
    const small = total <= COMPRESS_AT_ONCE_BYTES;
    expect(output.document()?.equals(written) ?? 'not held').toBe(small ? true : 'not held');
  });

  it('a dry run counts the compressed bytes but keeps none', async () => {
    const kept = gzipOutput(true);
    const counted = gzipOutput(false);
    await writeAll(kept, 100_000);
    await writeAll(counted, 100_000);
    await kept.commit();
    await counted.commit();
    expect(counted.gzipBytes()).toBe(kept.gzipBytes());
    expect(counted.result().length).toBe(0);
  });

  it('stores (does not compress) a document held whole up to storedUpTo bytes, and compresses a larger one', async () => {
    const text = Buffer.from('{"type":"message","text":"the same words again and again"}\n'.repeat(2000));
    const stored = gzipOutput(true, text.length);
    const compressed = gzipOutput(true, text.length - 1);
    for (const output of [stored, compressed]) {
      output.write(text);
      await output.commit();
      expect(gunzipSync(output.result()).equals(text)).toBe(true);
    }
    // stored deflate blocks: the document's bytes plus a few framing bytes; deflated: far fewer
    expect(stored.gzipBytes()).toBeGreaterThan(text.length);
    expect(stored.gzipBytes()).toBeLessThan(text.length + 64);
    expect(compressed.gzipBytes()).toBeLessThan(text.length / 10);
  });

  it('lets the copy of a spool fill one buffer again and again, held part and streamed part alike, with the same bytes out', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `{"seq":${i},"text":"${'abcdefghij'.repeat(i % 37)}"}`);
    const spoolBytes = Buffer.from(`${lines.join('\n')}\n`);
    expect(spoolBytes.length).toBeGreaterThan(COMPRESS_AT_ONCE_BYTES + 2 * CHUNK);
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let at = 0; at < spoolBytes.length; at += CHUNK) yield spoolBytes.subarray(at, at + CHUNK);
    }
    const output = gzipOutput(true);
    const buffersWritten = new Set<ArrayBufferLike>();
    await copySpool(chunks(), Buffer.from(','), (bytes) => {
      buffersWritten.add(bytes.buffer);
      return output.write(bytes);
    });
    await output.commit();
    // every chunk went through one buffer, refilled only once its bytes were taken
    expect(buffersWritten.size).toBe(1);
    expect(gunzipSync(output.result()).toString()).toBe(lines.join(','));
  });

  it('refuses to hand out a body before it is committed', () => {
    expect(() => gzipOutput(true).result()).toThrow(/before it was committed/);
  });
});
