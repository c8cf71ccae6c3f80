/**
 * Transcript files read as streams: memory stays flat however large the Transcript is. A file
 * is read this way when its first value is a Transcript document whose header comes before its
 * events (as atx writes it, compact, pretty or one per line); every other input keeps the line
 * reader. Before the parse, one quick pass over the raw bytes finds the placeholders already in
 * the file (a redactor must reserve their numbers before it numbers new ones) and whether the
 * file holds more than one Transcript (which decides how each is named).
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { invalidInputError } from '../errors.js';
import { fileChunks } from '../file-chunks.js';
import type { JsonPart } from './json-parts.js';

const HEAD_BYTES = 64 * 1024;
const LF = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const PLACEHOLDER_START = Buffer.from('[REDACTED:');
/** longer than any placeholder: `[REDACTED:` + a 48-character label + `#` + 9 digits + `]` */
const PLACEHOLDER_WINDOW = 80;
const PLACEHOLDER = /^\[REDACTED:[a-z0-9-]{1,48}#\d{1,9}\]/;

/**
 * A document is streamed only when its whole header comes before its events. The schema (zod) and
 * the streaming JSON parser load with the first Transcript read, not with every process or worker
 * that may read one: a batch of native sessions never needs them.
 */
async function headerKeys(): Promise<string[]> {
  const { TranscriptSchema } = await import('../transcript/schema.js');
  return Object.keys(TranscriptSchema.shape).filter((key) => key !== 'events');
}

/** the line counter below looks back at most one chunk (the survey keeps a copy of the bytes it needs) */
const readChunks = (path: string) => fileChunks(path);

/** Whether a file may be a Transcript document: it opens an object and names a schemaVersion early. */
export async function mayBeTranscriptDocument(path: string): Promise<boolean> {
  const head = regularFileHead(path) ?? (await streamedHead(path));
  let at = 0;
  while (at < head.length && (head[at] === 0x20 || head[at] === 0x09 || head[at] === 0x0d || head[at] === LF)) at += 1;
  return head[at] === OPEN_BRACE && head.includes('"schemaVersion"');
}

/** one buffer for every head read at once: nothing else runs while it is filled and searched */
let headBuffer: Buffer | undefined;

/**
 * The first HEAD_BYTES of a regular file, read with three synchronous calls: asked of every input
 * of a batch, a read stream cost four times the CPU (its buffers, and each call a trip through
 * libuv's pool). Null for anything else (a pipe, a device), which a synchronous read could hold
 * up: that goes through the stream.
 */
function regularFileHead(path: string): Buffer | null {
  if (statSync(path, { throwIfNoEntry: false })?.isFile() !== true) return null; // opening a pipe could wait for its writer
  const fd = openSync(path, 'r');
  try {
    headBuffer ??= Buffer.allocUnsafe(HEAD_BYTES);
    return headBuffer.subarray(0, readSync(fd, headBuffer, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

async function streamedHead(path: string): Promise<Buffer> {
  for await (const head of createReadStream(path, { start: 0, end: HEAD_BYTES - 1 }) as AsyncIterable<Buffer>) return head;
  return Buffer.alloc(0);
}

export interface FileSurvey {
  /** byte offsets where a line opens a new top-level object right after one closed (`}` then `{`) */
  boundaries: number[];
  /** placeholders already in the file, by byte offset */
  placeholders: Array<{ offset: number; text: string }>;
}

/** The raw pass: bytes only, nothing decoded but the placeholders. */
export function surveyFile(path: string): Promise<FileSurvey> {
  return surveyChunks(readChunks(path));
}

/**
 * The survey of bytes read in chunks. Each chunk is searched where it lies; only the bytes around
 * each edge between two chunks are joined (a copy of a few dozen bytes), for a placeholder cut there.
 */
export async function surveyChunks(chunks: AsyncIterable<Buffer>): Promise<FileSurvey> {
  const survey: FileSurvey = { boundaries: [], placeholders: [] };
  let base = 0;
  let lastByte = -1; // the last non-blank byte seen
  let lineStartPending = false; // after a newline: the next non-blank byte starts a line
  let tail: Buffer = Buffer.alloc(0); // a copy of the last EDGE_BYTES bytes read so far
  for await (const chunk of chunks) {
    for (let start = 0; ; ) {
      const newline = chunk.indexOf(LF, start);
      const end = newline === -1 ? chunk.length : newline;
      const first = firstNonBlank(chunk, start, end);
      if (first !== -1) {
        if (lineStartPending && chunk[first] === OPEN_BRACE && lastByte === CLOSE_BRACE) survey.boundaries.push(base + first);
        lineStartPending = false;
        lastByte = chunk[lastNonBlank(chunk, first, end)]!;
      }
      if (newline === -1) break;
      lineStartPending = true;
      start = newline + 1;
    }
    if (tail.length > 0) findPlaceholdersAcrossEdge(tail, chunk, base, survey.placeholders);
    findPlaceholders(chunk, base, survey.placeholders);
    tail = lastBytes(tail, chunk);
    base += chunk.length;
  }
  return survey;
}

/** the bytes kept from before a chunk edge: any placeholder cut there starts within them */
const EDGE_BYTES = PLACEHOLDER_WINDOW - 1;

/** The last EDGE_BYTES of `earlier` then `chunk`, copied (the chunk's buffer is filled again later). */
function lastBytes(earlier: Buffer, chunk: Buffer): Buffer {
  if (chunk.length >= EDGE_BYTES) return Buffer.from(chunk.subarray(chunk.length - EDGE_BYTES));
  const joined = Buffer.concat([earlier, chunk]);
  return joined.subarray(Math.max(0, joined.length - EDGE_BYTES));
}

function isBlank(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d;
}

function firstNonBlank(chunk: Buffer, from: number, end: number): number {
  for (let at = from; at < end; at++) if (!isBlank(chunk[at]!)) return at;
  return -1;
}

/** called with a non-blank byte at `from` */
function lastNonBlank(chunk: Buffer, from: number, end: number): number {
  for (let at = end - 1; at > from; at--) if (!isBlank(chunk[at]!)) return at;
  return from;
}

/** The placeholders that lie whole in `bytes` (one cut at either end does not match: it lacks its `]`). */
function findPlaceholders(bytes: Buffer, base: number, found: FileSurvey['placeholders']): void {
  for (let at = bytes.indexOf(PLACEHOLDER_START); at !== -1; at = bytes.indexOf(PLACEHOLDER_START, at + 1)) {
    const match = PLACEHOLDER.exec(bytes.toString('latin1', at, at + PLACEHOLDER_WINDOW));
    if (match) found.push({ offset: base + at, text: match[0] });
  }
}

/** The placeholders that start in `tail` (the bytes before `base`) and end in `chunk`. */
function findPlaceholdersAcrossEdge(tail: Buffer, chunk: Buffer, base: number, found: FileSurvey['placeholders']): void {
  const edge = Buffer.concat([tail, chunk.subarray(0, EDGE_BYTES)]);
  const edgeBase = base - tail.length;
  for (let at = edge.indexOf(PLACEHOLDER_START); at !== -1 && at < tail.length; at = edge.indexOf(PLACEHOLDER_START, at + 1)) {
    const match = PLACEHOLDER.exec(edge.toString('latin1', at, at + PLACEHOLDER_WINDOW));
    // one that ends before the edge was found in the chunk before
    if (match && at + match[0].length > tail.length) found.push({ offset: edgeBase + at, text: match[0] });
  }
}

/** The placeholders of the value that starts at `offset`: up to the next boundary the survey saw. */
export function placeholdersFrom(survey: FileSurvey, offset: number): string[] {
  const end = survey.boundaries.find((boundary) => boundary > offset) ?? Number.POSITIVE_INFINITY;
  return survey.placeholders.filter((found) => found.offset >= offset && found.offset < end).map((found) => found.text);
}

/** One top-level value of a streamed file. */
export type StreamedValue =
  /** a document whose header came before its events: the events are read as they are asked for */
  | { kind: 'document'; line: number; offset: number; header: Record<string, unknown>; events: AsyncIterable<unknown>; trailing(): Record<string, unknown> }
  /** any other value, read whole (a document in another order, a stream line, a non-object) */
  | { kind: 'value'; line: number; offset: number; value: unknown };

/**
 * The top-level values of a file, one at a time; a document's events must be read (or left)
 * before the next value is asked for. A syntax error names the file, line and byte.
 */
export async function* streamedValues(path: string, name: string, seeChunk?: (chunk: Buffer) => void): AsyncGenerator<StreamedValue> {
  const [{ jsonParts, JsonSyntaxError }, HEADER_KEYS] = await Promise.all([import('./json-parts.js'), headerKeys()]);
  const lines = new LineCounter();
  const parts = jsonParts(readChunks(path), (chunk, offset) => {
    seeChunk?.(chunk);
    lines.chunk(chunk, offset);
  });
  const next = async (): Promise<JsonPart | undefined> => {
    try {
      const step = await parts.next();
      return step.done ? undefined : step.value;
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      throw invalidInputError(`${name}:${lines.lineAt(error.offset)}: not valid JSON (at byte ${error.offset}; ${error.detail})`);
    }
  };
  try {
    for (let part = await next(); part; part = await next()) {
      if (part.kind !== 'open') continue; // the rest of a value its reader left
      const { offset } = part;
      const line = lines.lineAt(offset);
      if (part.value !== undefined) {
        yield { kind: 'value', line, offset, value: part.value };
        continue;
      }
      const members: Record<string, unknown> = {};
      let member = await next();
      for (; member?.kind === 'member'; member = await next()) members[member.key] = member.value;
      if (member?.kind !== 'events' || !HEADER_KEYS.every((key) => key in members)) {
        yield { kind: 'value', line, offset, value: await restOfObject(members, member, next) };
        continue;
      }
      const trailing: Record<string, unknown> = {};
      let closed = false;
      const events = async function* (): AsyncGenerator<unknown> {
        for (let inner = await next(); inner && inner.kind !== 'close'; inner = await next()) {
          if (inner.kind === 'event') yield inner.value;
          else if (inner.kind === 'member') trailing[inner.key] = inner.value;
        }
        closed = true;
      };
      yield { kind: 'document', line, offset, header: members, events: events(), trailing: () => trailing };
      if (!closed) for (let inner = await next(); inner && inner.kind !== 'close'; inner = await next());
    }
  } finally {
    await parts.return(undefined);
  }
}

/** An object read whole after all (its events before its header, or no events at all). */
async function restOfObject(members: Record<string, unknown>, first: JsonPart | undefined, next: () => Promise<JsonPart | undefined>): Promise<Record<string, unknown>> {
  const events: unknown[] = [];
  let sawEvents = false;
  for (let part = first; part && part.kind !== 'close'; part = await next()) {
    if (part.kind === 'member') members[part.key] = part.value;
    else if (part.kind === 'events') {
      sawEvents = true;
      members.events = events;
    } else if (part.kind === 'event') events.push(part.value);
  }
  if (sawEvents && members.events !== events) members.events = events;
  return members;
}

/** Line numbers of byte offsets in the chunk being parsed (offsets come in increasing order). */
class LineCounter {
  private chunkBytes: Buffer = Buffer.alloc(0);
  private chunkOffset = 0;
  private countedTo = 0;
  private line = 1;

  chunk(bytes: Buffer, offset: number): void {
    this.countUpTo(this.chunkOffset + this.chunkBytes.length);
    this.chunkBytes = bytes;
    this.chunkOffset = offset;
    this.countedTo = offset;
  }

  lineAt(offset: number): number {
    this.countUpTo(Math.min(offset, this.chunkOffset + this.chunkBytes.length));
    return this.line;
  }

  private countUpTo(offset: number): void {
    for (let at = this.chunkBytes.indexOf(LF, this.countedTo - this.chunkOffset); at !== -1 && this.chunkOffset + at < offset; at = this.chunkBytes.indexOf(LF, at + 1)) {
      this.line += 1;
      this.countedTo = this.chunkOffset + at + 1;
    }
    if (this.countedTo < offset) this.countedTo = offset;
  }
}
