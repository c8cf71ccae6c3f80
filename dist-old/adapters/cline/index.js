import { defineAdapter } from '../shared/adapter.js';
import { detectInSample, strongestLine } from '../shared/detect.js';
import { asRecord, nativeOf } from '../shared/json.js';
import { AGENT_EVENT_TYPES, ClineStdoutConverter, STDOUT_TYPES } from './json-stdout.js';
import { isMessagesDocument, MessagesDocumentConverter } from './messages-json.js';
import { convertSessionManifest, isSessionManifest } from './session-json.js';
import { clineStore } from './store.js';
import { isTaskFolderRecord, TaskFolderConverter } from './task-folder.js';
import { taskFolderReader } from './task-folder-reader.js';
/** `<dir>/<id>.messages.json` and its manifest `<dir>/<id>.json`: [1] the folder with its slash, [2] the id */
const MESSAGES_FILE = /^(.*\/|)([^/]+)\.messages\.json$/;
/** A stdout line: an ISO `ts`, one of Cline's line types, and for agent events one of its event types. */
function stdoutEvidence(record) {
    if (typeof record.ts !== 'string' || typeof record.type !== 'string' || !STDOUT_TYPES.has(record.type))
        return 0;
    if (record.type === 'agent_event')
        return AGENT_EVENT_TYPES.has(String(asRecord(record.event)?.type)) ? 0.95 : 0;
    if (record.type === 'hook_event')
        return typeof record.hookEventName === 'string' && 'agentId' in record ? 0.9 : 0;
    if (record.type === 'run_result')
        return typeof record.finishReason === 'string' && 'iterations' in record ? 0.9 : 0;
    if (record.type === 'run_start')
        return typeof record.providerId === 'string' ? 0.9 : 0;
    return 0;
}
function savedFormat(record) {
    if (isMessagesDocument(record))
        return { confidence: 0.95, format: 'cline/messages-json' };
    if (isTaskFolderRecord(record))
        return { confidence: 0.95, format: 'cline/task-folder' };
    if (isSessionManifest(record))
        return { confidence: 0.95, format: 'cline/session-json' };
    return null;
}
const detect = (sample) => detectInSample(sample, savedFormat, strongestLine(stdoutEvidence), 'cline/json');
/** Reads whichever form each record is: documents whole, stdout line by line. */
class ClineConverter {
    out;
    stdout;
    messages;
    task;
    constructor(out) {
        this.out = out;
    }
    push(record) {
        const value = record.value;
        if (isTaskFolderRecord(value)) {
            this.task ??= new TaskFolderConverter(this.out);
            this.task.push(record);
            return;
        }
        if (isMessagesDocument(value)) {
            this.messages ??= new MessagesDocumentConverter(this.out);
            this.messages.convert(nativeOf(value) ?? {}, record);
            return;
        }
        if (isSessionManifest(value)) {
            convertSessionManifest(nativeOf(value) ?? {}, this.out, this.messages !== undefined);
            this.out.count('session-manifest', 'mapped');
            return;
        }
        if (!this.stdout) {
            this.stdout = new ClineStdoutConverter(this.out);
            this.out.session({ format: 'cline/json' });
        }
        this.stdout.push(record);
    }
    flush() {
        this.messages?.flush();
        this.task?.flush();
        this.stdout?.flush();
    }
}
export const cline = defineAdapter({
    id: 'cline',
    label: 'Cline CLI',
    formats: [
        {
            id: 'cline/messages-json',
            description: 'saved conversation: one JSON document {version, agent, sessionId, origin, messages: [Anthropic-shaped messages with ts, modelInfo, metrics], system_prompt}',
            where: '~/.cline/data/sessions/<id>/<id>.messages.json',
        },
        {
            id: 'cline/session-json',
            description: 'session manifest: {session_id, source, pid, started_at, ended_at, status, provider, model, cwd, prompt, metadata (usage, cost, title), messages_path}; read beside its messages file',
            where: '~/.cline/data/sessions/<id>/<id>.json (indexed in ~/.cline/data/db/sessions.db)',
        },
        {
            id: 'cline/json',
            description: 'live stdout: agent_event (content_start/update/end, iteration, usage, notice, done, error), hook_event, run_start, run_result lines, each with ts',
            where: 'cline --json "<prompt>"',
        },
        {
            id: 'cline/task-folder',
            description: 'VS Code extension task folder (Cline, Roo Code, Kilo Code): api_conversation_history.json (the conversation), ui_messages.json (times, token counts, errors), task_metadata.json',
            where: '<VS Code globalStorage>/{saoudrizwan.claude-dev,rooveterinaryinc.roo-cline,kilocode.kilo-code}/tasks/<task id>/',
        },
    ],
    detectionHint: 'a document with sessionId, messages and system_prompt or origin (messages file); session_id with started_at and messages_path (manifest); lines with ts and type agent_event/hook_event/run_result (stdout)',
    detect,
    createConverter: (out) => new ClineConverter(out),
    stores: [clineStore],
    groupSessionFiles(paths) {
        const groups = [];
        const present = new Set(paths);
        for (const path of paths) {
            const match = MESSAGES_FILE.exec(path);
            if (!match)
                continue;
            const manifest = `${match[1]}${match[2]}.json`;
            groups.push(present.has(manifest) ? [path, manifest] : [path]);
        }
        return groups;
    },
    readers: [taskFolderReader],
    bookkeepingFiles: /(^|\/)(db\/(sessions|teams)\.db(-wal|-shm)?|settings\/providers\.json|logs\/(hub-daemon|cline)\.log|locks\/hub\/.+)$/,
});
//# sourceMappingURL=index.js.map