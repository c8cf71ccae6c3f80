import { defineAdapter } from '../shared/adapter.js';
import { FirstRecordPicksForm } from '../shared/forms.js';
import { detectInSample, strongestLine } from '../shared/detect.js';
import { QwenChatConverter } from './chat-jsonl.js';
import { QwenStreamConverter } from './stream-json.js';
import { asRecord, stringField } from './tools.js';
import { qwenCodeStore } from './store.js';
/** ~/.qwen/projects/<slug>/chats/<sessionId>.jsonl: [1] the project folder (with its slash), [2] the session id */
const CHAT_FILE = /^(.*\/|)chats\/([^/]+)\.jsonl$/;
/** `provenance` values Qwen Code's chat recorder writes on every record (0.24) */
const PROVENANCES = new Set(['real_user', 'assistant_output', 'tool_result', 'system', 'goal_control', 'goal_runtime']);
/**
 * Saved chat records carry camelCase `sessionId` (as Claude Code's do) but a Gemini `message`
 * ({role, parts}), a `tool_result` record type, `usageMetadata`, `systemPayload` or `provenance`,
 * none of which Claude Code writes.
 */
function isChatRecord(record) {
    if (typeof record.sessionId !== 'string' || typeof record.uuid !== 'string')
        return false;
    const message = asRecord(record.message);
    return (message !== undefined && Array.isArray(message.parts) && !('content' in message))
        || record.type === 'tool_result'
        || asRecord(record.usageMetadata) !== undefined
        || asRecord(record.systemPayload) !== undefined
        || PROVENANCES.has(String(record.provenance));
}
/** stdout names itself in system/init; without it, only Qwen's own stream events and result shape tell. */
function streamEvidence(record) {
    if (typeof record.session_id !== 'string')
        return 0;
    if (record.type === 'system' && typeof record.qwen_code_version === 'string')
        return 0.97;
    if (record.type === 'stream_event' && stringField(asRecord(record.event), 'type') === 'goal_state')
        return 0.9;
    const usage = asRecord(record.usage);
    if (record.type === 'result' && typeof usage?.total_tokens === 'number' && !('total_cost_usd' in record))
        return 0.8;
    return 0;
}
const chatFormat = (record) => isChatRecord(record) ? { confidence: 0.97, format: 'qwen-code/chat-jsonl' } : null;
const detect = (sample) => detectInSample(sample, chatFormat, strongestLine(streamEvidence), 'qwen-code/stream-json');
/** The form the first record shows: camelCase sessionId or a parentUuid (chat), else session_id (stdout). */
const pickForm = (out) => ({ value }) => typeof value.sessionId === 'string' || 'parentUuid' in value
    ? { converter: new QwenChatConverter(out), format: 'qwen-code/chat-jsonl' }
    : { converter: new QwenStreamConverter(out), format: 'qwen-code/stream-json' };
export const qwenCode = defineAdapter({
    id: 'qwen-code',
    label: 'Qwen Code',
    formats: [
        {
            id: 'qwen-code/chat-jsonl',
            description: 'saved chats: Claude-like records (uuid, parentUuid, sessionId, type user/assistant/tool_result/system) holding Gemini message parts',
            where: '~/.qwen/projects/<cwd slug>/chats/<sessionId>.jsonl',
        },
        {
            id: 'qwen-code/stream-json',
            description: 'live stdout, with or without --include-partial-messages',
            where: 'qwen -p "<prompt>" --output-format stream-json',
        },
    ],
    detectionHint: 'records with sessionId and Gemini message parts, usageMetadata, systemPayload or provenance (chat file); a system/init record with qwen_code_version (stream-json)',
    detect,
    createConverter: (out) => new FirstRecordPicksForm(out, pickForm(out)),
    stores: [qwenCodeStore],
    companionDirs(sessionFile) {
        const chat = CHAT_FILE.exec(sessionFile);
        return chat ? [`${chat[1]}subagents/${chat[2]}`] : [];
    },
    groupSessionFiles(paths) {
        const groups = new Map();
        for (const path of paths) {
            const chat = CHAT_FILE.exec(path);
            if (chat)
                groups.set(`${chat[1]}subagents/${chat[2]}/`, [path]);
        }
        for (const path of paths) {
            const at = path.lastIndexOf('/');
            const group = groups.get(path.slice(0, at + 1));
            if (group && /^agent-.+\.(jsonl|meta\.json)$/.test(path.slice(at + 1)))
                group.push(path);
        }
        return [...groups.values()].filter((group) => group.length > 1);
    },
    bookkeepingFiles: /(^|\/)(usage_record\.jsonl|usage\/token-usage-[^/]+\.jsonl)$/,
});
//# sourceMappingURL=index.js.map