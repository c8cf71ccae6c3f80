/**
 * Reads the `session_message` table of an OpenCode-code database (columns id, session_id, type,
 * seq, time_created, time_updated, data): the message store of the newer session runner, one row
 * per whole message, in `seq` order (the session's event sequence). `data` is the encoded
 * Session.Message without its `id` and `type`. Rows with no `seq` are never read by the program
 * itself (it selects `seq IS NOT NULL`); they are counted, not converted.
 */
import type { StoreRecord } from './records.js';
import { parseData, type Database, type Row } from './store.js';

export function* sessionMessages(db: Database, sessionId: string): Generator<StoreRecord> {
  const rows = db.all('SELECT id, type, seq, data FROM session_message WHERE session_id = ? AND seq IS NOT NULL ORDER BY seq', [sessionId]) as Row[];
  for (const row of rows) {
    const message = parseData(row, { id: row.id, type: row.type, seq: row.seq, sessionID: sessionId });
    if (typeof message === 'string') yield { opencode: 'unreadable', store: 'sqlite', what: 'session_message', reason: `session_message ${String(row.id)}: ${message}` };
    else yield { opencode: 'session_message', store: 'sqlite', message };
  }
  const unsequenced = db.get('SELECT COUNT(*) AS n FROM session_message WHERE session_id = ? AND seq IS NULL', [sessionId]) as Row | null;
  const count = Number(unsequenced?.n ?? 0);
  if (count > 0) yield { opencode: 'unsequenced', store: 'sqlite', count };
}
