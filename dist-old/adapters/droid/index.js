import { FirstRecordPicksForm } from '../shared/forms.js';
import { defineAdapter } from '../shared/adapter.js';
import { detectInSample, strongestLine } from '../shared/detect.js';
import { asRecord, nativeOf, typedRecords } from '../shared/json.js';
import { DroidSessionConverter, isSessionSettings } from './session-jsonl.js';
import { DroidStreamConverter } from './stream-json.js';
import { droidStore } from './store.js';
/** How strongly one record says "saved Droid session": the header, or a bookkeeping line only Droid writes. */
function sessionEvidence(record, type) {
    if (type === 'session_start')
        return typeof record.id === 'string' && typeof record.title === 'string' && typeof record.owner === 'string' ? 0.95 : 0;
    if (type === 'agent_turn_outcome')
        return typeof record.turnId === 'string' && typeof record.resultKind === 'string' ? 0.9 : 0;
    if (type === 'compaction_state')
        return typeof record.summaryText === 'string' && 'removedCount' in record ? 0.9 : 0;
    if (type === 'todo_state')
        return Array.isArray(record.todos) && 'messageIndex' in record ? 0.9 : 0;
    return 0;
}
/** How strongly one record says "droid exec output"; Claude Code's init line has apiKeySource and no reasoning_effort. */
function streamEvidence(record, type) {
    if (type === 'system')
        return record.subtype === 'init' && 'reasoning_effort' in record && Array.isArray(record.tools) && !('apiKeySource' in record) ? 0.95 : 0;
    if (type === 'tool_call')
        return typeof record.toolId === 'string' && typeof record.messageId === 'string' && 'parameters' in record ? 0.9 : 0;
    if (type === 'tool_result')
        return typeof record.toolId === 'string' && typeof record.isError === 'boolean' && typeof record.messageId === 'string' ? 0.9 : 0;
    if (type === 'completion')
        return typeof record.finalText === 'string' && typeof record.numTurns === 'number' ? 0.9 : 0;
    if (type === 'result')
        return 'factory_credits' in (asRecord(record.usage) ?? {}) && typeof record.num_turns === 'number' ? 0.9 : 0;
    return 0;
}
/** A line only the saved session holds proves it; exec output is the strongest of its lines. */
function detect(sample) {
    const resultOnly = [...typedRecords(sample)].every(({ type }) => type === 'result');
    return detectInSample(sample, (record) => {
        const confidence = sessionEvidence(record, String(record.type));
        return confidence > 0 ? { confidence, format: 'droid/session-jsonl' } : null;
    }, strongestLine((record) => streamEvidence(record, String(record.type))), resultOnly ? 'droid/json' : 'droid/stream-json');
}
/** The saved session's lines hold `message` objects; exec output's never do. */
const isSessionRecord = (value) => value.type === 'session_start' || (value.type === 'message' && asRecord(value.message) !== undefined) || sessionEvidence(value, String(value.type)) > 0;
/** `<dir>/<uuid>.jsonl`: [1] the path without `.jsonl` */
const SESSION_FILE = /^((?:.*\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/;
const pickForm = (out) => (record) => isSessionRecord(record.value)
    ? { converter: new DroidSessionConverter(out) }
    : { converter: new DroidStreamConverter(out), format: 'droid/stream-json' };
class DroidConverter extends FirstRecordPicksForm {
    constructor(out) {
        super(out, pickForm(out));
    }
    push(record) {
        if (!isSessionSettings(record.value))
            return super.push(record);
        // the settings beside a saved session, read after it in a folder
        const session = this.form instanceof DroidSessionConverter ? this.form : undefined;
        session?.settings(nativeOf(record.value) ?? {});
        this.out.count('session-settings', session ? 'mapped' : 'skipped');
    }
}
export const droid = defineAdapter({
    id: 'droid',
    label: 'Factory Droid',
    formats: [
        {
            id: 'droid/session-jsonl',
            description: 'saved session: session_start, then message lines (Anthropic-shaped content: text, thinking, tool_use, tool_result, image), compaction_state, todo_state, agent_turn_outcome',
            where: '~/.factory/sessions/<cwd with / as ->/<id>.jsonl ($FACTORY_HOME_OVERRIDE replaces ~); <id>.settings.json beside it is read with it (model, token totals)',
        },
        {
            id: 'droid/stream-json',
            description: 'live stdout: system/init, message (user, assistant), reasoning, tool_call, tool_result, error, completion (token totals)',
            where: 'droid exec -o stream-json "<prompt>"',
        },
        {
            id: 'droid/json',
            description: 'the one result line of droid exec -o json: final text, turns, duration, token totals',
            where: 'droid exec -o json "<prompt>"',
        },
    ],
    detectionHint: 'a session_start line with id, title and owner (saved session); an init line with reasoning_effort, tool_call lines with toolId and messageId, a completion with finalText and numTurns (exec stdout)',
    detect,
    createConverter: (out) => new DroidConverter(out),
    stores: [droidStore],
    groupSessionFiles(paths) {
        const present = new Set(paths);
        const groups = [];
        for (const path of paths) {
            const match = SESSION_FILE.exec(path);
            // only a session with its settings beside it: a bare <uuid>.jsonl may be another agent's
            if (match && present.has(`${match[1]}.settings.json`))
                groups.push([path, `${match[1]}.settings.json`]);
        }
        return groups;
    },
    bookkeepingFiles: /(^|\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.settings\.json\.bak|session-discovery-index\.json)$/,
});
//# sourceMappingURL=index.js.map