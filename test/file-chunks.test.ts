/**
 * fileChunks (src/file-chunks.ts): every byte of the file, in order, in chunks of at most the
 * chunk size; a small regular file in one buffer sized to it (not a chunk's worth), and bytes
 * appended while the file is being read are still read.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, fileChunks } from '../src/file-chunks.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atx-file-chunks-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Bytes that differ from one position to the next, so a chunk out of place shows. */
function patterned(size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

async function readAll(path: string, chunkBytes?: number): Promise<{ bytes: Buffer; chunks: number; bufferBytes: number[] }> {
  const parts: Buffer[] = [];
  const bufferBytes: number[] = [];
  for await (const chunk of fileChunks(path, chunkBytes)) {
    parts.push(Buffer.from(chunk)); // a chunk is valid only until the next ones are read
    bufferBytes.push(chunk.buffer.byteLength);
  }
  return { bytes: Buffer.concat(parts), chunks: parts.length, bufferBytes };
}

describe('fileChunks', () => {
  it('reads a small file in one chunk whose buffer is about its size, not a whole chunk', async () => {
    const path = join(dir, 'small.jsonl');
    const content = patterned(160 * 1024 + 7);
    await writeFile(path, content);
    const { bytes, chunks, bufferBytes } = await readAll(path);
    expect(bytes.equals(content)).toBe(true);
    expect(chunks).toBe(1);
    expect(bufferBytes[0]).toBeLessThan(content.length + 4096);
  });

  it('reads a file larger than a chunk in chunks of at most the chunk size, every byte in order', async () => {
    const path = join(dir, 'large.jsonl');
    const content = patterned(3 * 64 * 1024 + 123);
    await writeFile(path, content);
    const { bytes, chunks } = await readAll(path, 64 * 1024);
    expect(bytes.equals(content)).toBe(true);
    expect(chunks).toBe(4);
  });

  it('reads an empty file as no chunk', async () => {
    const path = join(dir, 'empty.jsonl');
    await writeFile(path, '');
    expect((await readAll(path)).chunks).toBe(0);
  });

  it('reads a file of exactly one chunk, and of one byte more', async () => {
    for (const size of [64 * 1024, 64 * 1024 + 1]) {
      const path = join(dir, `edge-${size}.jsonl`);
      const content = patterned(size);
      await writeFile(path, content);
      expect((await readAll(path, 64 * 1024)).bytes.equals(content)).toBe(true);
    }
  });

  it('reads what is appended to the file while it is being read', async () => {
    const path = join(dir, 'growing.jsonl');
    const first = patterned(200 * 1024);
    const more = patterned(300 * 1024).reverse();
    await writeFile(path, first);
    const parts: Buffer[] = [];
    let appended = false;
    for await (const chunk of fileChunks(path, 128 * 1024)) {
      parts.push(Buffer.from(chunk));
      if (!appended) {
        await appendFile(path, more);
        appended = true;
      }
    }
    expect(Buffer.concat(parts).equals(Buffer.concat([first, more]))).toBe(true);
  });

  it('keeps the default chunk size for large files', async () => {
    const path = join(dir, 'default.jsonl');
    const content = patterned(CHUNK_BYTES + 10);
    await writeFile(path, content);
    const { bytes, bufferBytes } = await readAll(path);
    expect(bytes.equals(content)).toBe(true);
    expect(bufferBytes[0]).toBe(CHUNK_BYTES);
  });
});
