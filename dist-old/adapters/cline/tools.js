import { asRecord, stringField } from '../shared/json.js';
import { filesFromInput, identifyTool } from '../shared/tools.js';
/** The tools of Cline 3.0.65's default tool set (read_files, run_commands, editor, ...) and the team tools. */
const KINDS = {
    run_commands: 'shell',
    read_files: 'read',
    editor: 'edit',
    apply_patch: 'edit',
    search_codebase: 'search',
    fetch_web_content: 'web',
    ask_question: 'question',
    spawn_agent: 'task',
    team_spawn_teammate: 'task',
    team_run_task: 'task',
    team_task: 'plan',
};
const CATALOG = { kinds: KINDS, pathKeys: ['path'] };
/** The tool of a tool_call: `read_files` names its files in a list, `editor` in `path`. */
export function calledTool(name, callId, input) {
    const { kind, mcp } = identifyTool(CATALOG, name);
    const files = name === 'read_files' ? readFiles(input) : filesFromInput(kind, input, CATALOG.pathKeys ?? []);
    return { name, callId, kind, input: input ?? {}, ...(mcp ? { mcp } : {}), ...(files?.length ? { files } : {}) };
}
function readFiles(input) {
    const files = asRecord(input)?.files;
    if (!Array.isArray(files))
        return undefined;
    return files.map((file) => stringField(asRecord(file), 'path')).filter((path) => path !== undefined).map((path) => ({ path, action: 'read' }));
}
/** A tool's output is a list of entries, one entry, a JSON string of either, or plain text. */
function entriesOf(output) {
    let value = output;
    if (typeof value === 'string') {
        const text = value.trim();
        if (!text.startsWith('{') && !text.startsWith('['))
            return undefined;
        try {
            value = JSON.parse(text);
        }
        catch {
            return undefined;
        }
    }
    const list = Array.isArray(value) ? value : [value];
    const entries = list.map((item) => asRecord(item)).filter((item) => item !== undefined && ('success' in item || 'result' in item));
    return entries.length === list.length && entries.length > 0 ? entries : undefined;
}
const EXIT = /\[Command exited with code (-?\d+)\]/;
const DENIED = /denied|rejected|not approved|declined/i;
const TIMEOUT = /timed out|timeout/i;
/** Output text, status and (for shell calls) exit code of a finished call. */
export function toolOutcome(kind, output, error, isError) {
    const entries = entriesOf(output);
    const errorText = typeof error === 'string' ? error : undefined;
    let text;
    let failed = isError || errorText !== undefined;
    if (entries) {
        text = entries.map((e) => [e.result, e.error].filter((part) => typeof part === 'string' && part !== '').join('\n')).join('\n');
        if (entries.some((e) => e.success === false))
            failed = true;
    }
    else {
        text = typeof output === 'string' ? output : output === undefined || output === null ? (errorText ?? '') : JSON.stringify(output);
    }
    const status = !failed ? 'ok' : DENIED.test(errorText ?? text) ? 'denied' : TIMEOUT.test(errorText ?? text) ? 'timeout' : 'error';
    const outcome = { output: text, status };
    if (kind === 'shell') {
        const exit = EXIT.exec(text);
        if (exit)
            outcome.exitCode = Number(exit[1]);
        else if (status === 'ok')
            outcome.exitCode = 0;
    }
    return outcome;
}
/** Cline wraps the typed prompt as `<user_input mode="act">…</user_input>`. */
const USER_INPUT = /^<user_input(?: mode="([^"]*)")?>([\s\S]*)<\/user_input>$/;
export function unwrapUserInput(text) {
    const match = USER_INPUT.exec(text.trim());
    if (!match)
        return { text };
    return { text: match[2] ?? '', ...(match[1] ? { mode: match[1] } : {}) };
}
//# sourceMappingURL=tools.js.map