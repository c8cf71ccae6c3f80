/**
 * Writes one unit as a Transcript into a sink, through a transform (redaction, or a scanner's
 * collector): a native session is converted by its adapter; a Transcript is checked, then its
 * events and header pass through the same transform. Every command ends here, so a unit gives
 * the same Transcript whichever command reads it.
 */
import type { Adapter } from '../../adapters/types.js';
import type { RecordTypeCounts } from '../pipeline/assembler.js';
import { convertSession, reviseEarlierEvents, type ConvertOptions, type EventTransform } from '../pipeline/convert.js';
import type { EventSink } from '../sinks/transcript-sinks.js';
import type { TranscriptHeader } from '../transcript/index.js';
import type { InputUnit, StreamedTranscriptUnit, TranscriptUnit } from './reader.js';

export interface UnitResult {
  input: string;
  kind: 'native' | 'transcript';
  /** the adapter that converted a native unit */
  adapter: Adapter | undefined;
  header: TranscriptHeader;
  /** native records by type: mapped, skipped, unknown (empty for a Transcript) */
  recordTypes: ReadonlyMap<string, RecordTypeCounts>;
  /** what the Transcript lacks that the input could not give: each command says each as a warning */
  notes: string[];
}

export async function produceUnit(
  unit: InputUnit,
  makeSink: () => Promise<EventSink>,
  options: ConvertOptions,
): Promise<UnitResult> {
  if (unit.kind === 'unreadable') throw unit.error;
  if (unit.kind === 'native') {
    const result = await convertSession(unit.session, makeSink, options, unit.opened);
    return { input: unit.name, kind: 'native', adapter: result.adapter, header: result.header, recordTypes: result.recordTypes, notes: result.notes };
  }
  return { input: unit.name, kind: 'transcript', adapter: undefined, header: await passTranscript(unit, makeSink, options.transform), recordTypes: new Map(), notes: [] };
}

/**
 * An existing Transcript through the transform. Earlier receipts are kept and their placeholder
 * numbers reserved, so redacting again only adds what the new profile finds.
 */
async function passTranscript(unit: TranscriptUnit, makeSink: () => Promise<EventSink>, makeTransform: (() => EventTransform) | undefined): Promise<TranscriptHeader> {
  if ('streamed' in unit) return passStreamedTranscript(unit, makeSink, makeTransform);
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
    return await endTranscript(header, sink, transform);
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/**
 * The same for a Transcript read as a stream: each event is checked as it comes and passed on;
 * the sink holds them until the end, so a Transcript that fails a check writes nothing.
 */
async function passStreamedTranscript(unit: StreamedTranscriptUnit, makeSink: () => Promise<EventSink>, makeTransform: (() => EventTransform) | undefined): Promise<TranscriptHeader> {
  const { StreamedTranscriptCheck, invalidTranscriptError } = await import('./transcript-check.js');
  const { header: members, events, placeholders } = unit.streamed;
  const check = new StreamedTranscriptCheck(members);
  const transform = makeTransform?.();
  for (const placeholder of placeholders) transform?.reserveExisting?.(placeholder);
  const sink = await makeSink();
  try {
    transform?.environment(check.header?.session.environment);
    for await (const value of events) {
      const event = check.event(value);
      if (!event) continue;
      const pending = sink.event(transform ? transform.event(event) : event);
      if (pending) await pending;
    }
    const verdict = check.finish();
    if (!verdict.ok) throw invalidTranscriptError(unit.name, verdict.issues);
    return await endTranscript(verdict.header, sink, transform);
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/** The second look at earlier events, then the header: earlier receipts kept, new ones added. */
async function endTranscript(header: TranscriptHeader, sink: EventSink, transform: EventTransform | undefined): Promise<TranscriptHeader> {
  let written = header;
  await reviseEarlierEvents(transform, sink);
  if (transform) {
    const { mergePrivacy } = await import('../../redaction/transcript-redactor.js'); // loaded with the transform: `none` loads no rule
    const redacted = transform.header(header);
    written = { ...redacted, privacy: mergePrivacy(header.privacy, redacted.privacy) };
  }
  await sink.end(written);
  return written;
}
