/**
 * The records OpenCode's store readers hand to the converter: one `session` record (the session
 * row or file, with its project), then one `message` record per message holding the message info
 * and its parts in order — the same `{info, parts}` pairs `opencode export` prints. A child
 * session (task subagent) follows the message whose task call started it (its own `session`
 * record, then its messages); children no task call names come at the end.
 * The info and part objects are OpenCode's own JSON (the `data` column with the row's ids put
 * back), never reshaped.
 */
/** where a store record came from: the database, the legacy JSON tree, or a saved HTTP API body */
export type StoreKind = 'sqlite' | 'storage' | 'api';

/** Set on the records of another program built on OpenCode (Kilo Code: `kilo-code`); OpenCode's own carry none. */
interface Flavored {
  flavor?: string;
}

export interface StoreSessionRecord extends Flavored {
  opencode: 'session';
  store: StoreKind;
  info: Record<string, unknown>;
  project?: Record<string, unknown>;
}

export interface StoreMessageRecord extends Flavored {
  opencode: 'message';
  store: StoreKind;
  info: Record<string, unknown>;
  parts: unknown[];
}

/** A row or file that could not be read as JSON, or a table this adapter does not read yet: reported, never dropped. */
export interface StoreUnreadableRecord extends Flavored {
  opencode: 'unreadable';
  store: StoreKind;
  what: string;
  reason: string;
}

/**
 * A row of the `session_message` table, which the newer session runner of OpenCode's code writes
 * instead of `message` + `part` rows: the Session.Message object (`type` user, synthetic, system,
 * shell, assistant, agent-switched, model-switched, compaction) with its id, type and seq put back.
 */
export interface StoreSessionMessageRecord extends Flavored {
  opencode: 'session_message';
  store: 'sqlite';
  message: Record<string, unknown>;
}

/** `session_message` rows without a `seq`: the program's own readers never read them either. */
export interface StoreUnsequencedRecord extends Flavored {
  opencode: 'unsequenced';
  store: 'sqlite';
  count: number;
}

export type StoreRecord = StoreSessionRecord | StoreMessageRecord | StoreUnreadableRecord | StoreSessionMessageRecord | StoreUnsequencedRecord;

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
export type StoreLine = StoreSessionRecord & Omit<StoreMessageRecord, 'opencode'> & Omit<StoreUnreadableRecord, 'opencode'>
  & Omit<StoreSessionMessageRecord, 'opencode' | 'store'> & Omit<StoreUnsequencedRecord, 'opencode' | 'store'>;

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
