/**
 * A hostile client against a real `atx serve` on 127.0.0.1, with its default limits: bodies that
 * cost far more to read than to send (millions of `{}`, gzip bombs, deep nesting), many slow
 * bodies at once, a key revoked mid-upload, duplicate keys, invalid UTF-8. For each: the expected
 * answer, the server's peak memory under its budget, health answering quickly meanwhile, and
 * nothing partial stored. Sizes are scaled down from the reported attacks but still over the limits.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../src/api/contract.js';
import { SERVER_DEFAULTS } from '../src/server/index.js';
import { AtxSandbox, sleep, until, type CreatedKey, type Serve } from './support/atx-sandbox.js';
import { gzipBomb, transcript } from './server-support.js';

const MIB = 1024 * 1024;
/** peak resident memory (VmHWM, reset before each attack) the server may reach while refusing an attack */
const MEMORY_BUDGET_BYTES = 256 * MIB;
/**
 * Health while an attack runs: the median answer within the target, the slowest within a bound that
 * leaves room for a loaded CI machine (test files run in parallel on two cores).
 */
const HEALTH_MEDIAN_MS = 100;
const HEALTH_MAX_MS = 1_000;
/**
 * What refusing an attack may cost the server, in CPU time (all its threads), which the machine's
 * other work does not stretch as it does wall time (a 150 ms refusal took 4.5 s on a loaded machine).
 * Observed under load: at most 280 ms for the inflating attacks, 20 ms for those refused at their
 * first bytes; inflating a 1 GiB bomb whole costs about 1.8 s. (Was a wall-time bound of 3 s / 1 s.)
 */
const INFLATING_REFUSAL_CPU_MS = 1_000;
const EARLY_REFUSAL_CPU_MS = 200;
/** The answer comes while the body arrives, long before the request timeout would end it. */
const ANSWER_WITHIN_MS = SERVER_DEFAULTS.requestTimeoutMs / 3;

const sandbox = new AtxSandbox('serve-hostile');
let dataDir: string;
let serve: Serve;
let owner: CreatedKey;
const figures: string[] = [];

beforeAll(async () => {
  dataDir = sandbox.dir('data');
  owner = await sandbox.createKey(dataDir, 'owner');
  serve = await sandbox.startServe(dataDir);
  await (await fetch(`${serve.url}${PATHS.health}`)).arrayBuffer(); // the probe's first request pays for loading fetch, not the server
});

afterAll(async () => {
  await serve?.stop('SIGTERM');
  await sandbox.dispose();
  if (process.env.ATX_HOSTILE_FIGURES) process.stderr.write(`${figures.join('\n')}\n`);
});

interface Answer { status: number; error?: { code: string; message: string; details?: Record<string, unknown> | unknown[] }; headers: http.IncomingHttpHeaders; ms: number }

/** One POST through its own connection; `chunked` leaves Content-Length out. */
function post(body: Buffer, options: { key?: string; gzip?: boolean; chunked?: boolean } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${serve.url}${PATHS.transcripts}`, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${options.key ?? owner.key}`,
        'content-type': 'application/json',
        ...(options.gzip ? { 'content-encoding': 'gzip' } : {}),
        ...(options.chunked ? {} : { 'content-length': String(body.length) }),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const parsed = text ? (JSON.parse(text) as { error?: Answer['error'] }) : {};
        resolve({ status: res.statusCode ?? 0, error: parsed.error, headers: res.headers, ms: performance.now() - started });
      });
    });
    req.on('error', reject); // the answer comes before the server closes, so an error means no answer
    for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.subarray(i, i + 256 * 1024));
    req.end();
  });
}

/** Starts the server's peak memory (VmHWM) over from its current size (Linux: clear_refs 5). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The server's resident memory now and its peak since resetPeak(), from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** CPU time the process has used so far, all its threads (Linux: utime + stime in /proc, in USER_HZ = 100 ticks a second). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Asks GET /v1/health one request after the other while `attack` runs; returns the attack's result,
 * its time and the CPU time the server spent meanwhile (what an amplification attack costs it,
 * whatever else the machine runs: the wall time of a starved server says little).
 */
async function underAttack<T>(name: string, attack: () => Promise<T>, memoryBudget = MEMORY_BUDGET_BYTES): Promise<{ result: T; ms: number; serverCpuMs: number }> {
  resetPeak(serve.proc.child.pid!);
  const cpuBefore = cpuMsOf(serve.proc.child.pid!);
  let running = true;
  const latencies: number[] = [];
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${serve.url}${PATHS.health}`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  try {
    const result = await attack();
    return { result, ms: performance.now() - started, serverCpuMs: cpuMsOf(serve.proc.child.pid!) - cpuBefore };
  } finally {
    running = false;
    await probe;
    const memory = memoryOf(serve.proc.child.pid!);
    const sorted = latencies.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const slowest = sorted.at(-1) ?? 0;
    figures.push(`${name}: ${Math.round(performance.now() - started)} ms, health median ${Math.round(median)} ms, max ${Math.round(slowest)} ms over ${sorted.length}, server cpu ${cpuMsOf(serve.proc.child.pid!) - cpuBefore} ms, rss ${Math.round(memory.rss / MIB)} MiB, peak ${Math.round(memory.peak / MIB)} MiB`);
    expect(memory.peak, `${name}: the server's peak memory`).toBeLessThan(memoryBudget);
    // a median of a few samples is one connection set-up: judged only on longer attacks
    if (sorted.length >= 5) expect(median, `${name}: median health answer`).toBeLessThan(HEALTH_MEDIAN_MS);
    expect(slowest, `${name}: slowest health answer`).toBeLessThan(HEALTH_MAX_MS);
  }
}

/** A valid Transcript with one tool call whose `tool.input` is the given JSON text. */
function withToolInput(inputJson: string): Buffer {
  const document = transcript({ events: 1 });
  document.events = [
    ...(document.events as unknown[]),
    { id: 'ev_2', seq: 2, timestamp: null, type: 'tool_call', role: 'assistant', tool: { name: 'Bash', callId: 'call_1', input: '@INPUT@' } },
  ];
  document.metrics = { eventCount: 2, messageCount: 1, toolCallCount: 1, durationMs: null };
  const [before, after] = JSON.stringify(document).split('"@INPUT@"');
  return Buffer.from(`${before}${inputJson}${after}`);
}

const stored = new Set<string>();

async function listed(key: string): Promise<string[]> {
  const response = await fetch(`${serve.url}${PATHS.transcripts}?limit=500`, { headers: { authorization: `Bearer ${key}` } });
  return ((await response.json()) as { items: Array<{ transcriptId: string }> }).items.map((item) => item.transcriptId);
}

describe('atx serve under a hostile client', () => {
  it('stores a valid Transcript with a tool input (the shape the attacks below inflate)', async () => {
    const body = withToolInput('[{},{"a":1}]');
    const answer = await post(gzipSync(body), { gzip: true });
    expect(answer.status).toBe(201);
    stored.add(JSON.parse(body.toString('utf8')).transcriptId);
  });

  it('cuts off amplification bodies at the values, events and string limits while they arrive', async () => {
    const attacks: Array<[string, Buffer, string]> = [
      ['3 million {} in tool.input', gzipSync(withToolInput(`[${'{},'.repeat(3_000_000)}{}]`)), 'values'],
      ['1.5 million {"a":1} in tool.input', gzipSync(withToolInput(`[${'{"a":1},'.repeat(1_500_000)}{}]`)), 'values'],
      ['200,000 events', gzipSync(Buffer.from(`{"events":[${'{},'.repeat(200_000)}{}]}`)), 'events'],
      ['a 40 MiB string', gzipSync(withToolInput(`"${'a'.repeat(40 * MIB)}"`)), 'string_bytes'],
    ];
    for (const [name, body, limit] of attacks) {
      expect(body.length, name).toBeLessThan(1 * MIB);
      const { result, serverCpuMs } = await underAttack(name, () => post(body, { gzip: true }));
      expect(result.status, name).toBe(413);
      expect(result.error).toMatchObject({ code: 'payload_too_large', details: { limit } });
      expect(serverCpuMs, `${name}: the server's CPU time`).toBeLessThan(INFLATING_REFUSAL_CPU_MS);
      expect(result.ms, `${name}: time to the answer`).toBeLessThan(ANSWER_WITHIN_MS);
    }
  });

  it('cuts off a 1 GiB gzip bomb at the inflated limit, with and without Content-Length, and at the first byte that is not JSON', async () => {
    const spaces = gzipBomb(1024 * MIB, 0x20);
    for (const chunked of [false, true]) {
      const name = `1 GiB of whitespace, ${chunked ? 'chunked' : 'with Content-Length'}`;
      const { result, serverCpuMs } = await underAttack(name, () => post(spaces, { gzip: true, chunked }));
      expect(result.status, name).toBe(413);
      expect(result.error?.details).toEqual({ limit: 'document_bytes', limitBytes: SERVER_DEFAULTS.maxTranscriptBytes });
      expect(serverCpuMs, `${name}: the server's CPU time`).toBeLessThan(INFLATING_REFUSAL_CPU_MS);
      expect(result.ms, `${name}: time to the answer`).toBeLessThan(ANSWER_WITHIN_MS);
    }
    const zeros = gzipBomb(1024 * MIB);
    const { result, serverCpuMs } = await underAttack('1 GiB of zeros', () => post(zeros, { gzip: true, chunked: true }));
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ code: 'bad_request', details: { offset: 0 } });
    expect(serverCpuMs).toBeLessThan(EARLY_REFUSAL_CPU_MS);
    expect(result.ms).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('answers 5,000 levels of nesting with a 413 naming the depth limit, and logs no stack trace', async () => {
    const deep = withToolInput(`${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    for (const body of [deep, gzipSync(deep)]) {
      const { result, serverCpuMs } = await underAttack('5,000 levels of nesting', () => post(body, { gzip: body !== deep }));
      expect(result.status).toBe(413);
      expect(result.error).toMatchObject({ code: 'payload_too_large', details: { limit: 'depth', max: SERVER_DEFAULTS.maxDepth } });
      expect(serverCpuMs).toBeLessThan(EARLY_REFUSAL_CPU_MS);
      expect(result.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect(serve.proc.stderr()).not.toMatch(/internal error|\n\s+at /);
  });

  it('refuses duplicate keys (422, naming the path) and invalid UTF-8 (400)', async () => {
    const duplicate = Buffer.from(withToolInput('{"command":"ls","command":"rm -rf /"}'));
    const refused = await post(duplicate);
    expect(refused.status).toBe(422);
    expect(refused.error?.details).toEqual([{ path: 'events.1.tool.input.command', message: expect.stringMatching(/duplicate key/) }]);
    const invalid = withToolInput('"caf\u00e9"');
    invalid[invalid.indexOf(0xc3)] = 0xff;
    const answer = await post(invalid);
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toMatch(/UTF-8/);
  });

  it('holds 200 concurrent slow bodies: the ones over the limit get 503 with Retry-After, health answers, a later upload is stored', async () => {
    const limit = SERVER_DEFAULTS.maxConcurrentBodies;
    const requests: http.ClientRequest[] = [];
    const attack = underAttack('200 slow bodies', async () => {
      const early: Array<Promise<number>> = [];
      for (let i = 0; i < 200; i++) {
        early.push(new Promise<number>((resolve) => {
          const req = http.request(`${serve.url}${PATHS.transcripts}`, {
            method: 'POST', agent: false,
            headers: { authorization: `Bearer ${owner.key}`, 'content-type': 'application/json', 'content-length': '1000000' },
          }, (res) => {
            expect(res.headers['retry-after']).toBe('1');
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', () => resolve(0));
          req.write('{"schemaVersion":"0.1.0",');
          requests.push(req);
        }));
      }
      // the others are answered at once (however long a loaded machine takes to send them); the slow
      // ones get no answer while their bodies dribble: none in the 1.5 s after those answers (-1)
      const answered: number[] = [];
      for (const status of early) void status.then((code) => answered.push(code));
      await until(() => answered.length >= 200 - limit, 'the answers to the bodies over the limit');
      await sleep(1_500);
      return [...answered, ...new Array<number>(200 - answered.length).fill(-1)];
    });
    let answers: number[];
    try {
      answers = (await attack).result;
    } finally {
      for (const req of requests) req.destroy();
    }
    expect(answers.filter((status) => status === 503)).toHaveLength(200 - limit);
    expect(answers.filter((status) => status === -1)).toHaveLength(limit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const document = transcript();
    expect((await post(Buffer.from(JSON.stringify(document)))).status).toBe(201);
    stored.add(document.transcriptId as string);
  });

  it('stores nothing for a key revoked while its body streams (403)', async () => {
    const victim = await sandbox.createKey(dataDir, 'revoked-mid-upload');
    const body = Buffer.from(JSON.stringify(transcript({ keyId: victim.keyId })));
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(`${serve.url}${PATHS.transcripts}`, {
        method: 'POST', agent: false,
        headers: { authorization: `Bearer ${victim.key}`, 'content-type': 'application/json', 'content-length': String(body.length) },
      }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.subarray(0, 100));
      void sandbox.run(['serve', 'keys', 'revoke', victim.keyId, '--data-dir', dataDir], sandbox.env(), 'keys revoke').then((run) => {
        expect(run.code).toBe(0);
        req.end(body.subarray(100));
      });
    });
    expect(await answer).toBe(403);
    const keys = await sandbox.run(['serve', 'keys', 'list', '--json', '--data-dir', dataDir], sandbox.env(), 'keys list');
    expect((JSON.parse(keys.stdout) as Array<{ keyId: string; transcripts: number }>).find((k) => k.keyId === victim.keyId)?.transcripts).toBe(0);
  });

  it('stores a large valid Transcript (tens of MB parsed off the event loop) while health keeps answering', async () => {
    const strings = ['a', 'b', 'c'].map((letter) => `"${letter.repeat(4 * MIB)}"`).join(',');
    const body = withToolInput(`[${strings}]`);
    // a document within the limits may use memory in proportion to its size: its own budget
    const { result } = await underAttack('a 12 MiB valid Transcript', () => post(gzipSync(body), { gzip: true }), SERVER_DEFAULTS.maxInFlightBytes);
    expect(result.status).toBe(201);
    stored.add((JSON.parse(body.toString('utf8')) as { transcriptId: string }).transcriptId);
  });

  it('stored nothing partial: exactly the valid uploads, one blob each, no temp files', async () => {
    expect(new Set(await listed(owner.key))).toEqual(stored);
    const files = readdirSync(join(dataDir, 'blobs'), { recursive: true }).map(String).filter((name) => name.endsWith('.json') || name.includes('.tmp-'));
    expect(files.filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect(files).toHaveLength(stored.size);
  });

  it('stops on SIGTERM within a second while slow bodies and a bomb are being read', async () => {
    const second = await sandbox.startServe(sandbox.dir('data-sigterm'));
    const key = await sandbox.createKey(join(sandbox.root, 'data-sigterm'));
    const requests: http.ClientRequest[] = [];
    for (let i = 0; i < 50; i++) {
      const req = http.request(`${second.url}${PATHS.transcripts}`, {
        method: 'POST', agent: false,
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json', 'content-encoding': i === 0 ? 'gzip' : 'identity' },
      });
      req.on('error', () => {});
      req.write(i === 0 ? gzipBomb(64 * MIB, 0x20) : '{"events":[');
      requests.push(req);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    second.proc.child.kill('SIGTERM');
    const exit = await second.proc.exited;
    const ms = performance.now() - started;
    figures.push(`SIGTERM under attack: exited in ${Math.round(ms)} ms`);
    expect(exit).toEqual({ code: 0, signal: null });
    // the target is a second; the rest is headroom for a loaded machine (alone it takes 50 to 450 ms)
    expect(ms).toBeLessThan(1_500);
    for (const req of requests) req.destroy();
  });
});
