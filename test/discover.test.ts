/**
 * `atx discover` over a HOME built at test time from the repo's fixtures, each copied where its
 * agent keeps it; the location variables; a missing folder; a link out of an agent's folder;
 * `--since`; and `discover --json | convert -`.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runInProcess as runCli } from './helpers.js';
import { parseSince, projectMatcher } from '../src/discover/filters.js';
import { namePattern } from '../src/discover/pattern.js';

const made: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `atx-discover-${label}-`));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const fixture = (path: string) => join(ROOT, 'fixtures', path);
function place(home: string, from: string, to: string): void {
  const target = join(home, to);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(fixture(from), target, { recursive: true });
}

/** agent → the session id each placed fixture must be listed under */
const EXPECTED: Record<string, string[]> = {
  'claude-code': ['88ca1715-7a82-4cdd-88af-882fbbb3ebb0'],
  codex: ['01a21f8e-28f5-7922-a279-41d0318b8253'],
  'gemini-cli': ['af8d04c1-cd7b-428b-9967-e3f182c519bb', '82a6c618-22a0-4945-b558-cd7ac69854da'],
  opencode: ['ses_dff563967ffeMeF1LmYLQDk9zF', 'ses_dff55292dffeqz2gjGch7EFt1M', 'ses_dff55e7a9ffesKABp5ua4lHwtz'],
  pi: ['01a200a3-3403-723a-90fc-feb3bec65249'],
  amp: ['T-7c1f0e5a-3b9d-4e2a-9f41-2d8c6b0a5e13'],
  'qwen-code': ['72b326d7-b946-449b-a5a2-144c48af1435', '2a400614-8808-4391-8c3d-bfa96d37b04a'],
  'copilot-cli': ['c97bf550-604d-450b-a59e-d9f6482137e7', '6a1f3c2e-9b7d-4e5f-8a1b-2c3d4e5f6a7b'],
  cline: ['1795681351941_x2xiw', '1795839408625'],
  cursor: ['5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05'],
  'kilo-code': ['ses_dd9f3ee48ffe0DJPJ13RgCRTyb', 'ses_dd9f13d95ffeEi9cuhuGtvg5k9', 'ses_dd9eac919ffeWLlENUjY23wfU7', 'ses_dd9e61555ffeGnWjt7g28B1qMQ'],
  nanocoder: ['917f3612-c510-4930-bcb3-3b866bc49675'],
  continue: ['45d5c03e-9aab-4084-961f-27cec35b1185', 'bd90cc66-3f83-4e54-bebf-701fee91511f'],
  droid: ['e7ad1757-132d-43d1-9942-bcecd2081ea1'],
};

const PLACED: readonly (readonly [string, string])[] = [
  ['claude-code/subagent/session.jsonl', '.claude/projects/-tmp-atx-sandbox-subagent/88ca1715-7a82-4cdd-88af-882fbbb3ebb0.jsonl'],
  ['claude-code/subagent/session', '.claude/projects/-tmp-atx-sandbox-subagent/88ca1715-7a82-4cdd-88af-882fbbb3ebb0'],
  ['codex/shell-tool/rollout.jsonl', '.codex/sessions/2026/11/28/rollout-2026-11-28T00-29-00-01a21f8e-28f5-7922-a279-41d0318b8253.jsonl'],
  ['gemini-cli/shell-tool/chat.jsonl', '.gemini/tmp/shell-tool/chats/session-2026-11-22T00-26-af8d04c1.jsonl'],
  ['gemini-cli/legacy-json/chat.legacy.json', '.gemini/tmp/legacy/chats/session-2026-11-22T00-31-82a6c618.json'],
  ['opencode/store/opencode.db', '.local/share/opencode/opencode.db'],
  ['opencode/legacy-shell-tool/storage', '.local/share/opencode/storage'],
  ['pi/shell-tool/session.jsonl', '.pi/agent/sessions/--tmp-atx-sandbox-pi-shell-tool--/2026-11-22T00-23-45-412Z_01a200a3-3403-723a-90fc-feb3bec65249.jsonl'],
  ['amp/handmade-thread/T-7c1f0e5a-3b9d-4e2a-9f41-2d8c6b0a5e13.json', '.local/share/amp/threads/T-7c1f0e5a-3b9d-4e2a-9f41-2d8c6b0a5e13.json'],
  ['qwen-code/shell-tool/chat.jsonl', '.qwen/projects/-tmp-atx-sandbox-qwen-shell-tool/chats/72b326d7-b946-449b-a5a2-144c48af1435.jsonl'],
  ['copilot-cli/shell-tool/events.jsonl', '.copilot/session-state/c97bf550-604d-450b-a59e-d9f6482137e7/events.jsonl'],
  ['copilot-cli/handmade-history-json/session_6a1f3c2e-9b7d-4e5f-8a1b-2c3d4e5f6a7b_1759309200000.json', '.copilot/history-session-state/session_6a1f3c2e-9b7d-4e5f-8a1b-2c3d4e5f6a7b_1759309200000.json'],
  // where older releases kept them: Qwen Code 0.1.x (Gemini CLI's legacy layout), Cline CLI 2.x task folders
  ['qwen-code/v0.1.3-shell-tool/chat.legacy.json', '.qwen/tmp/e6cd6710cadebca21c88d645b1f2bc0c19e040ff804ba8f1b61bbcb6f83870e3/chats/session-2026-11-28T03-54-2a400614.json'],
  ['cline/v2.14.0-shell-tool/1795839408625', '.cline/data/tasks/1795839408625'],
  ['cline/shell-tool/1795681351941_x2xiw.json', '.cline/data/sessions/1795681351941_x2xiw/1795681351941_x2xiw.json'],
  ['cline/shell-tool/1795681351941_x2xiw.messages.json', '.cline/data/sessions/1795681351941_x2xiw/1795681351941_x2xiw.messages.json'],
  ['cursor/handmade-agent-transcript/5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05.jsonl', '.cursor/projects/home-dev-inventory/agent-transcripts/5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05/5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05.jsonl'],
  ['cursor/handmade-agent-transcript/subagents', '.cursor/projects/home-dev-inventory/agent-transcripts/5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05/subagents'],
  ['kilo-code/store/kilo.db', '.local/share/kilo/kilo.db'],
  ['nanocoder/shell-tool/917f3612-c510-4930-bcb3-3b866bc49675.json', '.local/share/nanocoder/sessions/917f3612-c510-4930-bcb3-3b866bc49675.json'],
  ['continue/shell-tool/45d5c03e-9aab-4084-961f-27cec35b1185.json', '.continue/sessions/45d5c03e-9aab-4084-961f-27cec35b1185.json'],
  ['continue/plain-answer/bd90cc66-3f83-4e54-bebf-701fee91511f.json', '.continue/sessions/bd90cc66-3f83-4e54-bebf-701fee91511f.json'],
  ['droid/shell-tool/e7ad1757-132d-43d1-9942-bcecd2081ea1.jsonl', '.factory/sessions/-tmp-atx-sandbox-droid-shell-tool/e7ad1757-132d-43d1-9942-bcecd2081ea1.jsonl'],
  ['droid/shell-tool/e7ad1757-132d-43d1-9942-bcecd2081ea1.settings.json', '.factory/sessions/-tmp-atx-sandbox-droid-shell-tool/e7ad1757-132d-43d1-9942-bcecd2081ea1.settings.json'],
];

/** Continue's index as `cn` writes it (epoch ms as a string), naming one of the two placed sessions: the other is listed from its file. */
const CONTINUE_INDEX = [
  { sessionId: '45d5c03e-9aab-4084-961f-27cec35b1185', title: 'Untitled Session', dateCreated: '1795689000000', workspaceDirectory: '/tmp/atx-sandbox-continue/shell-tool', messageCount: 4 },
  { session_id: 'old-format', title: 'ignored by cn' },
];

/** A HOME where every agent with a store keeps one or more fixture sessions, where that agent keeps them. */
function buildHome(): string {
  const home = tempDir('home');
  for (const [from, to] of PLACED) place(home, from, to);
  writeFileSync(join(home, '.continue/sessions/sessions.json'), JSON.stringify(CONTINUE_INDEX));
  return home;
}

interface Line { atxDiscover: number; agent: string; adapter: string; sessionId: string | null; path: string; project: string | null; startedAt: string | null; endedAt: string | null; size: number; events: number | null; finished: boolean | null }

const linesOf = (stdout: string): Line[] => stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Line);
const idsByAgent = (lines: readonly Line[]) => {
  const ids: Record<string, string[]> = {};
  for (const line of lines) (ids[line.agent] ??= []).push(line.sessionId ?? '');
  return ids;
};
const ids = (lines: readonly Line[], agent: string) => lines.filter((line) => line.agent === agent).map((line) => line.sessionId);
const discover = (home: string, args: string[] = [], env: Record<string, string> = {}) => runCli(['discover', '--json', ...args], { env: { HOME: home, ...env } });

let home: string;
beforeAll(() => {
  home = buildHome();
});

describe('atx discover', { timeout: 120_000 }, () => {
  it('finds the sessions of every agent with a store, with their facts', async () => {
    const run = await discover(home);
    expect(run.code, run.stderr).toBe(0);
    const lines = linesOf(run.stdout);
    const ids = idsByAgent(lines);
    for (const [agent, expected] of Object.entries(EXPECTED)) expect(ids[agent], agent).toEqual(expect.arrayContaining(expected));
    // the opencode subagent session is read with its parent; a session both in the database and the old tree is listed once
    expect(ids.opencode).not.toContain('ses_dff5523fdffeIMJFyhfNhRaR1y');
    expect(new Set(ids.opencode).size).toBe(ids.opencode?.length);
    const codex = lines.find((line) => line.agent === 'codex');
    expect(codex).toMatchObject({ project: '/tmp/atx-sandbox/codex/shell-tool', startedAt: '2026-11-28T00:29:00.058Z', finished: true, events: 21 });
    const cline = lines.find((line) => line.agent === 'cline');
    expect(cline?.path.endsWith('1795681351941_x2xiw.messages.json')).toBe(true);
    expect(lines.find((line) => line.agent === 'opencode' && line.sessionId === 'ses_dff563967ffeMeF1LmYLQDk9zF')?.path).toMatch(/opencode\.db#ses_dff563967ffeMeF1LmYLQDk9zF$/);
    for (const line of lines) expect(line.atxDiscover).toBe(1);
  });

  it('gives the facts of the newer agents\' sessions, and lists no subagent or index file alone', async () => {
    const lines = linesOf((await discover(home, ['--agent', 'cursor,kilo-code,nanocoder,continue,droid'])).stdout);
    const of = (id: string) => lines.find((line) => line.sessionId === id);
    expect(lines.filter((line) => line.agent === 'cursor')).toHaveLength(1); // its subagent's transcript is read with it
    expect(of('5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05')).toMatchObject({ project: '/home/dev/inventory', startedAt: null, finished: true, events: 16 });
    expect(ids(lines, 'kilo-code')).toHaveLength(8); // the subagent session is read with its parent
    expect(of('ses_dd9f13d95ffeEi9cuhuGtvg5k9')).toMatchObject({ project: '/tmp/atx-sandbox-kilo/shell-tool', startedAt: '2026-11-29T06:47:11.211Z', finished: true });
    expect(of('ses_dd9f13d95ffeEi9cuhuGtvg5k9')?.path).toMatch(/kilo\.db#ses_dd9f13d95ffeEi9cuhuGtvg5k9$/);
    expect(of('917f3612-c510-4930-bcb3-3b866bc49675')).toMatchObject({ project: '/tmp/atx-sandbox-nanocoder/shell-tool', startedAt: '2026-11-26T09:32:24.544Z', endedAt: '2026-11-26T09:32:25.656Z', events: 4 });
    // the indexed session has its start from sessions.json; the other one is listed from its file
    expect(of('45d5c03e-9aab-4084-961f-27cec35b1185')).toMatchObject({ startedAt: '2026-11-26T10:30:00.000Z', events: 4 });
    expect(of('45d5c03e-9aab-4084-961f-27cec35b1185')?.path.endsWith('/.continue/sessions/45d5c03e-9aab-4084-961f-27cec35b1185.json')).toBe(true);
    expect(of('bd90cc66-3f83-4e54-bebf-701fee91511f')).toMatchObject({ project: '/tmp/atx-sandbox-continue/plain-answer', startedAt: null, events: 2 });
    expect(ids(lines, 'continue')).toHaveLength(2);
    expect(of('e7ad1757-132d-43d1-9942-bcecd2081ea1')).toMatchObject({ project: '/tmp/atx-sandbox-droid/shell-tool', startedAt: '2026-11-26T10:34:02.335Z', endedAt: '2026-11-26T10:34:06.665Z', finished: true, events: 7 });
    expect(lines.some((line) => /settings\.json|sessions\.json|subagents/.test(line.path))).toBe(false);
  });

  it('gives a Continue session listed from its index the size of its own file, and tells whether Continue and Nanocoder sessions finished', async () => {
    const lines = linesOf((await discover(home, ['--agent', 'nanocoder,continue'])).stdout);
    const of = (id: string) => lines.find((line) => line.sessionId === id)!;
    const indexed = of('45d5c03e-9aab-4084-961f-27cec35b1185');
    expect(indexed.size).toBe(statSync(indexed.path).size);
    expect(indexed.size).not.toBe(statSync(join(home, '.continue/sessions/sessions.json')).size);
    expect(lines.filter((line) => line.agent === 'continue' || line.agent === 'nanocoder').map((line) => line.finished)).toEqual(lines.map(() => true));

    // the same sessions cut before their last answer: a tool call waits for its result, a tool's answer waits for the model
    const cut = tempDir('cut');
    const dropLast = (from: string, key: 'history' | 'messages', to: string) => {
      const document = JSON.parse(readFileSync(from, 'utf8')) as Record<string, unknown[]>;
      document[key] = document[key]!.slice(0, -1);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, JSON.stringify(document, null, 2));
    };
    dropLast(indexed.path, 'history', join(cut, '.continue/sessions/45d5c03e-9aab-4084-961f-27cec35b1185.json'));
    writeFileSync(join(cut, '.continue/sessions/sessions.json'), JSON.stringify(CONTINUE_INDEX));
    const nanocoder = of('917f3612-c510-4930-bcb3-3b866bc49675');
    dropLast(nanocoder.path, 'messages', join(cut, '.local/share/nanocoder/sessions/917f3612-c510-4930-bcb3-3b866bc49675.json'));
    const unfinished = linesOf((await discover(cut, ['--agent', 'nanocoder,continue'])).stdout);
    expect(unfinished.map((line) => [line.agent, line.finished]).sort()).toEqual([['continue', false], ['nanocoder', false]]);
  });

  it('prints a table for people, and filters by agent and project', async () => {
    const table = await runCli(['discover', '--agent', 'codex,pi'], { env: { HOME: home } });
    expect(table.code).toBe(0);
    const rows = table.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^AGENT\s+SESSION/);
    expect(rows.slice(1).map((row) => row.split(/\s+/)[0]).sort()).toEqual(['codex', 'pi']);
    const project = linesOf((await discover(home, ['--project', '/tmp/atx-sandbox/shell-tool'])).stdout);
    expect(project.map((line) => line.sessionId).sort()).toEqual(['ses_dff55e7a9ffesKABp5ua4lHwtz', 'ses_dff55ff9fffe7aekJlLwESq9Pu']);
    const unknown = await discover(home, ['--agent', 'nobody']);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stderr.trim()).error.message).toMatch(/no agent "nobody"/);
  });

  it('honours the agents\' own location variables', async () => {
    const elsewhere = tempDir('env');
    const moved = {
      'codex/plain-answer/rollout.jsonl': 'codex-home/sessions/2026/11/22/rollout-2026-11-22T00-00-00-x.jsonl',
      'claude-code/shell-tool/session.jsonl': 'claude-a/projects/-p/f5ca62b1-722d-4813-9cd0-d93a64ec7337.jsonl',
      'qwen-code/shell-tool/chat.jsonl': 'qwen-runtime/projects/-p/chats/72b326d7-b946-449b-a5a2-144c48af1435.jsonl',
      'pi/shell-tool/session.jsonl': 'pi-sessions/s.jsonl',
      'amp/handmade-thread/T-7c1f0e5a-3b9d-4e2a-9f41-2d8c6b0a5e13.json': 'xdg-data/amp/threads/T-7c1f0e5a-3b9d-4e2a-9f41-2d8c6b0a5e13.json',
      'droid/plain-answer/160dcbd0-41ae-49ad-a5c9-8692b3bb721e.jsonl': 'factory-home/.factory/sessions/-p/160dcbd0-41ae-49ad-a5c9-8692b3bb721e.jsonl',
      'nanocoder/plain-answer/b3cee70e-8acb-47df-b7e6-2979e48c44cb.json': 'nanocoder-data/sessions/b3cee70e-8acb-47df-b7e6-2979e48c44cb.json',
      'continue/plain-answer/bd90cc66-3f83-4e54-bebf-701fee91511f.json': 'continue-global/sessions/bd90cc66-3f83-4e54-bebf-701fee91511f.json',
      'kilo-code/store/kilo.db': 'kilo-elsewhere/sessions.db',
    };
    for (const [from, to] of Object.entries(moved)) place(elsewhere, from, to);
    const run = await discover(home, [], {
      CODEX_HOME: join(elsewhere, 'codex-home'),
      CLAUDE_CONFIG_DIR: `${join(elsewhere, 'claude-a')},${join(elsewhere, 'claude-missing')}`,
      QWEN_HOME: join(elsewhere, 'unused'),
      QWEN_RUNTIME_DIR: join(elsewhere, 'qwen-runtime'),
      PI_CODING_AGENT_SESSION_DIR: join(elsewhere, 'pi-sessions'),
      XDG_DATA_HOME: join(elsewhere, 'xdg-data'),
      GEMINI_CLI_HOME: join(elsewhere, 'no-gemini-here'),
      FACTORY_HOME_OVERRIDE: join(elsewhere, 'factory-home'),
      NANOCODER_DATA_DIR: join(elsewhere, 'nanocoder-data'),
      CONTINUE_GLOBAL_DIR: join(elsewhere, 'continue-global'),
      KILO_DB: join(elsewhere, 'kilo-elsewhere/sessions.db'),
    });
    expect(run.code, run.stderr).toBe(0);
    const lines = linesOf(run.stdout);
    const paths = (agent: string) => lines.filter((line) => line.agent === agent).map((line) => line.path);
    expect(paths('codex')).toEqual([join(elsewhere, 'codex-home/sessions/2026/11/22/rollout-2026-11-22T00-00-00-x.jsonl')]);
    expect(paths('claude-code')).toEqual([join(elsewhere, 'claude-a/projects/-p/f5ca62b1-722d-4813-9cd0-d93a64ec7337.jsonl')]);
    expect(paths('qwen-code')).toEqual([join(elsewhere, 'qwen-runtime/projects/-p/chats/72b326d7-b946-449b-a5a2-144c48af1435.jsonl')]);
    expect(paths('pi')).toEqual([join(elsewhere, 'pi-sessions/s.jsonl')]);
    expect(paths('amp')).toEqual([join(elsewhere, 'xdg-data/amp/threads/T-7c1f0e5a-3b9d-4e2a-9f41-2d8c6b0a5e13.json')]);
    expect(paths('gemini-cli')).toEqual([]);
    expect(paths('opencode')).toEqual([]); // XDG_DATA_HOME moved OpenCode's folder too, and there is none there
    const under = (agent: string, folder: string) => paths(agent).length > 0 && paths(agent).every((path) => path.startsWith(join(elsewhere, folder)));
    expect(under('droid', 'factory-home/.factory/sessions/-p/'), 'droid').toBe(true);
    expect(under('nanocoder', 'nanocoder-data/sessions/'), 'nanocoder').toBe(true);
    expect(under('continue', 'continue-global/sessions/'), 'continue').toBe(true);
    expect(paths('kilo-code')).toHaveLength(8); // the database KILO_DB names (XDG_DATA_HOME moved the data folder away from the other)
    expect(under('kilo-code', 'kilo-elsewhere/sessions.db#ses_'), 'kilo-code').toBe(true);
  });

  it('finds TRAE CLI\'s rollouts (a codex-rs fork) under ~/.trae/cli, live and archived, and lists them as trae-cli', async () => {
    const trae = tempDir('trae');
    place(trae, 'codex/shell-tool/rollout.jsonl', '.trae/cli/sessions/2026/11/28/rollout-2026-11-28T00-29-00-01a21f8e-28f5-7922-a279-41d0318b8253.jsonl');
    place(trae, 'codex/plain-answer/rollout.jsonl', '.trae/cli/archived_sessions/rollout-2026-11-22T00-00-00-x.jsonl');
    place(trae, 'codex/plain-answer/rollout.jsonl', '.codex/sessions/2026/11/27/rollout-2026-11-27T00-00-00-y.jsonl');
    const run = await discover(trae, ['--agent', 'codex']);
    expect(run.code, run.stderr).toBe(0);
    expect(linesOf(run.stdout).map((line) => [line.agent, line.adapter, line.path.includes('/.trae/')]).sort()).toEqual([['codex', 'codex', false], ['trae-cli', 'codex', true], ['trae-cli', 'codex', true]]);
    const paths = linesOf(run.stdout).filter((line) => line.agent === 'trae-cli').map((line) => line.path).sort();
    expect(paths).toEqual([
      join(trae, '.trae/cli/archived_sessions/rollout-2026-11-22T00-00-00-x.jsonl'),
      join(trae, '.trae/cli/sessions/2026/11/28/rollout-2026-11-28T00-29-00-01a21f8e-28f5-7922-a279-41d0318b8253.jsonl'),
    ]);
    const onlyTrae = await discover(trae, ['--agent', 'trae-cli']);
    expect(onlyTrae.code, onlyTrae.stderr).toBe(0);
    expect(linesOf(onlyTrae.stdout).map((line) => line.path).sort()).toEqual(paths);
    const converted = await runCli(['convert', '-', '--format', 'jsonl', '--profile', 'none', '-q'], { input: run.stdout });
    expect(converted.code, converted.stderr).toBe(0);
    const sources = converted.stdout.split('\n').filter((line) => line !== '').map((line) => (JSON.parse(line) as { source: { agent: string; adapter: string } }).source);
    expect(sources.map((source) => [source.agent, source.adapter]).sort()).toEqual([['codex', 'codex'], ['trae-cli', 'codex'], ['trae-cli', 'codex']]);
  });

  it('--agent naming a fork walks only the fork\'s root, not the folders of the agent it forks (nor reports on them)', async () => {
    const forked = tempDir('fork-only');
    place(forked, 'codex/plain-answer/rollout.jsonl', '.trae/cli/sessions/2026/11/28/rollout-2026-11-28T00-00-00-t.jsonl');
    place(forked, 'codex/plain-answer/rollout.jsonl', '.codex/sessions/2026/11/27/rollout-2026-11-27T00-00-00-c.jsonl');
    const outside = tempDir('fork-outside');
    mkdirSync(join(outside, 'elsewhere'));
    symlinkSync(join(outside, 'elsewhere'), join(forked, '.codex/sessions/2026/11/26'));
    const onlyFork = await discover(forked, ['--agent', 'trae-cli']);
    expect(onlyFork.code, onlyFork.stderr).toBe(0);
    expect(linesOf(onlyFork.stdout).map((line) => line.agent)).toEqual(['trae-cli']);
    expect(onlyFork.stderr).not.toContain('.codex'); // Codex's folder was not walked, so its link was never met
    const both = await discover(forked, ['--agent', 'codex']);
    expect(linesOf(both.stdout).map((line) => line.agent).sort()).toEqual(['codex', 'trae-cli']);
    expect(both.stderr).toMatch(/\.codex\/sessions\/2026\/11\/26: symbolic link out of the agent's folder/);
  });

  it('lists nothing, and says so, when no agent folder exists', async () => {
    const empty = tempDir('empty');
    const run = await runCli(['discover'], { env: { HOME: join(empty, 'no-such-home') } });
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1); // the header row
    expect(run.stderr).toMatch(/0 session\(s\) found/);
  });

  it('does not follow a symbolic link out of the agent\'s folder, and follows one that stays inside', async () => {
    const linked = buildHome();
    const outside = tempDir('outside');
    place(outside, 'claude-code/shell-tool/session.jsonl', 'private/f5ca62b1-722d-4813-9cd0-d93a64ec7337.jsonl');
    symlinkSync(join(outside, 'private'), join(linked, '.claude/projects/-linked-out'));
    symlinkSync(join(linked, '.claude/projects/-tmp-atx-sandbox-subagent/88ca1715-7a82-4cdd-88af-882fbbb3ebb0.jsonl'), join(linked, '.claude/projects/-tmp-atx-sandbox-subagent/again.jsonl'));
    const run = await discover(linked, ['--agent', 'claude-code']);
    expect(run.code).toBe(0);
    const lines = linesOf(run.stdout);
    expect(lines.map((line) => line.sessionId)).toEqual(['88ca1715-7a82-4cdd-88af-882fbbb3ebb0']);
    expect(lines.some((line) => line.path.includes(outside))).toBe(false);
    expect(run.stderr).toContain('-linked-out');
    expect(run.stderr).toMatch(/out of the agent's folder; not followed/);
  });

  it('--since keeps the sessions active since then', async () => {
    const dated = buildHome();
    const old = new Date('2025-06-01T00:00:00Z');
    const codexFile = join(dated, '.codex/sessions/2026/11/28/rollout-2026-11-28T00-29-00-01a21f8e-28f5-7922-a279-41d0318b8253.jsonl');
    utimesSync(codexFile, old, old);
    const clock = { ATX_CLOCK: '2026-11-24T00:00:00Z' };
    const week = idsByAgent(linesOf((await discover(dated, ['--since', '7d'], clock)).stdout));
    expect(week.codex).toBeUndefined(); // its file was last written in 2025
    expect(week.pi).toEqual(['01a200a3-3403-723a-90fc-feb3bec65249']); // written 2026-11-22: inside the week
    const day = idsByAgent(linesOf((await discover(dated, ['--since', '24h'], clock)).stdout));
    expect(day.pi).toBeUndefined(); // its last record is from 2026-11-22, more than a day before the clock
    const date = idsByAgent(linesOf((await discover(dated, ['--since', '2025-01-01'], clock)).stdout));
    expect(date.codex).toEqual(['01a21f8e-28f5-7922-a279-41d0318b8253']);
    const bad = await discover(dated, ['--since', 'last tuesday']);
    expect(bad.code).toBe(2);
  });

  it('discover --json | convert - converts every listed session, and a piped native log still converts', async () => {
    const listed = await discover(home);
    const count = linesOf(listed.stdout).length;
    const run = await runCli(['convert', '-', '--format', 'jsonl', '--profile', 'none', '--json'], { input: listed.stdout });
    expect(run.code, run.stderr).toBe(0);
    const transcripts = run.stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { source: { adapter: string }; events: unknown[]; metrics: { unparsedCount: number } });
    expect(transcripts).toHaveLength(count);
    const adapters = transcripts.map((transcript) => transcript.source.adapter).sort();
    expect(adapters).toEqual(linesOf(listed.stdout).map((line) => line.adapter).sort());
    for (const transcript of transcripts) expect(transcript.events.length).toBeGreaterThan(0);
    const newer = new Set(['cursor', 'kilo-code', 'nanocoder', 'continue', 'droid']);
    const ofNewer = transcripts.filter((transcript) => newer.has(transcript.source.adapter));
    expect(new Set(ofNewer.map((transcript) => transcript.source.adapter))).toEqual(newer);
    for (const transcript of ofNewer) expect(transcript.metrics.unparsedCount, transcript.source.adapter).toBe(0);
    // a Cursor session listed by discover comes with its subagents' transcripts, as when its file is converted
    const direct = await runCli(['convert', fixture('cursor/handmade-agent-transcript/5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05.jsonl'), '--profile', 'none', '-q']);
    const viaDiscover = ofNewer.find((transcript) => transcript.source.adapter === 'cursor')!;
    expect(viaDiscover.events).toHaveLength((JSON.parse(direct.stdout) as { events: unknown[] }).events.length);
    const native = await runCli(['convert', '-', '-q'], { input: await import('node:fs').then((fs) => fs.readFileSync(fixture('claude-code/shell-tool/session.jsonl'))) });
    expect(native.code).toBe(0);
    expect((JSON.parse(native.stdout) as { source: { adapter: string } }).source.adapter).toBe('claude-code');
    const mixed = await runCli(['convert', '-'], { input: `${listed.stdout.split('\n')[0]}\n{"type":"user"}\n` });
    expect(mixed.code).toBe(3);
    expect(mixed.stderr).toMatch(/not an atx discover line/);
  });

  it('a discover line naming a file in a folder that is gone: the error names the file, in every agent', async () => {
    for (const agent of ['claude-code', 'codex']) {
      const gone = join(home, 'gone-folder', 'session-1.jsonl');
      const line = JSON.stringify({ atxDiscover: 1, agent, adapter: agent, path: gone });
      const run = await runCli(['convert', '-', '--profile', 'none'], { input: `${line}\n` });
      expect(run.code, agent).toBe(2);
      expect(run.stderr, agent).toContain(`${gone}: no such file or directory`);
    }
  });
});

describe('discover helpers', () => {
  it('parses --since and --project', () => {
    const now = Date.parse('2026-11-24T00:00:00Z');
    expect(parseSince('7d', now)).toBe(Date.parse('2026-11-17T00:00:00Z'));
    expect(parseSince('24h', now)).toBe(Date.parse('2026-11-23T00:00:00Z'));
    expect(parseSince('2026-11-01', now)).toBe(Date.parse('2026-11-01'));
    expect(() => parseSince('soon', now)).toThrow(/--since/);
    const under = projectMatcher('/src/app', '/', '/home/me');
    expect([under('/src/app'), under('/src/app/sub'), under('/src/apple'), under(undefined)]).toEqual([true, true, false, false]);
    expect(projectMatcher('app', '/', '/home/me')('/src/my-app')).toBe(true);
  });

  it('compiles store patterns', () => {
    expect(namePattern('session-*.{jsonl,json}').test('session-1.json')).toBe(true);
    expect(namePattern('session-*.{jsonl,json}').test('session-1.jsonx')).toBe(false);
    expect(namePattern('T-?.json').test('T-1.json')).toBe(true);
  });
});
