/**
 * Issue 12, end to end through the CLI: a secret is found however it is written into the text:
 * JSON inside JSON, a URL-encoded query, base64 of an `.env` file, split across streaming
 * deltas, an object key, a file path, and the JSON-string arguments of a Codex tool call.
 * Each case checks that no form of the secret is left in the output and that every receipt
 * points at its placeholder (key receipts included).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConsistency } from '../src/transcript/consistency.js';
import { TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { runCli } from './support/cli-process.js';
import { claudeSession } from './support/claude-session.js';

// Made up here, in the vendors' shapes (no rule is given these strings as examples).
const ANTHROPIC_KEY = `sk-ant-api03-${'Qm7vT2xK9pL4wR8nZ3cF6hJ1sD5gB0yE'.repeat(3).slice(0, 93)}AA`;
const PASSWORD = 'Gl4cier!Moth-2291';
const STRIPE_KEY = `sk_live_${'51NqX8rTb2Lm6Vp9Wc3Yd7Fg1Hk5Js0'.repeat(3).slice(0, 99)}`;

const dir = mkdtempSync(join(tmpdir(), 'atx-encodings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Every form a secret could leak in: as written, JSON-escaped, URL-encoded. */
function forms(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

function fieldValue(event: object, field: string): unknown {
  const keyAt = field.indexOf('#key:');
  if (keyAt >= 0) {
    const parent = fieldValue(event, field.slice(0, keyAt)) as Record<string, unknown>;
    const key = field.slice(keyAt + '#key:'.length);
    expect(Object.keys(parent), field).toContain(key);
    return key;
  }
  let value: unknown = event;
  for (const part of field.match(/[^.[\]]+/g) ?? []) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

async function convert(path: string, ...extra: string[]): Promise<{ transcript: Transcript; text: string }> {
  const run = await runCli(['convert', path, '--profile', 'standard', '-q', ...extra]);
  expect(run.code, run.stderr).toBe(0);
  const transcript = TranscriptSchema.parse(JSON.parse(run.stdout));
  expect(checkConsistency(transcript)).toEqual([]);
  for (const event of transcript.events) {
    for (const receipt of event.redactions ?? []) {
      const value = fieldValue(event, receipt.field);
      expect(typeof value, receipt.field).toBe('string');
      expect((value as string).slice(receipt.start, receipt.end), receipt.field).toBe(receipt.placeholder);
    }
  }
  return { transcript, text: run.stdout };
}

function expectGone(text: string, ...secrets: string[]): void {
  for (const secret of secrets) for (const form of forms(secret)) expect(text.includes(form), `${form} is still in the output`).toBe(false);
}

describe('a secret is found whatever encoding it is written in', () => {
  it('JSON inside JSON: tool output that is itself JSON with an escaped JSON string', async () => {
    const body = JSON.stringify({ status: 'ok', config: JSON.stringify({ database: { user: 'app', password: PASSWORD }, region: 'eu-west-1' }) });
    const { text } = await convert(write('json.jsonl', claudeSession([{ bash: 'curl -s http://127.0.0.1:8080/config', output: body }])));
    expectGone(text, PASSWORD);
    expect(text).toContain('eu-west-1');
  });

  it('URL-encoded: a password in a query string, and a whole URL with credentials inside another', async () => {
    // characters that encodeURIComponent escapes, so that no copy is written as it is
    const inQuery = 'Tz8#qW@4vN:pL2x';
    const inInnerUrl = 'Rk5$mX@7bQ/w9&j';
    const log = claudeSession([
      { user: `the callback failed: GET /oauth/done?user=app&password=${encodeURIComponent(inQuery)}&next=%2Fhome` },
      { tool: 'WebFetch', input: { url: `https://deploy.example.net/hook?target=${encodeURIComponent(`postgres://app:${inInnerUrl}@db.internal:5432/app`)}`, prompt: 'what does it say?' }, output: 'ok' },
    ]);
    const { text } = await convert(write('url.jsonl', log));
    expectGone(text, inQuery, inInnerUrl);
    expect(text).toContain('deploy.example.net/hook?target=postgres%3A%2F%2Fapp%3A[REDACTED:');
  });

  it('base64 of an .env file, on one line and wrapped at 76 columns as `base64` writes it', async () => {
    const env = `APP_ENV=production\nDATABASE_URL=postgres://app:${PASSWORD}@db.internal/app\nSTRIPE_SECRET_KEY=${STRIPE_KEY}\nLOG_LEVEL=info\n`;
    const encoded = Buffer.from(env).toString('base64');
    const log = claudeSession([
      { bash: 'cat .env | base64 -w0', output: encoded },
      { bash: 'base64 .env', output: encoded.replace(/.{76}/g, '$&\n') },
    ]);
    const { transcript, text } = await convert(write('base64.jsonl', log));
    const outputs = transcript.events.filter((event) => event.type === 'tool_result').map((event) => event.tool!.output as string);
    for (const output of outputs) {
      const decoded = Buffer.from(output.replace(/\[REDACTED:[^\]]+\]/g, '').replace(/\s/g, ''), 'base64').toString('latin1');
      expect(decoded).not.toContain(PASSWORD);
      expect(decoded).not.toContain(STRIPE_KEY.slice(8, 40));
    }
    // what is not secret stays readable once decoded: only the secrets' groups were replaced
    expect(outputs[0]!.startsWith(encoded.slice(0, 24))).toBe(true);
    expect(text).not.toContain(encoded.slice(60, 120));
  });

  it('split across streaming text deltas (Claude Code stream-json with partial messages)', async () => {
    const fixture = readFileSync('fixtures/claude-code/plain-answer/stream-partial.jsonl', 'utf8').trimEnd().split('\n');
    const pieces = [`Use this key: ${ANTHROPIC_KEY.slice(0, 30)}`, ANTHROPIC_KEY.slice(30, 70), `${ANTHROPIC_KEY.slice(70)} for the test.`];
    let delta = 0;
    const lines = fixture.map((line) => {
      const value = JSON.parse(line) as { type: string; event?: { type: string; delta?: { text?: string } }; message?: { content: Array<{ text?: string }> } };
      if (value.event?.type === 'content_block_delta' && value.event.delta?.text !== undefined) value.event.delta.text = pieces[delta++]!;
      if (value.type === 'assistant') value.message!.content[0]!.text = pieces.join('');
      return JSON.stringify(value);
    });
    expect(delta).toBe(3);
    const whole = await convert(write('stream-partial.jsonl', lines.join('\n') + '\n'));
    expectGone(whole.text, ANTHROPIC_KEY, ...pieces.slice(1, 2));
    // cut before the final message: only the deltas hold the text
    const cut = lines.filter((line) => !line.startsWith('{"type":"assistant"'));
    const deltasOnly = await convert(write('stream-cut.jsonl', cut.join('\n') + '\n'));
    expectGone(deltasOnly.text, ANTHROPIC_KEY, ...pieces.slice(1, 2));
    expect(deltasOnly.text).toContain('Use this key: [REDACTED:');
  });

  it('split across streaming deltas (Gemini CLI stream-json)', async () => {
    const base = { timestamp: '2026-11-22T00:32:49.103Z', type: 'message', role: 'assistant', delta: true };
    const log = [
      { type: 'init', timestamp: '2026-11-22T00:32:49.078Z', session_id: 'edf6ee37-9c1a-4a11-96b0-17ea3d38899c', model: 'gemini-2.5-pro' },
      { type: 'message', timestamp: '2026-11-22T00:32:49.079Z', role: 'user', content: 'Which key does CI use?' },
      { ...base, content: `CI uses ${STRIPE_KEY.slice(0, 20)}` },
      { ...base, content: `${STRIPE_KEY.slice(20)}; rotate it.` },
      { type: 'result', timestamp: '2026-11-22T00:32:49.122Z', status: 'success', stats: { total_tokens: 10, input_tokens: 5, output_tokens: 5 } },
    ];
    const { text } = await convert(write('gemini.jsonl', log.map((line) => JSON.stringify(line)).join('\n') + '\n'));
    expectGone(text, STRIPE_KEY, STRIPE_KEY.slice(20));
  });

  it('an object key: a token used as the key of a map in tool input, with a receipt that names the key', async () => {
    const log = claudeSession([{ tool: 'mcp__vault__store', input: { tokens: { [ANTHROPIC_KEY]: 'ci-runner' }, note: 'store these' }, output: 'stored' }]);
    const { transcript, text } = await convert(write('keys.jsonl', log));
    expectGone(text, ANTHROPIC_KEY);
    const call = transcript.events.find((event) => event.type === 'tool_call')!;
    const receipt = call.redactions!.find((r) => r.field.includes('#key:'))!;
    expect(receipt.field).toMatch(/^tool\.input\.tokens#key:\[REDACTED:/);
    expect(Object.values((call.tool!.input as { tokens: Record<string, string> }).tokens)).toEqual(['ci-runner']);
  });

  it('a file path: a token in the name of a file read and written', async () => {
    const path = `/home/dev/.config/keys/${ANTHROPIC_KEY}.json`;
    const log = claudeSession([
      { tool: 'Read', input: { file_path: path }, output: '{"scope": "ci"}' },
      { bash: `ls ~/.config/keys`, output: `${ANTHROPIC_KEY}.json\nREADME` },
    ]);
    const { text } = await convert(write('paths.jsonl', log));
    expectGone(text, ANTHROPIC_KEY);
    expect(text).toContain('/home/dev/.config/keys/[REDACTED:');
  });

  it("a Codex tool call's arguments (a JSON string inside the rollout line) and its output", async () => {
    const fixture = readFileSync('fixtures/codex/shell-tool/rollout.jsonl', 'utf8').trimEnd().split('\n');
    const command = `curl -s https://api.stripe.com/v1/charges -u ${STRIPE_KEY}: && psql "postgresql://ops:${PASSWORD}@10.0.0.5/prod" -c 'select 1'`;
    const lines = fixture.map((line) => {
      const value = JSON.parse(line) as { payload?: { type?: string; arguments?: string; output?: string } };
      if (value.payload?.type === 'function_call') value.payload.arguments = JSON.stringify({ cmd: command });
      if (value.payload?.type === 'function_call_output') value.payload.output = `Process exited with code 0\nOutput:\nconnected as ops using ${PASSWORD}\n`;
      return JSON.stringify(value);
    });
    const { transcript, text } = await convert(write('rollout-2026-11-22T00-25-31-01a200a4-d12a-7a02-a574-d83a6ef363fa.jsonl', lines.join('\n') + '\n'));
    expectGone(text, STRIPE_KEY, PASSWORD);
    expect(transcript.events.some((event) => event.type === 'tool_call' && JSON.stringify(event.tool!.input).includes('api.stripe.com/v1/charges'))).toBe(true);
  });
});
