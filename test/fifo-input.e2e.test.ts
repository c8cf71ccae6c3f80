/**
 * A named pipe given as an input (`mkfifo p; agent > p & atx convert p`) is read once, as standard
 * input is: looking at its first bytes and opening it again lost them and then waited for a writer
 * that was gone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from './support/cli-process.js';

const root = mkdtempSync(join(tmpdir(), 'atx-fifo-input-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SESSION = join(ROOT, 'fixtures/claude-code/denied-tool/session.jsonl');

/** A FIFO a shell writes `file` into, once atx opens it. */
function fifoFed(name: string, file: string): string {
  const fifo = join(root, name);
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  spawn('sh', ['-c', `cat "${file}" > "${fifo}"`], { stdio: 'ignore' });
  return fifo;
}

describe('a named pipe as an input', () => {
  it('converts to the same Transcript as the file it carries', async () => {
    const fromFile = await runCli(['convert', SESSION, '-q']);
    const fromFifo = await runCli(['convert', fifoFed('session.pipe', SESSION), '-q']);
    expect(fromFifo.code, fromFifo.stderr).toBe(0);
    const events = (out: string) => (JSON.parse(out) as { events: unknown[] }).events.length;
    expect(events(fromFifo.stdout)).toBe(events(fromFile.stdout));
    expect(events(fromFifo.stdout)).toBeGreaterThan(0);
  }, 30_000);

  it('carrying a Transcript, validates as one', async () => {
    const transcript = join(root, 't.json');
    const converted = spawnSync(process.execPath, [CLI, 'convert', SESSION, '-o', transcript, '-q']);
    expect(converted.status).toBe(0);
    const run = await runCli(['validate', fifoFed('transcript.pipe', transcript)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/valid Transcript/);
  }, 30_000);
});
