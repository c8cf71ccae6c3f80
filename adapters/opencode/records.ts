/**
 * The records OpenCode's store readers hand to the converter: one `session` record (the session
 * row or file, with its project), then one `message` record per message holding the message info
 * and its parts in order — the same `{info, parts}` pairs `opencode export` prints. A child
 * session (task subagent) follows the message whose task call started it (its own `session`
 * record, then its messages); children no task call names come at the end.
 * The info and part objects are OpenCode's own JSON (the `data` column with the row's ids put
 * back), never reshaped.
 */
export type StoreKind = 'sqlite' | 'storage';

export interface StoreSessionRecord {
  opencode: 'session';
  store: StoreKind;
  info: Record<string, unknown>;
  project?: Record<string, unknown>;
}

export interface StoreMessageRecord {
  opencode: 'message';
  store: StoreKind;
  info: Record<string, unknown>;
  parts: unknown[];
}

/** A row or file that could not be read as JSON, or a table this adapter does not read yet: reported, never dropped. */
export interface StoreUnreadableRecord {
  opencode: 'unreadable';
  store: StoreKind;
  what: string;
  reason: string;
}

export type StoreRecord = StoreSessionRecord | StoreMessageRecord | StoreUnreadableRecord;

/** Child session ids the task calls of a message name (`state.metadata.sessionId`). */
export function childSessionIds(parts: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const part of parts) {
    if (part === null || typeof part !== 'object') continue;
    const { type, state } = part as { type?: unknown; state?: { metadata?: { sessionId?: unknown } } };
    const id = state?.metadata?.sessionId;
    if (type === 'tool' && typeof id === 'string') ids.push(id);
  }
  return ids;
}

/** Any store record as the converter reads it, by field name (values are checked where read). */
export type StoreLine = StoreSessionRecord & Omit<StoreMessageRecord, 'opencode'> & Omit<StoreUnreadableRecord, 'opencode'>;

/** An `opencode run --format json` line (run.ts `emit(...)`). */
export interface RunLine {
  type: string;
  timestamp: number;
  sessionID: string;
  part: unknown;
  error: unknown;
}

/** `opencode export <id>`: the session and its messages, one document. */
export interface ExportDocument {
  info: unknown;
  messages: unknown[];
  todos: unknown[];
}
