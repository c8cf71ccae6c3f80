/**
 * Writes one unit as a Transcript into a sink, through a transform (redaction, or a scanner's
 * collector): a native session is converted by its adapter; a Transcript is checked, then its
 * events and header pass through the same transform. Every command ends here, so a unit gives
 * the same Transcript whichever command reads it.
 */
import type { Adapter } from '../../adapters/types.js';
import { mergePrivacy } from '../../redaction/index.js';
import type { RecordTypeCounts } from '../pipeline/assembler.js';
import { convertSession, reviseEarlierEvents, type ConvertOptions, type EventTransform } from '../pipeline/convert.js';
import type { EventSink } from '../sinks/transcript-sinks.js';
import type { TranscriptHeader } from '../transcript/index.js';
import type { InputUnit, TranscriptUnit } from './reader.js';

export interface UnitResult {
  input: string;
  kind: 'native' | 'transcript';
  /** the adapter that converted a native unit */
  adapter: Adapter | undefined;
  header: TranscriptHeader;
  /** native records by type: mapped, skipped, unknown (empty for a Transcript) */
  recordTypes: ReadonlyMap<string, RecordTypeCounts>;
}

export async function produceUnit(
  unit: InputUnit,
  makeSink: () => Promise<EventSink>,
  options: ConvertOptions,
): Promise<UnitResult> {
  if (unit.kind === 'unreadable') throw unit.error;
  if (unit.kind === 'native') {
    const result = await convertSession(unit.session, makeSink, options, unit.opened);
    return { input: unit.name, kind: 'native', adapter: result.adapter, header: result.header, recordTypes: result.recordTypes };
  }
  return { input: unit.name, kind: 'transcript', adapter: undefined, header: await passTranscript(unit, makeSink, options.transform), recordTypes: new Map() };
}

/**
 * An existing Transcript through the transform. Earlier receipts are kept and their placeholder
 * numbers reserved, so redacting again only adds what the new profile finds.
 */
async function passTranscript(unit: TranscriptUnit, makeSink: () => Promise<EventSink>, makeTransform: (() => EventTransform) | undefined): Promise<TranscriptHeader> {
  // the zod schema is loaded only when a Transcript is read, not for native logs
  const { checkTranscript, invalidTranscriptError } = await import('./transcript-check.js');
  const checked = checkTranscript(unit.document);
  if (!checked.ok) throw invalidTranscriptError(unit.name, checked.issues);
  const { events, ...header } = checked.transcript;
  const transform = makeTransform?.();
  transform?.reserveExisting?.(JSON.stringify(unit.document));
  transform?.environment(header.session.environment);
  const sink = await makeSink();
  try {
    for (const event of events) {
      const pending = sink.event(transform ? transform.event(event) : event);
      if (pending) await pending;
    }
    let written = header;
    await reviseEarlierEvents(transform, sink);
    if (transform) {
      const redacted = transform.header(header);
      written = { ...redacted, privacy: mergePrivacy(header.privacy, redacted.privacy) };
    }
    await sink.end(written);
    return written;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
