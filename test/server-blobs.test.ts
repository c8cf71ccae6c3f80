/**
 * BlobStore writes the same files on its blob threads (the server, from the compiled tree) as on
 * the event loop (key commands, tests from sources): whole, private, under their hash, a complete
 * copy left alone, a folder removed behind its back made again, and failures with their codes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobStore } from '../src/server/blobs.js';
import { ROOT } from './support/cli-process.js';
import { removeTempDataDirs, tempDataDir } from './server-support.js';

const THREAD = join(ROOT, 'dist/src/server/blob-thread.js');
const stores: BlobStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  removeTempDataDirs();
});

function blobStore(threaded: boolean): BlobStore {
  const store = new BlobStore(join(tempDataDir(), 'blobs'), threaded ? THREAD : null);
  stores.push(store);
  expect(store.threaded).toBe(threaded);
  return store;
}

describe.each([['on its threads', true], ['on the event loop', false]])('BlobStore %s', (_, threaded) => {
  it('writes each blob whole and private under its hash, and leaves a complete copy alone', async () => {
    const store = blobStore(threaded);
    const bodies = Array.from({ length: 12 }, (__, i) => Buffer.from(`{"n":${i},"pad":"${'x'.repeat(i * 5000)}"}`));
    await Promise.all(bodies.map((bytes) => store.write(BlobStore.nameOf(bytes), bytes)));
    for (const bytes of bodies) {
      const path = store.pathOf(BlobStore.nameOf(bytes));
      expect(readFileSync(path)).toEqual(bytes);
      expect(statSync(path).mode & 0o777).toBe(0o600);
    }
    const path = store.pathOf(BlobStore.nameOf(bodies[3]!));
    const before = statSync(path).ino;
    await store.write(BlobStore.nameOf(bodies[3]!), bodies[3]!);
    expect(statSync(path).ino).toBe(before);
    // no temp file stays behind
    for (const folder of readdirSync(store.dir)) expect(readdirSync(join(store.dir, folder)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });

  it('writes only a view\'s own bytes, and makes a folder again that was removed behind its back', async () => {
    const store = blobStore(threaded);
    const backing = Buffer.from('prefix{"a":1}suffix');
    const view = backing.subarray(6, 13);
    await store.write(BlobStore.nameOf(view), view);
    expect(readFileSync(store.pathOf(BlobStore.nameOf(view)), 'utf8')).toBe('{"a":1}');
    rmSync(store.dir, { recursive: true, force: true });
    await store.write(BlobStore.nameOf(view), view);
    expect(readFileSync(store.pathOf(BlobStore.nameOf(view)), 'utf8')).toBe('{"a":1}');
    // a view of shared memory (the scanner's copy of a body) goes as it is: still only its own bytes
    const shared = new Uint8Array(new SharedArrayBuffer(backing.byteLength));
    shared.set(backing.map((byte) => (byte === 0x31 ? 0x32 : byte)));
    const sharedView = shared.subarray(6, 13);
    await store.write(BlobStore.nameOf(sharedView), sharedView);
    expect(readFileSync(store.pathOf(BlobStore.nameOf(sharedView)), 'utf8')).toBe('{"a":2}');
  });

  it('fails with the file system\'s code, and keeps working afterwards', async () => {
    const store = blobStore(threaded);
    const bytes = Buffer.from('{"b":2}');
    const name = BlobStore.nameOf(bytes);
    mkdirSync(store.dir, { recursive: true });
    writeFileSync(join(store.dir, name.slice(0, 2)), 'a file where the folder goes');
    await expect(store.write(name, bytes)).rejects.toMatchObject({ code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/) });
    rmSync(join(store.dir, name.slice(0, 2)));
    await store.write(name, bytes);
    expect(readFileSync(store.pathOf(name))).toEqual(bytes);
  });
});

describe('BlobStore threads', () => {
  it('a thread file that cannot load fails the writes, and is not started again and again', async () => {
    const file = join(tempDataDir(), 'broken-thread.mjs');
    writeFileSync(file, "throw new Error('this thread cannot start');\n");
    const store = new BlobStore(join(tempDataDir(), 'blobs'), file);
    stores.push(store);
    const bytes = Buffer.from('{"c":3}');
    let last: unknown;
    for (let attempt = 0; attempt < 40 && !/keep dying/.test(String(last)); attempt++) {
      last = await store.write(BlobStore.nameOf(bytes), bytes).then(() => 'written', (error: unknown) => error);
      expect(last).toBeInstanceOf(Error);
    }
    expect(String(last)).toMatch(/the blob threads keep dying \(.*cannot start/);
  });


  it('refuses writes once closed', async () => {
    const store = blobStore(true);
    await store.close();
    await expect(store.write(BlobStore.nameOf(Buffer.from('x')), Buffer.from('x'))).rejects.toThrow(/closed/);
  });
});
