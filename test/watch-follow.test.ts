/**
 * The follower under `atx watch`: a burst of writes makes one call once the file is quiet; a file
 * that says its session is finished waits only the settle time, another the whole idle time; a
 * removed file is reported gone; after stop() nothing more is called.
 */
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionFollower } from '../src/watch/follow.js';
import { sleep, until } from './support/atx-sandbox.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-follow-');

describe('SessionFollower', () => {
  it('calls once per burst, sooner for a finished session, and says when a file is gone', async () => {
    const dir = scratch();
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
  }, 20_000);
});
