/**
 * Interrupts leave nothing behind: real `atx convert` runs on a large file and on a folder of many
 * sessions (OpenCode stores included, whose private copies are unredacted) are signalled at
 * seeded random moments. Each must exit 128 + the signal, say how far it got in one line, leave
 * no file in its temp folder and no partial file beside its outputs, and every output present
 * must be a whole, valid Transcript. A SIGKILL cannot be caught: the next run sweeps.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClaudeSession } from '../bench/generate-claude-session.js';
import { ownerTag, processAlive, sweepDeadRuns, sweepPartialOutputs } from '../src/lifecycle/temp.js';
import { TranscriptSchema } from '../src/transcript/index.js';
import { CLI, ROOT, runCli } from './support/cli-process.js';
import { bySize } from './support/heavy.js';

/** Signalled runs of each kind: 2 in `npm test` (all three signals among them), 4 in the heavy run. */
const ATTEMPTS = bySize(2, 4);

let root: string;
let largeFile: string;
let manyFolder: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'atx-interrupt-'));
  largeFile = join(root, 'large.jsonl');
  await generateClaudeSession(largeFile, { sizeMb: 40, seed: 7 });
  manyFolder = join(root, 'many');
  mkdirSync(manyFolder);
  for (let copy = 0; copy < 4; copy += 1) {
    const store = join(manyFolder, `oc${copy}`);
    mkdirSync(store);
    cpSync(join(ROOT, 'fixtures/opencode/store/opencode.db'), join(store, 'opencode.db'));
  }
  for (const agent of ['claude-code', 'codex', 'pi']) {
    for (const scenario of readdirSync(join(ROOT, 'fixtures', agent), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
      const dir = join(ROOT, 'fixtures', agent, scenario);
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl'))) {
        cpSync(join(dir, file), join(manyFolder, `${agent}-${scenario}-${file}`));
      }
    }
  }
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A small seeded PRNG, so a failure can be run again with the same moments. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Signalled {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Starts atx and signals it `afterMs` after its private temp folder appeared (so the moment
 * falls while it holds temporary copies, however slowly the machine starts processes).
 */
function runAndSignal(args: string[], tmp: string, signal: NodeJS.Signals, afterMs: number): Promise<Signalled> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', TMPDIR: tmp },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const err: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    let timer: NodeJS.Timeout | undefined;
    const watch = setInterval(() => {
      if (!readdirSync(tmp).some((name) => name.startsWith('atx-run-'))) return;
      clearInterval(watch);
      timer = setTimeout(() => child.kill(signal), afterMs);
    }, 5);
    child.on('error', reject);
    child.on('close', (code, killedBy) => {
      clearInterval(watch);
      clearTimeout(timer);
      resolve({ code, signal: killedBy, stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

/** Every file left in a folder tree (empty folders are fine: they hold nothing). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name));
}

function expectCompleteOutputs(paths: string[]): void {
  for (const path of paths) {
    expect(path, 'a partial file beside the outputs').not.toMatch(/\.tmp$/);
    TranscriptSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  }
}

const EXIT_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

describe('an interrupted run leaves nothing behind', () => {
  const random = prng(20261124);
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    it(`a large file to -o out.json, signal #${attempt + 1}`, async () => {
      const dir = mkdtempSync(join(root, 'large-'));
      const tmp = join(dir, 'tmp');
      mkdirSync(tmp);
      const signal = signals[attempt % signals.length]!;
      const run = await runAndSignal(['convert', largeFile, '-o', join(dir, 'out.json'), '-q'], tmp, signal, Math.floor(random() * 700));
      if (run.code === 0) {
        expectCompleteOutputs([join(dir, 'out.json')]); // finished before the signal: whole
      } else {
        expect(run.code).toBe(EXIT_CODES[signal]);
        expect(run.stderr).toMatch(new RegExp(`^atx: interrupted \\(${signal}\\)`, 'm'));
        expect(existsSync(join(dir, 'out.json'))).toBe(false);
      }
      expect(filesUnder(tmp)).toEqual([]);
      expect(readdirSync(dir).filter((name) => name !== 'tmp' && name !== 'out.json')).toEqual([]);
    });

    it(`a folder of many sessions and OpenCode stores to -o out/, signal #${attempt + 1}`, async () => {
      const dir = mkdtempSync(join(root, 'many-'));
      const tmp = join(dir, 'tmp');
      const out = join(dir, 'out');
      mkdirSync(tmp);
      mkdirSync(out);
      const signal = signals[(attempt + 1) % signals.length]!;
      const run = await runAndSignal(['convert', manyFolder, '-o', `${out}/`, '-q'], tmp, signal, Math.floor(random() * 1000));
      const written = readdirSync(out).map((name) => join(out, name));
      if (run.code !== 0) {
        expect(run.code).toBe(EXIT_CODES[signal]);
        const line = new RegExp(`^atx: interrupted \\(${signal}\\)(?: after (\\d+) of \\d+ session\\(s\\); (\\d+) written to )?`, 'm').exec(run.stderr);
        expect(line, run.stderr).not.toBeNull();
        // a file renamed into place just before the signal may not be counted yet
        if (line?.[2] !== undefined) expect(written.length - Number(line[2])).toBeOneOf([0, 1]);
      }
      expectCompleteOutputs(written);
      expect(filesUnder(tmp)).toEqual([]);
    });
  }
});

describe('leftovers of runs that could not clean up (SIGKILL)', () => {
  it('the next run sweeps a killed run\'s temp folder, and never a live run\'s', async () => {
    const dir = mkdtempSync(join(root, 'kill-'));
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    // a run killed while it held private copies of the stores
    const killed = await runAndSignal(['convert', manyFolder, '--format', 'jsonl', '-q'], tmp, 'SIGKILL', 100);
    expect(killed.signal).toBe('SIGKILL');
    expect(readdirSync(tmp).some((name) => name.startsWith('atx-run-'))).toBe(true);
    const live = join(tmp, `atx-run-${ownerTag()}-live`);
    mkdirSync(live);
    writeFileSync(join(live, 'held'), 'x');
    const next = await runCli(['schema'], { env: { TMPDIR: tmp } });
    expect(next.code).toBe(0);
    expect(readdirSync(tmp)).toEqual([`atx-run-${ownerTag()}-live`]);
  });

  it('sweepDeadRuns removes folders of dead pids of its own pid namespace and old legacy folders only', () => {
    const dir = mkdtempSync(join(root, 'sweep-'));
    const deadPid = findDeadPid();
    // another namespace's pid cannot be checked from here (a container, `unshare --pid`): its folder stays
    const otherNamespace = `atx-run-p${deadPid}n1-theirs`;
    for (const name of [`atx-run-${ownerTag(deadPid)}-abc`, `atx-run-${ownerTag()}-mine`, otherNamespace, `atx-run-${deadPid}-older`, 'atx-opencode-old', 'atx-spool-new', 'unrelated']) mkdirSync(join(dir, name));
    expect(sweepDeadRuns(dir, Date.now()).map((path) => path.slice(dir.length + 1))).toEqual([`atx-run-${ownerTag(deadPid)}-abc`]);
    const old = Date.now() + 11 * 60 * 1000; // as if 11 minutes had passed
    const removed = sweepDeadRuns(dir, old).map((path) => path.slice(dir.length + 1)).sort();
    expect(removed).toEqual(['atx-opencode-old', `atx-run-${deadPid}-older`, 'atx-spool-new']);
    expect(readdirSync(dir).sort()).toEqual([`atx-run-${ownerTag()}-mine`, otherNamespace, 'unrelated'].sort());
    expect(sweepDeadRuns(dir, old)).toEqual([]);
  });

  it('sweepPartialOutputs removes the partial outputs of dead runs beside outputs', () => {
    const dir = mkdtempSync(join(root, 'partial-'));
    const deadPid = findDeadPid();
    const theirs = `.d.json.p${deadPid}n1.0.tmp`;
    for (const name of [`.a.json.${ownerTag(deadPid)}.0.tmp`, `.b.json.${ownerTag()}.3.tmp`, theirs, 'c.json', '.hidden']) writeFileSync(join(dir, name), '');
    sweepPartialOutputs(dir);
    expect(readdirSync(dir).sort()).toEqual([`.b.json.${ownerTag()}.3.tmp`, theirs, '.hidden', 'c.json'].sort());
  });
});

function findDeadPid(): number {
  for (let pid = 4_000_000; pid > 3_000_000; pid -= 7919) if (!processAlive(pid)) return pid;
  throw new Error('no free pid found');
}
