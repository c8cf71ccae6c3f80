/**
 * Amp's tool names, tool results and token counts, normalized. Amp's built-in tools are named
 * differently from Claude Code's (`create_file`, `edit_file`, `glob`, `finder`, `oracle`, ...), and
 * its thread files keep a tool's outcome as a `run` object rather than an `is_error` flag, so
 * these helpers are Amp's own; only the generic status reading is shared with Claude Code.
 */
import type { FileTouch, ToolKind, ToolStatus, Usage } from '../../src/transcript/index.js';
import { statusOf } from '../claude-code/tools.js';
import { asRecord } from '../shared/json.js';
import { filesFromInput as sharedFilesFromInput, identifyTool as sharedIdentifyTool, type ToolCatalog, type ToolIdentity } from '../shared/tools.js';
import { ANTHROPIC_USAGE, mapUsage, type UsageFields } from '../shared/usage.js';
import { textField } from '../shared/content.js';

/** Built-in tool names, lower-cased (Amp mixes `Bash`/`Read`/`Grep`/`Task` with `edit_file`, `glob`, ...). */
const KIND_BY_NAME: Record<string, ToolKind> = {
  bash: 'shell',
  read: 'read',
  look_at: 'read',
  read_thread: 'read',
  create_file: 'write',
  edit_file: 'edit',
  undo_edit: 'edit',
  format_file: 'edit',
  apply_patch: 'edit',
  grep: 'search',
  glob: 'search',
  finder: 'search',
  codebase_search_agent: 'search',
  list_directory: 'search',
  find_thread: 'search',
  read_web_page: 'web',
  web_search: 'web',
  task: 'task',
  oracle: 'task',
  librarian: 'task',
  handoff: 'task',
  todo_write: 'plan',
  todo_read: 'plan',
  task_list: 'plan',
  read_mcp_resource: 'mcp',
};

const CATALOG: ToolCatalog = { kinds: KIND_BY_NAME, caseInsensitive: true };

export function identifyTool(name: string): ToolIdentity {
  return sharedIdentifyTool(CATALOG, name);
}

/** Files a tool call names in its input (`path` for Amp's file tools), before it runs. */
export function filesFromInput(kind: ToolKind, input: unknown): FileTouch[] | undefined {
  return sharedFilesFromInput(kind, input, ['path', 'file_path']);
}

/** What a tool returned, whatever shape it came in. */
export interface ResultPayload {
  text: string;
  exitCode?: number;
  diff?: string;
}

/**
 * Reads a tool's result: plain text; a list of content blocks; or an object (`{output, exitCode}`
 * for Bash, `{diff, lineRange}` for file edits). The stream carries such objects as a JSON string
 * in `tool_result.content`, a thread file as the parsed object under `run.result`.
 */
export function resultPayload(value: unknown): ResultPayload {
  if (value === undefined || value === null) return { text: '' };
  if (typeof value === 'string') {
    const trimmed = value.trimStart();
    if (trimmed.startsWith('{')) {
      try {
        const parsed = asRecord(JSON.parse(value));
        if (parsed && (typeof parsed.output === 'string' || typeof parsed.diff === 'string')) return objectPayload(parsed, value);
      } catch {
        // plain text that happens to start with a brace
      }
    }
    return { text: value };
  }
  if (Array.isArray(value)) {
    const texts: string[] = [];
    for (const part of value) {
      const p = asRecord(part);
      if (typeof part === 'string') texts.push(part);
      else if (p?.type === 'text' && typeof p.text === 'string') texts.push(p.text);
      else if (p) texts.push(JSON.stringify(p));
    }
    return { text: texts.join('\n') };
  }
  const record = asRecord(value);
  if (record) return objectPayload(record, undefined);
  return { text: JSON.stringify(value) };
}

function objectPayload(record: Record<string, unknown>, original: string | undefined): ResultPayload {
  const payload: ResultPayload = { text: '' };
  if (typeof record.exitCode === 'number' && Number.isInteger(record.exitCode)) payload.exitCode = record.exitCode;
  if (typeof record.diff === 'string' && record.diff.length > 0) payload.diff = record.diff;
  if (typeof record.output === 'string') payload.text = record.output;
  else if (payload.diff) payload.text = payload.diff;
  else payload.text = original ?? JSON.stringify(record);
  return payload;
}

/** Text of an error Amp recorded: a string, or `{message}`. */
export function errorText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  const record = asRecord(value);
  return textField(record, 'message') ?? (record ? JSON.stringify(record) : undefined);
}

/** Amp's own words when a permission rule or the user turns a tool call down. */
const DENIAL = /rejected[- ]by[- ]user|user rejected|permission (was )?denied|not permitted by|blocked by (a )?permission/i;

/**
 * Status of a tool result. Thread files say it in `run.status` (`done`, `error`, `cancelled`,
 * `rejected-by-user`); the stream only has `is_error` and the text. A shell command that exits
 * non-zero is an error even when the run itself completed.
 */
export function toolStatus(signals: { runStatus?: string; isError: boolean; text: string; exitCode?: number }): ToolStatus {
  const { runStatus, isError, text, exitCode } = signals;
  let status: ToolStatus;
  if (runStatus === 'rejected-by-user') status = 'denied';
  else if (runStatus === 'cancelled') status = 'error';
  else if ((isError || runStatus === 'error') && DENIAL.test(text)) status = 'denied';
  else status = statusOf({ isError: isError || runStatus === 'error', text });
  if (status === 'ok' && exitCode !== undefined && exitCode !== 0) status = 'error';
  return status;
}

/** Tokens of one model response: snake_case in the stream, camelCase in thread files; no reasoning count. */
const USAGE_FIELDS: UsageFields = { ...ANTHROPIC_USAGE, reasoning: [], wholeCounts: true };

export function usageOf(raw: unknown): Usage | undefined {
  return mapUsage(raw, USAGE_FIELDS);
}

/** A `usageLedger` event's `tokens` ({input, output}); used only for responses whose message has no usage. */
export function ledgerUsageOf(raw: unknown): Usage | undefined {
  const tokens = asRecord(raw);
  const input = num(tokens?.input);
  const output = num(tokens?.output);
  if (input === undefined && output === undefined) return undefined;
  return { input: input ?? 0, output: output ?? 0 };
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
