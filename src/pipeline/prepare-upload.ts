/**
 * Turns one upload input into the bytes that would be sent: a native session is converted, a
 * Transcript file is read; both pass through the redaction profile, and the compact document
 * is gzipped as it is written, so what is held is the compressed body, not the JSON text.
 *
 * Uploads derive transcriptId from the input bytes: running the same upload again (after a
 * crash, say) makes the same document, which the server sees as a replay, not a new transcript.
 */
import { statSync } from 'node:fs';
import { ADAPTERS } from '../../adapters/index.js';
import type { TranscriptRedactor } from '../../redaction/index.js';
import { invalidInputError } from '../errors.js';
import { type EventSink, spooledSink, transcriptDocument } from '../sinks/transcript-sinks.js';
import { DocumentDigest } from '../upload/document-digest.js';
import type { TranscriptHeader } from '../transcript/index.js';
import { produceUnit } from '../input/produce.js';
import { COMPRESS_AT_ONCE_BYTES, type GzipOutput, gzipOutput } from './gzip-output.js';
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
  /** documents up to this size are gzipped without compression (gzip-output.ts); 0 or absent: none */
  storedUpToBytes?: number;
}

/**
 * One unit from the input reader, converted or checked, redacted and gzipped. A native session
 * gets a transcriptId derived from its bytes; a Transcript keeps its own.
 */
export async function prepareUnit(unit: InputUnit, options: PrepareOptions): Promise<PreparedTranscript> {
  return (await prepareUnitWithDigest(unit, options, false)).prepared;
}

/** What prepareUnitWithDigest gives besides the prepared transcript. */
export interface PreparedExtras {
  prepared: PreparedTranscript;
  /** the content digest (contract.ts contentSha256) of the document, taken as it was written; undefined when it could not be */
  digest: string | undefined;
  /** the uncompressed JSON document, when it was small enough to be gathered whole */
  document: Buffer | undefined;
  /** what the Transcript lacks that the input could not give (UnitResult.notes) */
  notes: string[];
}

/**
 * prepareUnit, with the document's content digest taken while the document is written (from the
 * event objects the sink is given, see upload/document-digest.ts), so the body need not be
 * decompressed or parsed again; `withDigest` false skips it (a dry run, --queue).
 */
export async function prepareUnitWithDigest(unit: InputUnit, options: PrepareOptions, withDigest = true): Promise<PreparedExtras> {
  const body = gzipOutput(!options.measureOnly, options.storedUpToBytes ?? 0);
  const eventsByType: Record<string, number> = {};
  // a document held whole is digested from its bytes afterwards (upload-prepare.ts), which costs half as much
  const digest = withDigest && !options.measureOnly && !surelyHeldWhole(unit) ? new DocumentDigest() : undefined;
  let writtenHeader: TranscriptHeader | undefined;
  const compact = transcriptDocument('compact');
  let result;
  try {
    result = await produceUnit(unit, async () => countingSink(await spooledSink(body, (header, spool, output) => {
      writtenHeader = header;
      return compact(header, spool, output);
    }), eventsByType, digest), {
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
  return {
    prepared: prepared(unit.name, result.header, body, eventsByType),
    digest: digest && writtenHeader ? digest.digest(writtenHeader as unknown as Record<string, unknown>) : undefined,
    document: body.document(),
    notes: result.notes,
  };
}

/**
 * Whether the unit's document will surely be held whole by gzipOutput (document() then gives its
 * bytes): a native session whose files, all known, are at most half that size (a converted
 * session is seldom larger than its logs). Should a document outgrow that all the same, the
 * digest is taken from the gzipped body (sent-content.ts), only more slowly.
 */
function surelyHeldWhole(unit: InputUnit): boolean {
  if (unit.kind !== 'native' || unit.session.companions === 'discover') return false;
  let bytes = 0;
  for (const file of [unit.session.main, ...unit.session.companions]) {
    const size = file.size ?? (file.path === undefined ? undefined : statSync(file.path, { throwIfNoEntry: false })?.size);
    if (size === undefined) return false;
    bytes += size;
  }
  return bytes <= COMPRESS_AT_ONCE_BYTES / 2;
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

/** Counts the events by type and, given a digest, feeds it each event as written (revised ones again). */
function countingSink(inner: EventSink, byType: Record<string, number>, digest: DocumentDigest | undefined): EventSink {
  let count = 0;
  const revise = inner.revise;
  return {
    event(event) {
      byType[event.type] = (byType[event.type] ?? 0) + 1;
      digest?.event(event, count);
      count += 1;
      return inner.event(event);
    },
    ...(revise ? {
      revise: (fix, upTo) => revise.call(inner, digest ? (event, index) => {
        const fixed = fix(event, index);
        if (fixed) digest.event(fixed, index);
        return fixed;
      } : fix, upTo),
    } : {}),
    end: (header) => inner.end(header),
    abort: () => inner.abort(),
  };
}
