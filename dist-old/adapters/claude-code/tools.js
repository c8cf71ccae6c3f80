import { asRecord } from '../shared/json.js';
import { filesFromInput as sharedFilesFromInput, identifyTool as sharedIdentifyTool } from '../shared/tools.js';
const KIND_BY_NAME = {
    Bash: 'shell',
    BashOutput: 'shell',
    KillShell: 'shell',
    KillBash: 'shell',
    Monitor: 'shell',
    Read: 'read',
    NotebookRead: 'read',
    Write: 'write',
    Edit: 'edit',
    MultiEdit: 'edit',
    NotebookEdit: 'edit',
    Grep: 'search',
    Glob: 'search',
    LS: 'search',
    ToolSearch: 'search',
    WebFetch: 'web',
    WebSearch: 'web',
    Task: 'task',
    Agent: 'task',
    TaskStop: 'task',
    SendMessage: 'task',
    Workflow: 'task',
    EnterPlanMode: 'plan',
    TodoWrite: 'plan',
    TodoRead: 'plan',
    ExitPlanMode: 'plan',
    AskUserQuestion: 'question',
};
const CATALOG = { kinds: KIND_BY_NAME };
export function identifyTool(name) {
    return sharedIdentifyTool(CATALOG, name);
}
/** Files a tool call names in its input, before it runs. */
export function filesFromInput(kind, input) {
    return sharedFilesFromInput(kind, input, ['file_path', 'notebook_path']);
}
/** Unified-diff text from the structuredPatch hunks Claude Code records for Edit/Write results. */
export function diffFromPatch(patch) {
    if (!Array.isArray(patch) || patch.length === 0)
        return undefined;
    const lines = [];
    for (const hunk of patch) {
        const h = asRecord(hunk);
        if (!h || !Array.isArray(h.lines))
            continue;
        lines.push(`@@ -${num(h.oldStart)},${num(h.oldLines)} +${num(h.newStart)},${num(h.newLines)} @@`);
        for (const line of h.lines)
            if (typeof line === 'string')
                lines.push(line);
    }
    return lines.length > 0 ? lines.join('\n') : undefined;
}
const DENIAL = [
    /^(Error: )?Claude requested permissions? to /,
    /^(Error: )?Permission to use \S+ (has been )?denied/i,
    /The user doesn't want to proceed with this tool use/,
    /^User rejected/i,
    /tool use was rejected/i,
];
const TIMEOUT = /Command timed out after|^(Error: )?Timed out after|\btimed out\b/i;
export function statusOf(signals) {
    if (signals.denialKind)
        return /interrupt|cancel/i.test(signals.denialKind) ? 'error' : 'denied';
    if (signals.isError) {
        if (DENIAL.some((pattern) => pattern.test(signals.text)))
            return 'denied';
        if (TIMEOUT.test(signals.text))
            return 'timeout';
        return 'error';
    }
    if (signals.interrupted)
        return 'error';
    return 'ok';
}
/** Claude Code prefixes a failed shell command's output with "Exit code N". */
export function exitCodeOf(kind, status, text) {
    if (kind !== 'shell')
        return undefined;
    const match = /^(?:Error: )?Exit code (\d+)/.exec(text);
    if (match)
        return Number(match[1]);
    return status === 'ok' ? 0 : undefined;
}
const num = (value) => (typeof value === 'number' ? value : 0);
//# sourceMappingURL=tools.js.map