/** Small, safe accessors for native records of unknown shape, shared by every adapter. */

export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A non-empty string field, else undefined. */
export function stringField(record: Json | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A finite number field, else undefined. */
export function numberField(record: Json | undefined, key: string): number | undefined {
  const value = record?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A native record as read, with the field names the agent writes: a name the agent renames is a
 * compile error where it is used, while every value stays `unknown` until an accessor checks it.
 */
export type Native<Shape> = { readonly [K in keyof Shape]?: unknown } & Json;
