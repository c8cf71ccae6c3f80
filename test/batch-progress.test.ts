/** The progress line of a batch: drawn in place on a terminal, never anywhere else. */
import { Readable, Writable } from 'node:stream';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../src/cli/io.js';
import { batchProgressLine } from '../src/cli/progress.js';

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

  it('off a terminal: nothing', () => {
    const { io, text } = ioWithStderr(false);
    const line = batchProgressLine(io, pc.createColors(false), 2);
    line.finished(true);
    line.finished(false);
    line.clear();
    expect(text()).toBe('');
  });
});
