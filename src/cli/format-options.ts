/** The `--format` options and the Formats help of the commands that write Transcripts (output-format.ts reads the flags). */
import { Option } from 'commander';
import { WRITERS } from '../writers/index.js';

export const formatOption = (defaultNote: string): Option =>
  new Option('--format <format>', `output format (${defaultNote}; see Formats below)`).choices(WRITERS.map((writer) => writer.format));

export const splitTurnsOption = (): Option => new Option('--split-turns', 'openai: one line per user turn, each holding the conversation up to that turn\'s answer');
export const otelContentOption = (): Option => new Option('--otel-content', 'otel: include message and tool content in the spans (off by default)');

/** The `Formats:` block of a command's --help: each writer's format and summary. */
export function formatsHelp(): string {
  const width = Math.max(...WRITERS.map((writer) => writer.format.length));
  return `\nFormats (--format):\n${WRITERS.map((writer) => `  ${writer.format.padEnd(width)}  ${writer.summary}`).join('\n')}`;
}
