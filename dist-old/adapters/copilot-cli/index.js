import { detectInSample } from '../shared/detect.js';
import { defineAdapter } from '../shared/adapter.js';
import { CopilotConverter } from './converter.js';
import { isHistoryDocument } from './legacy-history.js';
import { asRecord, stringField } from './tools.js';
import { copilotCliStore } from './store.js';
/** `session.start`, `tool.execution_complete`, `abort`, ...: a dotted name (or one of the few bare ones). */
const EVENT_TYPE = /^([a-z_]+\.)+[a-z_A-Z]+$|^(abort)$/;
/** The envelope every Copilot session event has: {type, data: {...}, id, timestamp, parentId}. */
function isSessionEvent(record) {
    const type = stringField(record, 'type');
    return !!type && EVENT_TYPE.test(type) && !!asRecord(record.data) && typeof record.id === 'string'
        && typeof record.timestamp === 'string' && 'parentId' in record;
}
function provenFormat(record) {
    if (isHistoryDocument(record))
        return { confidence: 0.95, format: 'copilot-cli/history-json' };
    if (record.type === 'result' && typeof record.sessionId === 'string' && typeof record.exitCode === 'number' && asRecord(record.usage)) {
        return { confidence: 0.95, format: 'copilot-cli/json' };
    }
    if (!isSessionEvent(record))
        return null;
    // events.jsonl opens with session.start; only stdout prints ephemeral events
    if (record.type === 'session.start' && typeof asRecord(record.data).copilotVersion === 'string')
        return { confidence: 0.95, format: 'copilot-cli/session-events' };
    if (record.ephemeral === true)
        return { confidence: 0.95, format: 'copilot-cli/json' };
    return null;
}
/** part of a saved session without its first line: the envelope itself is the evidence, stronger twice seen */
const envelopeEvidence = (record, soFar) => isSessionEvent(record) ? (soFar > 0 ? 0.95 : 0.9) : soFar;
const detect = (sample) => detectInSample(sample, provenFormat, envelopeEvidence, 'copilot-cli/session-events');
export const copilotCli = defineAdapter({
    id: 'copilot-cli',
    label: 'GitHub Copilot CLI',
    formats: [
        {
            id: 'copilot-cli/session-events',
            description: 'saved sessions (1.0.x): one session event per line, session.start first; a resumed session appends session.resume and more turns',
            where: '~/.copilot/session-state/<session id>/events.jsonl ($COPILOT_HOME), beside workspace.yaml, checkpoints/ and rewind-file-snapshots/',
        },
        {
            id: 'copilot-cli/json',
            description: 'live stdout of prompt mode: the same session events plus ephemeral ones (deltas, progress, UI notices), then a result line',
            where: 'copilot -p "<prompt>" --output-format json',
        },
        {
            id: 'copilot-cli/history-json',
            description: 'saved sessions of 0.0.x: one JSON document with chatMessages and a timeline',
            where: '~/.copilot/history-session-state/session_<id>_<epoch ms>.json',
        },
    ],
    detectionHint: '{type: "session.start" | "user.message" | ..., data, id, parentId, timestamp} events (ephemeral ones and a {type: "result", exitCode} line on stdout); a {sessionId, chatMessages, timeline} document (0.0.x)',
    detect,
    createConverter: (out) => new CopilotConverter(out),
    stores: [copilotCliStore],
    /** the rewind snapshots' index beside events.jsonl: file backups, not a session */
    bookkeepingFiles: /(^|\/)rewind-file-snapshots\/(index|tracking)\.json$/,
});
//# sourceMappingURL=index.js.map