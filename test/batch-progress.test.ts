/** The progress line of a batch: drawn in place on a terminal, never anywhere else. */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { type CliIO, Reporter } from '../src/cli/io.js';
import { main } from '../src/cli/main.js';
import { batchProgressLine } from '../src/cli/progress.js';
import { ROOT } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-batch-progress-');

function ioWithStderr(isTTY: boolean): { io: CliIO; text: () => string } {
  const chunks: string[] = [];
  const stderr = Object.assign(new Writable({ write(chunk, _encoding, done) { chunks.push(String(chunk)); done(); } }), { isTTY });
  const io: CliIO = { stdin: Readable.from([]), stdout: new Writable({ write: (_c, _e, done) => done() }), stderr, env: {} };
  return { io, text: () => chunks.join('') };
}

describe('batch progress line', () => {
  it('on a terminal: done of total, rate and failures, redrawn in place and cleared at the end', () => {
    const { io, text } = ioWithStderr(true);
    const line = batchProgressLine(io, pc.createColors(false), 2);
    line.finished(true);
    line.grew(1);
    line.finished(false);
    line.finished(true);
    const drawn = text();
    expect(drawn).toMatch(/\r\x1b\[2Katx: 3 of 3 sessions, [\d.]+\/s(, about \d+ s left)?, 1 failed$/);
    line.clear();
    expect(text().endsWith('\r\x1b[2K')).toBe(true);
  });

  it('a message said while the line is drawn is written on a cleared line, and the line drawn again under it', () => {
    const { io, text } = ioWithStderr(true);
    const colors = pc.createColors(false);
    const line = batchProgressLine(io, colors, 3);
    line.finished(true);
    new Reporter(io, colors).error('b.jsonl: not a known format');
    line.finished(true);
    line.finished(true);
    line.clear();
    new Reporter(io, colors).info('3 sessions → out/ in 0.1 s: 3 converted, 0 skipped, 0 redactions');
    const lines = text().split('\n');
    expect(lines[0]).toMatch(/^\r\x1b\[2Katx: 1 of 3 sessions, [^\r]*\r\x1b\[2Katx: error: b\.jsonl: not a known format$/);
    expect(lines[1]).toMatch(/^\r\x1b\[2Katx: 1 of 3 sessions[\s\S]*3 of 3 sessions[^\r]*\r\x1b\[2Katx: 3 sessions → out\/ in 0\.1 s/);
    expect(lines).toHaveLength(3);
  });

  it('off a terminal: nothing', () => {
    const { io, text } = ioWithStderr(false);
    const line = batchProgressLine(io, pc.createColors(false), 2);
    line.finished(true);
    line.finished(false);
    line.clear();
    expect(text()).toBe('');
  });
});

describe('scan of a folder on a terminal', () => {
  it('shows the progress line, then takes it off before its closing lines', async () => {
    const folder = scratch();
    copyFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'), join(folder, 'a.jsonl'));
    copyFileSync(join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl'), join(folder, 'b.jsonl'));
    const { io, text } = ioWithStderr(true);
    const code = await main(['scan', folder], { ...io, env: { NO_COLOR: '1' } });
    expect(code).toBe(0);
    expect(text()).toMatch(/^\r\x1b\[2Katx: [12] of 2 sessions, [\s\S]*\r\x1b\[2Katx: \d+ finding\(s\) in 2 input\(s\) with profile standard\n$/);
  });
});
