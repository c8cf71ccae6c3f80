import { describe, expect, it } from 'vitest';
import { FolderSync } from '../src/durable-file.js';

/** A stand-in for the folder fsync: each call waits until the test lets it finish. */
function controlledSyncs() {
  const started: Array<() => void> = [];
  const syncer = () => new Promise<void>((resolve) => started.push(resolve));
  const finish = async (n: number) => {
    started[n]!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, syncer, finish };
}

describe('FolderSync', () => {
  it('callers that ask while an fsync runs share the next one, which starts only after the running one ends', async () => {
    const { started, syncer, finish } = controlledSyncs();
    const folder = new FolderSync('/outbox', syncer);
    const settled: string[] = [];
    const first = folder.sync().then(() => settled.push('first'));
    const later = [1, 2, 3].map((n) => folder.sync().then(() => settled.push(`later ${n}`)));
    expect(started).toHaveLength(1);

    await finish(0);
    await first;
    // the later callers' renames may have come after the first fsync began: they wait for a second
    expect(settled).toEqual(['first']);
    expect(started).toHaveLength(2);

    await finish(1);
    await Promise.all(later);
    expect(settled).toEqual(['first', 'later 1', 'later 2', 'later 3']);
    expect(started).toHaveLength(2);
  });

  it('an idle folder is synced at once, and a failed fsync fails only the callers that waited for it', async () => {
    let calls = 0;
    const folder = new FolderSync('/outbox', async () => {
      calls++;
      if (calls === 1) throw new Error('EIO');
    });
    await expect(folder.sync()).rejects.toThrow('EIO');
    await expect(folder.sync()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
