/**
 * Fields a converter has never seen (a newer release's `summary`, `reasoning_content`,
 * `annotations`, …): their prose is kept as a `meta` event of kind `unread-field`, after the
 * record's own events. The policy (adapters/shared/README.md): a field whose name is not among the
 * adapter's known fields, at a record's top level or one level down in an object the record holds
 * (its message, payload, data, …), is kept when its value is prose (a string of at least
 * MIN_FIELD_PROSE characters with whitespace, or such strings in arrays and objects two levels
 * down); short scalars, ids, numbers and payloads are metadata and ignored. Only names outside the
 * known list are looked at, so a record costs a lookup per key and nothing more.
 */
import type { ConverterFactory, ConverterOutput, NativeRecord } from '../types.js';
import type { Json } from './json.js';
import { MIN_FIELD_PROSE, proseIn } from './prose.js';

export interface UnreadProse {
  /** the field's path in the record, e.g. `message.reasoning_summary` */
  field: string;
  text: string;
}

const NONE: readonly UnreadProse[] = Object.freeze([]);

/**
 * Whether a text is a copy of what the converter read from the same record (Claude Code's
 * `toolUseResult` repeats the tool_result block's output, a web search's links, an approved plan).
 */
export type CopyOfRead = (record: Json, text: string) => boolean;

function withProse(found: UnreadProse[] | undefined, field: string, value: unknown, record: Json, isCopy: CopyOfRead | undefined): UnreadProse[] | undefined {
  const all = proseIn(value, MIN_FIELD_PROSE);
  const texts = isCopy && all.length > 0 ? all.filter((text) => !isCopy(record, text)) : all;
  if (texts.length === 0) return found;
  const list = found ?? [];
  list.push({ field, text: texts.join('\n') });
  return list;
}

/** Prose in the fields of `value` (and of its known objects, one level down) that `known` does not name. */
export function unreadProse(value: Json, known: ReadonlySet<string>, isCopy?: CopyOfRead): readonly UnreadProse[] {
  let found: UnreadProse[] | undefined;
  for (const key in value) {
    const inner = value[key];
    if (!known.has(key)) {
      found = withProse(found, key, inner, value, isCopy);
    } else if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      const object = inner as Json;
      for (const innerKey in object) if (!known.has(innerKey)) found = withProse(found, `${key}.${innerKey}`, object[innerKey], value, isCopy);
    }
  }
  return found ?? NONE;
}

function emitUnread(out: ConverterOutput, record: NativeRecord, known: ReadonlySet<string>, isCopy: CopyOfRead | undefined): void {
  for (const { field, text } of unreadProse(record.value, known, isCopy)) {
    out.emit({
      type: 'meta', role: 'system', text, timestamp: null,
      meta: { kind: 'unread-field', field, line: record.line, reason: 'a field this converter does not know held text' },
    });
  }
}

/**
 * A converter factory whose every record's unknown prose fields are kept after the record's events,
 * except records the adapter names transient (a status line, output so far that a later record
 * holds whole): their prose is not the conversation's. A text the adapter says is a copy of what it
 * read from the same record is not kept twice.
 */
export function keepingUnreadFields(
  factory: ConverterFactory, knownFields: readonly string[], transient?: (value: Json) => boolean, isCopy?: CopyOfRead,
): ConverterFactory {
  const known = new Set(knownFields);
  return (out) => {
    const converter = factory(out);
    return {
      push(record) {
        converter.push(record);
        if (!transient?.(record.value)) emitUnread(out, record, known, isCopy);
      },
      flush: () => converter.flush(),
      ...(converter.plainText ? { plainText: (text: string) => converter.plainText?.(text) } : {}),
    };
  };
}
