/**
 * `atx upload` puts a body it sends at once in the outbox without an fsync (outbox.ts): the body
 * must then be made durable whenever it stays there (queued, refused), and only then.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentSha256 } from '../src/api/contract.js';
import { sendPrepared } from '../src/cli/upload-delivery.js';
import type { Transport } from '../src/cli/upload-options.js';
import type { PreparedUnit } from '../src/cli/upload-prepare.js';
import type { Answer } from '../src/upload/http-client.js';
import { Outbox } from '../src/upload/outbox.js';

const ID = '0b9e3f4c-2a51-4d7e-9c3b-5f6a7b8c9d0e';
const DOCUMENT = { transcriptId: ID, events: [{ type: 'user_message', text: 'hello' }] };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atx-send-durability-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function send(answer: Answer, queue = false): Promise<{ outcome: string; folderSyncs: number; left: string[] }> {
  let folderSyncs = 0;
  const outbox = await Outbox.open(join(dir, 'outbox'), { syncFolder: async () => { folderSyncs += 1; } });
  const endpoint = new URL('http://127.0.0.1:9/');
  const transport: Transport = {
    outbox,
    policy: { maxAttempts: 1, maxTotalMs: 1000, baseDelayMs: 1, maxDelayMs: 1 },
    concurrency: 1,
    endpoint,
    endpointFor: () => endpoint,
    clientFor: () => ({ post: async () => answer, keyId: 'k1', url: new URL('http://127.0.0.1:9/v1/transcripts') }) as unknown as ReturnType<Transport['clientFor']>,
    announceRetry: () => {},
    close: async () => {},
  };
  const gzipped = gzipSync(JSON.stringify(DOCUMENT));
  const unit: PreparedUnit = {
    input: 'session.jsonl',
    prepared: { input: 'session.jsonl', transcriptId: ID, gzipped, rawBytes: 1, eventCount: 1, eventsByType: {}, profile: 'standard', redactionCount: 0, redactionsByRule: {}, gzipBytes: gzipped.length },
    sent: { transcriptId: ID, digest: contentSha256(DOCUMENT) },
  };
  const report = await sendPrepared(unit, transport, { queue, keyId: 'k1' });
  await outbox.close(); // the end of the run
  return { outcome: report.outcome, folderSyncs, left: (await readdir(join(dir, 'outbox'))).sort() };
}

const stored = (digest: string): Answer => ({
  kind: 'http', status: 201,
  body: { transcriptId: ID, status: 'stored', url: `/v1/transcripts/${ID}`, storedAt: '2026-01-01T00:00:00.000Z', bytes: 10, eventCount: 1, digest },
});

describe('a body sent at once', () => {
  it('delivered: no fsync at all, and the item is gone', async () => {
    expect(await send(stored(contentSha256(DOCUMENT)))).toEqual({ outcome: 'stored', folderSyncs: 0, left: [] });
  });

  it('queued after a network failure: made durable, and kept', async () => {
    const result = await send({ kind: 'network', code: 'ECONNREFUSED', message: 'connection refused' });
    expect(result.outcome).toBe('queued');
    expect(result.folderSyncs).toBe(2); // the attempt noted in the meta file, and the body made durable
    expect(result.left).toEqual([`${ID}.json.gz`, `${ID}.meta.json`]);
  });

  it('a 2xx that is not a Stored answer for this content: made durable, and kept', async () => {
    const result = await send(stored('0'.repeat(64)));
    expect(result.outcome).toBe('queued');
    expect(result.folderSyncs).toBe(2); // the attempt noted in the meta file, and the body made durable
    expect(result.left).toContain(`${ID}.json.gz`);
  });

  it('--queue: written durably at once', async () => {
    expect(await send(stored(contentSha256(DOCUMENT)), true)).toEqual({ outcome: 'queued', folderSyncs: 1, left: [`${ID}.json.gz`, `${ID}.meta.json`] });
  });
});
