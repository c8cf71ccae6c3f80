/** Codex tool names, tool output forms, statuses, apply_patch files and token usage, normalized. */
import type { FileTouch, ToolKind, ToolStatus, Usage } from '../../src/transcript/index.js';
import { asRecord, callArguments, stringField, numberField } from '../shared/json.js';
import { mapUsage, type UsageFields } from '../shared/usage.js';
import { identifyTool as identifySharedTool, type ToolCatalog, type ToolIdentity as SharedIdentity } from '../shared/tools.js';
import { textField } from '../shared/content.js';


// ---- tool identity -------------------------------------------------------------------

const KIND_BY_NAME: Record<string, ToolKind> = {
  shell: 'shell',
  shell_command: 'shell',
  exec_command: 'shell',
  write_stdin: 'shell',
  local_shell: 'shell',
  local_shell_call: 'shell',
  unified_exec: 'shell',
  'container.exec': 'shell',
  command_execution: 'shell',
  apply_patch: 'edit',
  file_change: 'edit',
  read_file: 'read',
  view_image: 'read',
  list_dir: 'search',
  grep_files: 'search',
  tool_search: 'search',
  tool_search_call: 'search',
  web_search: 'web',
  web_search_call: 'web',
  update_plan: 'plan',
  todo_list: 'plan',
  get_goal: 'plan',
  create_goal: 'plan',
  update_goal: 'plan',
  request_user_input: 'question',
  spawn_agent: 'task',
  send_input: 'task',
  resume_agent: 'task',
  wait_agent: 'task',
  wait: 'task',
  close_agent: 'task',
  followup_task: 'task',
  interrupt_agent: 'task',
  list_agents: 'task',
  send_message: 'task',
  collab_tool_call: 'task',
  list_mcp_resources: 'mcp',
  list_mcp_resource_templates: 'mcp',
  read_mcp_resource: 'mcp',
};

const CATALOG: ToolCatalog = { kinds: KIND_BY_NAME };

export interface ToolIdentity extends SharedIdentity {
  name: string;
}

/**
 * A function call's display name and kind. Tools found by tool_search come with a `namespace`
 * (`mcp__<server>`, name = the MCP tool); older releases name MCP tools `mcp__<server>__<tool>`.
 */
export function identifyTool(name: string, namespace?: string): ToolIdentity {
  if (namespace) {
    const full = `${namespace}__${name}`;
    if (namespace.startsWith('mcp__')) return { name: full, kind: 'mcp', mcp: { server: namespace.slice('mcp__'.length), tool: name } };
    return { name: full, kind: KIND_BY_NAME[name] ?? 'other' };
  }
  return { name, ...identifySharedTool(CATALOG, name) };
}

/** The patch text of a shell call that runs apply_patch (older releases), or undefined. */
export function patchFromShellInput(input: unknown): string | undefined {
  const command = asRecord(input)?.command;
  if (!Array.isArray(command)) return undefined;
  if ((command[0] === 'apply_patch' || command[0] === 'applypatch') && typeof command[1] === 'string') return command[1];
  const script = command.length === 3 && typeof command[2] === 'string' ? command[2] : undefined;
  if (script && /^\s*(apply_patch|applypatch)\b/.test(script) && script.includes('*** Begin Patch')) {
    return script.slice(script.indexOf('*** Begin Patch'));
  }
  return undefined;
}

// ---- apply_patch ---------------------------------------------------------------------

/** Files named by an apply_patch patch text, with the patch's own lines of each file as its diff. */
export function filesFromPatch(patch: string): FileTouch[] {
  const files: FileTouch[] = [];
  let current: { touch: FileTouch; lines: string[] } | undefined;
  const close = () => {
    if (!current) return;
    if (current.lines.length > 0) current.touch.diff = current.lines.join('\n');
    files.push(current.touch);
    current = undefined;
  };
  for (const line of patch.split('\n')) {
    const header = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line);
    if (header) {
      close();
      const action = header[1] === 'Add' ? 'write' : header[1] === 'Delete' ? 'delete' : 'edit';
      current = { touch: { path: header[2]!.trim(), action }, lines: [] };
      continue;
    }
    if (line.startsWith('*** End Patch') || line.startsWith('*** Begin Patch')) {
      close();
      continue;
    }
    if (!current) continue;
    if (line.startsWith('*** Move to: ')) current.lines.push(`rename to ${line.slice('*** Move to: '.length).trim()}`);
    else if (line !== '*** End of File') current.lines.push(line);
  }
  close();
  return files;
}

/**
 * Files from Codex's own record of an applied patch: `{<path>: {type: add|delete|update, content?,
 * unified_diff?, move_path?}}` (2025-11 and later) or `{<path>: {add: {content}} | {update: {unified_diff,
 * move_path}} | {delete: {}}}` (older), or the exec stream's `[{path, kind, diff?}]`.
 */
export function filesFromChanges(changes: unknown): FileTouch[] | undefined {
  const files: FileTouch[] = [];
  if (Array.isArray(changes)) {
    for (const entry of changes) {
      const change = asRecord(entry);
      const path = stringField(change, 'path');
      if (!change || !path) continue;
      files.push(fileTouch(path, stringField(change, 'kind') ?? stringField(asRecord(change.kind), 'type'), stringField(change, 'diff')));
    }
    return files.length > 0 ? files : undefined;
  }
  const record = asRecord(changes);
  if (!record) return undefined;
  for (const [path, value] of Object.entries(record)) {
    const change = asRecord(value);
    if (!change) continue;
    const tagged = stringField(change, 'type');
    const [kind, body] = tagged ? [tagged, change] : Object.entries(change)[0] ?? [];
    const inner = asRecord(body);
    const content = textField(inner, 'content');
    const diff = stringField(inner, 'unified_diff') ?? (content !== undefined ? contentLines(content, kind === 'delete' ? '-' : '+') : undefined);
    files.push(fileTouch(path, kind, diff, stringField(inner, 'move_path')));
  }
  return files.length > 0 ? files : undefined;
}

function fileTouch(path: string, kind: string | undefined, diff: string | undefined, movedTo?: string): FileTouch {
  const action = kind === 'add' ? 'write' : kind === 'delete' ? 'delete' : 'edit';
  const text = movedTo ? `rename to ${movedTo}${diff ? `\n${diff}` : ''}` : diff;
  return { path, action, ...(text ? { diff: text } : {}) };
}

/** A whole file's content as diff lines: `+` for an added file, `-` for a deleted one. */
function contentLines(content: string, sign: '+' | '-'): string {
  const body = content.endsWith('\n') ? content.slice(0, -1) : content;
  return body.split('\n').map((line) => `${sign}${line}`).join('\n');
}

// ---- tool outputs --------------------------------------------------------------------

export interface ParsedOutput {
  /** what the tool printed, without Codex's header lines */
  text: string;
  exitCode?: number;
  durationMs?: number;
  /** the command is still running (unified exec returned a session id) */
  running?: boolean;
}

const HEADER_LINE = /^(Exit code: -?\d+|Process exited with code -?\d+|Process running with session ID \d+|Wall time: [\d.]+ seconds|Chunk ID: \S+|Original token count: \d+|Total output lines: \d+|Command: .*)$/;

/**
 * `function_call_output.output` in every form Codex wrote: a JSON string `{"output", "metadata":
 * {"exit_code", "duration_seconds"}}` (≤ 0.1xx shell tool and apply_patch), plain text with header
 * lines ("Exit code: N" / "Process exited with code N", "Wall time: X seconds", "Chunk ID",
 * "Original token count", then "Output:"), or an array of content items (MCP results).
 */
export function parseToolOutput(output: unknown): ParsedOutput {
  let text: string;
  if (typeof output === 'string') {
    text = output;
    if (text.startsWith('{"output"') || text.startsWith('{"metadata"')) {
      const parsed = asRecord(callArguments(text));
      const metadata = asRecord(parsed?.metadata);
      if (parsed && typeof parsed.output === 'string') {
        const result: ParsedOutput = { text: parsed.output };
        const exit = numberField(metadata, 'exit_code');
        const seconds = numberField(metadata, 'duration_seconds');
        if (exit !== undefined) result.exitCode = exit;
        if (seconds !== undefined) result.durationMs = Math.round(seconds * 1000);
        return result;
      }
    }
  } else if (Array.isArray(output)) {
    text = output
      .map((part) => {
        const p = asRecord(part);
        if (typeof p?.text === 'string') return p.text;
        if (p?.type === 'input_image' || p?.type === 'image') return '[image]';
        return p ? JSON.stringify(p) : '';
      })
      .join('\n');
  } else {
    const record = asRecord(output);
    text = typeof record?.content === 'string' ? record.content : output == null ? '' : JSON.stringify(output);
  }
  return parseHeader(text);
}

function parseHeader(text: string): ParsedOutput {
  const marker = text.indexOf('Output:');
  if (marker < 0 || marker > 600) return { text };
  const head = text.slice(0, marker);
  const lines = head.split('\n').filter((line) => line.length > 0);
  if (lines.length === 0 || !lines.every((line) => HEADER_LINE.test(line))) return { text };
  const result: ParsedOutput = { text: text.slice(marker + 'Output:'.length).replace(/^\n/, '') };
  for (const line of lines) {
    const exit = /^(?:Exit code: |Process exited with code )(-?\d+)$/.exec(line);
    if (exit) result.exitCode = Number(exit[1]);
    const wall = /^Wall time: ([\d.]+) seconds$/.exec(line);
    if (wall) result.durationMs = Math.round(Number(wall[1]) * 1000);
    if (line.startsWith('Process running with session ID')) result.running = true;
  }
  return result;
}

const DENIED = [
  /\bRejected\(/,
  /rejected by user/i,
  /\brejected: policy forbids\b/i,
  /approval policy is \w+; reject command/i,
  /This action was rejected due to unacceptable risk/,
  /^(exec command|patch) (was )?(rejected|declined)/i,
  /\buser (denied|declined)\b/i,
];
const TIMED_OUT = /\b(command )?timed out\b/i;
const FAILED = /^(apply_patch verification failed|unsupported call|exec_command failed|failed to parse function arguments|Failed to |error: |Error: |execution error|sandbox error|Invalid patch|patch rejected)/i;

/** A tool result's status from Codex's signals: declines, timeouts, exit codes, error texts. */
export function statusOf(signals: { text: string; exitCode?: number; itemStatus?: string; success?: boolean }): ToolStatus {
  const { text, exitCode, itemStatus } = signals;
  if (itemStatus === 'declined' || itemStatus === 'denied' || itemStatus === 'rejected') return 'denied';
  const head = text.length > 2000 ? text.slice(0, 2000) : text;
  if (DENIED.some((pattern) => pattern.test(head))) return 'denied';
  if (exitCode === 124 || (exitCode !== 0 && TIMED_OUT.test(head))) return 'timeout';
  if (itemStatus === 'failed' || signals.success === false) return 'error';
  if (exitCode !== undefined) return exitCode === 0 ? 'ok' : 'error';
  if (itemStatus === 'completed' || signals.success === true) return 'ok';
  if (FAILED.test(head)) return 'error';
  return 'ok';
}

/** `{secs, nanos}` (Rust Duration) → milliseconds. */
export function durationOf(value: unknown): number | undefined {
  const d = asRecord(value);
  const secs = numberField(d, 'secs');
  const nanos = numberField(d, 'nanos');
  if (secs === undefined && nanos === undefined) return undefined;
  return Math.round((secs ?? 0) * 1000 + (nanos ?? 0) / 1e6);
}

// ---- usage ---------------------------------------------------------------------------

/**
 * Codex/OpenAI token counts → Usage. OpenAI's `input_tokens` includes the cached prompt tokens;
 * the Transcript (like Anthropic's usage) counts them apart, so `input` is the uncached part and
 * `cacheRead` the cached one. `output` includes `reasoning` (as Anthropic's output includes thinking).
 */
export function usageOf(raw: unknown): Usage | undefined {
  return mapUsage(raw, USAGE_FIELDS);
}

const USAGE_FIELDS: UsageFields = {
  input: ['input_tokens'],
  output: ['output_tokens'],
  cacheRead: ['cached_input_tokens', 'input_tokens_details.cached_tokens'],
  cacheWrite: ['cache_write_input_tokens'],
  reasoning: ['reasoning_output_tokens', 'output_tokens_details.reasoning_tokens'],
  inputIncludesCache: true,
};
