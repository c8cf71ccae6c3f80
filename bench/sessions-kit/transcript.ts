/**
 * Reading a Transcript the way the end-to-end scorers count: every string with the place it sits
 * in (by the event and field that hold it), receipts and the privacy block left out.
 */

export type Place = 'prompt' | 'assistant text' | 'reasoning' | 'tool args' | 'file path' | 'tool output' | 'system' | 'meta' | 'metadata';

export interface PlacedString {
  place: Place;
  text: string;
}

/** Where a string of a Transcript sits, by the event that holds it and the field. */
export function placeOf(event: { type?: string } | undefined, path: (string | number)[]): Place {
  if (!event) return 'metadata';
  const keys = path.filter((k): k is string => typeof k === 'string');
  const leaf = keys.at(-1) ?? '';
  if (keys.includes('files') && leaf === 'path') return 'file path';
  switch (event.type) {
    case 'user_message':
      return 'prompt';
    case 'assistant_message':
      return 'assistant text';
    case 'reasoning':
      return 'reasoning';
    case 'tool_call':
      return keys.includes('input') && /path|file/i.test(leaf) && leaf !== 'content' ? 'file path' : 'tool args';
    case 'tool_result':
      return 'tool output';
    case 'meta':
      return 'meta';
    default:
      return 'system';
  }
}

/** Every string of a Transcript with its place; the redaction receipts and the privacy block are skipped. */
export function transcriptStrings(transcript: { events?: unknown[] } & Record<string, unknown>): PlacedString[] {
  const out: PlacedString[] = [];
  const walk = (node: unknown, event: { type?: string } | undefined, path: (string | number)[]): void => {
    if (typeof node === 'string') out.push({ place: placeOf(event, path), text: node });
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, event, [...path, i]));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'redactions') continue;
        walk(value, event, [...path, key]);
      }
    }
  };
  for (const [key, value] of Object.entries(transcript)) {
    if (key === 'privacy') continue;
    if (key === 'events' && Array.isArray(value)) for (const ev of value) walk(ev, ev as { type?: string }, []);
    else walk(value, undefined, [key]);
  }
  return out;
}

/** A `--stream` output: event lines, then one header line (the Transcript without its events). */
export function streamTranscript(text: string): { events: unknown[] } & Record<string, unknown> {
  const lines = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const header = lines.at(-1) ?? {};
  return { ...header, events: lines.slice(0, -1) };
}

/** How often `needle` stands in `text`, copies not overlapping. */
export function countIn(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Whether a native file holds a value: as is, or escaped inside a JSON string. */
export const heldBy = (text: string, value: string): boolean => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1));
