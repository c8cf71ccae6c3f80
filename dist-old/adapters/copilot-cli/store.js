/**
 * Where GitHub Copilot CLI keeps its sessions. Its folder is `$COPILOT_HOME`, else
 * `$XDG_STATE_HOME/.copilot` when XDG_STATE_HOME is set, else `~/.copilot`. Sessions of 1.0 and
 * later: `session-state/<session id>/events.jsonl`; of 0.0.x: `history-session-state/session_<id>_<epoch ms>.json`.
 */
import { join } from 'node:path';
import { asRecord } from '../shared/json.js';
import { definedFacts, firstValue, jsonlFacts, lastValue, timeOf } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';
const LIFECYCLE = new Set(['session.start', 'session.resume', 'session.shutdown']);
function copilotHome(context) {
    const xdgState = envFolder(context, 'XDG_STATE_HOME');
    return envFolder(context, 'COPILOT_HOME') ?? (xdgState ? join(xdgState, '.copilot') : join(context.home, '.copilot'));
}
const startData = (record) => (record.type === 'session.start' ? asRecord(record.data) : undefined);
export const copilotCliStore = {
    description: 'GitHub Copilot CLI session files',
    roots: (context) => [{ dir: copilotHome(context), files: ['session-state/*/events.jsonl', 'history-session-state/session_*.json'] }],
    facts(file) {
        if (file.relativePath.endsWith('.json'))
            return historyFacts(file);
        return jsonlFacts(file, {
            sessionId: (record) => startData(record)?.sessionId,
            project: (record) => asRecord(startData(record)?.context)?.cwd,
            time: (record) => record.timestamp,
            // a session that is closed ends with session.shutdown; one still open (or killed) does not
            finished: (record) => (LIFECYCLE.has(String(record.type)) ? record.type === 'session.shutdown' : undefined),
        });
    },
};
/** A 0.0.x history document: its id and start come first, its timeline's last timestamp is near the end. */
function historyFacts(file) {
    return definedFacts({
        sessionId: firstValue(file.head, 'sessionId')?.toString(),
        startedAt: timeOf(firstValue(file.head, 'startTime')),
        endedAt: timeOf(lastValue(file.tail, 'timestamp')),
    });
}
//# sourceMappingURL=store.js.map