/**
 * Every output format, in one table: adding one is a module in this folder and a line here. A
 * format's module is loaded when a Transcript is first written in it: `--help`, the `--format`
 * choices and a batch's threads writing JSON load none of them.
 */
import { transcriptDocument } from '../sinks/transcript-sinks.js';
import type { TranscriptWriter } from './types.js';

export type { TranscriptWriter, WriterOptions } from './types.js';

type WriterOf = TranscriptWriter['writer'];

/** A format's writer from its module, imported at the first Transcript written (import() keeps it). */
const loadedWith = (load: () => Promise<WriterOf>): WriterOf => (options) => async (header, spool, output) =>
  (await load())(options)(header, spool, output);

const json: TranscriptWriter = {
  format: 'json',
  summary: 'one Transcript JSON document (the default)',
  extension: '.transcript.json',
  several: 'single',
  writer: (options) => transcriptDocument(options.pretty ? 'pretty' : 'compact'),
};

const jsonl: TranscriptWriter = {
  format: 'jsonl',
  summary: 'one Transcript per line',
  extension: '.transcript.jsonl',
  several: 'append',
  writer: () => transcriptDocument('line'),
};

const markdown: TranscriptWriter = {
  format: 'markdown',
  summary: 'the conversation as a person reads it: a PR comment, a pager (several sessions follow each other)',
  extension: '.md',
  several: 'append',
  writer: loadedWith(() => import('./markdown.js').then((module) => module.markdownWriter)),
};

const html: TranscriptWriter = {
  format: 'html',
  summary: 'one self-contained HTML page to read the session in a browser (no network request)',
  extension: '.html',
  several: 'single',
  writer: loadedWith(() => import('./html.js').then((module) => module.htmlWriter)),
};

const atif: TranscriptWriter = {
  format: 'atif',
  summary: 'one ATIF v1.7 trajectory document (Harbor) per session',
  extension: '.atif.json',
  several: 'single',
  writer: loadedWith(() => import('./atif.js').then((module) => module.atifWriter)),
};

const openai: TranscriptWriter = {
  format: 'openai',
  summary: 'OpenAI chat JSONL for fine-tuning: {"messages":[…]} per session, or per user turn with --split-turns (no reasoning, no subagents)',
  extension: '.openai.jsonl',
  several: 'append',
  writer: loadedWith(() => import('./openai.js').then((module) => module.openaiWriter)),
};

const otel: TranscriptWriter = {
  format: 'otel',
  summary: 'OpenTelemetry GenAI spans, as OTLP JSON lines (message content only with --otel-content)',
  extension: '.otlp.json',
  several: 'append',
  writer: loadedWith(() => import('./otel.js').then((module) => module.otelDocument)),
};

export const WRITERS: readonly TranscriptWriter[] = [json, jsonl, markdown, html, atif, openai, otel];

export function writerFor(format: string): TranscriptWriter | undefined {
  return WRITERS.find((w) => w.format === format);
}
