/**
 * The native record shapes Pi writes, by field name: session-file entries (and the header that
 * also opens `--mode json` output), `--mode json` / `--mode rpc` events and RPC replies. Read
 * through `Native<…>`: a field name not listed here does not compile; every value is checked where
 * it is read.
 */

/** One line of any Pi form. */
export interface Line {
  type: string;
  // session header
  version: number;
  id: string;
  timestamp: string;
  cwd: string;
  provider: string;
  modelId: string;
  parentSession: string;
  branchedFrom: string;
  // tree entries
  parentId: string | null;
  message: unknown;
  thinkingLevel: string;
  /** `thinking_level_changed` (a --mode json event, 0.73) */
  level: string;
  summary: string;
  fromId: string;
  name: string;
  customType: string;
  content: unknown;
  display: boolean;
  tokensBefore: number;
  firstKeptEntryId: string;
  firstKeptEntryIndex: number;
  fromHook: boolean;
  // oh-my-pi's own entries (oh-my-pi-entries.ts; `title` as in its title slot)
  source: string;
  mode: string;
  serviceTier: Record<string, unknown> | null;
  injectedRules: string[];
  systemPrompt: string;
  task: string;
  tools: string[];
  purpose: string;
  role: string;
  api: string;
  model: string;
  usage: unknown;
  hash: string;
  // stream events
  assistantMessageEvent: { type?: string; partial?: unknown };
  toolCallId: string;
  toolName: string;
  result: unknown;
  isError: boolean;
  reason: string;
  errorMessage: string;
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  success: boolean;
  finalError: string;
  extensionPath: string;
  event: string;
  error: string;
  // rpc
  command: string;
  data: unknown;
  method: string;
  options: unknown[];
  title: string;
  notifyType: string;
  /** an `editor` dialog's text given to edit */
  prefill: string;
}
