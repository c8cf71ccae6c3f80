import { describe, expect, it } from 'vitest';
import type { SessionInput } from '../src/pipeline/sources.js';
import { startUploadLanes } from '../src/cli/upload-workers.js';
import type { PreparedUnit } from '../src/cli/upload-prepare.js';

const fileSource = (path: string): SessionInput => ({ main: { name: path, path, open: () => [] as unknown as AsyncIterable<Buffer> }, companions: [] });
const workerData = { flags: { profile: 'standard' }, env: {}, runTempDir: '', outputGate: new SharedArrayBuffer(8), withDigest: true, storedUpToBytes: 0 };

describe('startUploadLanes', () => {
  it('this thread\'s lane takes one input at a time, in order, and each caller gets its own units', async () => {
    const running: string[] = [];
    let mostAtOnce = 0;
    const lanes = startUploadLanes(0, workerData, async (source) => {
      running.push(source.main.name);
      mostAtOnce = Math.max(mostAtOnce, running.length);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running.splice(running.indexOf(source.main.name), 1);
      return [{ input: source.main.name, failure: { message: 'not read', exitCode: 1 } }] satisfies PreparedUnit[];
    });
    const names = ['a.jsonl', 'b.jsonl', 'c.jsonl'];
    const units = await Promise.all(names.map((name) => lanes.prepare(fileSource(name))));
    expect(units.map((list) => list?.map((unit) => unit.input))).toEqual(names.map((name) => [name]));
    expect(mostAtOnce).toBe(1);
    await lanes.close();
  });

  it('an input without a file path (stdin, a container\'s records) is left to the caller, to be read as a stream', async () => {
    const lanes = startUploadLanes(0, workerData, async () => []);
    expect(lanes.prepare({ main: { name: '-', open: () => [] as unknown as AsyncIterable<Buffer> }, companions: [] })).toBeUndefined();
    await lanes.close();
  });

  it('a lane that fails fails only its input; the next input still runs', async () => {
    const lanes = startUploadLanes(0, workerData, async (source) => {
      if (source.main.name === 'bad.jsonl') throw new Error('boom');
      return [];
    });
    const bad = lanes.prepare(fileSource('bad.jsonl'));
    const good = lanes.prepare(fileSource('good.jsonl'));
    await expect(bad).rejects.toThrow('boom');
    await expect(good).resolves.toEqual([]);
    await lanes.close();
  });
});

describe('startUploadLanes with worker threads', () => {
  it('gives every input to the workers, two in hand per thread, and none to this thread, which only sends', async () => {
    const here: string[] = [];
    const given: string[] = [];
    let inHand = 0;
    let mostInHand = 0;
    const threads = {
      run: async (task: { main: { path: string } }) => {
        given.push(task.main.path);
        mostInHand = Math.max(mostInHand, ++inHand);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inHand -= 1;
        return [{ input: task.main.path, failure: { message: 'not read', exitCode: 1 } }] satisfies PreparedUnit[];
      },
      close: async () => {},
    };
    const lanes = startUploadLanes(1, workerData, async (source) => {
      here.push(source.main.name);
      return [];
    }, () => threads);
    const names = ['a.jsonl', 'b.jsonl', 'c.jsonl', 'd.jsonl', 'e.jsonl'];
    const units = await Promise.all(names.map((name) => lanes.prepare(fileSource(name))));
    expect(units.map((list) => list?.map((unit) => unit.input))).toEqual(names.map((name) => [name]));
    expect(here).toEqual([]);
    expect([...given].sort()).toEqual(names);
    expect(mostInHand).toBe(2);
    await lanes.close();
  });
});
