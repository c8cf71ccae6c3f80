/**
 * Tells a Transcript from a native log by its first bytes, for commands that take either
 * (scan, upload). Stdin, once peeked at, comes back as a new stream that replays what was read.
 */
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { usageError } from '../errors.js';
import { looksLikeTranscript } from '../transcript/reader.js';
import { readInputText } from './input-text.js';
import type { CliIO } from './io.js';

const HEAD_BYTES = 64 * 1024;

export type InputKind = { kind: 'transcript'; text: string } | { kind: 'native'; stdin?: Readable };

export async function classifyInput(io: CliIO, input: string): Promise<InputKind> {
  if (input === '-') {
    if (io.stdin.isTTY) throw usageError('"-" means standard input, but nothing is piped into it');
    const chunks: Buffer[] = [];
    let size = 0;
    const iterator = (io.stdin as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
    while (size < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) break;
      const chunk = asBuffer(next.value);
      chunks.push(chunk);
      size += chunk.length;
    }
    const head = Buffer.concat(chunks);
    if (looksLikeTranscript(head.toString('utf8'))) {
      const rest: Buffer[] = [head];
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest.push(asBuffer(next.value));
      return { kind: 'transcript', text: Buffer.concat(rest).toString('utf8') };
    }
    const replay = Readable.from((async function* () {
      yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })());
    return { kind: 'native', stdin: replay };
  }
  if (await isTranscriptFile(input)) return { kind: 'transcript', text: (await readInputText(io, input, 'a file')).text };
  return { kind: 'native' };
}

/** True when a file (found by a folder walk, say) starts like a Transcript rather than a native log. */
export async function isTranscriptFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return false;
  try {
    if (!(await handle.stat()).isFile()) return false;
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return looksLikeTranscript(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

const asBuffer = (chunk: Buffer | string): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
