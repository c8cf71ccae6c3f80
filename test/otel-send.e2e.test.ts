/**
 * `atx convert --otlp-endpoint`: the spans reach an OTLP/HTTP receiver of the test's own on
 * 127.0.0.1, retried after a 503, and a refusal or a dead endpoint is one clear error (exit 4).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AtxError, ExitCode } from '../src/errors.js';
import { otlpOutput, otlpTarget } from '../src/writers/otlp-send.js';
import { ROOT, runInProcess } from './helpers.js';
import { attr, expectValidOtlp, spansWith } from './otel-check.js';
import { renderFixture } from './writer-support.js';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** An OTLP/HTTP receiver on a free loopback port; `answer` gives the status (and body) of request n (from 0). */
async function receiver(answer: (n: number) => { status: number; body?: string } = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = answer(received.length);
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fixture = (path: string) => join(ROOT, 'fixtures', path);
const SUBAGENT = fixture('claude-code/subagent/session.jsonl');

let open: Receiver[] = [];
afterEach(async () => {
  await Promise.all(open.map((r) => r.close()));
  open = [];
});
const started = async (answer?: Parameters<typeof receiver>[0]) => {
  const r = await receiver(answer);
  open.push(r);
  return r;
};

describe('atx convert --otlp-endpoint', () => {
  it('posts the session\'s spans to /v1/traces, as --format otel writes them, with the given headers', async () => {
    const otlp = await started();
    const run = await runInProcess(['convert', SUBAGENT, '--profile', 'none', '--otlp-endpoint', otlp.url, '--otlp-header', 'x-api-key=k3y-value', '-q']);
    expect(run.stderr).toBe('');
    expect([run.code, run.stdout]).toEqual([0, '']);
    expect(otlp.received).toHaveLength(1);
    const [request] = otlp.received;
    expect([request!.method, request!.path, request!.headers['content-type'], request!.headers['x-api-key']]).toEqual(['POST', '/v1/traces', 'application/json', 'k3y-value']);
    const spans = expectValidOtlp(`${request!.body}\n`);
    expect(spansWith(spans, 'execute_tool').map((s) => attr(s, 'gen_ai.tool.name'))).toEqual(['Agent', 'Bash']);
    expect(`${request!.body}\n`).toBe((await renderFixture(SUBAGENT, 'otel')).text);
  });

  it('sends each session as its own trace, and uses a URL with a path as given', async () => {
    const otlp = await started();
    const inputs = [SUBAGENT, fixture('claude-code/shell-tool/session.jsonl')];
    const run = await runInProcess(['convert', ...inputs, '--otlp-endpoint', `${otlp.url}/collector/traces`, '-q']);
    expect(run.code).toBe(0);
    expect(otlp.received.map((r) => r.path)).toEqual(['/collector/traces', '/collector/traces']);
    const traces = otlp.received.map((r) => expectValidOtlp(`${r.body}\n`)[0]!.traceId);
    expect(new Set(traces).size).toBe(2);
  });

  it('tries again after a 503 and succeeds', async () => {
    const otlp = await started((n) => ({ status: n === 0 ? 503 : 200 }));
    const run = await runInProcess(['convert', SUBAGENT, '--otlp-endpoint', otlp.url, '-q']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(otlp.received).toHaveLength(2);
    expect(otlp.received[1]!.body).toBe(otlp.received[0]!.body);
  });

  it('says in one line that the receiver refused the spans, and exits 4, never printing a header value', async () => {
    const otlp = await started(() => ({ status: 400, body: '{"code":3,"message":"unknown field \\"spanz\\""}' }));
    const run = await runInProcess(['convert', SUBAGENT, '--otlp-endpoint', otlp.url, '--otlp-header', 'authorization=Bearer s3cr3t-t0ken']);
    expect(run.code).toBe(ExitCode.network);
    expect(run.stdout).toBe('');
    expect(otlp.received).toHaveLength(1);
    const errors = run.stderr.split('\n').filter((line) => line.startsWith('atx: error:'));
    expect(errors).toEqual([`atx: error: OTLP endpoint ${otlp.url}/v1/traces refused the spans: 400 Bad Request: {"code":3,"message":"unknown field \\"spanz\\""}`]);
    expect(run.stderr).not.toContain('s3cr3t');
  });

  it('does not send the sessions after the endpoint refused one', async () => {
    const otlp = await started(() => ({ status: 401, body: '' }));
    const run = await runInProcess(['convert', SUBAGENT, fixture('claude-code/shell-tool/session.jsonl'), '--otlp-endpoint', otlp.url]);
    expect(run.code).toBe(ExitCode.network);
    expect(otlp.received).toHaveLength(1);
    expect(run.stderr).toContain('refused the spans: 401 Unauthorized (does it need a key? --otlp-header name=value)');
  });

  it('reports spans a receiver took but rejected (partial success)', async () => {
    const otlp = await started(() => ({ status: 200, body: '{"partialSuccess":{"rejectedSpans":"3","errorMessage":"too old"}}' }));
    const run = await runInProcess(['convert', SUBAGENT, '--otlp-endpoint', otlp.url]);
    expect(run.code).toBe(ExitCode.network);
    expect(run.stderr).toContain(`OTLP endpoint ${otlp.url}/v1/traces took the request but rejected 3 span(s): too old`);
  });

  it.each([
    [['-o', 'out.json'], 'leave out -o'],
    [['--stream'], 'leave out --stream'],
    [['--format', 'jsonl'], 'leave out --format jsonl'],
    [['--otlp-header', 'no-equals-sign'], 'expected name=value'],
    [['--otlp-header', 'content-type=text/plain'], 'content-type is set by atx'],
  ])('refuses %j before reading any input', async (extra, message) => {
    const run = await runInProcess(['convert', SUBAGENT, '--otlp-endpoint', 'http://127.0.0.1:9', ...extra]);
    expect(run.code).toBe(ExitCode.usage);
    expect(run.stderr).toContain(message);
  });

  it('refuses --otlp-header without --otlp-endpoint, and headers over plain http to another machine', async () => {
    const alone = await runInProcess(['convert', SUBAGENT, '--otlp-header', 'a=b']);
    expect([alone.code, alone.stderr]).toEqual([ExitCode.usage, expect.stringContaining('--otlp-header goes with --otlp-endpoint')]);
    const remote = await runInProcess(['convert', SUBAGENT, '--otlp-endpoint', 'http://collector.example:4318', '--otlp-header', 'api-key=abc']);
    expect([remote.code, remote.stderr]).toEqual([ExitCode.usage, expect.stringContaining('only over https')]);
    expect(remote.stderr).not.toContain('abc');
  });
});

describe('OTLP sender', () => {
  it('gives up on an endpoint nobody listens on after its tries, and sends nothing more after', async () => {
    const gone = await receiver();
    await gone.close();
    const target = otlpTarget(gone.url, []);
    expect(target.url.pathname).toBe('/v1/traces');
    const waits: number[] = [];
    const output = otlpOutput(target, {
      policy: { maxAttempts: 3, maxTotalMs: 10_000, baseDelayMs: 1, maxDelayMs: 2 },
      sleep: async (ms) => { waits.push(ms); },
      random: () => 0,
    });
    const first = await Promise.resolve(output.write('{"resourceSpans":[]}\n')).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(AtxError);
    expect((first as AtxError).exitCode).toBe(ExitCode.network);
    expect((first as AtxError).message).toMatch(new RegExp(`^OTLP endpoint ${gone.url}/v1/traces could not take the spans after 3 tries: ECONNREFUSED`));
    expect(waits).toHaveLength(2);
    await expect(Promise.resolve(output.write('{"resourceSpans":[]}\n'))).rejects.toBe(first);
    await output.abort();
  });
});
