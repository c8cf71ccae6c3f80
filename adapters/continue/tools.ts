/** Continue's tool names → kinds (the CLI's and the IDE extensions'), and a call's outcome from its state. */
import type { Tool, ToolKind, ToolStatus } from '../../src/transcript/index.js';
import { asRecord, stringField } from '../shared/json.js';
import { identifyTool, filesFromInput, type ToolCatalog } from '../shared/tools.js';
import type { ContextItem, ToolCall, ToolCallState } from './records.js';
import { textField } from '../shared/content.js';

/**
 * `cn` 1.5.47's built-in tools (src/tools/builtInToolNames.ts) and the IDE extensions' built-ins
 * (core/tools/builtIn.ts), which save sessions in the same folder and format.
 */
const KINDS: Record<string, ToolKind> = {
  Bash: 'shell', Read: 'read', Edit: 'edit', MultiEdit: 'edit', Write: 'write', List: 'search', Search: 'search',
  Fetch: 'web', Checklist: 'plan', AskQuestion: 'question', Subagent: 'task', CheckBackgroundJob: 'shell', Diff: 'other',
  Skills: 'other', Status: 'other', ReportFailure: 'other', UploadArtifact: 'other', Exit: 'other',
  run_terminal_command: 'shell', read_file: 'read', read_file_range: 'read', read_currently_open_file: 'read', read_skill: 'read',
  edit_existing_file: 'edit', single_find_and_replace: 'edit', multi_edit: 'edit', create_new_file: 'write',
  grep_search: 'search', file_glob_search: 'search', ls: 'search', codebase: 'search', view_repo_map: 'search', view_subdirectory: 'search',
  search_web: 'web', fetch_url_content: 'web', view_diff: 'other', create_rule_block: 'other', request_rule: 'other',
};

/** Read/Write name the file `filepath`, Edit/MultiEdit `file_path`; the IDE tools `filepath` too. */
const CATALOG: ToolCatalog = { kinds: KINDS, mcpNames: false, pathKeys: ['filepath', 'file_path'] };

/** The name and the parsed arguments of a call: `parsedArgs` of its state, else its JSON `arguments`. */
export function callOf(call: ToolCall | undefined, state: ToolCallState | undefined): { name: string; input: unknown } {
  const fn = asRecord(call?.function ?? asRecord(state?.toolCall)?.function);
  const name = stringField(fn, 'name') ?? 'unknown';
  if (state?.parsedArgs !== undefined) return { name, input: state.parsedArgs };
  const raw = fn?.arguments;
  if (typeof raw !== 'string') return { name, input: raw ?? {} };
  try {
    return { name, input: JSON.parse(raw) as unknown };
  } catch {
    return { name, input: raw };
  }
}

export function calledTool(name: string, callId: string, input: unknown): Tool & { kind: ToolKind } {
  const { kind } = identifyTool(CATALOG, name);
  const files = filesFromInput(kind, input, CATALOG.pathKeys ?? []);
  return { name, callId, kind, input: input ?? {}, ...(files ? { files } : {}) };
}

/** The text of a state's output: its context items, each item's content. */
export function outputText(output: unknown): string {
  if (!Array.isArray(output)) return typeof output === 'string' ? output : '';
  return output.map((item) => textField(asRecord(item) as ContextItem | undefined, 'content') ?? '').join('\n');
}

/** The states in which a call has finished; the others (generating, generated, calling) were never answered. */
const FINISHED: Record<string, ToolStatus> = { done: 'ok', errored: 'error', canceled: 'denied' };

export function isFinished(status: string | undefined): boolean {
  return status !== undefined && Object.hasOwn(FINISHED, status);
}

const EXIT = /^Error executing tool \S+: Error \(exit code (-?\d+)\)/;

/** Status and (for shell calls) exit code of a finished call. */
export function outcomeOf(kind: ToolKind, status: string, text: string): { status: ToolStatus; exitCode?: number } {
  const mapped = FINISHED[status] ?? 'error';
  if (kind !== 'shell') return { status: mapped };
  const exit = EXIT.exec(text);
  if (exit) return { status: mapped, exitCode: Number(exit[1]) };
  // a non-zero exit without stderr is a success to `cn`, and its code is not kept
  return { status: mapped };
}
