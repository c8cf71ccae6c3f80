/** End-to-end: the built CLI (dist/bin/atx.js) as a subprocess, as scripts and people run it. */
import { spawn } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../src/transcript/index.js';
import { CLI, FIXED_CLOCK, ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const fixture = (path: string) => join('fixtures/claude-code', path);
const scratch = scratchFolders('atx-e2e-');

describe('atx convert', () => {
  it('converts a session file to a valid Transcript on stdout and says what it detected', async () => {
    // --profile none: the adapter's faithful output, byte for byte as in the golden file.
    const run = await runCli(['convert', fixture('shell-tool/session.jsonl'), '--pretty', '--profile', 'none']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(readFileSync(join(ROOT, fixture('shell-tool/session.expected.json')), 'utf8'));
    expect(run.stderr).toContain('detected Claude Code (claude-code/session-jsonl)');
    expect(run.stderr).toMatch(/api-request\s+0\s+2\s+0/); // per-type summary: mapped, skipped, unknown
  });

  it('reads stdin when given -, and when no input is given on a pipe', async () => {
    const input = readFileSync(join(ROOT, fixture('shell-tool/stream.jsonl')));
    const dash = await runCli(['convert', '-', '--pretty', '--profile', 'none'], { input });
    const implicit = await runCli(['convert', '--pretty', '--profile', 'none'], { input });
    expect(dash.code).toBe(0);
    expect(dash.stdout).toBe(readFileSync(join(ROOT, fixture('shell-tool/stream.expected.json')), 'utf8'));
    expect(implicit.stdout).toBe(dash.stdout);
  });

  it('-o - is stdout (convert and redact), as in most tools, never a file named -; atx run refuses it', async () => {
    const dir = scratch();
    const input = join(ROOT, fixture('shell-tool/stream.jsonl'));
    const plain = await runCli(['convert', input, '--pretty', '--profile', 'none']);
    const dash = await runCli(['convert', input, '--pretty', '--profile', 'none', '-o', '-'], { cwd: dir });
    expect(dash.code).toBe(0);
    expect(dash.stdout).toBe(plain.stdout);
    const redacted = await runCli(['redact', '-', '-o', '-'], { input: dash.stdout, cwd: dir });
    expect(redacted.code).toBe(0);
    expect((JSON.parse(redacted.stdout) as Transcript).transcriptId).toBe((JSON.parse(plain.stdout) as Transcript).transcriptId);
    const run = await runCli(['run', '-o', '-', '--', process.execPath, '-e', ''], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('-o - is not possible here');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes -o files atomically and validates them', async () => {
    const dir = scratch();
    const out = join(dir, 'out.json');
    const run = await runCli(['convert', fixture('file-edit/session.jsonl'), '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(readdirSync(dir)).toEqual(['out.json']);
    const validate = await runCli(['validate', out]);
    expect(validate.code).toBe(0);
  });

  it('converts a folder into one file per session, subagent files joined to their session', async () => {
    const dir = scratch();
    const input = scratch();
    cpSync(fixture('subagent/session.jsonl'), join(input, 'session.jsonl'));
    cpSync(fixture('subagent/session'), join(input, 'session'), { recursive: true });
    cpSync(fixture('subagent/stream.jsonl'), join(input, 'stream.jsonl'));
    const run = await runCli(['convert', input, '-o', `${dir}/`]);
    expect(run.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['session.transcript.json', 'stream.transcript.json']);
    const session = JSON.parse(readFileSync(join(dir, 'session.transcript.json'), 'utf8')) as Transcript;
    const agentCall = session.events.find((e) => e.type === 'tool_call' && e.tool?.kind === 'task');
    const sub = session.events.filter((e) => e.parentId !== undefined);
    expect(sub.length).toBeGreaterThan(0);
    expect(new Set(sub.map((e) => e.parentId))).toEqual(new Set([agentCall?.tool?.callId]));
  });

  it('refuses several sessions into one JSON document, with a hint', async () => {
    const run = await runCli(['convert', fixture('shell-tool/session.jsonl'), fixture('thinking/session.jsonl')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--format jsonl/);
    const jsonl = await runCli(['convert', fixture('shell-tool/session.jsonl'), fixture('thinking/session.jsonl'), '--format', 'jsonl']);
    expect(jsonl.code).toBe(0);
    expect(jsonl.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as Transcript).source.nativeSessionId)).toHaveLength(2);
  });

  it('--id-from-content gives the same transcriptId for the same bytes, another for other bytes', async () => {
    const env = { ATX_ID_SEED: '' };
    const once = await runCli(['convert', fixture('shell-tool/session.jsonl'), '--id-from-content'], { env });
    const twice = await runCli(['convert', fixture('shell-tool/session.jsonl'), '--id-from-content'], { env });
    const other = await runCli(['convert', fixture('thinking/session.jsonl'), '--id-from-content'], { env });
    const id = (run: { stdout: string }) => (JSON.parse(run.stdout) as Transcript).transcriptId;
    expect(id(once)).toBe(id(twice));
    expect(id(once)).not.toBe(id(other));
    expect(once.stdout).toBe(twice.stdout);
  });

  it('exit codes: 3 unknown format, 3 empty input, 2 bad flag, 2 missing file, 1 --strict with unknown records', async () => {
    const unknown = await runCli(['convert', '-'], { input: '{"some":"json"}\n' });
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/not a known format.*claude-code/);
    expect((await runCli(['convert', '-'], { input: '' })).code).toBe(3);
    const badFlag = await runCli(['convert', '--from', 'nope', '-']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/claude-code/);
    const missing = await runCli(['convert', 'no/such/file.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('atx: error: no/such/file.jsonl: no such file or directory\n');

    const withUnknown = `${readFileSync(join(ROOT, fixture('plain-answer/session.jsonl')), 'utf8')}{"type":"future-line","sessionId":"x"}\n`;
    const lenient = await runCli(['convert', '-'], { input: withUnknown });
    const strict = await runCli(['convert', '--strict', '-'], { input: withUnknown });
    expect(lenient.code).toBe(0);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/1 native record\(s\) were not understood/);
  });

  it('never prints a stack trace for a user mistake', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'bad.json'), '{"schemaVersion":"0.1.0","events":[{"type":"tool_call"}]}');
    const runs = await Promise.all([
      runCli(['validate', join(dir, 'bad.json')]),
      runCli(['convert', join(dir)]),
      runCli(['frobnicate']),
    ]);
    for (const run of runs) {
      expect(run.code).not.toBe(0);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('atx convert on a store of many sessions', () => {
  it('converts every session of an OpenCode database, or the one named with #', async () => {
    const db = 'fixtures/opencode/store/opencode.db';
    const all = await runCli(['convert', db, '--format', 'jsonl']);
    expect(all.code).toBe(0);
    const transcripts = all.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Transcript);
    expect(transcripts.length).toBeGreaterThan(5);
    const pick = transcripts[2]!;
    const one = await runCli(['convert', `${db}#${pick.source.nativeSessionId}`]);
    expect(one.code).toBe(0);
    expect((JSON.parse(one.stdout) as Transcript).events).toEqual(pick.events);
    const missing = await runCli(['convert', `${db}#ses_doesnotexist`]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no session ses_doesnotexist');
  });
});

describe('atx convert --stream', () => {
  it('prints the first event before the input ends', async () => {
    const lines = readFileSync(join(ROOT, fixture('shell-tool/stream.jsonl')), 'utf8').trimEnd().split('\n');
    const child = spawn(process.execPath, [CLI, 'convert', '--stream', '-'], {
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ATX_CLOCK: FIXED_CLOCK, ATX_ID_SEED: 'test' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Send the first records and keep stdin open: the init and first assistant events must arrive now.
    child.stdin.write(`${lines.slice(0, 2).join('\n')}\n`);
    const firstEvent = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event while input was open; got: ${stdout}`)), 10_000);
      const check = () => {
        if (!stdout.includes('\n')) return;
        clearTimeout(timer);
        resolve(JSON.parse(stdout.split('\n')[0]!) as Record<string, unknown>);
      };
      child.stdout.on('data', check);
      check();
    });
    expect(firstEvent).toMatchObject({ seq: 1, type: 'system' });
    expect(child.exitCode).toBeNull(); // still running: input not ended
    child.stdin.end(`${lines.slice(2).join('\n')}\n`);
    expect(await exited).toBe(0);
    const out = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(out.at(-1)).toHaveProperty('schemaVersion', '0.1.0');
  });
});

describe('atx run', () => {
  const stream = fixture('shell-tool/stream.jsonl');

  it('passes the agent output through unchanged, saves the Transcript, keeps the exit code', async () => {
    const out = join(scratch(), 'run.json');
    const run = await runCli(['run', '-o', out, '--pretty', '--', 'sh', '-c', `cat ${stream}; exit 7`]);
    expect(run.code).toBe(7);
    expect(run.stdout).toBe(readFileSync(join(ROOT, stream), 'utf8'));
    const saved = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
    const expected = JSON.parse(readFileSync(join(ROOT, fixture('shell-tool/stream.expected.json')), 'utf8')) as Transcript;
    expect(saved.events).toEqual(expected.events);
  });

  it('still passes everything through when the output cannot be converted, and exits 3', async () => {
    const out = join(scratch(), 'run.json');
    const run = await runCli(['run', '-o', out, '--', 'sh', '-c', 'echo "{\\"hello\\":1}"; seq 1 50000']);
    expect(run.code).toBe(3);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(50001);
    expect(run.stderr).toMatch(/not a known format/);
  });

  it('saves the session in another --format (Markdown), and refuses a format option of another format before starting the agent', async () => {
    const out = join(scratch(), 'run.md');
    const run = await runCli(['run', '-o', out, '--format', 'markdown', '--', 'sh', '-c', `cat ${stream}`]);
    expect(run.code).toBe(0);
    const expected = JSON.parse(readFileSync(join(ROOT, fixture('shell-tool/stream.expected.json')), 'utf8')) as Transcript;
    const markdown = readFileSync(out, 'utf8');
    expect(markdown.startsWith('#')).toBe(true);
    for (const event of expected.events.filter((e) => e.type === 'assistant_message')) expect(markdown).toContain(event.text!.split('\n')[0]);
    const refused = await runCli(['run', '-o', join(scratch(), 'x.md'), '--format', 'markdown', '--split-turns', '--', 'sh', '-c', 'echo started >&2']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--split-turns is for --format openai');
    expect(refused.stderr).not.toContain('started');
  });

  it('--json prints one object on stderr: the saved session, the agent\'s exit code and the run\'s; stdout stays the agent\'s', async () => {
    const out = join(scratch(), 'run.json');
    const run = await runCli(['run', '-o', out, '--json', '--', 'sh', '-c', `cat ${stream}; exit 7`]);
    expect(run.code).toBe(7);
    expect(run.stdout).toBe(readFileSync(join(ROOT, stream), 'utf8'));
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]!) as { sessions: { output: string; transcriptId: string; eventCount: number }[]; errors: unknown[]; agent: { command: string; exitCode: number }; exitCode: number };
    const saved = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
    expect(report.sessions).toHaveLength(1);
    expect(report.sessions[0]).toMatchObject({ output: out, transcriptId: saved.transcriptId, eventCount: saved.events.length });
    expect(report).toMatchObject({ errors: [], agent: { command: 'sh', exitCode: 7 }, exitCode: 7 });
  });

  it('--json names the conversion error in the same object when the output is not a known format (exit 3)', async () => {
    const run = await runCli(['run', '-o', join(scratch(), 'run.json'), '--json', '--', 'sh', '-c', 'echo "{\\"hello\\":1}"']);
    expect(run.code).toBe(3);
    const lines = run.stderr.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ sessions: [], errors: [{ exitCode: 3, code: 'unknown_format' }], agent: { exitCode: 0 }, exitCode: 3, error: { code: 'unknown_format', exitCode: 3 } });
  });

  it('exits 2 when the agent cannot be started', async () => {
    const run = await runCli(['run', '-o', join(scratch(), 'x.json'), '--', 'no-such-agent-binary']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot start no-such-agent-binary: command not found');
  });
});

describe('other commands', () => {
  it('outbox drop --json prints what was removed and what was not there (exit 2 for an id not in the outbox)', async () => {
    const outbox = scratch();
    const all = await runCli(['outbox', 'drop', '--all', '--json', '--outbox', outbox]);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual({ removed: [], missing: [] });
    expect(all.stderr).toBe('');
    const missing = await runCli(['outbox', 'drop', '01JD0000000000000000000000', '--json', '--outbox', outbox]);
    expect(missing.code).toBe(2);
    const notThere = { code: 'usage', message: expect.stringContaining('not in the outbox') };
    expect(JSON.parse(missing.stdout)).toEqual({ removed: [], missing: ['01JD0000000000000000000000'], errors: [notThere], error: { ...notThere, exitCode: 2 } });
    expect(missing.stderr).toBe('');
  });

  it('validate reports each failing path and exits 3', async () => {
    const golden = JSON.parse(readFileSync(join(ROOT, fixture('shell-tool/session.expected.json')), 'utf8')) as Transcript;
    delete (golden.events[2] as Partial<Transcript['events'][number]>).role;
    (golden.metrics as { eventCount: unknown }).eventCount = 'many';
    const run = await runCli(['validate', '-'], { input: JSON.stringify(golden) });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('metrics.eventCount:');
    expect(run.stderr).toContain('events[2].role:');
  });

  it('schema prints the committed JSON Schema', async () => {
    const run = await runCli(['schema']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(readFileSync(join(ROOT, 'schema/transcript.schema.json'), 'utf8'));
  });

  it('adapters lists every adapter of the table with its formats', async () => {
    const run = await runCli(['adapters', '--json']);
    const list = JSON.parse(run.stdout) as { id: string; formats: { id: string }[] }[];
    expect(list.map((a) => a.id)).toContain('claude-code');
    expect(list.find((a) => a.id === 'claude-code')?.formats.map((f) => f.id)).toEqual(['claude-code/session-jsonl', 'claude-code/stream-json']);
  });

  it('--help teaches: commands, exit codes, examples', async () => {
    const top = await runCli(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/convert[\s\S]*validate[\s\S]*Exit codes:/);
    const convert = await runCli(['convert', '--help']);
    expect(convert.stdout).toMatch(/--stream[\s\S]*Examples:/);
  });
});
