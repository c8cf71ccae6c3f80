/**
 * The Workflow tool (2.1.3xx): a script that runs subagents. Each run keeps, under
 * `<session>/subagents/workflows/<runId>/`, its agents' transcripts (`agent-<id>.jsonl`, read like
 * any subagent's) and `journal.jsonl` (`launched`, then `started` / `result` / `failed` per agent
 * call, keyed by a hash of the call), and `<session>/workflows/<runId>.json` (the run's state).
 * Events of a run are grouped under the Workflow call that launched it.
 */
import { unknown } from '../shared/dispatch.js';
import { stringField } from '../shared/json.js';
/** Journal record types; `result` is told from the stream's `result` by its call key. */
export const JOURNAL_TYPES = ['launched', 'started', 'failed'];
const CALL_KEY = /^v\d+:[0-9a-f]{64}$/;
const RUN_FOLDER = /(?:^|\/)workflows\/([^/]+)\/[^/]+$/;
const RUN_STATE_FILE = /(?:^|\/)workflows\/([^/]+)\.json$/;
export function isJournalRecord(value) {
    return typeof value.key === 'string' && CALL_KEY.test(value.key);
}
/** `<session>/workflows/<runId>.json`: the run's script, progress and result, all of which reach the conversation otherwise. */
export function isWorkflowRunState(record, value) {
    return RUN_STATE_FILE.test(record.file) && typeof value.runId === 'string';
}
export class WorkflowRecords {
    out;
    envelope;
    /** runId → the callId of the Workflow call that launched it */
    runCalls = new Map();
    constructor(out, envelope) {
        this.out = out;
        this.envelope = envelope;
    }
    /** A Workflow call's result names its run. */
    noteLaunch(callId, toolUseResult) {
        const runId = stringField(toolUseResult, 'runId');
        if (runId && callId)
            this.runCalls.set(runId, callId);
    }
    /** The Workflow call a file of a run's folder belongs to. */
    callOfFile(file) {
        const runId = RUN_FOLDER.exec(file)?.[1];
        return runId ? this.runCalls.get(runId) : undefined;
    }
    journal(value, record) {
        const type = stringField(value, 'type');
        // `launched` only marks the script's hash for a later resume
        if (type === 'launched')
            return 'skipped';
        if (!isJournalRecord(value))
            return unknown(`workflow journal record "${type}" without a call key`);
        const agentId = stringField(value, 'agentId');
        const label = stringField(value, 'label');
        const agent = `workflow agent ${label ? `"${label}" ` : ''}${agentId ?? '(none)'}`;
        const parentId = this.callOfFile(record.file) ?? (agentId ? `agent-${agentId}` : undefined);
        const base = { ...this.envelope(value), ...(parentId ? { parentId } : {}) };
        const facts = { agentId: agentId ?? null, callKey: value.key };
        if (type === 'started') {
            this.out.emit({ ...base, type: 'system', role: 'system', text: `${agent} started`, meta: { kind: 'workflow-agent-started', ...facts } });
        }
        else if (type === 'failed') {
            this.out.emit({ ...base, type: 'system', role: 'system', text: `${agent} failed`, meta: { kind: 'error', recordType: 'workflow-agent-failed', ...facts } });
        }
        else {
            const result = typeof value.result === 'string' ? value.result : JSON.stringify(value.result ?? null);
            this.out.emit({ ...base, type: 'system', role: 'system', text: result, meta: { kind: 'workflow-agent-result', ...facts, toolsUsed: asArray(value.toolsUsed) } });
        }
    }
}
function asArray(value) {
    return Array.isArray(value) ? value : [];
}
//# sourceMappingURL=workflow.js.map