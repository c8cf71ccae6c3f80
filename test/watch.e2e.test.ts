/**
 * `atx watch` on a folder a replayer writes a real fixture into, line by line with pauses: the
 * archive appears once the session is quiet (one conversion for the whole burst) and is what
 * `atx convert` makes of the finished file; a shrunk source is converted again from scratch; a
 * deleted one keeps its archive; a restarted watch does not redo what it did, and archives the
 * session again when it grows. SIGTERM stops it with exit 0 and no temporary file left.
 * The follower under it, in-process: one call per burst, a finished session sooner, a removal.
 */
import { EventEmitter } from 'node:events';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SessionFollower } from '../src/watch/follow.js';
import { FIXED_CLOCK, ROOT, runInProcess } from './helpers.js';
import { AtxSandbox, sleep, until, type AtxProcess } from './support/atx-sandbox.js';

const sandbox = new AtxSandbox('watch');

/** A watcher whose events the test emits itself, in the order a loaded machine can give them. */
const fakeWatcher = () => Object.assign(new EventEmitter(), { close: async () => {} }) as unknown as FSWatcher;
const FIXTURE = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');
const LINES = readFileSync(FIXTURE, 'utf8').split(/(?<=\n)/);
const IDLE_MS = 400;

afterAll(async () => {
  await sandbox.dispose();
});

interface WatchLine { event: string; session: string; reason?: string; truncated?: boolean; files?: string[]; kept?: string[]; events?: number }

const linesOf = (proc: AtxProcess): WatchLine[] => proc.stdout().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as WatchLine);
const eventsOf = (proc: AtxProcess, event: string) => linesOf(proc).filter((line) => line.event === event);

/** Writes lines into a file a few at a time, with pauses shorter than the idle time (a burst of writes). */
async function replay(path: string, lines: readonly string[], pauseMs = 60): Promise<void> {
  for (let at = 0; at < lines.length; at += 4) {
    appendFileSync(path, lines.slice(at, at + 4).join(''));
    await sleep(pauseMs);
  }
}

async function convertedText(path: string): Promise<unknown> {
  const run = await runInProcess(['convert', path, '--id-from-content', '--profile', 'standard', '-q'], { env: { ATX_CLOCK: FIXED_CLOCK, ATX_ID_SEED: 'test' } });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('atx watch', () => {
  it('archives a session once it is quiet, keeps it after the source is deleted, and survives its own restart', async () => {
    const sessions = sandbox.dir('sessions');
    const archive = join(sandbox.root, 'archive');
    const tmp = sandbox.dir('tmp');
    const env = sandbox.env({ TMPDIR: tmp, ATX_CLOCK: FIXED_CLOCK, ATX_ID_SEED: 'test' });
    const args = ['watch', sessions, '--archive', archive, '--idle', `${IDLE_MS}ms`, '--state', join(sandbox.root, 'watch-state.json'), '--profile', 'standard', '--json'];
    const source = join(sessions, 'session.jsonl');
    const start = async (label: string) => {
      const proc = sandbox.spawn(args, env, label);
      await until(() => proc.stdout().includes('"event":"watching"'), `${label} to start`);
      return proc;
    };
    const stop = async (proc: AtxProcess) => {
      proc.child.kill('SIGTERM');
      expect((await proc.exited).code, proc.stderr()).toBe(0);
      expect(readdirSync(archive).filter((name) => !name.endsWith('.json')), 'no partial archive left').toEqual([]);
      expect(readdirSync(tmp), 'no private temp folder left').toEqual([]);
    };

    const first = await start('watch 1');
    await replay(source, LINES);
    await until(() => eventsOf(first, 'archived').length > 0, 'the archive');
    const [archived] = eventsOf(first, 'archived');
    expect(archived).toMatchObject({ session: source, reason: 'new', truncated: false });
    const archiveFile = archived!.files![0]!;
    expect(JSON.parse(readFileSync(archiveFile, 'utf8'))).toEqual(await convertedText(source));

    writeFileSync(source, LINES.slice(0, 6).join(''));
    await until(() => eventsOf(first, 'archived').length > 1, 'the archive of the shrunk source');
    expect(eventsOf(first, 'archived')[1]).toMatchObject({ session: source, reason: 'changed', truncated: true, files: [archiveFile] });
    expect(eventsOf(first, 'archived')[1]!.events).toBeLessThan(archived!.events!);

    rmSync(source);
    await until(() => eventsOf(first, 'deleted').length > 0, 'the deletion');
    expect(eventsOf(first, 'deleted')[0]).toMatchObject({ session: source, kept: [archiveFile] });
    expect(existsSync(archiveFile)).toBe(true);
    await stop(first);
    expect(eventsOf(first, 'archived')).toHaveLength(2);

    // back with the bytes already archived: a restarted watch leaves it alone, until it grows
    writeFileSync(source, LINES.slice(0, 6).join(''));
    const second = await start('watch 2');
    await sleep(IDLE_MS + 400);
    expect(eventsOf(second, 'archived')).toEqual([]);
    await replay(source, LINES.slice(6));
    await until(() => eventsOf(second, 'archived').length > 0, 'the archive of the grown session');
    expect(eventsOf(second, 'archived')).toEqual([expect.objectContaining({ session: source, reason: 'grown', truncated: false, files: [archiveFile], events: archived!.events })]);
    expect(JSON.parse(readFileSync(archiveFile, 'utf8'))).toEqual(await convertedText(source));
    await stop(second);
  }, 60_000);
});

describe('SessionFollower', () => {
  it('calls once per burst, sooner for a finished session, and says when a file is gone', async () => {
    const dir = sandbox.dir('follow');
    writeFileSync(join(dir, 'old.jsonl'), '{}\n');
    const calls: string[] = [];
    const follower = new SessionFollower({
      idleMs: 60_000,
      settleMs: 150,
      quiet: async (path) => { calls.push(`quiet ${path.slice(dir.length + 1)}`); },
      gone: async (path) => { calls.push(`gone ${path.slice(dir.length + 1)}`); },
      problem: (message) => calls.push(`problem ${message}`),
    });
    await follower.follow([{ dir, accepts: (path) => path.endsWith('.jsonl'), finished: (path) => path.endsWith('done.jsonl') }]);
    const done = join(dir, 'done.jsonl');
    for (let burst = 0; burst < 4; burst += 1) {
      appendFileSync(done, `{"line":${burst}}\n`);
      appendFileSync(join(dir, 'busy.jsonl'), `{"line":${burst}}\n`);
      await sleep(40);
    }
    await until(() => calls.length > 0, 'the finished session to settle', 10_000);
    await sleep(300);
    expect(calls).toEqual(['quiet done.jsonl']);
    rmSync(done);
    await until(() => calls.length > 1, 'the removal', 10_000);
    expect(calls).toEqual(['quiet done.jsonl', 'gone done.jsonl']);
    await follower.stop();
    appendFileSync(join(dir, 'busy.jsonl'), '{}\n');
    await sleep(200);
    expect(calls).toHaveLength(2);
  });

  it('new project folders made with their session file at once: each session is reported once, none missed', async () => {
    const store = sandbox.dir('projects');
    const calls: string[] = [];
    const follower = new SessionFollower({
      idleMs: 150,
      settleMs: 150,
      quiet: async (path) => { calls.push(path.slice(store.length + 1)); },
      gone: async () => {},
      problem: (message) => calls.push(`problem ${message}`),
    });
    await follower.follow([{ dir: store, accepts: (path) => path.endsWith('.jsonl') }]);
    const expected: string[] = [];
    for (let project = 0; project < 12; project += 1) {
      mkdirSync(join(store, `p${project}`));
      writeFileSync(join(store, `p${project}`, 's.jsonl'), '{}\n');
      expected.push(join(`p${project}`, 's.jsonl'));
    }
    await until(() => calls.length >= expected.length, 'every new session', 10_000);
    await sleep(400);
    expect([...calls].sort()).toEqual(expected.sort());
    await follower.stop();
  });

  it('follows a folder that is created after the watch started, and reads nothing else on the way to it', async () => {
    const base = sandbox.dir('later');
    const store = join(base, 'agent', 'projects');
    writeFileSync(join(base, 'unrelated.jsonl'), '{}\n');
    const calls: string[] = [];
    const appeared: string[] = [];
    const follower = new SessionFollower({
      idleMs: 150,
      settleMs: 150,
      quiet: async (path) => { calls.push(`quiet ${path.slice(base.length + 1)}`); },
      gone: async (path) => { calls.push(`gone ${path.slice(base.length + 1)}`); },
      problem: (message) => calls.push(`problem ${message}`),
    });
    await follower.follow([{ dir: store, accepts: (path) => path.endsWith('.jsonl') }], (folder) => appeared.push(folder.dir));
    mkdirSync(join(store, 'p1'), { recursive: true });
    await until(() => appeared.length > 0, 'the new folder to be noticed', 10_000);
    writeFileSync(join(store, 'p1', 's.jsonl'), '{}\n');
    await until(() => calls.length > 0, 'the session in the new folder', 10_000);
    await sleep(300);
    expect(appeared).toEqual([store]);
    expect(calls).toEqual([`quiet ${join('agent', 'projects', 'p1', 's.jsonl')}`]);
    await follower.stop();
  });

  it('a file a sweep reported before the watcher did is reported once, unless it changed before the watcher saw it', async () => {
    // The watcher's events in the order a loaded machine gives them: its 'add' for a file in a new
    // folder after the follower's sweep of that folder has reported the file and its quiet call is made.
    const store = sandbox.dir('swept-first');
    const watcher = fakeWatcher();
    const calls: string[] = [];
    const follower = new SessionFollower({
      idleMs: 300,
      settleMs: 300,
      quiet: async (path) => { calls.push(path.slice(store.length + 1)); },
      gone: async () => {},
      problem: (message) => calls.push(`problem ${message}`),
      watch: () => watcher,
    });
    const following = follower.follow([{ dir: store, accepts: (path) => path.endsWith('.jsonl') }]);
    watcher.emit('ready');
    await following;
    const quietFile = (folder: string, name: string) => {
      mkdirSync(join(store, folder));
      const path = join(store, folder, name);
      writeFileSync(path, '{}\n');
      utimesSync(path, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000)); // quiet for long: reported at once
      return path;
    };

    const swept = quietFile('p0', 's.jsonl');
    watcher.emit('addDir', join(store, 'p0'));
    await until(() => calls.length > 0, 'the sweep of the new folder', 10_000);
    watcher.emit('add', swept, statSync(swept)); // the same bytes: no new write
    mkdirSync(join(store, 'p1'));
    writeFileSync(join(store, 'p1', 't.jsonl'), '{}\n');
    watcher.emit('change', join(store, 'p1', 't.jsonl')); // reported after the idle time, long after a repeat of the first would be
    await until(() => calls.length > 1, 'the written file', 10_000);
    expect(calls).toEqual([join('p0', 's.jsonl'), join('p1', 't.jsonl')]);

    const changed = quietFile('p2', 'u.jsonl');
    watcher.emit('addDir', join(store, 'p2'));
    await until(() => calls.length > 2, 'the sweep of the third folder', 10_000);
    appendFileSync(changed, '{}\n'); // written between the sweep and the watcher's listing: a write
    watcher.emit('add', changed, statSync(changed));
    await until(() => calls.length > 3, 'the file written after its sweep', 10_000);
    expect(calls).toEqual([join('p0', 's.jsonl'), join('p1', 't.jsonl'), join('p2', 'u.jsonl'), join('p2', 'u.jsonl')]);
    await follower.stop();
  });

  it('waits out a write whose event comes late, and takes the late event for no new write', async () => {
    const dir = sandbox.dir('late-events');
    const path = join(dir, 's.jsonl');
    writeFileSync(path, '{}\n');
    const watcher = fakeWatcher();
    const calls: string[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const follower = new SessionFollower({
        idleMs: 300,
        settleMs: 300,
        quiet: async (quiet) => { calls.push(quiet.slice(dir.length + 1)); },
        gone: async () => {},
        problem: (message) => calls.push(`problem ${message}`),
        watch: () => watcher,
      });
      const following = follower.follow([{ dir, accepts: (file) => file.endsWith('.jsonl') }]);
      watcher.emit('ready');
      await following;
      const start = Date.now();
      const writtenAt = (ms: number) => utimesSync(path, new Date(start + ms), new Date(start + ms));
      writtenAt(0);
      watcher.emit('change', path, statSync(path));
      await vi.advanceTimersByTimeAsync(10);
      writtenAt(250); // written again; the watcher has not told of it yet
      await vi.advanceTimersByTimeAsync(300); // the first wait is over, but the file is 60 ms quiet
      expect(calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(250);
      expect(calls).toEqual(['s.jsonl']);
      watcher.emit('change', path, statSync(path)); // the late event of the write just waited out
      await vi.advanceTimersByTimeAsync(1_000);
      expect(calls).toEqual(['s.jsonl']);
      await follower.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
