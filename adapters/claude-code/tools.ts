/** Claude Code tool names, statuses and file effects, normalized. */
import type { FileTouch, ToolKind, ToolStatus } from '../../src/transcript/index.js';
import { asRecord } from '../shared/json.js';
import { filesFromInput as sharedFilesFromInput, identifyTool as sharedIdentifyTool, type ToolCatalog, type ToolIdentity } from '../shared/tools.js';

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
  Workflow: 'task',
  EnterPlanMode: 'plan',
  TodoWrite: 'plan',
  TodoRead: 'plan',
  ExitPlanMode: 'plan',
  AskUserQuestion: 'question',
};

const CATALOG: ToolCatalog = { kinds: KIND_BY_NAME };

export function identifyTool(name: string): ToolIdentity {
  return sharedIdentifyTool(CATALOG, name);
}

/** Files a tool call names in its input, before it runs. */
export function filesFromInput(kind: ToolKind, input: unknown): FileTouch[] | undefined {
  return sharedFilesFromInput(kind, input, ['file_path', 'notebook_path']);
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
