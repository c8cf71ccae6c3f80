import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BATCH_BYTES, ByteBatch } from '../src/sinks/byte-batch.js';
import { copySpool, spoolLines } from '../src/sinks/spool.js';

const scratch = mkdtempSync(join(tmpdir(), 'atx-spool-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A writer that holds each chunk until its write is done (like a stream under backpressure) and
 * reads it only then: a buffer filled again too early would show up as wrong bytes.
 */
function slowCollector() {
  const written: Buffer[] = [];
  const arrays = new Set<ArrayBufferLike>();
  const write = (bytes: Buffer) => new Promise<void>((resolve) => setTimeout(() => {
    written.push(Buffer.from(bytes));
    arrays.add(bytes.buffer);
    resolve();
  }, 1));
  return { written, arrays, write, text: () => Buffer.concat(written).toString('utf8') };
}

function collector() {
  const written: Buffer[] = [];
  return { written, write: (bytes: Buffer) => { written.push(Buffer.from(bytes)); return undefined; }, text: () => Buffer.concat(written).toString('utf8') };
}

describe('ByteBatch', () => {
  it('writes the texts in order, in batches no larger than its Buffer unless one text is larger', async () => {
    const out = collector();
    const batch = new ByteBatch(out.write);
    const texts = ['héllo 🌍\n', 'x'.repeat(BATCH_BYTES / 2), 'y'.repeat(BATCH_BYTES * 2), 'z'.repeat(300), 'ü'.repeat(BATCH_BYTES / 4)];
    for (const text of texts) await batch.add(text);
    await batch.flush();
    expect(out.text()).toBe(texts.join(''));
    expect(out.written.filter((chunk) => chunk.length > BATCH_BYTES)).toHaveLength(1);
    expect(batch.pendingBytes).toBe(0);
  });

  it('fills a sent Buffer again only after its write is done, and then does reuse it', async () => {
    const out = slowCollector();
    const batch = new ByteBatch(out.write);
    const texts = Array.from({ length: 40 }, (_, n) => `${String(n).repeat(BATCH_BYTES / 8)}\n`);
    for (const text of texts) await batch.add(text);
    await batch.flush();
    expect(out.text()).toBe(texts.join(''));
    expect(out.written.length).toBeGreaterThan(4);
    expect(out.arrays.size, 'two buffers take turns').toBeLessThanOrEqual(2);
  });

  it('gives the bytes of any texts, multi-byte characters included', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.string({ unit: 'grapheme', maxLength: 4000 }), { maxLength: 50 }), async (texts) => {
      const out = collector();
      const batch = new ByteBatch(out.write);
      for (const text of texts) await batch.add(text);
      await batch.flush();
      expect(out.text()).toBe(texts.join(''));
    }), { numRuns: 60 });
  });
});

describe('spool', () => {
  const lines = ['{"a":"é"}', '{"b":2}', `{"c":"${'🌍'.repeat(600_000)}"}`, '{"d":4}'];
  const path = join(scratch, 'events');
  writeFileSync(path, lines.map((line) => `${line}\n`).join(''));

  it('reads back each line whole, across read chunks', async () => {
    const read: string[] = [];
    for await (const line of spoolLines(path)) read.push(line.toString('utf8'));
    expect(read).toEqual(lines);
  });

  it('copies the events joined by the separator, without the last newline', async () => {
    for (const separator of [',', ',\n']) {
      const out = collector();
      await copySpool(path, Buffer.from(separator), out.write);
      expect(out.text()).toBe(lines.join(separator));
    }
  });

  it('copies through a writer that holds each chunk until its write is done', async () => {
    for (const separator of [',', ',\n']) {
      const out = slowCollector();
      await copySpool(path, Buffer.from(separator), out.write);
      expect(out.text()).toBe(lines.join(separator));
      expect(out.written.length, 'several read chunks').toBeGreaterThan(1);
      expect(out.arrays.size, 'one joining buffer for the whole copy').toBe(1);
    }
  });

  it('copies a spool whose read chunks end exactly on a newline', async () => {
    const exact = join(scratch, 'exact');
    const line = `{"e":"${'x'.repeat(1024 * 1024 - 9)}"}`; // with its newline, exactly one read chunk
    writeFileSync(exact, `${line}\n${line}\n`);
    const out = collector();
    await copySpool(exact, Buffer.from(',\n'), out.write);
    expect(out.text()).toBe(`${line},\n${line}`);
  });
});
