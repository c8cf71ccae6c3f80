/**
 * `atx upload` to an endpoint that answers 2xx without storing anything (a wrong URL, a proxy,
 * a web server): the transcript stays in the outbox, the run exits 4, and the reason is printed.
 * A tiny server on 127.0.0.1 plays each wrong answer; the CLI runs as a subprocess.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/cli-process.js';
import { AtxSandbox, filesUnder } from './support/atx-sandbox.js';

const sandbox = new AtxSandbox('wrong-endpoint');
const INPUT = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');
const OTHER_ID = '11111111-2222-4333-8444-555555555555';

interface Reply { status: number; type?: string; body?: string | ((request: { transcriptId: string }) => string) }
let reply: Reply = { status: 500 };
let server: Server;
let endpoint: string;
let keyFile: string;

const stored = (transcriptId: string, extra: Record<string, unknown> = {}) => JSON.stringify({
  transcriptId, status: 'stored', url: `/v1/transcripts/${transcriptId}`, storedAt: '2026-01-01T00:00:00.000Z', bytes: 10, eventCount: 1, ...extra,
});

beforeAll(async () => {
  keyFile = join(sandbox.dir('keys'), 'key');
  writeFileSync(keyFile, 'atx_k123_sEcReT0123456789abcdefXYZ\n', { mode: 0o600 });
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const transcriptId = String(req.headers['idempotency-key'] ?? '');
      const body = typeof reply.body === 'function' ? reply.body({ transcriptId }) : reply.body;
      res.writeHead(reply.status, { 'content-type': reply.type ?? 'application/json' });
      res.end(body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  await sandbox.dispose();
});

describe('atx upload to a wrong endpoint', () => {
  it.each<[string, Reply, RegExp]>([
    ['200 with garbage', { status: 200, type: 'text/plain', body: 'OK garbage' }, /200 ok, but the answer is not JSON \(it begins "OK garbage"\)/],
    ['200 with HTML', { status: 200, type: 'text/html', body: '<!DOCTYPE html><title>Welcome</title>' }, /200 ok, but the answer is not JSON \(it begins "<!DOCTYPE html>/],
    ['204', { status: 204 }, /204 no content, but the upload API answers 201 or 200 to a stored transcript, not 204/],
    ["a proxy's 201 {}", { status: 201, body: '{}' }, /201 created, but the answer is not a Stored answer/],
    ['a Stored answer for another id', { status: 201, body: () => stored(OTHER_ID) }, new RegExp(`about transcript ${OTHER_ID}, not this one`)],
    ['a Stored answer for other content', { status: 201, body: ({ transcriptId }) => stored(transcriptId, { digest: 'cd'.repeat(32) }) }, /content digest cdcdcdcdcdcd… is not that of what was sent/],
  ])('%s: kept in the outbox, exit 4, the reason printed', async (name, answer, reason) => {
    reply = answer;
    const outbox = sandbox.dir(`outbox-${name.replace(/\W+/g, '-')}`);
    const run = await sandbox.run(['upload', INPUT, '--endpoint', endpoint, '--key-file', keyFile, '--retries', '0'], sandbox.env({ ATX_OUTBOX: outbox }), name);
    expect(run.code, run.stderr).toBe(4);
    expect(run.stderr).toMatch(/^atx: queued [0-9a-f-]{36} .*session\.jsonl \(\d{3}\): not delivered, queued: the server answered /m);
    expect(run.stderr).toMatch(reason);
    expect(run.stderr).toContain('check --endpoint');
    expect(run.stderr).toMatch(/0 stored, 0 already stored, 0 refused, 1 queued/);
    expect(run.stdout).toBe('');
    const items = filesUnder(outbox).map((path) => path.slice(outbox.length + 1)).sort();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/\.json\.gz$/);
    expect(items[1]).toMatch(/\.meta\.json$/);

    const meta = JSON.parse(readFileSync(join(outbox, items[1]!), 'utf8')) as { lastStatus: number; lastError: string };
    expect(meta.lastStatus).toBe(answer.status);
    expect(meta.lastError).toMatch(reason);
  });

  it('the same server answering a true Stored answer (right id, no digest) counts as delivered', async () => {
    reply = { status: 201, body: ({ transcriptId }) => stored(transcriptId) };
    const outbox = sandbox.dir('outbox-right');
    const run = await sandbox.run(['upload', INPUT, '--endpoint', endpoint, '--key-file', keyFile, '--retries', '0'], sandbox.env({ ATX_OUTBOX: outbox }), 'right');
    expect(run.code, run.stderr).toBe(0);
    expect(filesUnder(outbox)).toEqual([]);
  });
});
