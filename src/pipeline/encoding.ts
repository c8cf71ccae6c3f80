/**
 * Byte-order marks are certain, so they are acted on without a guess: a UTF-8 BOM is dropped, and
 * UTF-16 (little or big endian, as Windows tools write it) is decoded to UTF-8 on the way. Text
 * without a BOM is read as UTF-8; bytes that are not UTF-8 then show as unreadable lines, loudly.
 * Gzip is certain too (its magic bytes, then a stream that must check out): a compressed session
 * (`session.jsonl.gz`, or `gzip -c | atx convert -`) is read as the text it holds.
 */
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const UTF16BE_BOM = Buffer.from([0xfe, 0xff]);
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** Compressed data cut short or damaged: what came before the fault was read, the rest is lost. */
export class DamagedCompressionError extends Error {}

interface Peeked {
  head: Buffer;
  rest: AsyncIterable<Buffer>;
}

/** Reads at least `bytes` bytes (fewer only at the end) without losing the chunks after them. */
async function peek(chunks: AsyncIterable<Buffer>, bytes: number, enough: (chunk: Buffer) => boolean = () => false): Promise<Peeked> {
  let head: Buffer = Buffer.alloc(0);
  const iterator = chunks[Symbol.asyncIterator]();
  while (head.length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    // the first chunk as it is: a copy would cost a megabyte per file
    head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
    if (enough(next.value)) break;
  }
  return { head, rest: { [Symbol.asyncIterator]: () => iterator } };
}

async function* joined({ head, rest }: Peeked): AsyncGenerator<Buffer> {
  try {
    if (head.length > 0) yield head;
    yield* rest;
  } finally {
    await closed(rest);
  }
}

/**
 * Ends the source behind a peek. A reader that stops while the head is being yielded (before any
 * `yield*` or `for await` over the rest) would otherwise leave the file open until garbage collection.
 */
async function closed(rest: AsyncIterable<Buffer>): Promise<void> {
  await rest[Symbol.asyncIterator]().return?.(undefined);
}

async function* copies(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield Buffer.from(chunk);
}

/** The input's bytes, decompressed when they are gzip. */
export async function* gunzipIfCompressed(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const peeked = await peek(chunks, GZIP_MAGIC.length);
  if (!peeked.head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) {
    yield* joined(peeked);
    return;
  }
  const gunzip = createGunzip();
  // pipeline destroys both ends when either fails or the reader stops early: the file is closed either way
  // the stream reads ahead of gunzip, and a chunk may be valid only until the next is read: copies
  pipeline(Readable.from(copies(joined(peeked))), gunzip, () => {});
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') throw new DamagedCompressionError('the gzip data ends early (the file was cut short)');
    if (code === 'Z_DATA_ERROR') throw new DamagedCompressionError(`the gzip data is damaged (${(error as Error).message})`);
    throw error;
  } finally {
    gunzip.destroy();
  }
}

/** How far into an input a line break must come for it to be read as text at all. */
export const BINARY_PROBE_BYTES = 64 * 1024;

/** Bytes that are not text: an endless device behind a pipe (`/dev/zero`), a disk image, an archive. */
export class BinaryInputError extends Error {}

/**
 * Stops an input whose first 64 KiB hold NUL bytes and no line break: no session log starts so,
 * and such an input may never end (`cat /dev/zero | atx convert -`), so it is refused at once
 * instead of being read as one endless line.
 */
export async function* refuseBinaryHead(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  // a line break ends the probe: a live stream's first lines go on at once, not after 64 KiB of them
  const peeked = await peek(chunks, BINARY_PROBE_BYTES, (chunk) => chunk.includes(0x0a));
  const probe = peeked.head.subarray(0, BINARY_PROBE_BYTES);
  if (probe.length === BINARY_PROBE_BYTES && !probe.includes(0x0a) && probe.includes(0)) {
    await closed(peeked.rest);
    throw new BinaryInputError('binary data, not a session log (its first 64 KiB hold NUL bytes and no line break)');
  }
  yield* joined(peeked);
}

export async function* decodeByBom(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const peeked = await peek(chunks, UTF8_BOM.length);
  const { head, rest } = peeked;
  if (head.subarray(0, 3).equals(UTF8_BOM)) {
    yield* joined({ head: head.subarray(3), rest });
    return;
  }
  const utf16 = head.subarray(0, 2).equals(UTF16LE_BOM) ? 'utf-16le' : head.subarray(0, 2).equals(UTF16BE_BOM) ? 'utf-16be' : undefined;
  if (!utf16) {
    yield* joined(peeked);
    return;
  }
  const decoder = new TextDecoder(utf16); // drops the BOM itself, and keeps a split character for the next chunk
  try {
    yield Buffer.from(decoder.decode(head, { stream: true }), 'utf8');
    for await (const chunk of rest) yield Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8');
    const last = decoder.decode();
    if (last) yield Buffer.from(last, 'utf8');
  } finally {
    await closed(rest);
  }
}
