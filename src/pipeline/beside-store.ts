/**
 * What a head of bytes looks like, for the files found beside a store: a folder read as a store (an
 * OpenCode data folder, a folder of Cline tasks) may also hold logs of its own (a session copied
 * there), which the store's reader does not read. Only a file whose first records an adapter
 * recognises, or a Transcript, is taken for one: the store's own files (its metadata, an auth.json)
 * are recognised by none and stay the store's.
 */
import type { Adapter } from '../../adapters/types.js';
import { detectFormat } from './detect.js';

const SAMPLE_RECORDS = 20;

/** Whether the first bytes of a file are a log an adapter reads, or a Transcript. */
export function headIsSessionLog(head: Buffer, wholeFile: boolean, adapters: readonly Adapter[]): boolean {
  const text = head.toString('utf8');
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') && text.includes('"schemaVersion"') && text.includes('"transcriptId"')) return true;
  const sample: unknown[] = [];
  const values: unknown[] = [];
  const take = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? sample : values).push(value);
  for (const line of text.split('\n')) {
    if (sample.length >= SAMPLE_RECORDS) break;
    const parsed = parsedOrUndefined(line);
    if (parsed !== undefined) take(parsed);
  }
  // a JSON document over several lines: read whole when the head is the whole file
  if (sample.length === 0 && wholeFile) {
    const parsed = parsedOrUndefined(text);
    if (parsed !== undefined) take(parsed);
  }
  const outcome = detectFormat(adapters, sample, values);
  return outcome.kind === 'adapter' || outcome.kind === 'ambiguous';
}

function parsedOrUndefined(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
