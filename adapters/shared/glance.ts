/**
 * Reading facts from a session file's head and tail (`SessionGlance`), for the adapters' session
 * stores. The head may end and the tail may start in the middle of a line: those partial lines
 * are left out, so every record returned is a whole line.
 */
import type { SessionGlance, StoredSessionFacts } from '../types.js';
import { asRecord } from './json.js';
import { isoTime } from './time.js';

type JsonRecord = Record<string, unknown>;

function parseLines(lines: readonly string[]): JsonRecord[] {
  const records: JsonRecord[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    try {
      const record = asRecord(JSON.parse(line));
      if (record) records.push(record);
    } catch {
      // a line that is not JSON tells nothing here; converting the file will name it
    }
  }
  return records;
}

/** The whole JSON lines at the start of the file, in order. */
export function headRecords(file: SessionGlance): JsonRecord[] {
  const lines = file.head.split('\n');
  if (!file.whole) lines.pop();
  return parseLines(lines);
}

/** The whole JSON lines at the end of the file, in order. */
export function tailRecords(file: SessionGlance): JsonRecord[] {
  const lines = file.tail.split('\n');
  if (!file.whole) lines.shift();
  return parseLines(lines);
}

/** Lines of a JSONL file, when the whole file was read. */
export function lineCount(file: SessionGlance): number | undefined {
  if (!file.whole) return undefined;
  return file.head.split('\n').filter((line) => line.trim() !== '').length;
}

/** A file holding one JSON document, parsed when it was read whole. */
export function wholeDocument(file: SessionGlance): JsonRecord | undefined {
  if (!file.whole) return undefined;
  try {
    return asRecord(JSON.parse(file.head));
  } catch {
    return undefined;
  }
}

const quoted = (key: string) => new RegExp(`"${key}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"|-?\\d+(?:\\.\\d+)?)`, 'g');

function scalar(raw: string): string | number | undefined {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first (or last) string or number a key holds anywhere in a piece of a JSON document, for a
 * document too large to be read whole (its head and tail are not valid JSON on their own).
 */
export function firstValue(text: string, key: string): string | number | undefined {
  const match = quoted(key).exec(text);
  return match?.[1] === undefined ? undefined : scalar(match[1]);
}

export function lastValue(text: string, key: string): string | number | undefined {
  let found: string | undefined;
  for (const match of text.matchAll(quoted(key))) found = match[1];
  return found === undefined ? undefined : scalar(found);
}

/** A time a record holds (RFC 3339 string or epoch), as RFC 3339. */
export function timeOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? isoTime(value, { checkStrings: true }) : undefined;
}

/** The first record (or the last, `fromEnd`) for which `pick` gives a value, and that value. */
export function firstPick<T>(records: readonly JsonRecord[], pick: (record: JsonRecord) => T | undefined, fromEnd = false): T | undefined {
  const ordered = fromEnd ? [...records].reverse() : records;
  for (const record of ordered) {
    const value = pick(record);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Drops the fields nobody could fill, so facts merge cleanly. */
export function definedFacts<T extends object>(facts: T): T {
  return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined && value !== '')) as T;
}

/** Where a JSONL session keeps its facts, record by record. */
export interface LineFacts {
  sessionId?(record: JsonRecord): unknown;
  project?(record: JsonRecord): unknown;
  /** a record's own time (RFC 3339 or epoch ms) */
  time?(record: JsonRecord): unknown;
  /** from the last whole records of the file */
  finished?(tail: readonly JsonRecord[]): boolean | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The facts of a JSONL session: id, project and start from the first records that hold them, end and finished from the last. */
export function jsonlFacts(file: SessionGlance, pick: LineFacts): StoredSessionFacts {
  const head = headRecords(file);
  const tail = file.whole ? head : tailRecords(file);
  const time = (record: JsonRecord) => (pick.time ? timeOf(pick.time(record)) : undefined);
  return definedFacts({
    sessionId: pick.sessionId ? firstPick(head, (record) => text(pick.sessionId?.(record))) : undefined,
    project: pick.project ? firstPick(head, (record) => text(pick.project?.(record))) : undefined,
    startedAt: firstPick(head, time),
    endedAt: firstPick(tail, time, true),
    finished: pick.finished?.(tail),
    events: lineCount(file),
  });
}

/** The last record of one of `types` (by its `type` field), among the tail's records. */
export function lastOfType(tail: readonly JsonRecord[], types: ReadonlySet<string>, field = 'type'): JsonRecord | undefined {
  return firstPick(tail, (record) => (types.has(String(record[field])) ? record : undefined), true);
}

/** `sessionId`, `cwd` and `timestamp` on every record: Claude Code's line shape, which Qwen Code keeps. */
export const SESSION_LINE_FIELDS = {
  sessionId: (record: JsonRecord) => record.sessionId,
  project: (record: JsonRecord) => record.cwd,
  time: (record: JsonRecord) => record.timestamp,
} satisfies LineFacts;

/**
 * Whether the last turn ended: the last record of one of `turnTypes` is the assistant's
 * (`type: "assistant"`) and its message does not wait on a tool.
 */
export function endsWithAnswer(tail: readonly JsonRecord[], turnTypes: ReadonlySet<string>, waitsOnTool: (message: JsonRecord) => boolean): boolean | undefined {
  const last = lastOfType(tail, turnTypes);
  if (!last) return undefined;
  return last.type === 'assistant' && !waitsOnTool(asRecord(last.message) ?? {});
}
