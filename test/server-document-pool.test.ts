import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentPool, PrepareFailedError } from '../src/server/document-pool.js';
import { prepareDocument, type Prepared } from '../src/server/prepare.js';
import { ROOT } from './support/cli-process.js';
import { bytesOf, transcript } from './server-support.js';
import { scratchFolders } from './support/scratch.js';

// the compiled worker (the tests run against a built tree, as the e2e tests do)
const WORKER = join(ROOT, 'dist/src/server/document-worker.js');
const pools: DocumentPool[] = [];
const scratch = scratchFolders('atx-document-pool-');
afterAll(async () => { await Promise.all(pools.map((pool) => pool.close())); });

function pool(workers: number, file = WORKER): DocumentPool {
  const created = new DocumentPool(workers, file);
  pools.push(created);
  return created;
}

describe('DocumentPool', () => {
  it('prepares in a worker exactly what it prepares inline: facts, digest, stored bytes, failing paths', async () => {
    const threaded = pool(2);
    expect(threaded.threaded).toBe(true);
    const valid = transcript({ events: 3 });
    const broken = { ...transcript(), events: [{ id: 'ev_1' }] };
    for (const document of [valid, broken]) {
      const text = Buffer.from(JSON.stringify(document, null, 1));
      const comparable = (p: Prepared) => (p.kind === 'ok' ? { ...p, bytes: Buffer.from(p.bytes) } : p);
      expect(comparable(await threaded.prepare(new Uint8Array(text)))).toEqual(comparable(prepareDocument(new Uint8Array(text))));
    }
    const prepared = await threaded.prepare(new Uint8Array(bytesOf(valid)));
    expect(prepared).toMatchObject({ kind: 'ok', transcriptId: valid.transcriptId, eventCount: 3, submitterKeyId: null });
    expect(prepared.kind === 'ok' && Buffer.from(prepared.bytes).toString('utf8')).toBe(JSON.stringify(valid));
    expect((await threaded.prepare(new Uint8Array(Buffer.from(JSON.stringify(broken)))))).toMatchObject({ kind: 'invalid', failing: expect.arrayContaining([expect.objectContaining({ path: 'events.0.seq' })]) });
  });

  it('prepares bytes in shared memory (the scanner\'s copy) in a worker, sharing them instead of moving them', async () => {
    const threaded = pool(1);
    const valid = transcript({ events: 2 });
    const text = bytesOf(valid);
    const shared = new Uint8Array(new SharedArrayBuffer(text.byteLength));
    shared.set(text);
    const prepared = await threaded.prepare(shared);
    expect(prepared).toMatchObject({ kind: 'ok', transcriptId: valid.transcriptId, eventCount: 2, blob: (prepareDocument(new Uint8Array(text)) as { blob: string }).blob });
    // still the caller's to read: shared, not detached by a transfer
    expect(shared.byteLength).toBe(text.byteLength);
    expect(prepared.kind === 'ok' && prepared.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('refuses a number past the range of a double with its path, in a worker as inline (it has no text to digest)', async () => {
    const threaded = pool(1);
    const document = transcript();
    const text = JSON.stringify({ ...document, events: [{ ...(document.events as object[])[0], extra: { n: 7 } }, (document.events as object[])[1]] }).replace('"n":7', '"n":1e400');
    for (const prepared of [await threaded.prepare(new Uint8Array(Buffer.from(text))), prepareDocument(new Uint8Array(Buffer.from(text)))]) {
      expect(prepared).toMatchObject({ kind: 'invalid', failing: [{ path: 'events.0.extra.n', message: expect.stringContaining('too large for a 64-bit float') }] });
    }
  });

  it('takes documents in turn when more arrive than it has workers', async () => {
    const threaded = pool(1);
    const documents = Array.from({ length: 6 }, (_, i) => transcript({ text: `turn ${i}` }));
    const prepared = await Promise.all(documents.map((document) => threaded.prepare(new Uint8Array(bytesOf(document)))));
    expect(prepared.map((p) => p.kind === 'ok' && p.transcriptId)).toEqual(documents.map((d) => d.transcriptId));
  });

  it('fails the job of a worker that dies, and carries on with a new one', async () => {
    const threaded = pool(1);
    const big = Buffer.from(`{"events":[${'{"a":[1,2,3]},'.repeat(500_000)}{}]}`);
    const job = threaded.prepare(new Uint8Array(big));
    // the worker goes away mid-job, as it would when it runs out of memory
    await (threaded as unknown as { slots: Array<{ worker: { terminate(): Promise<number> } }> }).slots[0]!.worker.terminate();
    await expect(job).rejects.toBeInstanceOf(PrepareFailedError);
    const after = await threaded.prepare(new Uint8Array(bytesOf(transcript())));
    expect(after.kind).toBe('ok');
  });

  it('a worker file that cannot load fails the documents, and is not started again and again', async () => {
    const file = join(scratch(), 'broken-worker.mjs');
    writeFileSync(file, "throw new Error('this worker cannot start');\n");
    const broken = pool(2, file);
    let reason = '';
    for (let attempt = 0; attempt < 40 && !reason.includes('keep dying'); attempt++) {
      const failed = await broken.prepare(new Uint8Array(bytesOf(transcript()))).then(() => undefined, (error: unknown) => error);
      expect(failed).toBeInstanceOf(PrepareFailedError);
      reason = String((failed as PrepareFailedError).cause);
    }
    expect(reason).toMatch(/the document workers keep dying \(.*cannot start/);
  });

  it('workers that load and then die on documents fail those documents only: the pool never stops', async () => {
    const file = join(scratch(), 'dies-on-documents.mjs');
    writeFileSync(file, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => { throw new Error('this document kills me'); });\nparentPort.postMessage({ ready: true });\n");
    const hostile = pool(1, file);
    for (let attempt = 0; attempt < 20; attempt++) {
      const failed = await hostile.prepare(new Uint8Array(bytesOf(transcript()))).then(() => undefined, (error: unknown) => error);
      expect(failed).toBeInstanceOf(PrepareFailedError);
      const cause = String((failed as PrepareFailedError).cause);
      expect(cause).toMatch(/this document kills me/);
      expect(cause).not.toMatch(/keep dying/);
    }
  });

  it('prepares documents up to inlineMaxBytes inline, and starts its workers only for a larger one', async () => {
    const small = new Uint8Array(bytesOf(transcript({ events: 2 })));
    const large = new Uint8Array(bytesOf(transcript({ events: 40 })));
    const mixed = new DocumentPool(1, WORKER, small.byteLength);
    pools.push(mixed);
    const workers = () => (mixed as unknown as { slots: unknown[] }).slots.length;
    const expected = prepareDocument(small.slice());
    expect(await mixed.prepare(small)).toEqual(expected);
    expect(workers()).toBe(0);
    const prepared = await mixed.prepare(large.slice());
    expect(workers()).toBe(1);
    const comparable = (p: Prepared) => (p.kind === 'ok' ? { ...p, bytes: Buffer.from(p.bytes) } : p);
    expect(comparable(prepared)).toEqual(comparable(prepareDocument(large)));
  });

  it('prepares inline when there is no compiled worker (started from sources)', async () => {
    const inline = pool(2, join(ROOT, 'no-such-worker.js'));
    expect(inline.threaded).toBe(false);
    expect((await inline.prepare(new Uint8Array(bytesOf(transcript())))).kind).toBe('ok');
  });
});
