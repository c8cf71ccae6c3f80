/**
 * `atx sync` sends to a server on this machine as `atx upload` does: the gzip body is made of
 * stored (uncompressed) blocks, since deflating it would cost the client and the server CPU they
 * share and save no network. The server here is a stand-in that records the bodies.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from './helpers.js';
import { claudeSession } from './support/claude-session.js';

const KEY = 'atx_k1test_sEcReT0123456789abcdefXYZ';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** Answers every POST with a Stored answer (no digest: the client then trusts the id) and keeps the body. */
async function recordingServer(): Promise<{ url: string; bodies: Buffer[] }> {
  const bodies: Buffer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks));
      const transcriptId = String(req.headers['idempotency-key']);
      const answer = { transcriptId, status: 'stored', url: `/v1/transcripts/${transcriptId}`, storedAt: '2026-01-01T00:00:00.000Z', bytes: 1, eventCount: 1 };
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

describe('atx sync to a server on this machine', () => {
  it('sends the document in stored gzip blocks: the JSON and a few framing bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atx-sync-body-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const session = join(dir, 'session.jsonl');
    writeFileSync(session, claudeSession([{ user: 'list the files' }, { bash: 'ls', output: 'a.txt\nb.txt\n'.repeat(200) }, { assistant: 'Two files, many times.' }]));
    const server = await recordingServer();

    const run = await runInProcess(['sync', session, '--state', join(dir, 'state.json'), '--json'], {
      env: { ATX_KEY: KEY, ATX_ENDPOINT: server.url, ATX_OUTBOX: join(dir, 'outbox'), HOME: dir },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(server.bodies).toHaveLength(1);
    const body = server.bodies[0]!;
    const json = gunzipSync(body);
    expect(JSON.parse(json.toString('utf8'))).toMatchObject({ events: expect.any(Array) });
    // repeated lines deflate to a fraction of their size: a body this long was not deflated
    expect(body.length).toBeGreaterThan(json.length);
    expect(body.length).toBeLessThan(json.length + 64);
  });
});
