/**
 * An output format: one module per format in src/writers/, one line in the table (index.ts).
 * A writer is handed a finished Transcript (its header and a way to read its events, already
 * redacted by the profile) and writes it to an Output. It never sees native records or the
 * values a profile removed, so it cannot bring them back.
 */
import type { FinishFromSpool } from '../sinks/transcript-sinks.js';

export interface WriterOptions {
  /** `--pretty` for formats that have a pretty form */
  pretty?: boolean;
  /** OpenAI JSONL: one line per user turn instead of one per session */
  splitTurns?: boolean;
  /** OpenTelemetry: include message content (`gen_ai.input.messages` …); off by default */
  otelContent?: boolean;
}

export interface TranscriptWriter {
  /** the `--format` value */
  format: string;
  /** one line for `--help` and `atx help formats` */
  summary: string;
  /** the file name ending used when writing to a folder, e.g. `.transcript.json`, `.md` */
  extension: string;
  /**
   * Several Transcripts into one file or stdout: `append` writes them one after another (JSONL,
   * Markdown); `single` means the format holds one session per file (`-o <folder>` for more).
   */
  several: 'append' | 'single';
  /** `header` first, then `spool.events()` as often as the format needs (each call is a new pass). */
  writer(options: WriterOptions): FinishFromSpool;
}
