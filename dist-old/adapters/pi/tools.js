import { base64Image, contentToText } from '../shared/content.js';
import { asRecord, stringField } from '../shared/json.js';
import { isoTime as sharedIsoTime } from '../shared/time.js';
import { toolLookup } from '../shared/tools.js';
import { mapUsage } from '../shared/usage.js';
/** Pi's built-in tools (read, bash, edit, write; grep, find, ls when enabled) and common extension tools. */
const KIND_BY_NAME = {
    bash: 'shell',
    read: 'read',
    write: 'write',
    edit: 'edit',
    grep: 'search',
    find: 'search',
    ls: 'search',
    web_search: 'web',
    web_fetch: 'web',
    fetch: 'web',
    subagent: 'task',
    todo: 'plan',
    question: 'question',
    questionnaire: 'question',
};
/** Pi has no MCP naming of its own: a tool is known by its name alone; read, write and edit name their file `path`. */
const TOOLS = toolLookup({ kinds: KIND_BY_NAME, mcpNames: false, pathKeys: ['path'] });
export const toolKind = TOOLS.kind;
/** Files a tool call names in its arguments. */
export const filesFromArguments = TOOLS.files;
/**
 * Pi has no approval flow of its own: extensions block a call from their `tool_call` handler and
 * the result is an error whose text is the extension's reason (Pi's default: "Tool execution was
 * blocked"; its example permission gate: "Dangerous command blocked ...", "Blocked by user";
 * protected-paths: 'Path ".env" is protected'). An executed tool's failure never reads like that
 * (bash failures end with "Command exited with code N").
 */
const DENIAL = [/^Tool execution was blocked/, /\bblocked\b/i, /^Path "[^"]*" is protected$/, /\b(?:denied|declined|rejected) by (?:the )?user\b/i];
const TIMEOUT = /(?:^|\n)Command timed out after \d+ seconds?$/;
const EXIT = /(?:^|\n)Command exited with code (-?\d+)$/;
const ABORTED = /(?:^|\n)Command aborted$/;
export function statusOf(isError, text) {
    if (!isError)
        return 'ok';
    if (TIMEOUT.test(text))
        return 'timeout';
    if (EXIT.test(text) || ABORTED.test(text))
        return 'error';
    if (DENIAL.some((pattern) => pattern.test(text)))
        return 'denied';
    return 'error';
}
/** bash results end with "Command exited with code N" when N != 0; a plain success is exit 0. */
export function exitCodeOf(kind, status, text) {
    if (kind !== 'shell')
        return undefined;
    const match = EXIT.exec(text);
    if (match)
        return Number(match[1]);
    return status === 'ok' ? 0 : undefined;
}
/** Text of a `string | (text | image)[]` content, images described as attachments (never inlined). */
export function contentOf(content) {
    return contentToText(content, { attachment: (block) => (block.type === 'image' ? base64Image(stringField(block, 'mimeType'), block.data) : undefined) });
}
/** Pi's per-response usage: {input, output, cacheRead, cacheWrite, totalTokens, cost{...,total}}. */
export function usageOf(raw) {
    return mapUsage(raw, { input: ['input'], output: ['output'], cacheRead: ['cacheRead'], cacheWrite: ['cacheWrite'] });
}
export function costOf(raw) {
    const total = asRecord(asRecord(raw)?.cost)?.total;
    return typeof total === 'number' && Number.isFinite(total) && total >= 0 ? total : undefined;
}
/** Pi writes `message.timestamp` as epoch milliseconds and entry timestamps as ISO strings. */
export function isoTime(value) {
    return sharedIsoTime(value, { anyNumber: true });
}
//# sourceMappingURL=tools.js.map