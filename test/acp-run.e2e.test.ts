/**
 * `atx run --acp` end to end, against a tiny scripted ACP agent written here (a node script
 * speaking JSON-RPC on stdio): the permission answer (allowed, denied by default), the prompt from
 * --prompt or stdin, the capture and the Transcript written, an interrupt that cancels the turn
 * and still saves both, and the usage errors. Nothing is left in the run's temp folder.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../src/lifecycle/temp.js';
import { TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { CLI, FIXED_CLOCK } from './support/cli-process.js';
import { FAKE_AGENT } from './support/fake-acp-agent.js';


let root: string;
let agent: string;
let temp: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'atx-acp-e2e-'));
  agent = join(root, 'fake-agent.cjs');
  writeFileSync(agent, FAKE_AGENT);
  temp = join(root, 'tmp');
  mkdirSync(temp);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run { code: number | null; stdout: string; stderr: string }

function atx(args: string[], options: { input?: string; mode?: string; env?: Record<string, string>; onStdout?: (text: string, child: ReturnType<typeof spawn>) => void } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', TZ: 'UTC', ATX_CLOCK: FIXED_CLOCK, ATX_ID_SEED: 'test', TMPDIR: temp, FAKE_MODE: options.mode ?? 'normal', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      options.onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Transcript;
const captureOf = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { ts: string; dir: string; msg: Record<string, unknown> });

describe('atx run --acp', () => {
  it('--allow-all: the prompt goes out, the answer is printed, the permission is allowed, capture and Transcript are written', async () => {
    const out = join(root, 'allow.json');
    const capture = join(root, 'allow.acp.jsonl');
    const run = await atx(['run', '--acp', '--allow-all', '--prompt', 'make x', '--capture', capture, '-o', out, '--', process.execPath, agent]);
    expect(run.stderr).toContain('permission for touch x.txt: allowed');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Heard: make x. Done.\n');

    const lines = captureOf(capture);
    expect(lines.every((l) => !Number.isNaN(Date.parse(l.ts)) && (l.dir === 'client->agent' || l.dir === 'agent->client') && l.msg.jsonrpc === '2.0')).toBe(true);
    expect(lines.map((l) => `${l.dir} ${String(l.msg.method ?? (l.msg.id !== undefined ? `#${String(l.msg.id)}` : ''))}`)).toEqual([
      'client->agent initialize', 'agent->client #0', 'client->agent session/new', 'agent->client #1', 'client->agent session/prompt',
      'agent->client session/update', 'agent->client session/update', 'agent->client session/request_permission', 'client->agent #perm-1',
      'agent->client session/update', 'agent->client session/update', 'agent->client #2',
    ]);
    expect(lines[8]!.msg.result).toEqual({ outcome: { outcome: 'selected', optionId: 'yes' } });

    const t = read(out);
    expect(TranscriptSchema.safeParse(t).success).toBe(true);
    expect(t.source).toMatchObject({ agent: 'fake-acp-agent', agentVersion: '1.2.3', adapter: 'acp', format: 'acp/capture', nativeSessionId: 'fake-1' });
    expect(t.session.environment.cwd).toBe(root);
    expect(t.metrics.unparsedCount).toBe(0);
    expect(t.events.map((e) => [e.type, e.text ?? e.tool?.output ?? ''])).toEqual([
      ['user_message', 'make x'],
      ['assistant_message', 'Heard: make x. '],
      ['tool_call', 'touch x.txt'],
      ['system', 'Permission for touch x.txt: Allow (allow_once)'],
      ['tool_result', 'created'],
      ['assistant_message', 'Done.'],
    ]);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('denies by default and says so; the prompt can come from stdin; the denied call has a denied result', async () => {
    const out = join(root, 'deny.json');
    const run = await atx(['run', '--acp', '-o', out, '--', process.execPath, agent], { input: 'from stdin\n' });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("permission requests will be denied (the default; --allow-all allows them)");
    expect(run.stderr).toContain('permission for touch x.txt: denied');
    expect(run.stdout).toBe('Heard: from stdin. I was not allowed.\n');
    const t = read(out);
    expect(t.events.find((e) => e.type === 'user_message')!.text).toBe('from stdin');
    expect(t.events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.status, e.tool!.output])).toEqual([['denied', 'refused']]);
    expect(t.events.find((e) => e.meta?.kind === 'permission')!.meta!.outcome).toBe('reject_once');
    expect(readdirSync(temp)).toEqual([]);
  });

  it('an interrupt cancels the turn (session/cancel), saves the capture and the Transcript, and exits 130', async () => {
    const out = join(root, 'interrupted.json');
    const capture = join(root, 'interrupted.acp.jsonl');
    let sent = false;
    const run = await atx(['run', '--acp', '--prompt', 'wait', '--capture', capture, '-o', out, '--', process.execPath, agent], {
      mode: 'hang',
      onStdout: (text, child) => {
        if (!sent && text.includes('Heard')) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('interrupted (SIGINT): cancelling the turn');
    const lines = captureOf(capture);
    expect(lines.some((l) => l.dir === 'client->agent' && l.msg.method === 'session/cancel')).toBe(true);
    expect(lines.at(-1)!.msg.result).toEqual({ stopReason: 'cancelled' });
    const t = read(out);
    expect(t.events.map((e) => [e.type, e.text])).toEqual([
      ['user_message', 'wait'],
      ['assistant_message', 'Heard: wait. '],
      ['system', 'The user cancelled the turn'],
      ['assistant_message', 'Stopping.'],
      ['system', 'The turn stopped: cancelled'],
    ]);
    expect(readdirSync(temp)).toEqual([]);
    expect(readdirSync(root).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('an agent that ignores the cancel is ended after the grace period, with all it left running; both files are saved', async () => {
    const out = join(root, 'stubborn.json');
    const pidFile = join(root, 'stubborn.pid');
    let sent = false;
    let signalled = 0;
    const run = await atx(['run', '--acp', '--prompt', 'wait', '-o', out, '--', process.execPath, agent], {
      mode: 'stubborn',
      env: { FAKE_PID_FILE: pidFile },
      onStdout: (text, child) => {
        if (!sent && text.includes('Heard')) {
          sent = true;
          signalled = Date.now();
          child.kill('SIGTERM');
        }
      },
    });
    expect(run.code).toBe(143);
    // from the signal, not from the start: starting atx and the agent takes seconds on a loaded machine
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(processAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
    const t = read(out);
    expect(t.events.map((e) => e.type)).toEqual(['user_message', 'assistant_message', 'system']);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('an agent that dies mid-turn: an error naming its exit code, its exit code, and what was captured is still saved', async () => {
    const out = join(root, 'crash.json');
    const run = await atx(['run', '--acp', '--prompt', 'go', '-o', out, '--', process.execPath, agent], { mode: 'crash' });
    expect(run.code).toBe(7);
    expect(run.stderr).toMatch(/the ACP session failed: .*\(the agent exited with 7\)/);
    const t = read(out);
    expect(t.events.map((e) => e.type)).toEqual(['user_message', 'assistant_message']);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('--json: the session failure and the saved session in one object on stderr, with the agent\'s exit code', async () => {
    const out = join(root, 'crash-json.json');
    const run = await atx(['run', '--acp', '--json', '--prompt', 'go', '-o', out, '--', process.execPath, agent], { mode: 'crash' });
    expect(run.code).toBe(7);
    const lines = run.stderr.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(-1)).toMatchObject({ sessions: [{ output: out, transcriptId: read(out).transcriptId }], errors: [{ code: 'acp_session_failed' }], agent: { exitCode: 7 }, exitCode: 7 });
  });

  it('usage errors exit 2 before any agent starts', async () => {
    const marker = join(root, 'never-started');
    const never = ['--', process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`];
    const both = await atx(['run', '--acp', '--allow-all', '--deny-all', '--prompt', 'x', '-o', join(root, 'u.json'), ...never]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--allow-all and --deny-all cannot be used together');
    const withoutAcp = await atx(['run', '--prompt', 'x', '-o', join(root, 'u.json'), ...never]);
    expect(withoutAcp.code).toBe(2);
    expect(withoutAcp.stderr).toContain('--prompt needs --acp');
    const noPrompt = await atx(['run', '--acp', '-o', join(root, 'u.json'), ...never], { input: '' });
    expect(noPrompt.code).toBe(2);
    expect(noPrompt.stderr).toContain('standard input: the input is empty (give --prompt <text>');
    const missing = await atx(['run', '--acp', '--prompt', 'x', '-o', join(root, 'u.json'), '--', join(root, 'no-such-agent')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('command not found');
    expect(existsSync(marker)).toBe(false);
    const help = await atx(['run', '--help']);
    expect(help.stdout).toContain('--acp');
    expect(help.stdout).toContain('--allow-all');
  });
});
