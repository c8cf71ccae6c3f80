/** Small, safe accessors for native records of unknown shape, shared by every adapter. */

export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A non-empty string field, else undefined. */
export function stringField<R extends object = Json>(record: R | undefined, key: keyof R & string): string | undefined {
  const value = (record as Json | undefined)?.[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A finite number field, else undefined. */
export function numberField<R extends object = Json>(record: R | undefined, key: keyof R & string): number | undefined {
  const value = (record as Json | undefined)?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A native record as read, with the field names the agent writes: a name the agent renames is a
 * compile error where it is used, while every value stays `unknown` until an accessor checks it.
 */
export type Native<Shape> = { readonly [K in keyof Shape]?: unknown };

/** A value as a native record of this shape, when it is an object. */
export function nativeOf<Shape>(value: unknown): Native<Shape> | undefined {
  return asRecord(value) as Native<Shape> | undefined;
}

/** The records of a detection sample that have a non-empty string `type`, with it. */
export function* typedRecords(sample: readonly unknown[]): Generator<{ record: Json; type: string }> {
  for (const item of sample) {
    const record = asRecord(item);
    const type = stringField(record, 'type');
    if (record && type) yield { record, type };
  }
}

/** A value some releases write as a JSON string: the string parsed, kept as written when it is not JSON; any other value as it is. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A function call's arguments, usually a JSON string (see `parsedJson`); none → an empty object. */
export const callArguments = (value: unknown): unknown => parsedJson(value ?? {});
