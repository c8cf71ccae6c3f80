/**
 * Turns one upload input into the bytes that would be sent: a native session is converted, a
 * Transcript file is read; both pass through the redaction profile, and the compact document
 * is gzipped as it is written, so what is held is the compressed body, not the JSON text.
 *
 * Uploads derive transcriptId from the input bytes: running the same upload again (after a
 * crash, say) makes the same document, which the server sees as a replay, not a new transcript.
 */
import { createGzip, gzipSync } from 'node:zlib';
import { ADAPTERS } from '../../adapters/index.js';
import type { TranscriptRedactor } from '../../redaction/index.js';
import { invalidInputError } from '../errors.js';
import type { Output } from '../sinks/output.js';
import { documentSink, type EventSink } from '../sinks/transcript-sinks.js';
import type { TranscriptHeader } from '../transcript/index.js';
import { produceUnit } from '../input/produce.js';
import type { InputUnit } from '../input/reader.js';
import type { RunContext } from './context.js';
import type { MemoryGovernor } from './memory.js';

export interface PreparedTranscript {
  input: string;
  transcriptId: string;
  /** the body to send; empty when only measured (see PrepareOptions.measureOnly) */
  gzipped: Buffer;
  /** size of the JSON document before compression */
  rawBytes: number;
  eventCount: number;
  eventsByType: Record<string, number>;
  profile: string;
  redactionCount: number;
  redactionsByRule: Record<string, number>;
  gzipBytes: number;
}

export interface PrepareOptions {
  context: RunContext;
  makeRedactor: () => TranscriptRedactor;
  memory?: MemoryGovernor;
  /** a dry run: the compressed body is measured as it is made, never held (memory stays flat) */
  measureOnly?: boolean;
}

/**
 * One unit from the input reader, converted or checked, redacted and gzipped. A native session
 * gets a transcriptId derived from its bytes; a Transcript keeps its own.
 */
export async function prepareUnit(unit: InputUnit, options: PrepareOptions): Promise<PreparedTranscript> {
  return (await prepareUnitWithDocument(unit, options)).prepared;
}

/**
 * prepareUnit, with the uncompressed JSON document when it was small enough to be gathered
 * whole (its content digest is then taken without decompressing the body again).
 */
export async function prepareUnitWithDocument(unit: InputUnit, options: PrepareOptions): Promise<{ prepared: PreparedTranscript; document: Buffer | undefined }> {
  const body = gzipOutput(!options.measureOnly);
  const eventsByType: Record<string, number> = {};
  let result;
  try {
    result = await produceUnit(unit, async () => countingSink(await documentSink(body, 'compact'), eventsByType), {
      adapters: ADAPTERS,
      context: options.context,
      idFromContent: true,
      transform: options.makeRedactor,
      ...(options.memory ? { memory: options.memory } : {}),
    });
  } catch (error) {
    // a value nested thousands of levels deep overflows the stack of the steps that walk it: that
    // is a problem of this input (exit 3 for it, the others are still sent), not a crash of atx
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw invalidInputError('nested too deeply to be redacted and sent');
    }
    throw error;
  }
  return { prepared: prepared(unit.name, result.header, body, eventsByType), document: body.document() };
}

function prepared(input: string, header: TranscriptHeader, body: GzipOutput, eventsByType: Record<string, number>): PreparedTranscript {
  return {
    input,
    transcriptId: header.transcriptId,
    gzipped: body.result(),
    rawBytes: body.rawBytes(),
    eventCount: header.metrics.eventCount,
    eventsByType,
    profile: header.privacy.profile,
    redactionCount: header.privacy.redactionCount,
    redactionsByRule: header.privacy.redactionsByRule ?? {},
    gzipBytes: body.gzipBytes(),
  };
}

function countingSink(inner: EventSink, byType: Record<string, number>): EventSink {
  return {
    event(event) {
      byType[event.type] = (byType[event.type] ?? 0) + 1;
      return inner.event(event);
    },
    ...(inner.revise ? { revise: inner.revise } : {}),
    end: (header) => inner.end(header),
    abort: () => inner.abort(),
  };
}

interface GzipOutput extends Output {
  rawBytes(): number;
  gzipBytes(): number;
  /** the compressed document, once committed */
  result(): Buffer;
  /** the uncompressed document, once committed, when it was gathered whole (small enough) */
  document(): Buffer | undefined;
}

/**
 * Documents up to this size are gathered and compressed in one synchronous call: a gzip stream
 * hands every chunk to the libuv pool and back, which for a small document costs more than the
 * compression and leaves the thread waiting. Larger documents stream, so memory stays flat.
 */
const GATHERED_DOCUMENT_BYTES = 8 * 1024 * 1024;

function gzipOutput(keep: boolean): GzipOutput {
  const gathered: Buffer[] = [];
  let raw = 0;
  let streaming: GzipOutput | undefined;
  let document: Buffer | undefined;
  let compressed: Buffer | undefined;
  return {
    write(chunk) {
      raw += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (streaming) return streaming.write(chunk);
      // a copy: the writer may fill its buffer again once this returns
      gathered.push(Buffer.from(chunk));
      if (raw <= GATHERED_DOCUMENT_BYTES) return undefined;
      streaming = streamingGzip(keep);
      const sofar = Buffer.concat(gathered);
      gathered.length = 0;
      return streaming.write(sofar);
    },
    async commit() {
      if (streaming) return streaming.commit();
      document = Buffer.concat(gathered);
      gathered.length = 0;
      compressed = gzipSync(document);
    },
    async abort() {
      gathered.length = 0;
      await streaming?.abort();
    },
    rawBytes: () => raw,
    gzipBytes: () => streaming?.gzipBytes() ?? compressed?.length ?? 0,
    result: () => {
      if (streaming) return streaming.result();
      if (!compressed) throw new Error('gzip output read before it was committed');
      return keep ? compressed : Buffer.alloc(0);
    },
    document: () => document,
  };
}

/** A gzip stream: the body is compressed as it is written (`keep`: and held, else only measured). */
function streamingGzip(keep: boolean): GzipOutput {
  const gzip = createGzip();
  const compressed: Buffer[] = [];
  let raw = 0;
  let zipped = 0;
  let done: Buffer | undefined;
  gzip.on('data', (chunk: Buffer) => {
    zipped += chunk.length;
    if (keep) compressed.push(chunk);
  });
  const finished = new Promise<void>((resolve, reject) => {
    gzip.once('end', resolve);
    gzip.once('error', reject);
  });
  return {
    write(chunk) {
      raw += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (gzip.write(chunk)) return undefined;
      return new Promise((resolve) => gzip.once('drain', resolve));
    },
    async commit() {
      gzip.end();
      await finished;
      done = Buffer.concat(compressed);
      compressed.length = 0;
    },
    async abort() {
      gzip.destroy();
      compressed.length = 0;
    },
    rawBytes: () => raw,
    gzipBytes: () => zipped,
    result: () => {
      if (!done) throw new Error('gzip output read before it was committed');
      return done;
    },
    document: () => undefined,
  };
}
