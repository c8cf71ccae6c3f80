/**
 * `--format` and the writer options of `atx convert`, `atx redact` and `atx run`, all read from the writers
 * table (src/writers/index.ts): a format added there is offered, documented, completed and
 * written to folders under its own file name ending without a change here.
 */
import { Option } from 'commander';
import { usageError } from '../errors.js';
import { spooledSink, streamingSink } from '../sinks/transcript-sinks.js';
import { WRITERS, writerFor } from '../writers/index.js';
/** `--stream` writes Transcript JSONL as events come, so only the Transcript formats go with it. */
const STREAMED_FORMATS = new Set(['json', 'jsonl']);
/** Writer options that mean something to one format only: given with another, they are a mistake. */
const FORMAT_OF_OPTION = {
    splitTurns: { flag: '--split-turns', format: 'openai' },
    otelContent: { flag: '--otel-content', format: 'otel' },
};
export const formatOption = (defaultNote) => new Option('--format <format>', `output format (${defaultNote}; see Formats below)`).choices(WRITERS.map((writer) => writer.format));
export const splitTurnsOption = () => new Option('--split-turns', 'openai: one line per user turn, each holding the conversation up to that turn\'s answer');
export const otelContentOption = () => new Option('--otel-content', 'otel: include message and tool content in the spans (off by default)');
/** The `Formats:` block of a command's --help: each writer's format and summary. */
export function formatsHelp() {
    const width = Math.max(...WRITERS.map((writer) => writer.format.length));
    return `\nFormats (--format):\n${WRITERS.map((writer) => `  ${writer.format.padEnd(width)}  ${writer.summary}`).join('\n')}`;
}
/** The writer the flags ask for (json when none), after checking the flags go together. */
export function writerOf(flags) {
    const format = flags.format ?? 'json';
    const writer = writerFor(format);
    if (!writer)
        throw usageError(`unknown --format "${format}": one of ${WRITERS.map((w) => w.format).join(', ')}`);
    if (flags.stream && !STREAMED_FORMATS.has(format)) {
        throw usageError(`--stream prints Transcript JSONL as the events come, so it cannot write --format ${format}: drop --stream (or use --format json or jsonl)`);
    }
    for (const [key, { flag, format: owner }] of Object.entries(FORMAT_OF_OPTION)) {
        if (flags[key] && format !== owner)
            throw usageError(`${flag} is for --format ${owner}, not ${format}`);
    }
    return writer;
}
export const writerOptionsOf = (flags) => ({
    ...(flags.pretty ? { pretty: true } : {}),
    ...(flags.splitTurns ? { splitTurns: true } : {}),
    ...(flags.otelContent ? { otelContent: true } : {}),
});
/**
 * A session's sink: each event at once with --stream, else spooled and written by the format's
 * writer. The flags are checked here, so call it before any input is read.
 */
export function sinkFor(flags, writer = writerOf(flags)) {
    if (flags.stream)
        return (output) => Promise.resolve(streamingSink(output));
    const options = writerOptionsOf(flags);
    return (output) => spooledSink(output, writer.writer(options));
}
//# sourceMappingURL=output-format.js.map