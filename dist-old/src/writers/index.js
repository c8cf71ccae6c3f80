/**
 * Every output format, in one table: adding one is a module in this folder and a line here.
 */
import { transcriptDocument } from '../sinks/transcript-sinks.js';
import { atif } from './atif.js';
import { html } from './html.js';
import { markdownWriter } from './markdown.js';
import { openaiWriter } from './openai.js';
import { otel } from './otel.js';
const json = {
    format: 'json',
    summary: 'one Transcript JSON document (the default)',
    extension: '.transcript.json',
    several: 'single',
    writer: (options) => transcriptDocument(options.pretty ? 'pretty' : 'compact'),
};
const jsonl = {
    format: 'jsonl',
    summary: 'one Transcript per line',
    extension: '.transcript.jsonl',
    several: 'append',
    writer: () => transcriptDocument('line'),
};
export const WRITERS = [json, jsonl, markdownWriter, html, atif, openaiWriter, otel];
export function writerFor(format) {
    return WRITERS.find((w) => w.format === format);
}
//# sourceMappingURL=index.js.map