/**
 * Every `sh` block of the README runs as written, in order, in one folder, with atx installed from
 * the packed tarball into `~/.local` of a HOME of the test's own. The shipped fixtures stand in for
 * the user's files (`fixtures/` in the folder; a Claude Code session where the README's example
 * keeps one), and a stand-in `claude` prints a recorded stream-json. How a block is run is said by
 * a `<!-- readme-test: ... -->` line just before it; the README describes the markers.
 */
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/cli-process.js';
import { installGlobally, lockfileRegistry, npmEnv, packedTarball } from './support/packed.js';

interface Block { line: number; marker: string; lines: string[] }

/** The README's `sh` blocks, each with the marker line just before it ('' when none). */
function shellBlocks(readme: string): Block[] {
  const lines = readme.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```sh') continue;
    const marker = /^<!-- readme-test: (.*) -->$/.exec(lines[i - 1] ?? '')?.[1] ?? '';
    const end = lines.indexOf('```', i + 1);
    blocks.push({ line: i + 1, marker, lines: lines.slice(i + 1, end).filter((line) => line.trim() !== '' && !line.startsWith('#')) });
    i = end;
  }
  return blocks;
}

/** The script a block becomes: what its marker leaves of it. */
function scriptOf(block: Block): string | undefined {
  if (block.marker.startsWith('skip')) return undefined;
  let lines = block.lines;
  if (block.marker === 'install') lines = lines.filter((line) => !line.startsWith('npm '));
  const notRun = /^not run: (.*)$/.exec(block.marker)?.[1];
  if (notRun) lines = lines.filter((line) => !line.includes(notRun));
  if (block.marker === 'server') {
    const [server, ...rest] = lines;
    const port = /127\.0\.0\.1:(\d+)/.exec(block.lines.join('\n'))?.[1] ?? '8787';
    lines = [
      // the server ends with the block, and in any case before the script's own limit
      `timeout 230 ${server!.replace(/\s+#.*$/, '')} 2> server.log &`,
      'SERVER=$!',
      'trap \'kill $SERVER\' EXIT',
      `for i in $(seq 300); do (exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null && break; sleep 0.1; done`,
      ...rest,
    ];
  }
  return lines.join('\n');
}

const scratch = mkdtempSync(join(tmpdir(), 'atx-readme-'));
const home = join(scratch, 'home');
const work = join(scratch, 'work');
const standIns = join(scratch, 'bin');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  mkdirSync(standIns, { recursive: true });
  symlinkSync(join(ROOT, 'fixtures'), join(work, 'fixtures'));
  const session = join(home, '.claude/projects/-home-me-app/4f1c0d2e-5b7a-4c1e-9d3f-2a6b8c0e1f47.jsonl');
  mkdirSync(dirname(session), { recursive: true });
  cpSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'), session);
  writeFileSync(join(standIns, 'claude'), `#!/bin/sh\ncat '${join(ROOT, 'fixtures/claude-code/shell-tool/stream.jsonl')}'\n`);
  chmodSync(join(standIns, 'claude'), 0o755);
  const registry = await lockfileRegistry();
  try {
    await installGlobally(await packedTarball(), join(home, '.local'), registry.url, home);
  } finally {
    await registry.close();
  }
}, 120_000);

describe('README', () => {
  const blocks = shellBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('has the blocks a new user runs first, each with a marker the test knows or none', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    expect(blocks[0]!.marker).toBe('install');
    for (const block of blocks) expect(block.marker, `block at line ${block.line}`).toMatch(/^(|install|server|skip.*|not run: .+)$/);
  });

  it('every block runs as written, in order, in one shell (as a reader types them), and exits 0', async () => {
    const base = npmEnv(home);
    const env = Object.fromEntries(Object.entries(base).filter(([name]) => !/^(ATX_|XDG_|CLAUDE_|CODEX_)/.test(name)));
    Object.assign(env, { PATH: `${standIns}:${process.env.PATH ?? '/usr/bin:/bin'}`, NO_COLOR: '1' });
    const run = blocks.flatMap((block) => {
      const script = scriptOf(block);
      return script === undefined ? [] : [`echo "::block ${block.line}" >&2`, script];
    });
    const script = ['set -euo pipefail', ...run].join('\n');
    const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      execFile('bash', ['--norc', '--noprofile', '-c', script], { cwd: work, env, timeout: 240_000, maxBuffer: 256 * 1024 * 1024 }, (error, _stdout, stderr) => {
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr });
      });
    });
    const failedIn = [...result.stderr.matchAll(/^::block (\d+)$/gm)].at(-1)?.[1];
    expect(result.status, `README block at line ${failedIn} failed:\n${result.stderr.slice(-3000)}`).toBe(0);
    expect(result.stderr.match(/^::block /gm)).toHaveLength(blocks.filter((block) => !block.marker.startsWith('skip')).length);
    // what the blocks said they would make is there
    for (const made of ['session.json', 'all.jsonl', 'shareable.json', 'public.json']) expect(readFileSync(join(work, made)).length, made).toBeGreaterThan(0);
  }, 300_000);
});
