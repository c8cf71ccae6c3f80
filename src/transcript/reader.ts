/**
 * Reads an existing Transcript: one JSON document, or the `--stream` form (one event per line,
 * then the header line). The document is parsed whole, so its size is bounded by memory; the
 * stream form is too, for now (events are validated and kept to be redacted in order).
 */
import { invalidInputError } from '../errors.js';
import { TranscriptSchema, type Transcript } from './schema.js';

/** Cheap test on the first bytes of an input: does it look like a Transcript rather than a native log? */
export function looksLikeTranscript(head: string): boolean {
  return /"schemaVersion"\s*:\s*"0\.1\./.test(head) || (/^\s*\{"id":"ev_\d+","seq":1,/.test(head));
}

export function parseTranscript(text: string, name: string): Transcript {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    document = fromStreamLines(text, name);
  }
  const result = TranscriptSchema.safeParse(document);
  if (!result.success) {
    const first = result.error.issues[0];
    throw invalidInputError(`${name}: not a valid Transcript: ${first?.path.map(String).join('.') || '(document)'}: ${first?.message ?? 'invalid'} (see atx validate)`);
  }
  return result.data;
}

function fromStreamLines(text: string, name: string): unknown {
  const events: unknown[] = [];
  let header: Record<string, unknown> | null = null;
  let lineNumber = 0;
  for (const line of text.split('\n')) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw invalidInputError(`${name}:${lineNumber}: not JSON (expected a Transcript document or atx --stream lines)`);
    }
    if (value && typeof value === 'object' && 'schemaVersion' in value) header = value as Record<string, unknown>;
    else events.push(value);
  }
  if (!header) throw invalidInputError(`${name}: no Transcript header line (expected a Transcript document or atx --stream lines)`);
  return { ...header, events };
}
