/** Nanocoder's tool names → kinds, and what a tool's result text says about its outcome. */
import type { Tool, ToolKind, ToolStatus } from '../../src/transcript/index.js';
import { toolLookup } from '../shared/tools.js';

/**
 * Nanocoder 1.30.0's built-in tools (tools/, tools/file-ops, tools/git, tools/tasks). MCP tools are
 * registered under their bare names, with nothing that marks them: they are 'other'.
 */
const KINDS: Record<string, ToolKind> = {
  execute_bash: 'shell',
  read_file: 'read',
  write_file: 'write',
  string_replace: 'edit',
  diff_edit: 'edit',
  file_op: 'edit',
  list_directory: 'search',
  find_files: 'search',
  search_file_contents: 'search',
  lsp_get_diagnostics: 'other',
  fetch_url: 'web',
  web_search: 'web',
  agent: 'task',
  ask_user: 'question',
  write_tasks: 'plan',
  check_skill: 'other',
  git_add: 'shell',
  git_commit: 'shell',
  git_diff: 'shell',
  git_log: 'shell',
  git_pr: 'shell',
  git_status: 'shell',
};

const TOOLS = toolLookup({ kinds: KINDS, mcpNames: false, pathKeys: ['path', 'file_path'] });

/** The Transcript tool of a call, before it runs. */
export function calledTool(name: string, callId: string, input: unknown): Tool & { kind: ToolKind } {
  const kind = TOOLS.kind(name);
  const files = TOOLS.files(kind, input);
  const tool: Tool & { kind: ToolKind } = { name, callId, kind, input: input ?? {} };
  if (files) tool.files = files;
  return tool;
}

/**
 * What Nanocoder itself takes for a failed call (tool-executor.ts): a result that starts with
 * "Error: " or "⚒ Validation failed". Its own stand-ins for calls that never ran say so too: a
 * tool it does not have (`Unknown tool: …` headless and over ACP, `The tool "…" does not exist.`
 * in the app, tool-filters.ts), a call dropped beside an invalid one.
 */
const FAILED = /^(Error: |⚒ Validation failed|Unknown tool: |The tool "[^"\n]*" does not exist\. |Execution aborted because another tool call)/;
/** The user stopped the call: in the app (tool-cancellation.ts), or over ACP (a rejected permission, Stop pressed before the call ran) */
const CANCELLED = /^(Tool execution was cancelled by the user\.|Tool call denied by user$|Error: cancelled by user$)/;
const TIMED_OUT = /timed out/i;
/** execute_bash results open with `EXIT_CODE: <n>` (after an `Error: ...` line when the run itself failed) */
const EXIT_CODE = /^EXIT_CODE: (-?\d+)$/m;

export interface ToolOutcome {
  status: ToolStatus;
  exitCode?: number;
}

/** Status (and exit code of a shell call) from a result's text; `failed` when the agent flagged it an error. */
export function toolOutcome(kind: ToolKind, output: string, failed: boolean): ToolOutcome {
  const exit = kind === 'shell' ? EXIT_CODE.exec(output) : null;
  const exitCode = exit ? Number(exit[1]) : undefined;
  let status: ToolStatus = 'ok';
  if (CANCELLED.test(output)) status = 'denied';
  else if (failed || FAILED.test(output) || (exitCode !== undefined && exitCode !== 0)) status = TIMED_OUT.test(output.split('\n')[0] ?? '') ? 'timeout' : 'error';
  return { status, ...(exitCode !== undefined ? { exitCode } : {}) };
}
