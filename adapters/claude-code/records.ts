/**
 * The native record shapes Claude Code writes, by field name: session files (camelCase envelope)
 * and `claude -p --output-format stream-json` lines (snake_case). Read through `Native<…>`: a field
 * name not listed here does not compile; every value is checked where it is read.
 */

/** One line of either form: the envelope fields and each record type's own. */
export interface Line {
  type: string;
  subtype: string;
  uuid: string;
  parentUuid: string | null;
  sessionId: string;
  session_id: string;
  timestamp: string;
  version: string;
  claude_code_version: string;
  cwd: string;
  gitBranch: string;
  isSidechain: boolean;
  agentId: string;
  parent_tool_use_id: string | null;
  /** 2.1.3x `progress` records: the tool call they report on, and what they report (`{type: agent_progress, agentId, …}`) */
  parentToolUseID: string;
  data: { type?: string; agentId?: string };
  message: unknown;
  toolUseResult: unknown;
  tool_use_result: unknown;
  permissionDecision: { decision?: string };
  toolDenialKind: string;
  non_execution_kind: string;
  isMeta: boolean;
  isSynthetic: boolean;
  isCompactSummary: boolean;
  /** 2.1.3xx: who made a user record (`{kind: task-notification, producer, runId}` for a finished background task's report) */
  origin: { kind?: string };
  isApiErrorMessage: boolean;
  error: string;
  level: string;
  // system
  model: string;
  tools: unknown[];
  permissionMode: string;
  content: string;
  description: string;
  output: string;
  stdout: string;
  compactMetadata: unknown;
  compact_metadata: unknown;
  // system/stop_hook_summary (2.1.x): the Stop hooks that ran, their errors, whether one stopped the turn
  hookInfos: unknown[];
  hookErrors: unknown[];
  preventedContinuation: boolean;
  stopReason: string;
  // attachment
  attachment: { type?: string; snapshot?: unknown };
  rendered: unknown[];
  /** 2.1.268+: the role the attachment was sent in, alone when its content could not be written as `rendered` text */
  renderedRole: string;
  // summary and titles
  summary: string;
  customTitle: string;
  aiTitle: string;
  title: string;
  // result
  result: string;
  errors: unknown[];
  is_error: boolean;
  duration_ms: number;
  total_cost_usd: number;
  usage: unknown;
  // stream_event
  event: unknown;
  // subagent .meta.json
  agentType: string;
  // session moves, links and lineage (2.1.3xx)
  relocatedCwd: string;
  frameUrl: string;
  path: string;
  artifactCount: number;
  continuedInSessionId: string;
  sessions: unknown[];
  // workflow journal (`<session>/subagents/workflows/<runId>/journal.jsonl`) and run state
  key: string;
  label: string;
  toolsUsed: unknown[];
  runId: string;
}

export interface Message {
  id: string;
  model: string;
  role: string;
  content: unknown;
  usage: unknown;
  stop_reason: string;
}

export interface ContentBlock {
  type: string;
  text: string;
  thinking: string;
  id: string;
  name: string;
  input: unknown;
  tool_use_id: string;
  content: unknown;
  is_error: boolean;
  non_execution_kind: string;
  source: { media_type?: string; data?: string; url?: string };
}

/** What a tool records about its run (`toolUseResult`): the members the converter reads. */
export interface ToolRun {
  durationMs: number;
  interrupted: boolean;
  filePath: string;
  structuredPatch: unknown[];
  agentId: string;
  /** a Workflow launch's run (workflow.ts) */
  runId: string;
  /** AskUserQuestion: the questions asked (the call's input) and question → the user's answer */
  questions: unknown[];
  answers: unknown;
  /** a Task call's subagent: how many tool calls it made (progress-copies.ts) */
  totalToolUseCount: number;
  /** background tasks (background-tasks.ts): TaskOutput's task and retrieval, a backgrounded Bash command, an async Agent */
  task: { task_id?: string; task_type?: string; status?: string; description?: string };
  retrieval_status: string;
  backgroundTaskId: string;
  backgroundedByUser: boolean;
  timedOutAfterMs: number;
  status: string;
  /** an async Workflow launch's task */
  taskId: string;
  taskType: string;
}

/**
 * Every member of ToolRun, and nothing else, is read: the rest of a tool's run record (its stdout,
 * the file it read, the file before an edit) repeats the tool_result block and is left unread.
 */
export const TOOL_RUN_MEMBERS = [
  'durationMs', 'interrupted', 'filePath', 'structuredPatch', 'agentId', 'runId', 'questions', 'answers', 'totalToolUseCount',
  'task', 'retrieval_status', 'backgroundTaskId', 'backgroundedByUser', 'timedOutAfterMs', 'status', 'taskId', 'taskType',
] as const satisfies readonly (keyof ToolRun)[];
// a member added to ToolRun and not to the list is a type error here
const _everyMemberListed: Record<Exclude<keyof ToolRun, (typeof TOOL_RUN_MEMBERS)[number]>, never> = {};

export interface StreamEvent {
  type: string;
  index: number;
  message: { id?: string; model?: string };
  content_block: { type?: string };
  delta: { type?: string; text?: string; thinking?: string };
}
