/** Droid's tool names → kinds, and what a tool result says about success. */
import type { Tool, ToolKind, ToolStatus } from '../../src/transcript/index.js';
import { asRecord } from '../shared/json.js';
import { toolLookup } from '../shared/tools.js';
import { withBlockProse } from '../shared/prose.js';

/** The tools `droid` 0.225.2 offers (its init line lists them) that have a kind; others are 'other'. */
const TOOLS = toolLookup({
  kinds: {
    Execute: 'shell',
    Script: 'shell',
    Read: 'read',
    LS: 'search',
    Grep: 'search',
    Glob: 'search',
    Edit: 'edit',
    MultiEdit: 'edit',
    ApplyPatch: 'edit',
    Create: 'write',
    WebSearch: 'web',
    FetchUrl: 'web',
    TodoWrite: 'plan',
    ExitSpecMode: 'plan',
    ProposeMission: 'plan',
    AskUser: 'question',
    Task: 'task',
    GenerateDroid: 'task',
  },
  pathKeys: ['file_path', 'directory_path', 'folder'],
});

/** The tool of a call, as the model asked for it. */
export function calledTool(name: string, callId: string, input: unknown): Tool & { kind: ToolKind } {
  const kind = TOOLS.kind(name);
  const files = TOOLS.files(kind, input);
  return { name, callId, kind, input: input ?? {}, ...(files ? { files } : {}) };
}

/** Execute's output ends with this line. */
const EXIT = /\[Process exited with code (-?\d+)\]\s*$/;
const DENIED = /denied|rejected by the user|not allowed|permission/i;
const TIMEOUT = /timed out/i;

export interface ToolOutcome {
  output: string;
  status: ToolStatus;
  exitCode?: number;
}

/** Edit and Create answer with a JSON object that says `success`. */
function reportsFailure(output: string): boolean {
  if (!output.startsWith('{')) return false;
  try {
    return asRecord(JSON.parse(output))?.success === false;
  } catch {
    return false;
  }
}

/** Output text, status and (for shell calls) exit code of a finished call. */
export function toolOutcome(kind: ToolKind, output: string, isError: boolean): ToolOutcome {
  const exit = kind === 'shell' ? EXIT.exec(output) : null;
  const exitCode = exit ? Number(exit[1]) : undefined;
  const failed = isError || reportsFailure(output) || (exitCode !== undefined && exitCode !== 0);
  const status: ToolStatus = !failed ? 'ok' : TIMEOUT.test(output) ? 'timeout' : isError && DENIED.test(output) ? 'denied' : 'error';
  return { output, status, ...(exitCode !== undefined ? { exitCode } : {}) };
}

/** A tool result's content: a string, or text blocks (images described by their type). */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content);
  return content.map((block) => {
    const record = asRecord(block);
    return typeof record?.text === 'string' ? record.text : record ? withBlockProse(`[${String(record.type ?? 'unknown')} block]`, record) : '[unknown block]';
  }).join('\n');
}
