/**
 * Reading facts from a session file's head and tail (`SessionGlance`), for the adapters' session
 * stores. The head may end and the tail may start in the middle of a line: those partial lines
 * are left out, so every record read is a whole line.
 */
import type { SessionGlance, StoredSessionFacts } from '../types.js';
import { asRecord } from './json.js';
import { isoTime } from './time.js';

type JsonRecord = Record<string, unknown>;

/** Lines of a JSONL file, when the whole file was read. */
export function lineCount(file: SessionGlance): number | undefined {
  if (!file.whole) return undefined;
  let count = 0;
  for (let start = 0; start < file.head.length; ) {
    const end = endOfLine(file.head, start);
    if (!isBlank(file.head, start, end)) count += 1;
    start = end + 1;
  }
  return count;
}

const endOfLine = (text: string, from: number): number => {
  const at = text.indexOf('\n', from);
  return at === -1 ? text.length : at;
};

/** Whether text[start, end) holds only white space, without cutting it out. */
function isBlank(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at += 1) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return false;
  }
  return true;
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

/**
 * The last message of a JSON document whose messages each open with their `role` key, from a
 * piece of its end: its role, and the text from that key on (the message and what follows it).
 */
export function lastMessage(tail: string): { role: string; text: string } | undefined {
  const at = tail.lastIndexOf('"role"');
  const role = at === -1 ? undefined : firstValue(tail.slice(at), 'role');
  return typeof role === 'string' ? { role, text: tail.slice(at) } : undefined;
}

/** A time a record holds (RFC 3339 string or epoch), as RFC 3339. */
export function timeOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? isoTime(value, { checkStrings: true }) : undefined;
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
  /** asked of the records from the last one backwards: the first answer that is not undefined decides */
  finished?(record: JsonRecord): boolean | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function parseLine(line: string): JsonRecord | undefined {
  try {
    return asRecord(JSON.parse(line));
  } catch {
    return undefined;
  }
}

/**
 * Whole lines of the head, first to last, cut out and parsed one at a time (most facts are in the
 * first few, so most of the head is never copied).
 */
function* forward(file: SessionGlance): Generator<JsonRecord> {
  const text = file.head;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    if (newline === -1 && !file.whole) return; // the head ends inside a line
    const end = newline === -1 ? text.length : newline;
    const record = isBlank(text, start, end) ? undefined : parseLine(text.slice(start, end));
    if (record) yield record;
    start = end + 1;
  }
}

/** Whole lines of the tail, last to first. */
function* backward(file: SessionGlance): Generator<JsonRecord> {
  const text = file.tail;
  const first = file.whole ? 0 : text.indexOf('\n') + 1; // the tail starts inside a line
  if (!file.whole && first === 0) return;
  for (let end = text.length; ; ) {
    const newline = end > first ? text.lastIndexOf('\n', end - 1) : -1;
    const start = newline >= first ? newline + 1 : first;
    const record = start < end && !isBlank(text, start, end) ? parseLine(text.slice(start, end)) : undefined;
    if (record) yield record;
    if (newline < first) return;
    end = newline;
  }
}

/**
 * The facts of a JSONL session: id, project and start from the first records that hold them, end
 * and finished from the last. Lines are parsed only until every fact is found.
 */
export function jsonlFacts(file: SessionGlance, pick: LineFacts): StoredSessionFacts {
  const time = (record: JsonRecord) => (pick.time ? timeOf(pick.time(record)) : undefined);
  let sessionId: string | undefined;
  let project: string | undefined;
  let startedAt: string | undefined;
  for (const record of forward(file)) {
    sessionId ??= text(pick.sessionId?.(record));
    project ??= text(pick.project?.(record));
    startedAt ??= time(record);
    if ((sessionId || !pick.sessionId) && (project || !pick.project) && (startedAt || !pick.time)) break;
  }
  let endedAt: string | undefined;
  let finished: boolean | undefined;
  for (const record of backward(file)) {
    endedAt ??= time(record);
    finished ??= pick.finished?.(record);
    if ((endedAt || !pick.time) && (finished !== undefined || !pick.finished)) break;
  }
  return definedFacts({ sessionId, project, startedAt, endedAt, finished, events: lineCount(file) });
}

/** `sessionId`, `cwd` and `timestamp` on every record: Claude Code's line shape, which Qwen Code keeps. */
export const SESSION_LINE_FIELDS = {
  sessionId: (record: JsonRecord) => record.sessionId,
  project: (record: JsonRecord) => record.cwd,
  time: (record: JsonRecord) => record.timestamp,
} satisfies LineFacts;

/**
 * For `LineFacts.finished`: a record of one of `turnTypes` decides; the turn ended when it is the
 * assistant's (`type: "assistant"`) and its message does not wait on a tool.
 */
export function answered(record: JsonRecord, turnTypes: ReadonlySet<string>, waitsOnTool: (message: JsonRecord) => boolean): boolean | undefined {
  if (!turnTypes.has(String(record.type))) return undefined;
  return record.type === 'assistant' && !waitsOnTool(asRecord(record.message) ?? {});
}

/** Which top-level fields of a one-document session hold its facts. */
export interface DocumentFields {
  sessionId: string;
  project?: string;
  startedAt?: string;
  endedAt?: string;
  /** the array of the session's records, counted as its events */
  records?: string;
}

/**
 * The facts of a session kept as one JSON document that writes its header fields first: from the
 * document when it was read whole, else from the first values in its head. Null for a document
 * without a session id (another JSON file in the folder).
 */
export function documentFacts(file: SessionGlance, fields: DocumentFields): StoredSessionFacts | null {
  const document = wholeDocument(file);
  const field = (key: string | undefined) => (key === undefined ? undefined : document ? document[key] : firstValue(file.head, key));
  const sessionId = text(field(fields.sessionId));
  if (!sessionId) return null;
  const records = fields.records === undefined ? undefined : document?.[fields.records];
  return definedFacts({
    sessionId,
    project: text(field(fields.project)),
    startedAt: timeOf(field(fields.startedAt)),
    endedAt: timeOf(field(fields.endedAt)),
    events: Array.isArray(records) ? records.length : undefined,
  });
}

/**
 * A string field of the record a file's first line holds, by its dotted path (`payload.id`):
 * parsed whole when the line is whole, else the path's last key looked for in the piece read (a
 * first line longer than the head read).
 */
export function headField(firstLine: string, path: string): string | undefined {
  const keys = path.split('.');
  let value: unknown;
  try {
    value = JSON.parse(firstLine) as unknown;
    for (const key of keys) value = asRecord(value)?.[key];
  } catch {
    value = firstValue(firstLine, keys[keys.length - 1]!);
  }
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Facts of a whole chat document (Gemini CLI 0.38 and earlier, Qwen Code 0.1.x): its header
 * fields come before the messages; finished when the last message is the model's (`modelType`).
 */
export function chatDocumentFacts(file: SessionGlance, modelType: string): StoredSessionFacts {
  const messages = wholeDocument(file)?.messages;
  const last = Array.isArray(messages) ? asRecord(messages.at(-1)) : undefined;
  return definedFacts({
    sessionId: firstValue(file.head, 'sessionId')?.toString(),
    startedAt: timeOf(firstValue(file.head, 'startTime')),
    endedAt: timeOf(firstValue(file.head, 'lastUpdated')),
    finished: last ? last.type === modelType : undefined,
  });
}
