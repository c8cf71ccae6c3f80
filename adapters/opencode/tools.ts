/** OpenCode tool names, statuses and file effects, normalized; and the small JSON helpers. */
import type { ToolKind, ToolStatus, Usage } from '../../src/transcript/index.js';
import { asRecord, stringField } from '../shared/json.js';
import { isoTime as sharedIsoTime } from '../shared/time.js';
import { toolLookup } from '../shared/tools.js';
import { textField } from '../shared/content.js';

const KIND_BY_NAME: Record<string, ToolKind> = {
  bash: 'shell',
  shell: 'shell',
  read: 'read',
  write: 'write',
  edit: 'edit',
  multiedit: 'edit',
  patch: 'edit',
  apply_patch: 'edit',
  glob: 'search',
  grep: 'search',
  list: 'search',
  ls: 'search',
  codesearch: 'search',
  websearch: 'web',
  webfetch: 'web',
  task: 'task',
  todowrite: 'plan',
  todoread: 'plan',
  plan_enter: 'plan',
  plan_exit: 'plan',
  question: 'question',
};

/** OpenCode names an MCP tool `<server>_<tool>`, which cannot be told from a built-in name: only the table decides. */
const TOOLS = toolLookup({ kinds: KIND_BY_NAME, mcpNames: false, pathKeys: ['filePath', 'file_path'] });
export const toolKind = TOOLS.kind;
/** Files a tool call names in its input, before it runs. */
export const filesFromInput = TOOLS.files;

/** OpenCode's own words when a permission rule or the user stops a call (PermissionNext Denied/Rejected/Corrected errors). */
const DENIAL = [
  /The user has specified a rule which prevents you from using this specific tool call/,
  /The user rejected permission to use this specific tool call/,
  /The user doesn't want to proceed with this tool use/,
  /^(Error: )?(Permission|Tool) (was )?(denied|rejected)\b/i,
];
/**
 * The note OpenCode appends to a shell result it killed: `<shell_metadata>shell tool terminated
 * command after exceeding timeout N ms…` (1.18; `bash_metadata`/`bash tool` in 1.x).
 */
const TIMEOUT = /<(?:shell|bash)_metadata>\s*(?:shell|bash) tool terminated command after exceeding timeout/;

export interface ToolSignals {
  state: string;
  text: string;
  exit?: number | null;
}

/** ok / error / denied / timeout from the tool state, its error text and the shell exit code. */
export function toolStatus(signals: ToolSignals): ToolStatus {
  if (signals.state === 'error') {
    if (DENIAL.some((pattern) => pattern.test(signals.text))) return 'denied';
    if (TIMEOUT.test(signals.text)) return 'timeout';
    return 'error';
  }
  if (TIMEOUT.test(signals.text)) return 'timeout';
  if (typeof signals.exit === 'number' && signals.exit !== 0) return 'error';
  return 'ok';
}

/**
 * Tokens of one step (`step-finish.tokens`, or an assistant message's `tokens`). OpenCode's
 * `input` leaves out cached tokens already. Whether `output` includes `reasoning` changed between
 * releases: 1.18 subtracts it (total = input + output + reasoning + cache), 1.1 kept it inside
 * (total = input + output + cache). The Transcript's `output` always includes reasoning, as the
 * providers count it; without a `total` the older meaning is assumed.
 */
export function usageOf(raw: unknown): Usage | undefined {
  const tokens = asRecord(raw);
  if (!tokens || typeof tokens.input !== 'number' || typeof tokens.output !== 'number') return undefined;
  const cache = asRecord(tokens.cache);
  const cacheRead = num(cache?.read);
  const cacheWrite = num(cache?.write);
  const reasoning = num(tokens.reasoning);
  const excludesReasoning = typeof tokens.total === 'number' && reasoning > 0
    && tokens.total === tokens.input + tokens.output + reasoning + cacheRead + cacheWrite;
  const usage: Usage = { input: tokens.input, output: tokens.output + (excludesReasoning ? reasoning : 0) };
  if (cacheRead > 0) usage.cacheRead = cacheRead;
  if (cacheWrite > 0) usage.cacheWrite = cacheWrite;
  if (reasoning > 0) usage.reasoning = reasoning;
  return usage;
}

/** Epoch milliseconds → RFC 3339, or undefined (OpenCode writes no time as a string). */
export function isoTime(ms: unknown): string | undefined {
  return typeof ms === 'number' ? sharedIsoTime(ms) : undefined;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The text of an OpenCode error object (`{name, data: {message}}`) or string. */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  const record = asRecord(error);
  const data = asRecord(record?.data);
  return textField(data, 'message') ?? textField(record, 'message') ?? stringField(record, 'name') ?? 'error';
}
