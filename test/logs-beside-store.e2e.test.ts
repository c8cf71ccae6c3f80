/**
 * A folder that holds a store (a Cline task folder, OpenCode's legacy storage/ tree) and other
 * session logs beside it: naming the folder read the store alone, and passed over the logs without
 * a word. `atx scan` of it said "0 finding(s) in 1 input(s)", exit 0, while a session beside the
 * store held ten secrets (naming the folder's parent read them).
 */
import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runInProcess } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const SECRETS = join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl');
const STORES = {
  'a Cline task folder': { from: 'fixtures/cline/v2.14.0-shell-tool/1795839408625', to: '1795839408625' },
  'an OpenCode storage tree': { from: 'fixtures/opencode/legacy-plain-answer/storage', to: 'storage' },
};
const scratch = scratchFolders('atx-beside-store-');
let folders: Record<string, string>;
let secretsFound: number;

beforeAll(async () => {
  folders = {};
  for (const [name, store] of Object.entries(STORES)) {
    const dir = scratch();
    cpSync(join(ROOT, store.from), join(dir, 'share', store.to), { recursive: true });
    cpSync(SECRETS, join(dir, 'share', 'claude.jsonl'));
    writeFileSync(join(dir, 'share', 'auth.json'), '{"provider":{"type":"api"}}\n'); // the store's own: no adapter's
    folders[name] = join(dir, 'share');
  }
  secretsFound = (JSON.parse((await runInProcess(['scan', SECRETS, '--json'])).stdout) as { count: number }).count;
});

describe.each(Object.keys(STORES))('a folder holding %s and a session log', (store) => {
  it('scan finds the secrets of the log beside the store', async () => {
    const run = await runInProcess(['scan', folders[store]!, '--json']);
    expect(run.code, run.stdout).toBe(0);
    const report = JSON.parse(run.stdout) as { count: number; inputs: number };
    expect(secretsFound).toBeGreaterThan(0);
    expect(report).toMatchObject({ count: secretsFound, inputs: 2 });
  });

  it('convert writes a Transcript of each', async () => {
    const out = join(scratch(), 'out');
    const run = await runInProcess(['convert', folders[store]!, '-o', `${out}/`, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const sessions = (JSON.parse(run.stderr) as { sessions: { input: string; adapter: string }[] }).sessions;
    expect(sessions.map((session) => session.adapter).sort()).toEqual(['claude-code', store.includes('Cline') ? 'cline' : 'opencode']);
    expect(readdirSync(out)).toHaveLength(2);
  });
});

describe.each(Object.keys(STORES))('a folder holding %s and a subfolder of logs', (store) => {
  it('scan and convert read the logs in the subfolder too (they were passed over without a word); the store\'s own folders stay the store\'s', async () => {
    const dir = scratch();
    cpSync(join(ROOT, STORES[store as keyof typeof STORES].from), join(dir, 'share', STORES[store as keyof typeof STORES].to), { recursive: true });
    cpSync(SECRETS, join(dir, 'share', 'copied', 'claude.jsonl'));
    cpSync(join(ROOT, 'fixtures/claude-code/plain-answer/session.jsonl'), join(dir, 'share', 'copied', 'older', 'plain.jsonl'));
    const scan = await runInProcess(['scan', join(dir, 'share'), '--json']);
    expect(scan.code, scan.stdout + scan.stderr).toBe(0);
    expect(JSON.parse(scan.stdout) as { count: number; inputs: number }).toMatchObject({ count: secretsFound, inputs: 3 });
    const out = join(scratch(), 'out');
    // one thread: a worker runs the built program, not the sources this test runs
    const run = await runInProcess(['convert', join(dir, 'share'), '-o', `${out}/`, '--json', '--jobs', '1']);
    expect(run.code, run.stderr).toBe(0);
    const sessions = (JSON.parse(run.stderr) as { sessions: { input: string; adapter: string }[] }).sessions;
    expect(sessions.map((session) => session.adapter).sort()).toEqual(['claude-code', 'claude-code', store.includes('Cline') ? 'cline' : 'opencode']);
    expect(readdirSync(out)).toHaveLength(3);
  });
});

describe('a Cline task folder met in a folder walk', () => {
  it('is one session, as when it is named: its ui_messages.json and task_metadata.json are its own', async () => {
    const dir = scratch();
    cpSync(join(ROOT, STORES['a Cline task folder'].from), join(dir, 'walked', 'sub', '1795839408625'), { recursive: true });
    const walked = await runInProcess(['convert', join(dir, 'walked'), '-o', `${join(dir, 'out')}/`, '--json']);
    const named = await runInProcess(['convert', join(dir, 'walked', 'sub', '1795839408625'), '--json']);
    expect(walked.code, walked.stderr).toBe(0);
    const summary = (run: { stderr: string }) => (JSON.parse(run.stderr) as { sessions: { eventCount: number }[]; errors: unknown[] });
    expect(summary(walked).errors).toEqual([]);
    expect(summary(walked).sessions.map((session) => session.eventCount)).toEqual(summary(named).sessions.map((session) => session.eventCount));
    expect(readdirSync(join(dir, 'out'))).toHaveLength(1);
  });
});

describe("an OpenCode data folder's legacy storage tree met in a folder walk", () => {
  it('is read as its store, as when it is named: its message and part files are no errors, and nothing of it is "passed over"', async () => {
    const dir = scratch();
    cpSync(join(ROOT, STORES['an OpenCode storage tree'].from), join(dir, 'walked', 'data', 'storage'), { recursive: true });
    const walked = await runInProcess(['convert', join(dir, 'walked'), '-o', `${join(dir, 'out')}/`, '--json']);
    const named = await runInProcess(['convert', join(dir, 'walked', 'data'), '--json']);
    expect(walked.code, walked.stderr).toBe(0);
    const summary = (run: { stderr: string }) => (JSON.parse(run.stderr) as { sessions: { eventCount: number }[]; errors: unknown[]; warnings?: unknown[] });
    expect(summary(walked).errors).toEqual([]);
    expect(JSON.stringify(summary(walked).warnings ?? [])).not.toContain('passed over');
    expect(summary(walked).sessions.map((session) => session.eventCount)).toEqual(summary(named).sessions.map((session) => session.eventCount));
    expect(readdirSync(join(dir, 'out'))).toHaveLength(1);
  });
});

describe('a JSON document over 64 KiB beside a store', () => {
  it.each(Object.keys(STORES))('beside %s: read as a session too (it was passed over without a word)', async (store) => {
    const dir = scratch();
    cpSync(join(ROOT, STORES[store as keyof typeof STORES].from), join(dir, 'share', STORES[store as keyof typeof STORES].to), { recursive: true });
    cpSync(join(ROOT, 'fixtures/opencode/long-session/export.json'), join(dir, 'share', 'export.json'));
    const run = await runInProcess(['convert', join(dir, 'share'), '-o', `${join(dir, 'out')}/`, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const sessions = (JSON.parse(run.stderr) as { sessions: { input: string }[] }).sessions;
    expect(sessions.map((session) => session.input)).toContainEqual(expect.stringMatching(/export\.json$/));
    expect(readdirSync(join(dir, 'out'))).toHaveLength(2);
  });
});
