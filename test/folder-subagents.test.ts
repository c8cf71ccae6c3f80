/**
 * Folders of many sessions where a subagent's transcript names its session only inside the file:
 * Claude Code 2.0's `agent-<agentId>.jsonl` beside the sessions (`sessionId` on its records), and a
 * Codex subagent's rollout (`parent_thread_id` in its session_meta). Built from the real fixtures.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { groupRollouts } from '../adapters/codex/threads.js';
import { ADAPTERS } from '../adapters/index.js';
import { emptyNotes, resolveInputs, type SessionInput } from '../src/pipeline/sources.js';
import type { Transcript } from '../src/transcript/index.js';
import { convertToText, ROOT, runCli } from './helpers.js';

const CLAUDE = join(ROOT, 'fixtures/claude-code');
const CODEX = join(ROOT, 'fixtures/codex');
/** the sessionId the subagent-2.0 session and its agent files carry */
const SUBAGENT_SESSION = '5e53b18b-f52f-4f39-b8cd-73e67534dfdc';
const OTHER_SESSIONS = { 'shell-tool': 'f5ca62b1-722d-4813-9cd0-d93a64ec7337', 'file-edit': 'a0ae0995-a47a-4d08-b1f1-42887e866498' };

const scratch = mkdtempSync(join(tmpdir(), 'atx-folder-subagents-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A Claude Code 2.0 project folder: three sessions, the subagent-2.0 one with its four agent files beside it. */
function claudeProject(): string {
  const project = join(scratch, 'claude', 'projects', '-tmp-atx-sandbox');
  mkdirSync(project, { recursive: true });
  copyFileSync(join(CLAUDE, 'subagent-2.0/session.jsonl'), join(project, `${SUBAGENT_SESSION}.jsonl`));
  for (const name of agentFiles()) copyFileSync(join(CLAUDE, 'subagent-2.0', name), join(project, name));
  for (const [scenario, id] of Object.entries(OTHER_SESSIONS)) copyFileSync(join(CLAUDE, scenario, 'session.jsonl'), join(project, `${id}.jsonl`));
  return project;
}

const agentFiles = () => readdirSync(join(CLAUDE, 'subagent-2.0')).filter((name) => /^agent-.*\.jsonl$/.test(name)).sort();

/** A Codex day folder: two runs with a subagent each and a run without, under their real rollout names. */
function codexDay(): string {
  const day = join(scratch, 'codex', 'sessions', '2026', '11', '26');
  mkdirSync(day, { recursive: true });
  const place = (fixture: string, name: string) => copyFileSync(join(CODEX, fixture), join(day, name));
  place('subagents/rollout.jsonl', 'rollout-2026-11-28T00-29-27-01a21f8e-9354-7fd2-a09b-aa299c0da454.jsonl');
  place('subagents/subagent-rollout.jsonl', 'rollout-2026-11-28T00-29-27-01a21f8e-9427-7a32-a32e-dbf3c86ee56a.jsonl');
  place('subagents-followup/rollout.jsonl', 'rollout-2026-11-28T00-29-29-01a21f8e-9d6b-71f1-80f3-4b0f5a4f1d5f.jsonl');
  place('subagents-followup/subagent-rollout.jsonl', 'rollout-2026-11-28T00-29-30-01a21f8e-9e2e-7ff0-b8d9-8b65bf21bb6a.jsonl');
  place('shell-tool/rollout.jsonl', 'rollout-2026-11-28T00-29-00-01a21f8e-28f5-7922-a279-41d0318b8253.jsonl');
  return day;
}

async function walk(folder: string) {
  const notes = emptyNotes();
  const inputs = await resolveInputs([folder], ADAPTERS, Readable.from([]), notes);
  const transcripts: Transcript[] = [];
  for (const input of inputs) transcripts.push(JSON.parse((await convertToText(input)).text) as Transcript);
  return { inputs, transcripts, notes };
}

const fileName = (input: SessionInput) => input.main.name.split('/').pop()!;
const unparsed = (transcripts: readonly Transcript[]) => transcripts.reduce((sum, t) => sum + (t.metrics.unparsedCount ?? 0) + t.events.filter((e) => e.meta?.kind === 'unparsed').length, 0);

describe('a folder of many Claude Code 2.0 sessions', () => {
  it('joins each agent-<id>.jsonl to the session its records name: one Transcript a session, the subagents inside theirs', async () => {
    const project = claudeProject();
    const { inputs, transcripts, notes } = await walk(project);
    expect(inputs.map(fileName).sort()).toEqual([SUBAGENT_SESSION, ...Object.values(OTHER_SESSIONS)].map((id) => `${id}.jsonl`).sort());
    expect(transcripts).toHaveLength(3);
    expect(unparsed(transcripts)).toBe(0);
    const withAgents = inputs.find((input) => fileName(input) === `${SUBAGENT_SESSION}.jsonl`)!;
    expect((withAgents.companions as { name: string }[]).map((c) => c.name.split('/').pop())).toEqual(agentFiles());
    const parent = transcripts[inputs.indexOf(withAgents)]!;
    const task = parent.events.find((e) => e.type === 'tool_call' && e.tool?.name === 'Task')!;
    expect(parent.events.filter((e) => e.parentId === task.tool!.callId).map((e) => e.tool?.name ?? e.type)).toEqual(['user_message', 'Bash', 'Bash', 'assistant_message']);
    expect(transcripts.filter((t) => t !== parent).every((t) => t.events.every((e) => e.parentId === undefined))).toBe(true);
    expect(notes.lonelyCompanions).toEqual([]);
  });

  it('an agent file whose session is not in the folder is read alone, and the walk says so', async () => {
    const project = join(scratch, 'claude-orphan', 'projects', '-tmp-elsewhere');
    mkdirSync(project, { recursive: true });
    copyFileSync(join(CLAUDE, 'shell-tool/session.jsonl'), join(project, `${OTHER_SESSIONS['shell-tool']}.jsonl`));
    copyFileSync(join(CLAUDE, 'subagent-2.0', agentFiles()[0]!), join(project, agentFiles()[0]!));
    const { inputs, transcripts, notes } = await walk(project);
    // inputs come in file-name order
    const byName = (a: readonly unknown[], b: readonly unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(inputs.map((input) => [fileName(input), input.companions])).toEqual([
      [`${OTHER_SESSIONS['shell-tool']}.jsonl`, []],
      [agentFiles()[0], []],
    ].sort(byName));
    expect(notes.lonelyCompanions).toEqual([join(project, agentFiles()[0]!)]);
    expect(unparsed(transcripts)).toBe(0);
    mkdirSync(join(scratch, 'out-lonely'));
    const { stderr, code } = await runCli(['convert', project, '--profile', 'none', '-o', join(scratch, 'out-lonely')]);
    expect(code).toBe(0);
    expect(stderr).toContain(`${join(project, agentFiles()[0]!)}: a subagent's file whose session is not in this folder; read as a session of its own`);
  });

  it('atx discover lists each session once, never an agent file', async () => {
    claudeProject();
    const { stdout, code } = await runCli(['discover', '--agent', 'claude-code', '--json'], { env: { HOME: join(scratch, 'home'), CLAUDE_CONFIG_DIR: join(scratch, 'claude') } });
    expect(code).toBe(0);
    const listed = stdout.trim().split('\n').map((line) => JSON.parse(line) as { sessionId: string; path: string });
    expect(listed.map((line) => line.sessionId).sort()).toEqual([SUBAGENT_SESSION, ...Object.values(OTHER_SESSIONS)].sort());
    expect(listed.filter((line) => line.path.includes('agent-'))).toEqual([]);
  });
});

describe('a folder of many Codex rollouts', () => {
  it("joins each subagent's rollout to its parent's Transcript, under the call that spawned it", async () => {
    const day = codexDay();
    const { inputs, transcripts, notes } = await walk(day);
    expect(inputs.map((input) => [fileName(input), (input.companions as { name: string }[]).map((c) => c.name.split('/').pop())]).sort()).toEqual([
      ['rollout-2026-11-28T00-29-00-01a21f8e-28f5-7922-a279-41d0318b8253.jsonl', []],
      ['rollout-2026-11-28T00-29-27-01a21f8e-9354-7fd2-a09b-aa299c0da454.jsonl', ['rollout-2026-11-28T00-29-27-01a21f8e-9427-7a32-a32e-dbf3c86ee56a.jsonl']],
      ['rollout-2026-11-28T00-29-29-01a21f8e-9d6b-71f1-80f3-4b0f5a4f1d5f.jsonl', ['rollout-2026-11-28T00-29-30-01a21f8e-9e2e-7ff0-b8d9-8b65bf21bb6a.jsonl']],
    ].sort());
    expect(transcripts).toHaveLength(3);
    expect(unparsed(transcripts)).toBe(0);
    for (const [index, input] of inputs.entries()) {
      const t = transcripts[index]!;
      const spawn = t.events.find((e) => e.type === 'tool_call' && e.tool?.name === 'collaboration__spawn_agent');
      const nested = t.events.filter((e) => e.parentId !== undefined);
      if (input.companions.length === 0) {
        expect(nested).toEqual([]);
        continue;
      }
      expect(nested.length).toBeGreaterThan(0);
      expect(new Set(nested.map((e) => e.parentId))).toEqual(new Set([spawn!.tool!.callId]));
      expect(nested.some((e) => e.type === 'tool_call' && e.tool?.name === 'exec_command')).toBe(true);
    }
    expect(notes.lonelyCompanions).toEqual([]);
  });

  it("a subagent's rollout without its parent is read alone, and the walk says so", async () => {
    const day = join(scratch, 'codex-alone');
    mkdirSync(day, { recursive: true });
    const child = 'rollout-2026-11-28T00-29-27-01a21f8e-9427-7a32-a32e-dbf3c86ee56a.jsonl';
    copyFileSync(join(CODEX, 'subagents/subagent-rollout.jsonl'), join(day, child));
    const { inputs, transcripts, notes } = await walk(day);
    expect(inputs.map(fileName)).toEqual([child]);
    expect(notes.lonelyCompanions).toEqual([join(day, child)]);
    expect(unparsed(transcripts)).toBe(0);
  });

  it('atx discover lists the runs once each, not their subagents', async () => {
    codexDay();
    const { stdout, code } = await runCli(['discover', '--agent', 'codex', '--json'], { env: { HOME: join(scratch, 'home'), CODEX_HOME: join(scratch, 'codex') } });
    expect(code).toBe(0);
    const listed = stdout.trim().split('\n').map((line) => JSON.parse(line) as { sessionId: string });
    expect(listed.map((line) => line.sessionId).sort()).toEqual([
      '01a21f8e-28f5-7922-a279-41d0318b8253', '01a21f8e-9354-7fd2-a09b-aa299c0da454', '01a21f8e-9d6b-71f1-80f3-4b0f5a4f1d5f',
    ]);
  });
});

describe('grouping by a first line longer than the head read', () => {
  it("a Codex child whose session_meta is cut off before its end is still joined by the parent it names", () => {
    const firstLine = (fixture: string) => readFileSync(join(CODEX, fixture), 'utf8').split('\n')[0]!;
    const child = firstLine('subagents/subagent-rollout.jsonl');
    const cut = child.slice(0, child.indexOf('"base_instructions"'));
    expect(() => JSON.parse(cut)).toThrow();
    const heads = new Map([['rollout-p.jsonl', firstLine('subagents/rollout.jsonl')], ['rollout-c.jsonl', cut]]);
    expect(groupRollouts(['rollout-c.jsonl', 'rollout-p.jsonl'], heads)).toEqual([['rollout-p.jsonl', 'rollout-c.jsonl']]);
  });
});

describe("a walk of a subagents folder alone (the subagent's session is not in it)", () => {
  it.each([
    ['Claude Code', 'fixtures/claude-code/subagent/session/subagents'],
    ['Qwen Code', 'fixtures/qwen-code/subagent/subagents/219e4340-0dda-45d4-b35f-2e9b52e770ab'],
  ])('%s: the agent file keeps its .meta.json, which is no session (and no error) of its own', async (_agent, folder) => {
    const { inputs, transcripts, notes } = await walk(join(ROOT, folder));
    expect(inputs.map(fileName)).toEqual([expect.stringMatching(/^agent-.*\.jsonl$/)]);
    expect((inputs[0]!.companions as { name: string }[]).map((c) => c.name.split('/').pop())).toEqual([expect.stringMatching(/^agent-.*\.meta\.json$/)]);
    expect(notes.lonelyCompanions).toHaveLength(1);
    expect(transcripts[0]!.events.length).toBeGreaterThan(0);
    expect(unparsed(transcripts)).toBe(0);
  });

  it("Qwen Code's subagent beside Qwen files is read once, with its .meta.json: Cursor's grouping gave it to every file at the top", async () => {
    const notes = emptyNotes();
    const inputs = await resolveInputs([join(ROOT, 'fixtures/qwen-code/subagent')], ADAPTERS, Readable.from([]), notes);
    const read = inputs.flatMap((input) => [input.main, ...(input.companions as { name: string }[])]).map((file) => file.name);
    expect(read.filter((name) => name.endsWith('.jsonl') && name.includes('/subagents/'))).toHaveLength(1);
    expect(inputs.map(fileName)).not.toContainEqual(expect.stringMatching(/\.meta\.json$/));
    expect(read).toContainEqual(expect.stringMatching(/agent-[^/]+\.meta\.json$/));
    expect(notes.lonelyCompanions).toEqual([expect.stringMatching(/agent-[^/]+\.jsonl$/)]);
  });

  it("Cursor's own subagent still goes with its transcript", async () => {
    const inputs = await resolveInputs([join(ROOT, 'fixtures/cursor/handmade-agent-transcript')], ADAPTERS, Readable.from([]), emptyNotes());
    const session = inputs.find((input) => fileName(input).startsWith('5f2a8c1e'))!;
    expect((session.companions as { name: string }[]).map((file) => file.name.split('/').slice(-2).join('/'))).toEqual(['subagents/e7c3b9d4-2a6f-4c81-b5e0-9d1f3a7c6b28.jsonl']);
    expect(inputs.filter((input) => fileName(input).startsWith('e7c3b9d4'))).toEqual([]);
  });
});
