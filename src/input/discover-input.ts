/**
 * `atx discover --json` lines on stdin: a list of inputs rather than a native log. Stdin is
 * peeked up to its first line; when that line is a discover line, every line must be one and each
 * names a session to read; otherwise the peeked bytes are put back in front of the rest of stdin,
 * so a piped native log reads exactly as before.
 */
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import type { Adapter } from '../../adapters/types.js';
import { invalidInputError } from '../errors.js';
import { readDiscoverLine } from '../discover/line.js';
import { resolveInputs, type FolderWalkNotes, type SessionInput } from '../pipeline/sources.js';

/** The first line is looked for in this many bytes at most; a longer first line is not a discover line. */
const PEEK_LIMIT = 64 * 1024;

export type PeekedStdin = { kind: 'discover'; lines: { agent: string; path: string }[] } | { kind: 'stream'; stream: Readable };

export async function peekStdin(stdin: Readable): Promise<PeekedStdin> {
  const iterator = stdin[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < PEEK_LIMIT) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    length += chunk.length;
    if (chunk.includes(0x0a)) break;
  }
  const peeked = Buffer.concat(chunks);
  const newline = peeked.indexOf(0x0a);
  const firstLine = peeked.subarray(0, newline === -1 ? peeked.length : newline).toString('utf8');
  if (!readDiscoverLine(parseJson(firstLine))) {
    return { kind: 'stream', stream: Readable.from(replay(peeked, ended ? undefined : iterator), { objectMode: false }) };
  }
  const rest: Buffer[] = [peeked];
  if (!ended) for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest.push(typeof next.value === 'string' ? Buffer.from(next.value) : next.value);
  const lines: { agent: string; path: string }[] = [];
  for (const [index, text] of Buffer.concat(rest).toString('utf8').split('\n').entries()) {
    if (text.trim() === '') continue;
    const line = readDiscoverLine(parseJson(text));
    if (!line) throw invalidInputError(`-:${index + 1}: not an atx discover line, while the first line is one`);
    lines.push(line);
  }
  return { kind: 'discover', lines };
}

async function* replay(peeked: Buffer, rest: AsyncIterator<Buffer | string> | undefined): AsyncGenerator<Buffer> {
  if (peeked.length > 0) yield peeked;
  if (!rest) return;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The sessions the discover lines name. A session whose agent keeps companion files beside it
 * (subagent chats, a manifest) is found the way a folder walk finds it: its folder is walked once
 * with its adapter alone, and the group whose main file is the named one is taken.
 */
export async function discoveredSources(lines: readonly { agent: string; path: string }[], adapters: readonly Adapter[], stdin: Readable, notes: FolderWalkNotes): Promise<SessionInput[]> {
  const sources: SessionInput[] = [];
  const folders = new Map<string, Promise<Map<string, SessionInput>>>();
  for (const line of lines) {
    const adapter = adapters.find((candidate) => candidate.id === line.agent);
    if (!adapter?.groupSessionFiles || line.path.includes('#')) {
      sources.push(...(await resolveInputs([line.path], adapters, stdin, notes)));
      continue;
    }
    const key = `${adapter.id}\0${dirname(line.path)}`;
    let walked = folders.get(key);
    if (!walked) {
      // a folder that cannot be walked (gone, unreadable) finds nothing: the named file is then read alone, so its error names the file
      walked = resolveInputs([dirname(line.path)], [adapter], stdin, notes).then(
        (found) => new Map(found.map((source) => [source.main.name, source])),
        () => new Map<string, SessionInput>(),
      );
      folders.set(key, walked);
    }
    const source = (await walked).get(line.path);
    if (source) sources.push({ ...source, fromFolder: false });
    else sources.push(...(await resolveInputs([line.path], adapters, stdin, notes)));
  }
  return sources;
}
