import { asRecord, stringField } from '../shared/json.js';
export { asRecord, numberField, stringField } from '../shared/json.js';
const KIND_BY_NAME = {
    run_shell_command: 'shell',
    exec: 'shell',
    monitor: 'shell',
    task_stop: 'shell',
    read_file: 'read',
    read_many_files: 'read',
    zoom_image: 'read',
    read_mcp_resource: 'read',
    write_file: 'write',
    edit: 'edit',
    replace: 'edit',
    notebook_edit: 'edit',
    grep_search: 'search',
    glob: 'search',
    list_directory: 'search',
    tool_search: 'search',
    lsp: 'search',
    web_fetch: 'web',
    web_search: 'web',
    agent: 'task',
    task: 'task',
    list_agents: 'task',
    send_message: 'task',
    create_sub_session: 'task',
    task_create: 'plan',
    task_update: 'plan',
    task_list: 'plan',
    todo_write: 'plan',
    exit_plan_mode: 'plan',
    enter_plan_mode: 'plan',
    get_goal: 'plan',
    update_goal: 'plan',
    ask_user_question: 'question',
};
/** MCP tools are registered as `mcp__<server>__<tool>` (MCP_TOOL_NAME_PREFIX in Qwen's source). */
const MCP_NAME = /^mcp__(.*?)__(.*)$/s;
const FILE_ACTION = { read: 'read', write: 'write', edit: 'edit' };
export function identifyTool(name) {
    const mcp = MCP_NAME.exec(name);
    if (mcp)
        return { kind: 'mcp', mcp: { server: mcp[1] ?? '', tool: mcp[2] ?? '' } };
    return { kind: KIND_BY_NAME[name] ?? 'other' };
}
/** Files a tool call names in its arguments, before it runs. */
export function filesFromInput(kind, input) {
    const args = asRecord(input);
    const path = stringField(args, 'file_path') ?? stringField(args, 'absolute_path') ?? stringField(args, 'notebook_path');
    const action = FILE_ACTION[kind];
    return path && action ? [{ path, action }] : undefined;
}
/** The tool of a tool_call event: kind, MCP server and the files its arguments name. */
export function calledTool(name, callId, input) {
    const identity = identifyTool(name);
    const files = filesFromInput(identity.kind, input);
    return { name, callId, ...identity, input: input ?? {}, ...(files ? { files } : {}) };
}
/**
 * The status of a finished call. Qwen records `status` ("success" | "error" | "cancelled"),
 * `executionStatus` ("not_started" when the call never ran) and, for errors, an errorType such as
 * "execution_denied" (a call nobody confirmed in a headless run). A call cancelled before it
 * started was refused at the confirmation (an SDK client's deny answer).
 */
export function statusOf(result, isError) {
    const { status, errorType, executionStatus } = result;
    if (errorType === 'execution_denied' || errorType === 'permission_denied')
        return 'denied';
    if (status === 'cancelled' && executionStatus === 'not_started')
        return 'denied';
    if (errorType && /timeout|timed_out/i.test(errorType))
        return 'timeout';
    if (status === 'cancelled' || status === 'error' || isError)
        return 'error';
    return 'ok';
}
/** Shell output as Qwen hands it to the model: "...\nExit Code: N\n..." */
export function exitCodeFromText(text) {
    const match = /^Exit Code: (-?\d+)$/m.exec(text);
    return match ? Number(match[1]) : undefined;
}
//# sourceMappingURL=tools.js.map