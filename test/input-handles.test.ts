/**
 * A reader that stops early closes its file. `atx validate` looks at a native log's first record
 * only (to name it) and then drops it: every such file must be closed then, not by the garbage
 * collector (Node warns "Closing file descriptor … on garbage collection", and a folder of
 * thousands holds thousands of descriptors open).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { openInput } from '../src/pipeline/convert.js';
import { resolveSources } from '../src/input/reader.js';
import { ROOT } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const CLAUDE = join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl');
const scratch = scratchFolders('atx-handles-');

/** The same log in every encoding the reader peeks at (BOMs, gzip), each a path of its own. */
function encodings(): string[] {
  const dir = scratch();
  const text = readFileSync(CLAUDE, 'utf8');
  const variants: Record<string, Buffer> = {
    'utf8-bom.jsonl': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    'utf16le-bom.jsonl': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    'gzipped.jsonl.gz': gzipSync(text),
  };
  return Object.entries(variants).map(([name, bytes]) => {
    writeFileSync(join(dir, name), bytes);
    return join(dir, name);
  });
}

const NATIVE = [CLAUDE, join(ROOT, 'fixtures/codex/web-search/rollout.jsonl'), ...encodings()];

/** descriptors this process holds (Linux, where the suite runs) */
const openFiles = () => readdirSync('/proc/self/fd').length;

describe('a native input dropped after its first record', () => {
  it.each(NATIVE)('closes its file: %s', async (path) => {
    const { sources } = await resolveSources([path], ADAPTERS, new PassThrough());
    const before = openFiles();
    const opened = openInput(sources[0]!, { idFromContent: false });
    const first = await opened.items.next();
    expect(first.done).toBe(false);
    await opened.items.return(undefined);
    expect(openFiles()).toBe(before);
  });
});
