import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AtxError } from '../src/errors.js';
import { defaultOutboxDir, Outbox, OutboxItemError } from '../src/upload/outbox.js';

const SECRET = 'sEcReT0123456789abcdefXYZ';
const ID_A = '0b9e3f4c-2a51-4d7e-9c3b-5f6a7b8c9d0e';
const ID_B = '1c8d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const posix = process.platform !== 'win32';

let root: string;
let dir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'atx-outbox-'));
  dir = join(root, 'state', 'atx', 'outbox');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const body = (text: string) => gzipSync(Buffer.from(JSON.stringify({ text })));

function clock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => { now += ms; } };
}

describe('Outbox', () => {
  it('items put side by side are all there, each with its own meta, and removed side by side are all gone', async () => {
    const outbox = await Outbox.open(dir);
    const ids = Array.from({ length: 12 }, (_, n) => `item-${String(n).padStart(2, '0')}`);
    const entries = await Promise.all(ids.map((id) => outbox.put({ transcriptId: id, body: body(id), meta: { input: `${id}.jsonl` } })));
    expect(entries.map((entry) => [entry.transcriptId, entry.meta.input, entry.bodyBytes])).toEqual(ids.map((id) => [id, `${id}.jsonl`, body(id).length]));
    const listed = await outbox.list();
    expect(listed.map((entry) => entry.transcriptId).sort()).toEqual(ids);
    expect(listed.every((entry) => !entry.metaMissing && entry.broken === null)).toBe(true);
    for (const id of ids) expect(await outbox.read({ transcriptId: id })).toEqual(body(id));
    expect((await readdir(dir)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);

    expect(await Promise.all(ids.map((id) => outbox.remove(id)))).toEqual(ids.map(() => true));
    expect(await readdir(dir)).toEqual([]);
  });

  it('put, list, read, remove', async () => {
    const time = clock();
    const outbox = await Outbox.open(dir, { now: time.now });
    const a = body('first');
    const entry = await outbox.put({ transcriptId: ID_A, body: a, meta: { endpoint: 'https://host.example/api', keyId: 'k123', profile: 'standard', input: 'session.jsonl' } });
    expect(entry).toMatchObject({ transcriptId: ID_A, bodyBytes: a.length, broken: null, metaMissing: false });
    expect(entry.meta).toMatchObject({ endpoint: 'https://host.example/api', keyId: 'k123', profile: 'standard', input: 'session.jsonl', attempts: 0, lastStatus: null, lastError: null, queuedAt: '2026-01-01T00:00:00.000Z' });
    time.advance(1000);
    await outbox.put({ transcriptId: ID_B, body: body('second') });

    const listed = await outbox.list();
    expect(listed.map((e) => e.transcriptId)).toEqual([ID_A, ID_B]);
    expect(await outbox.read(listed[0]!)).toEqual(a);
    expect(await outbox.get(ID_B)).toMatchObject({ transcriptId: ID_B });

    expect(await outbox.remove(ID_A)).toBe(true);
    expect(await outbox.remove(ID_A)).toBe(false); // another flusher got there first: fine
    expect((await outbox.list()).map((e) => e.transcriptId)).toEqual([ID_B]);
    expect(await readdir(dir)).toEqual([`${ID_B}.json.gz`, `${ID_B}.meta.json`]);
    expect(await outbox.get(ID_A)).toBeNull();
  });

  it('removeDelivered takes the body and the meta away and leaves the other items', async () => {
    const outbox = await Outbox.open(dir);
    await outbox.put({ transcriptId: ID_A, body: body('a'), meta: { input: 'a.jsonl' } });
    await outbox.put({ transcriptId: ID_B, body: body('b') });
    expect(await outbox.removeDelivered(ID_A)).toBe(true);
    expect(await outbox.removeDelivered(ID_A)).toBe(false);
    expect((await readdir(dir)).sort()).toEqual([`${ID_B}.json.gz`, `${ID_B}.meta.json`]);
    expect((await outbox.list()).map((entry) => entry.transcriptId)).toEqual([ID_B]);
  });

  it('a body put to be sent at once is a whole item without an fsync; makeDurable syncs it when it stays', async () => {
    const synced: string[] = [];
    const outbox = await Outbox.open(dir, { syncFolder: async (folder) => { synced.push(folder); } });
    await outbox.put({ transcriptId: ID_A, body: body('durable') });
    expect(synced).toEqual([dir]);
    const entry = await outbox.put({ transcriptId: ID_B, body: body('sent at once'), meta: { input: 'b.jsonl' } }, { durable: false });
    expect(synced).toEqual([dir]);
    expect(entry).toMatchObject({ transcriptId: ID_B, broken: null, metaMissing: false });
    expect(await outbox.read({ transcriptId: ID_B })).toEqual(body('sent at once'));
    expect((await readdir(dir)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    await outbox.makeDurable(ID_B);
    expect(synced).toEqual([dir, dir]);
    expect((await outbox.get(ID_B))?.meta.input).toBe('b.jsonl');
    await outbox.removeDelivered(ID_B);
    await outbox.makeDurable(ID_B); // delivered or dropped by another run meanwhile: nothing to do
    expect(synced).toEqual([dir, dir]);
  });

  it('lists oldest first by queue time, whatever the names', async () => {
    const time = clock();
    const outbox = await Outbox.open(dir, { now: time.now });
    await outbox.put({ transcriptId: ID_B, body: body('b') });
    time.advance(5);
    await outbox.put({ transcriptId: ID_A, body: body('a') });
    expect((await outbox.list()).map((e) => e.transcriptId)).toEqual([ID_B, ID_A]);
  });

  it('the same bytes again keep the item and its history; different bytes replace it', async () => {
    const time = clock();
    const outbox = await Outbox.open(dir, { now: time.now });
    await outbox.put({ transcriptId: ID_A, body: body('v1') });
    await outbox.update(ID_A, { attempts: 3, lastStatus: 503, lastError: 'busy' });
    time.advance(60_000);

    const again = await outbox.put({ transcriptId: ID_A, body: body('v1') });
    expect(again.meta).toMatchObject({ attempts: 3, lastStatus: 503, queuedAt: '2026-01-01T00:00:00.000Z' });

    const replaced = await outbox.put({ transcriptId: ID_A, body: body('v2') });
    expect(replaced.meta).toMatchObject({ attempts: 0, lastStatus: null, queuedAt: '2026-01-01T00:01:00.000Z' });
    expect(await outbox.read(replaced)).toEqual(body('v2'));
    expect((await readdir(dir)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });

  it('update merges into meta, and writes nothing for an item that is gone', async () => {
    const outbox = await Outbox.open(dir);
    await outbox.put({ transcriptId: ID_A, body: body('x'), meta: { keyId: 'k123' } });
    const meta = await outbox.update(ID_A, (current) => ({ attempts: current.attempts + 2, lastError: 'server refused: 409 conflict' }));
    expect(meta).toMatchObject({ attempts: 2, keyId: 'k123', lastError: 'server refused: 409 conflict' });
    expect((await outbox.get(ID_A))?.meta.attempts).toBe(2);
    await outbox.remove(ID_A);
    expect(await outbox.update(ID_A, { attempts: 9 })).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('modes: folder 0700, files 0600, and an open folder is closed down', async () => {
    if (!posix) return;
    const outbox = await Outbox.open(dir);
    await outbox.put({ transcriptId: ID_A, body: body('x') });
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const name of await readdir(dir)) expect((await stat(join(dir, name))).mode & 0o777).toBe(0o600);

    const loose = join(root, 'loose');
    await mkdir(loose, { mode: 0o755 });
    await chmod(loose, 0o755);
    await Outbox.open(loose);
    expect((await stat(loose)).mode & 0o777).toBe(0o700);
  });

  it('a leftover temp file is ignored, and swept once it is stale', async () => {
    const time = clock(Date.now());
    const outbox = await Outbox.open(dir, { now: time.now });
    await outbox.put({ transcriptId: ID_A, body: body('x') });
    await writeFile(join(dir, '.tmp-123-abc'), 'half a write');
    expect((await outbox.list()).map((e) => e.transcriptId)).toEqual([ID_A]);
    expect(await readdir(dir)).toContain('.tmp-123-abc');

    time.advance(11 * 60_000);
    expect((await outbox.list()).map((e) => e.transcriptId)).toEqual([ID_A]);
    expect(await readdir(dir)).not.toContain('.tmp-123-abc');
  });

  it('a missing or corrupt meta file does not hide an item', async () => {
    const outbox = await Outbox.open(dir);
    await outbox.put({ transcriptId: ID_A, body: body('a') });
    await outbox.put({ transcriptId: ID_B, body: body('b') });
    await rm(join(dir, `${ID_A}.meta.json`));
    await writeFile(join(dir, `${ID_B}.meta.json`), '{"attempts": "not a number", "lastError": 7');

    const listed = await outbox.list();
    expect(listed.map((e) => [e.transcriptId, e.metaMissing, e.broken])).toEqual(expect.arrayContaining([[ID_A, true, null], [ID_B, true, null]]));
    const a = listed.find((e) => e.transcriptId === ID_A)!;
    expect(a.meta).toMatchObject({ attempts: 0, keyId: null, endpoint: null });
    expect(await outbox.read(a)).toEqual(body('a'));

    // a meta file with some bad fields keeps the good ones
    await writeFile(join(dir, `${ID_B}.meta.json`), JSON.stringify({ attempts: -1, keyId: 'k123' }));
    expect((await outbox.get(ID_B))?.meta).toMatchObject({ attempts: 0, keyId: 'k123' });
    // update recreates a sound meta file
    await outbox.update(ID_A, { lastStatus: 500 });
    expect((await outbox.get(ID_A))?.metaMissing).toBe(false);
  });

  it('a truncated or non-gzip body is listed as broken, with a reason, and read refuses it', async () => {
    const outbox = await Outbox.open(dir);
    const full = body('x'.repeat(5000) + Math.random());
    await outbox.put({ transcriptId: ID_A, body: full });
    await outbox.put({ transcriptId: ID_B, body: body('fine') });
    await writeFile(join(dir, `${ID_A}.json.gz`), full.subarray(0, full.length - 10));

    const listed = await outbox.list();
    expect(listed.find((e) => e.transcriptId === ID_A)?.broken).toBe('the body file is truncated');
    expect(listed.find((e) => e.transcriptId === ID_B)?.broken).toBeNull();
    await expect(outbox.read({ transcriptId: ID_A })).rejects.toMatchObject({ name: 'OutboxItemError', problem: 'broken' });

    // without a meta file (no checksum to compare) truncation is still found
    await rm(join(dir, `${ID_A}.meta.json`));
    expect((await outbox.get(ID_A))?.broken).toBe('the body file is truncated');

    await writeFile(join(dir, `${ID_A}.json.gz`), '{"plain": "json"}');
    expect((await outbox.get(ID_A))?.broken).toBe('the body file is not gzip');
    await writeFile(join(dir, `${ID_A}.json.gz`), '');
    expect((await outbox.get(ID_A))?.broken).toBe('the body file is empty');

    const flipped = Buffer.from(full);
    flipped[flipped.length - 5] = flipped[flipped.length - 5]! ^ 0xff; // the CRC/size trailer
    await writeFile(join(dir, `${ID_A}.json.gz`), flipped);
    expect((await outbox.get(ID_A))?.broken).toMatch(/^the body file is corrupt/);
  });

  it('a meta file from an earlier body does not make a sound body look broken', async () => {
    const outbox = await Outbox.open(dir);
    await outbox.put({ transcriptId: ID_A, body: body('old') });
    const stale = await readFile(join(dir, `${ID_A}.meta.json`));
    await outbox.put({ transcriptId: ID_A, body: body('new') });
    await writeFile(join(dir, `${ID_A}.meta.json`), stale); // as if killed between the two renames
    expect((await outbox.get(ID_A))?.broken).toBeNull();
    expect(await outbox.read({ transcriptId: ID_A })).toEqual(body('new'));
  });

  it('read of an item another run removed says missing', async () => {
    const outbox = await Outbox.open(dir);
    const entry = await outbox.put({ transcriptId: ID_A, body: body('x') });
    await rm(entry.bodyPath);
    const error = await outbox.read(entry).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxItemError);
    expect(error).toMatchObject({ problem: 'missing' });
  });

  it('ids are checked before they become file names', async () => {
    const outbox = await Outbox.open(dir);
    for (const id of ['../escape', 'a/b', '.tmp-x', '', 'x'.repeat(200), 'a\0b', '..']) {
      await expect(outbox.put({ transcriptId: id, body: body('x') })).rejects.toBeInstanceOf(AtxError);
      await expect(outbox.remove(id)).rejects.toBeInstanceOf(AtxError);
    }
    expect(await outbox.drop(['../escape', ID_A])).toEqual({ removed: [], missing: ['../escape', ID_A] });
    expect(await readdir(root)).toEqual(['state']);
  });

  it('put refuses a body that is not gzip', async () => {
    const outbox = await Outbox.open(dir);
    await expect(outbox.put({ transcriptId: ID_A, body: Buffer.from('{}') })).rejects.toThrow(/gzipped/);
  });

  it('drop removes the given items, or all of them', async () => {
    const outbox = await Outbox.open(dir);
    await outbox.put({ transcriptId: ID_A, body: body('a') });
    await outbox.put({ transcriptId: ID_B, body: body('b') });
    expect(await outbox.drop([ID_A])).toEqual({ removed: [ID_A], missing: [] });
    await outbox.put({ transcriptId: ID_A, body: body('a') });
    expect(await outbox.drop('all')).toEqual({ removed: [ID_A, ID_B].sort(), missing: [] });
    expect(await outbox.list()).toEqual([]);
  });

  it('a meta file whose body is gone is swept once stale, and never listed', async () => {
    const time = clock(Date.now());
    const outbox = await Outbox.open(dir, { now: time.now });
    const entry = await outbox.put({ transcriptId: ID_A, body: body('x') });
    await rm(entry.bodyPath);
    expect(await outbox.list()).toEqual([]);
    expect(await readdir(dir)).toEqual([`${ID_A}.meta.json`]);
    time.advance(11 * 60_000);
    await outbox.list();
    expect(await readdir(dir)).toEqual([]);
  });

  it('no file in the outbox ever holds the secret', async () => {
    const outbox = await Outbox.open(dir);
    await outbox.put({
      transcriptId: ID_A,
      body: body('redacted document'),
      meta: { endpoint: `https://user:${SECRET}@host.example/api?token=${SECRET}#${SECRET}`, keyId: 'k123', profile: 'standard', input: 'a.jsonl' },
    });
    await outbox.put({ transcriptId: ID_B, body: body('b'), meta: { endpoint: new URL(`https://k:${SECRET}@host.example/`) } });
    await outbox.update(ID_A, { attempts: 1, lastError: 'server refused: 401 unauthorized (key id k123)' });
    for (const name of await readdir(dir)) {
      expect((await readFile(join(dir, name))).toString('latin1')).not.toContain(SECRET);
    }
    expect((await outbox.get(ID_A))?.meta.endpoint).toBe('https://host.example/api');
    expect((await outbox.get(ID_B))?.meta.endpoint).toBe('https://host.example');
  });

  it('open refuses a path that is a file, with a one-line usage error', async () => {
    const file = join(root, 'file');
    await writeFile(file, 'x');
    await expect(Outbox.open(file)).rejects.toMatchObject({ exitCode: 2 });
    await expect(Outbox.open(join(file, 'sub'))).rejects.toMatchObject({ exitCode: 2 });
  });
});

describe('defaultOutboxDir', () => {
  it('ATX_OUTBOX, else XDG_STATE_HOME, else ~/.local/state', () => {
    expect(defaultOutboxDir({ ATX_OUTBOX: '/x/box', XDG_STATE_HOME: '/state', HOME: '/home/me' })).toBe('/x/box');
    expect(defaultOutboxDir({ XDG_STATE_HOME: '/state', HOME: '/home/me' })).toBe(join('/state', 'atx', 'outbox'));
    expect(defaultOutboxDir({ XDG_STATE_HOME: 'relative/state', HOME: '/home/me' })).toBe(join('/home/me', '.local', 'state', 'atx', 'outbox'));
    expect(defaultOutboxDir({ HOME: '/home/me' })).toBe(join('/home/me', '.local', 'state', 'atx', 'outbox'));
  });
});
