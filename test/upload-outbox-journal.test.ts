/**
 * The outbox's in-flight journal (outbox-journal.ts): bodies put to be sent at once are appended
 * to one file per run; a delivered one leaves no file, one that stays becomes an item of the
 * folder, and what a killed run's journal still holds is taken into the folder by the next list().
 */
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../src/upload/outbox.js';
import { JOURNAL_PREFIX, journalItems, journalOwner } from '../src/upload/outbox-journal.js';

const ID_A = '0b9e3f4c-2a51-4d7e-9c3b-5f6a7b8c9d0e';
const ID_B = '1c8d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const ID_C = '2d9e3f40-5b6c-4d7e-9f80-a1b2c3d4e5f6';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atx-outbox-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const body = (text: string) => gzipSync(Buffer.from(JSON.stringify({ text })));
const journals = async () => (await readdir(dir)).filter((name) => name.startsWith(JOURNAL_PREFIX));

describe('the in-flight journal', () => {
  it('a delivered item never becomes a file, and the journal goes with close()', async () => {
    const outbox = await Outbox.open(dir);
    await outbox.put({ transcriptId: ID_A, body: body('a'), meta: { input: 'a.jsonl' } }, { durable: false });
    await outbox.put({ transcriptId: ID_B, body: body('b') }, { durable: false });
    const [journal] = await journals();
    expect(await readdir(dir)).toEqual([journal]);
    expect(journalOwner(journal!)).toBe(process.pid);
    expect(await outbox.get(ID_A)).toMatchObject({ transcriptId: ID_A, broken: null, meta: { input: 'a.jsonl' } });
    expect(await outbox.read({ transcriptId: ID_B })).toEqual(body('b'));
    expect(await outbox.removeDelivered(ID_A)).toBe(true);
    expect(await outbox.removeDelivered(ID_A)).toBe(false);
    expect(await outbox.remove(ID_B)).toBe(true);
    await outbox.close();
    expect(await readdir(dir)).toEqual([]);
  });

  it('an item that stays is written as files with its meta, at update, makeDurable or close', async () => {
    const synced: string[] = [];
    const outbox = await Outbox.open(dir, { syncFolder: async (folder) => { synced.push(folder); } });
    for (const id of [ID_A, ID_B, ID_C]) await outbox.put({ transcriptId: id, body: body(id), meta: { keyId: 'k1', input: `${id}.jsonl` } }, { durable: false });
    await outbox.update(ID_A, { attempts: 2, lastStatus: 503 });
    await outbox.makeDurable(ID_B);
    expect(synced.length).toBe(3); // A written durably and its meta again; B written durably
    await outbox.makeDurable(ID_A); // written durably already
    expect(synced.length).toBe(3);
    await outbox.close(); // C
    expect(await journals()).toEqual([]);
    const listed = await outbox.list();
    expect(listed.map((entry) => [entry.transcriptId, entry.meta.input, entry.meta.keyId, entry.meta.attempts, entry.broken])).toEqual(
      [ID_A, ID_B, ID_C].map((id) => [id, `${id}.jsonl`, 'k1', id === ID_A ? 2 : 0, null]),
    );
    for (const id of [ID_A, ID_B, ID_C]) expect(await outbox.read({ transcriptId: id })).toEqual(body(id));
  });

  it('a killed run\'s journal: its open items come into the folder at the next list(), done and cut-short ones do not', async () => {
    const killed = await Outbox.open(dir);
    await killed.put({ transcriptId: ID_A, body: body('a'), meta: { input: 'a.jsonl', keyId: 'k1' } }, { durable: false });
    await killed.put({ transcriptId: ID_B, body: body('b') }, { durable: false });
    await killed.removeDelivered(ID_B);
    const [journal] = await journals();
    // the kill came in the middle of the next put
    await appendFile(join(dir, journal!), `P 500 {"transcriptId":"${ID_C}"}\n\u001f\u008b`);

    const live = await Outbox.open(dir, { isAlive: () => true });
    expect(await live.list()).toEqual([]);
    expect(await journals()).toEqual([journal]);

    const next = await Outbox.open(dir, { isAlive: () => false });
    const listed = await next.list();
    expect(listed.map((entry) => [entry.transcriptId, entry.meta.input, entry.meta.keyId, entry.broken])).toEqual([[ID_A, 'a.jsonl', 'k1', null]]);
    expect(await next.read(listed[0]!)).toEqual(body('a'));
    expect(await journals()).toEqual([]);
  });

  it('reads the last put of an id, and stops at a record it cannot read', () => {
    const record = (id: string, text: string) => {
      const bytes = body(text);
      return Buffer.concat([Buffer.from(`P ${bytes.length} ${JSON.stringify({ transcriptId: id })}\n`), bytes]);
    };
    const bytes = Buffer.concat([record(ID_A, 'first'), record(ID_B, 'b'), record(ID_A, 'second'), Buffer.from(`D ${ID_B}\n`), Buffer.from('garbage\n'), record(ID_C, 'c')]);
    expect(journalItems(bytes).map((item) => [item.meta.transcriptId, item.body])).toEqual([[ID_A, body('second')]]);
  });

  it('a later durable put of the same id takes it out of the journal', async () => {
    const outbox = await Outbox.open(dir);
    await outbox.put({ transcriptId: ID_A, body: body('v1') }, { durable: false });
    await outbox.put({ transcriptId: ID_A, body: body('v2') });
    await outbox.close();
    expect(await readFile(outbox.bodyPath(ID_A))).toEqual(body('v2'));
    expect(await journals()).toEqual([]);
  });
});
