/**
 * `--format` and the writer options of `atx convert`, `atx redact` and `atx run`, all read from the writers
 * table (src/writers/index.ts): a format added there is offered, documented, completed and
 * written to folders under its own file name ending without a change here. The command-line
 * options themselves are in format-options.ts: a batch's worker threads need only the writer.
 */
import { usageError } from '../errors.js';
import type { Output } from '../sinks/output.js';
import { spooledSink, streamingSink, type EventSink } from '../sinks/transcript-sinks.js';
import { WRITERS, writerFor, type TranscriptWriter, type WriterOptions } from '../writers/index.js';

export interface FormatFlags {
  format?: string;
  stream?: boolean;
  pretty?: boolean;
  splitTurns?: boolean;
  otelContent?: boolean;
}

/** `--stream` writes Transcript JSONL as events come, so only the Transcript formats go with it. */
const STREAMED_FORMATS = new Set(['json', 'jsonl']);

/** Writer options that mean something to one format only: given with another, they are a mistake. */
const FORMAT_OF_OPTION: Record<'splitTurns' | 'otelContent', { flag: string; format: string }> = {
  splitTurns: { flag: '--split-turns', format: 'openai' },
  otelContent: { flag: '--otel-content', format: 'otel' },
};

/** The writer the flags ask for (json when none), after checking the flags go together. */
export function writerOf(flags: FormatFlags): TranscriptWriter {
  const format = flags.format ?? 'json';
  const writer = writerFor(format);
  if (!writer) throw usageError(`unknown --format "${format}": one of ${WRITERS.map((w) => w.format).join(', ')}`);
  if (flags.stream && !STREAMED_FORMATS.has(format)) {
    throw usageError(`--stream prints Transcript JSONL as the events come, so it cannot write --format ${format}: drop --stream (or use --format json or jsonl)`);
  }
  for (const [key, { flag, format: owner }] of Object.entries(FORMAT_OF_OPTION)) {
    if (flags[key as keyof typeof FORMAT_OF_OPTION] && format !== owner) throw usageError(`${flag} is for --format ${owner}, not ${format}`);
  }
  return writer;
}

export const writerOptionsOf = (flags: FormatFlags): WriterOptions => ({
  ...(flags.pretty ? { pretty: true } : {}),
  ...(flags.splitTurns ? { splitTurns: true } : {}),
  ...(flags.otelContent ? { otelContent: true } : {}),
});

/**
 * A session's sink: each event at once with --stream, else spooled and written by the format's
 * writer. The flags are checked here, so call it before any input is read.
 */
export function sinkFor(flags: FormatFlags, writer: TranscriptWriter = writerOf(flags)): (output: Output) => Promise<EventSink> {
  if (flags.stream) return (output) => Promise.resolve(streamingSink(output));
  const options = writerOptionsOf(flags);
  return (output) => spooledSink(output, writer.writer(options));
}
