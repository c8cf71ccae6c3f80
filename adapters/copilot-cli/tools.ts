/** Copilot CLI tools → normalized kinds, touched files, result text and status. */
import type { FileTouch, Tool, ToolKind, Usage } from '../../src/transcript/index.js';
import { asRecord, numberField, stringField, type Json } from '../shared/json.js';
import { textField } from '../shared/content.js';

export { asRecord, numberField, stringField, type Json };

/** Built-in tool names of 1.0.x (and the 0.0.x `str_replace_editor`), by kind. */
const KINDS: Record<string, ToolKind> = {
  bash: 'shell', read_bash: 'shell', write_bash: 'shell', stop_bash: 'shell', list_bash: 'shell',
  powershell: 'shell', read_powershell: 'shell', write_powershell: 'shell', stop_powershell: 'shell', list_powershell: 'shell',
  view: 'read', show_file: 'read',
  create: 'write',
  edit: 'edit', str_replace: 'edit', insert: 'edit', apply_patch: 'edit', undo_edit: 'edit',
  grep: 'search', glob: 'search', rg: 'search', search_code: 'search', session_store_sql: 'search',
  web_fetch: 'web', web_search: 'web', fetch_copilot_cli_documentation: 'web',
  task: 'task', read_agent: 'task', write_agent: 'task', list_agents: 'task',
  update_todo: 'plan', exit_plan_mode: 'plan', report_intent: 'plan',
  ask_user: 'question',
};

/** `str_replace_editor` (0.0.x) names its action in `command`. */
const EDITOR_COMMANDS: Record<string, ToolKind> = { view: 'read', create: 'write', str_replace: 'edit', insert: 'edit', undo_edit: 'edit' };

export function toolKind(name: string, args: unknown, mcpServer?: string): ToolKind {
  if (mcpServer) return 'mcp';
  if (name === 'str_replace_editor') return EDITOR_COMMANDS[stringField(asRecord(args), 'command') ?? ''] ?? 'edit';
  return KINDS[name] ?? (name.includes('/') || name.startsWith('github-mcp-server-') ? 'mcp' : 'other');
}

/** Files a call names in its arguments, before it ran. */
export function filesFromArguments(kind: ToolKind, args: unknown): FileTouch[] | undefined {
  const path = stringField(asRecord(args), 'path');
  if (!path) return undefined;
  if (kind === 'read') return [{ path, action: 'read' }];
  if (kind === 'write') return [{ path, action: 'write' }];
  if (kind === 'edit') return [{ path, action: 'edit' }];
  return undefined;
}

const EDIT_ACTIONS: Record<string, FileTouch['action']> = { create: 'write', edit: 'edit', delete: 'delete', write: 'write' };

/** `fileEdits` of tool.execution_complete (what was really committed), with the diff when it is one file. */
export function filesFromCompletion(data: Json, kind: ToolKind, args: unknown): FileTouch[] | undefined {
  const diff = stringField(asRecord(data.result), 'detailedContent');
  const edits = Array.isArray(data.fileEdits) ? data.fileEdits.map(asRecord).filter((e): e is Json => !!stringField(e, 'path')) : [];
  const files: FileTouch[] = edits.map((e) => ({ path: stringField(e, 'path')!, action: EDIT_ACTIONS[stringField(e, 'kind') ?? ''] ?? 'edit' }));
  const named = files.length > 0 ? files : (filesFromArguments(kind, args) ?? []);
  if (named.length === 1 && diff && /^\s*diff --git /.test(diff) && named[0]!.action !== 'read') named[0] = { ...named[0]!, diff: diff.trim() };
  return named.length > 0 ? named : undefined;
}

/** The text a tool gave back: the model-facing content, else the error message. */
export function resultText(data: Json): string | null {
  const result = asRecord(data.result);
  const content = typeof result?.content === 'string' ? result.content : textField(result, 'content');
  const error = textField(asRecord(data.error), 'message');
  if (content !== undefined && error) return `${content}\n${error}`;
  return content ?? error ?? blocksText(result?.contents) ?? null;
}

/** `contents` blocks (MCP-style: text, terminal, image, resource ...) → their text. */
function blocksText(blocks: unknown): string | undefined {
  if (!Array.isArray(blocks)) return undefined;
  // a shell_exit block (1.0.10x) carries its output as outputPreview; other blocks are attachments (attachments.ts)
  const parts = blocks.map(asRecord).map((b) => textField(b, 'text') ?? textField(b, 'output') ?? textField(b, 'outputPreview')).filter((t): t is string => t !== undefined);
  return parts.length > 0 ? parts.join('\n') : undefined;
}

/** ok / error / denied / timeout, from success, the error code and a shell's exit code. */
export function resultStatus(data: Json): NonNullable<Tool['status']> {
  const code = stringField(asRecord(data.error), 'code') ?? '';
  if (/denied|rejected|permission/i.test(code)) return 'denied';
  if (/timeout|timed_out/i.test(code)) return 'timeout';
  if (data.success === false) return 'error';
  const exitCode = numberField(asRecord(data.shellExecution), 'exitCode');
  return exitCode !== undefined && exitCode !== 0 ? 'error' : 'ok';
}

/**
 * `session.usage_record` / `assistant.usage` tokens → Usage. Copilot reports OpenAI-style counts:
 * `inputTokens` includes the cached prompt tokens, which the Transcript counts apart.
 */
export function usageOf(usage: Json | undefined): Usage | undefined {
  const input = numberField(usage, 'inputTokens');
  const output = numberField(usage, 'outputTokens');
  if (input === undefined && output === undefined) return undefined;
  const cacheRead = numberField(usage, 'cacheReadTokens') ?? 0;
  const cacheWrite = numberField(usage, 'cacheWriteTokens') ?? 0;
  const reasoning = numberField(usage, 'reasoningTokens') ?? 0;
  const result: Usage = { input: Math.max(0, (input ?? 0) - cacheRead - cacheWrite), output: output ?? 0 };
  if (cacheRead) result.cacheRead = cacheRead;
  if (cacheWrite) result.cacheWrite = cacheWrite;
  if (reasoning) result.reasoning = reasoning;
  return result;
}

/** A time field that may be an RFC 3339 string or epoch milliseconds (Copilot writes both). */
export function isoTime(value: unknown): string | undefined {
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return new Date(value).toISOString();
  return undefined;
}
