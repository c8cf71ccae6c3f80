/** Claude Code tool names, statuses and file effects, normalized. */
import type { FileTouch, ToolKind, ToolStatus } from '../../src/transcript/index.js';
export { asRecord, stringField } from '../shared/json.js';
import { asRecord, stringField } from '../shared/json.js';

const KIND_BY_NAME: Record<string, ToolKind> = {
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
  TodoWrite: 'plan',
  TodoRead: 'plan',
  ExitPlanMode: 'plan',
  AskUserQuestion: 'question',
};

export interface ToolIdentity {
  kind: ToolKind;
  mcp?: { server: string; tool: string };
}

export function identifyTool(name: string): ToolIdentity {
  if (name.startsWith('mcp__')) {
    const [server = '', ...rest] = name.slice('mcp__'.length).split('__');
    return { kind: 'mcp', mcp: { server, tool: rest.join('__') } };
  }
  return { kind: KIND_BY_NAME[name] ?? 'other' };
}

/** Files a tool call names in its input, before it runs. */
export function filesFromInput(kind: ToolKind, input: unknown): FileTouch[] | undefined {
  const record = asRecord(input);
  const path = stringField(record, 'file_path') ?? stringField(record, 'notebook_path');
  if (!path) return undefined;
  const action = kind === 'read' ? 'read' : kind === 'write' ? 'write' : kind === 'edit' ? 'edit' : undefined;
  return action ? [{ path, action }] : undefined;
}

/** Unified-diff text from the structuredPatch hunks Claude Code records for Edit/Write results. */
export function diffFromPatch(patch: unknown): string | undefined {
  if (!Array.isArray(patch) || patch.length === 0) return undefined;
  const lines: string[] = [];
  for (const hunk of patch) {
    const h = asRecord(hunk);
    if (!h || !Array.isArray(h.lines)) continue;
    lines.push(`@@ -${num(h.oldStart)},${num(h.oldLines)} +${num(h.newStart)},${num(h.newLines)} @@`);
    for (const line of h.lines) if (typeof line === 'string') lines.push(line);
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

export interface ResultSignals {
  isError: boolean;
  text: string;
  /** toolDenialKind (session files) or non_execution_kind (stream, newer CLIs) */
  denialKind?: string;
  interrupted?: boolean;
}

export function statusOf(signals: ResultSignals): ToolStatus {
  if (signals.denialKind) return /interrupt|cancel/i.test(signals.denialKind) ? 'error' : 'denied';
  if (signals.isError) {
    if (DENIAL.some((pattern) => pattern.test(signals.text))) return 'denied';
    if (TIMEOUT.test(signals.text)) return 'timeout';
    return 'error';
  }
  if (signals.interrupted) return 'error';
  return 'ok';
}

/** Claude Code prefixes a failed shell command's output with "Exit code N". */
export function exitCodeOf(kind: ToolKind, status: ToolStatus, text: string): number | undefined {
  if (kind !== 'shell') return undefined;
  const match = /^(?:Error: )?Exit code (\d+)/.exec(text);
  if (match) return Number(match[1]);
  return status === 'ok' ? 0 : undefined;
}

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
