import { parseData } from './store.js';
export function* sessionMessages(db, sessionId) {
    const rows = db.all('SELECT id, type, seq, data FROM session_message WHERE session_id = ? AND seq IS NOT NULL ORDER BY seq', [sessionId]);
    for (const row of rows) {
        const message = parseData(row, { id: row.id, type: row.type, seq: row.seq, sessionID: sessionId });
        if (typeof message === 'string')
            yield { opencode: 'unreadable', store: 'sqlite', what: 'session_message', reason: `session_message ${String(row.id)}: ${message}` };
        else
            yield { opencode: 'session_message', store: 'sqlite', message };
    }
    const unsequenced = db.get('SELECT COUNT(*) AS n FROM session_message WHERE session_id = ? AND seq IS NULL', [sessionId]);
    const count = Number(unsequenced?.n ?? 0);
    if (count > 0)
        yield { opencode: 'unsequenced', store: 'sqlite', count };
}
//# sourceMappingURL=session-message-rows.js.map