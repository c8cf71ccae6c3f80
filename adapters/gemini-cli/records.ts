/**
 * The native record shapes Gemini CLI writes, by field name: chat JSONL lines (metadata, messages,
 * `$set` patches, `$rewindTo`), the legacy chat document, `--output-format stream-json` lines and
 * the `--output-format json` object. Read through `Native<…>`: a field name not listed here does
 * not compile; every value is checked where it is read.
 */

/** A line (or document) of any form, told apart by its shape. */
export interface Line {
  // chat: metadata and the legacy document
  sessionId: string;
  projectHash: string;
  startTime: string;
  lastUpdated: string;
  kind: string;
  summary: string;
  directories: string[];
  messages: unknown[];
  // chat: patches
  $set: unknown;
  $rewindTo: string;
  // chat: messages
  id: string;
  type: string;
  timestamp: string;
  content: unknown;
  displayContent: unknown;
  model: string;
  thoughts: unknown[];
  toolCalls: unknown[];
  tokens: unknown;
  // stream-json
  session_id: string;
  role: 'user' | 'assistant';
  delta: boolean;
  tool_name: string;
  tool_id: string;
  parameters: unknown;
  status: string;
  output: string;
  error: unknown;
  stats: unknown;
  severity: string;
  message: string;
  // json output
  response: string;
  warnings: unknown[];
}

/** `$set`: the fields of the metadata a patch replaces, and a checkpoint of the whole conversation. */
export type Patch = Pick<Line, 'summary' | 'directories' | 'sessionId' | 'messages' | 'lastUpdated'>;
