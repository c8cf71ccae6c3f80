import { asRecord, callArguments, nativeOf, numberField, stringField } from '../shared/json.js';
import { identifyTool } from '../shared/tools.js';
/** Stream tool-call kinds (the key without its `ToolCall` suffix), lower case. */
const STREAM_KINDS = {
    shell: 'shell', pibash: 'shell', writeshellstdin: 'shell',
    read: 'read', piread: 'read', readlints: 'read', readmcpresource: 'read', readagenttranscript: 'read',
    write: 'write', piwrite: 'write',
    edit: 'edit', piedit: 'edit', delete: 'edit', applyagentdiff: 'edit',
    grep: 'search', glob: 'search', ls: 'search', semsearch: 'search', pigrep: 'search', pifind: 'search', pils: 'search',
    searchconversations: 'search', blamebyfilepath: 'search',
    websearch: 'web', webfetch: 'web', fetch: 'web',
    mcp: 'mcp', getmcptools: 'mcp', listmcpresources: 'mcp', mcpauth: 'mcp',
    task: 'task', createagent: 'task', sendtoagent: 'task', getagentstatus: 'task', stopagent: 'task', adopt: 'task', await: 'task',
    updatetodos: 'plan', readtodos: 'plan', createplan: 'plan', switchmode: 'plan', creategoal: 'plan', updategoal: 'plan',
    startgrindplanning: 'plan', startgrindexecution: 'task',
    askquestion: 'question',
};
/** Tool names the model uses in agent transcripts, lower case. */
const TRANSCRIPT_KINDS = {
    shell: 'shell', bash: 'shell', run_terminal_cmd: 'shell',
    read: 'read', read_file: 'read', readlints: 'read', read_lints: 'read', fetchmcpresource: 'read',
    write: 'write', edit_file: 'edit', strreplace: 'edit', search_replace: 'edit', multiedit: 'edit', applypatch: 'edit',
    editnotebook: 'edit', delete: 'edit', delete_file: 'edit',
    glob: 'search', grep: 'search', ls: 'search', list_dir: 'search', semanticsearch: 'search', codebase_search: 'search', file_search: 'search',
    webfetch: 'web', websearch: 'web', web_search: 'web',
    listmcpresources: 'mcp', callmcptool: 'mcp',
    task: 'task', todowrite: 'plan', todo_write: 'plan', createplan: 'plan', switchmode: 'plan', askquestion: 'question',
};
const PATH_KEYS = ['path', 'target_file', 'file_path', 'filePath', 'target_notebook', 'targetFile'];
const STREAM_CATALOG = { kinds: STREAM_KINDS, caseInsensitive: true, mcpNames: false };
const TRANSCRIPT_CATALOG = { kinds: TRANSCRIPT_KINDS, caseInsensitive: true };
/** What a call touches: delete calls name a file they delete, the others by their kind. */
function filesOf(name, kind, input) {
    const args = asRecord(input);
    const path = PATH_KEYS.map((key) => stringField(args, key)).find((value) => value !== undefined);
    if (!path)
        return undefined;
    if (/^delete/i.test(name))
        return [{ path, action: 'delete' }];
    return kind === 'read' || kind === 'write' || kind === 'edit' ? [{ path, action: kind }] : undefined;
}
/** The stream's call body: `{<kind>ToolCall: body}`; the name is the kind (`shell`), or a function's own name. */
export function streamTool(toolCall) {
    const entries = Object.entries(asRecord(toolCall) ?? {});
    const [key, value] = entries[0] ?? [];
    const body = asRecord(value);
    if (!key || !body)
        return undefined;
    if (key === 'function') {
        return { key, name: stringField(body, 'name') ?? 'function', body, input: callArguments(body.arguments) };
    }
    return { key, name: key.replace(/ToolCall$/, ''), body, input: body.args ?? {} };
}
export function streamCall(name, key, callId, input) {
    const kind = key === 'function' ? identifyTool(TRANSCRIPT_CATALOG, name).kind : identifyTool(STREAM_CATALOG, name).kind;
    const args = asRecord(input);
    // an MCP call names its server (providerIdentifier) and tool (toolName) in its args
    const server = stringField(args, 'providerIdentifier');
    const tool = stringField(args, 'toolName');
    const files = filesOf(name, kind, input);
    return {
        name, callId, kind, input: input ?? {},
        ...(kind === 'mcp' && server && tool ? { mcp: { server, tool } } : {}),
        ...(files ? { files } : {}),
    };
}
export function transcriptCall(name, callId, input) {
    const { kind, mcp } = identifyTool(TRANSCRIPT_CATALOG, name);
    const files = filesOf(name, kind, input);
    return { name, callId, kind, input: input ?? {}, ...(mcp ? { mcp } : {}), ...(files ? { files } : {}) };
}
/** How each result key ends a call, first present wins. */
const ENDINGS = [
    ['success', 'ok'], ['rejected', 'denied'], ['permissionDenied', 'denied'], ['timeout', 'timeout'],
    ['failure', 'error'], ['error', 'error'], ['aborted', 'error'],
];
/** Output text, status and exit code of a completed stream call; undefined when its result says nothing known. */
export function streamOutcome(kind, result) {
    const native = nativeOf(result);
    const ending = ENDINGS.find(([key]) => native?.[key] !== undefined);
    if (!native || !ending)
        return undefined;
    const [key, status] = ending;
    const body = native[key];
    const outcome = { output: outputText(body), status };
    const exitCode = numberField(asRecord(body), 'exitCode');
    if (kind === 'shell' && exitCode !== undefined) {
        outcome.exitCode = exitCode;
        if (exitCode !== 0 && status === 'ok')
            outcome.status = 'error';
    }
    return outcome;
}
/** The text fields a result body uses, in the order they are shown. */
const TEXT_FIELDS = ['content', 'stdout', 'stderr', 'interleavedOutput', 'results', 'output', 'diffString', 'errorMessage', 'error', 'reason', 'message'];
function outputText(body) {
    if (typeof body === 'string')
        return body;
    const record = asRecord(body);
    if (!record)
        return body === undefined || body === null ? '' : JSON.stringify(body);
    // interleaved output already holds stdout and stderr
    const fields = typeof record.interleavedOutput === 'string' ? TEXT_FIELDS.filter((f) => f !== 'stdout' && f !== 'stderr') : TEXT_FIELDS;
    const texts = fields.map((field) => record[field]).filter((value) => typeof value === 'string' && value !== '');
    return texts.length > 0 ? texts.join('\n') : JSON.stringify(record);
}
//# sourceMappingURL=tools.js.map