/**
 * `atx sync` against a real `atx serve`: the first run sends every session, the next sends only
 * what changed (a grown file, another profile), --dry-run sends nothing, and a run killed with
 * SIGKILL after its first delivery is resumed by the next run with every session stored once.
 * The runs are in-process (cheap) except the one that is killed.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_CLOCK, ROOT, runInProcess } from './helpers.js';
import { AtxSandbox, until, type CreatedKey, type Serve } from './support/atx-sandbox.js';
import { claudeSession, type Turn } from './support/claude-session.js';

const sandbox = new AtxSandbox('sync');
const FIXTURES = ['claude-code/shell-tool/session.jsonl', 'codex/file-edit/rollout.jsonl', 'pi/v2-shell-tool/session.jsonl'].map((path) => join(ROOT, 'fixtures', path));
const TURNS: Turn[] = [{ user: 'list the files' }, { bash: 'ls', output: 'a.txt\nb.txt\n' }, { assistant: 'Two files: a.txt and b.txt.' }];

let serve: Serve;
let key: CreatedKey;

interface Summary { stored: number; replayed: number; unchanged: number }
interface Line { session?: string; reason?: string; outcome?: string; transcriptId?: string | null; summary?: Summary }

const linesOf = (stdout: string): Line[] => stdout.trim().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Line);
const summaryOf = (stdout: string) => linesOf(stdout).at(-1)!.summary!;
const sessionLines = (stdout: string) => linesOf(stdout).filter((line) => line.session !== undefined);

/** A folder of sessions: three real fixtures and one small Claude Code session that can grow. */
function sessionFolder(name: string): { dir: string; growing: string } {
  const dir = sandbox.dir(name);
  FIXTURES.forEach((fixture, index) => copyFileSync(fixture, join(dir, `${index}-${fixture.split('/').at(-1)}`)));
  const growing = join(dir, 'growing.jsonl');
  writeFileSync(growing, claudeSession(TURNS));
  return { dir, growing };
}

function env(): Record<string, string> {
  return sandbox.env({ ATX_KEY: key.key, ATX_ENDPOINT: serve.url, ATX_OUTBOX: join(sandbox.root, 'outbox'), ATX_CLOCK: FIXED_CLOCK });
}

const sync = (args: string[]) => runInProcess(['sync', ...args, '--json'], { env: env() });

async function storedCount(): Promise<number> {
  const answer = await fetch(`${serve.url}/v1/transcripts?limit=500`, { headers: { authorization: `Bearer ${key.key}` } });
  return ((await answer.json()) as { items: unknown[] }).items.length;
}

beforeAll(async () => {
  ({ key, serve } = await sandbox.keyedServe());
});
afterAll(() => sandbox.dispose());

describe('atx sync', () => {
  it('sends every session once, then only what changed; --dry-run says what would go and why, and sends nothing', async () => {
    const { dir, growing } = sessionFolder('sessions');
    const state = ['--state', join(sandbox.root, 'state-main.json')];
    const before = await storedCount();

    const dry = await sync([dir, ...state, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(sessionLines(dry.stdout).map((line) => line.reason)).toEqual(['new', 'new', 'new', 'new']);
    expect(await storedCount()).toBe(before);

    const first = await sync([dir, ...state]);
    expect(first.code, first.stderr).toBe(0);
    expect(summaryOf(first.stdout)).toMatchObject({ stored: 4, unchanged: 0 });
    expect(await storedCount()).toBe(before + 4);
    const saved = JSON.parse(readFileSync(state[1]!, 'utf8')) as { sessions: Record<string, { sha256: string; profile: string; transcriptId: string; outcome: string }> };
    expect(Object.keys(saved.sessions).sort()).toEqual(sessionLines(first.stdout).map((line) => line.session).sort());
    for (const line of sessionLines(first.stdout)) expect(saved.sessions[line.session!]).toMatchObject({ profile: 'standard', transcriptId: line.transcriptId, outcome: 'stored' });

    const second = await sync([dir, ...state]);
    expect(second.code, second.stderr).toBe(0);
    expect(sessionLines(second.stdout)).toEqual([]);
    expect(summaryOf(second.stdout)).toMatchObject({ stored: 0, replayed: 0, unchanged: 4 });

    writeFileSync(growing, claudeSession([...TURNS, { user: 'and the hidden ones?' }, { bash: 'ls -a', output: '.env\na.txt\nb.txt\n' }]));
    const grownPlan = await sync([dir, ...state, '--dry-run']);
    expect(sessionLines(grownPlan.stdout).map((line) => [line.session, line.reason])).toEqual([[growing, 'grown']]);
    const grown = await sync([dir, ...state]);
    expect(grown.code, grown.stderr).toBe(0);
    expect(sessionLines(grown.stdout).map((line) => [line.session, line.outcome])).toEqual([[growing, 'stored']]);
    expect(summaryOf(grown.stdout)).toMatchObject({ stored: 1, unchanged: 3 });

    // the same bytes written again (a touch) is not a change; another profile is
    writeFileSync(growing, readFileSync(growing));
    const research = await sync([dir, ...state, '--profile', 'research', '--dry-run']);
    expect(sessionLines(research.stdout).map((line) => line.reason)).toEqual(['profile changed', 'profile changed', 'profile changed', 'profile changed']);
    const touched = await sync([dir, ...state, '--dry-run']);
    expect(sessionLines(touched.stdout)).toEqual([]);
  }, 60_000);

  it('a sync killed with SIGKILL after its first delivery is resumed by the next: every session stored once', async () => {
    // sessions of their own (the fixtures above are stored already: they would be replays), each its own native session id
    const dir = sandbox.dir('killed');
    for (const n of [1, 2, 3, 4, 5, 6]) writeFileSync(join(dir, `s${n}.jsonl`), claudeSession([{ user: `session number ${n}` }, { assistant: `answer ${n}` }], `5d0c1b9e-2f4a-4c3d-8e7f-00000000000${n}`));
    const state = ['--state', join(sandbox.root, 'state-killed.json')];
    const before = await storedCount();
    const killed = sandbox.spawn(['sync', dir, ...state, '--json', '--concurrency', '1'], env(), 'killed sync');
    await until(() => killed.stdout().includes('"outcome":"stored"'), 'the first delivery');
    killed.child.kill('SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');
    const delivered = sessionLines(killed.stdout()).map((line) => line.session);
    expect(delivered.length).toBeLessThan(6);

    const resumed = await sync([dir, ...state]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = summaryOf(resumed.stdout);
    expect(summary.unchanged).toBeGreaterThanOrEqual(delivered.length);
    expect(summary.stored + summary.replayed + summary.unchanged).toBe(6);
    expect(sessionLines(resumed.stdout).map((line) => line.session)).not.toContain(delivered[0]);
    expect(await storedCount()).toBe(before + 6);
    const again = await sync([dir, ...state]);
    expect(summaryOf(again.stdout)).toMatchObject({ stored: 0, replayed: 0, unchanged: 6 });
  }, 60_000);
});
