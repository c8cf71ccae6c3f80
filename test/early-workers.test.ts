import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { earlyWorkerCount } from '../src/cli/early-workers.js';

const scratch = mkdtempSync(join(tmpdir(), 'atx-early-workers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('earlyWorkerCount: the guess that starts batch workers before the command loads', () => {
  it('a folder output with several jobs: the jobs less the main thread', () => {
    expect(earlyWorkerCount(['convert', 'logs', '-o', 'out/', '--jobs', '3'])).toBe(2);
    expect(earlyWorkerCount(['redact', '--out=out/', '-j', '2', 'a.json', 'b.json'])).toBe(1);
    expect(earlyWorkerCount(['convert', '-j4', 'logs', '-o', scratch])).toBe(3); // an existing folder, no slash
    expect(earlyWorkerCount(['convert', 'logs', '-o', 'out/'])).toBe(availableParallelism() - 1);
  });

  it('nothing for one job, a file output, no output, another command, help, or an unreadable --jobs', () => {
    expect(earlyWorkerCount(['convert', 'logs', '-o', 'out/', '--jobs', '1'])).toBe(0);
    expect(earlyWorkerCount(['convert', 'session.jsonl', '-o', join(scratch, 'one.transcript.json'), '--jobs', '2'])).toBe(0);
    expect(earlyWorkerCount(['convert', 'logs', '--jobs', '2'])).toBe(0);
    expect(earlyWorkerCount(['upload', 'logs', '-o', 'out/', '--jobs', '2'])).toBe(0);
    expect(earlyWorkerCount(['convert', '--help', '-o', 'out/', '--jobs', '2'])).toBe(0);
    expect(earlyWorkerCount(['convert', 'logs', '-o', 'out/', '--jobs', 'two'])).toBe(0);
    expect(earlyWorkerCount(['convert', 'logs', '--', '-o', 'out/', '--jobs', '2'])).toBe(0);
  });
});
