import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateTempDir, runTempDir } from '../src/lifecycle/temp.js';

describe("the run's temp folder", () => {
  it('is made again when it was removed behind the run (a temp cleaner, another test file of the same process)', () => {
    const first = runTempDir();
    expect(runTempDir()).toBe(first);
    rmSync(first, { recursive: true, force: true });
    const spool = privateTempDir('spool');
    const again = dirname(spool);
    expect(again).not.toBe(first);
    expect(existsSync(spool)).toBe(true);
    expect(runTempDir()).toBe(again);
    rmSync(again, { recursive: true, force: true });
  });
});
