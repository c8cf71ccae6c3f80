import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, ByteBatch } from '../src/sinks/byte-batch.js';
import { MEMORY_SPOOL_BYTES, Spool } from '../src/sinks/spool.js';

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

  it('addLine gives the bytes of the text and a newline, for a text of any size beside added ones', async () => {
    const out = collector();
    const batch = new ByteBatch(out.write);
    const lines = ['héllo 🌍', 'x'.repeat(BATCH_BYTES / 3 - 1), 'ü'.repeat(BATCH_BYTES / 2), '', 'z'.repeat(300)];
    await batch.add('{');
    for (const line of lines) await batch.addLine(line);
    await batch.add('}');
    await batch.flush();
    expect(out.text()).toBe(`{${lines.map((line) => `${line}\n`).join('')}}`);
    expect(out.written.filter((chunk) => chunk.length > BATCH_BYTES), 'the line longer than a batch went on its own').toHaveLength(1);
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

/** A spool holding the lines, in memory or (past a memory limit of 0 bytes) in its temp file. */
async function spoolOf(lines: readonly string[], where: 'memory' | 'disk'): Promise<Spool> {
  const spool = new Spool(where === 'memory' ? MEMORY_SPOOL_BYTES : 0);
  const batch = new ByteBatch((bytes) => spool.write(bytes));
  for (const line of lines) await batch.add(`${line}\n`);
  await batch.flush();
  await spool.close();
  expect(spool.onDisk).toBe(where === 'disk');
  return spool;
}

describe.each(['memory', 'disk'] as const)('a spool in %s', (where) => {
  const lines = ['{"a":"é"}', '{"b":2}', `{"c":"${'🌍'.repeat(600_000)}"}`, '{"d":4}'];

  it("reads back each line whole, across chunks, and each line is the reader's to keep", async () => {
    const spool = await spoolOf(lines, where);
    const kept: Buffer[] = [];
    for await (const line of spool.lines()) kept.push(line);
    expect(kept.map((line) => line.toString('utf8'))).toEqual(lines);
    await spool.discard();
  });

  it('gives the first lines in place, then the rest as bytes, which a batch copies whole', async () => {
    const spool = await spoolOf(lines, where);
    const head: string[] = [];
    const out = slowCollector();
    const rest = new ByteBatch(out.write);
    for await (const piece of spool.linesThenRest(2)) {
      if ('line' in piece) head.push(piece.line.toString('utf8'));
      else await rest.addBytes(piece.rest);
    }
    await rest.flush();
    expect(head).toEqual(lines.slice(0, 2));
    expect(out.text()).toBe(lines.slice(2).map((line) => `${line}\n`).join(''));
    expect(out.arrays.size, 'two buffers take turns').toBeLessThanOrEqual(2);
    await spool.discard();
  });

  it('copies the events joined by the separator, without the last newline', async () => {
    const spool = await spoolOf(lines, where);
    for (const separator of [',', ',\n']) {
      const out = collector();
      await spool.copyTo(Buffer.from(separator), out.write);
      expect(out.text()).toBe(lines.join(separator));
    }
    await spool.discard();
  });

  it('copies through a writer that holds each chunk until its write is done', async () => {
    const spool = await spoolOf(lines, where);
    for (const separator of [',', ',\n']) {
      const out = slowCollector();
      await spool.copyTo(Buffer.from(separator), out.write);
      expect(out.text()).toBe(lines.join(separator));
      expect(out.written.length, 'several chunks').toBeGreaterThan(1);
      // from disk every chunk is one read; in memory the large line's chunk grows the buffer once
      expect(out.arrays.size, 'one joining buffer, reused').toBe(where === 'disk' ? 1 : 2);
    }
    await spool.discard();
  });

  it('copies a spool whose chunks end exactly on a newline', async () => {
    const line = `{"e":"${'x'.repeat(1024 * 1024 - 9)}"}`; // with its newline, exactly one read chunk
    const spool = await spoolOf([line, line], where);
    const out = collector();
    await spool.copyTo(Buffer.from(',\n'), out.write);
    expect(out.text()).toBe(`${line},\n${line}`);
    await spool.discard();
  });
});

describe('spool', () => {
  it('moves to a private temp file past its memory limit, keeping the order of writes that do not wait', async () => {
    const spool = new Spool(10);
    const writes = ['{"n":1}\n', '{"n":2}\n', '{"n":3}\n'].map((line) => spool.write(Buffer.from(line)));
    await Promise.all(writes);
    await spool.close();
    expect(spool.onDisk).toBe(true);
    const read: string[] = [];
    for await (const line of spool.lines()) read.push(line.toString('utf8'));
    expect(read).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    await spool.discard();
  });
});
