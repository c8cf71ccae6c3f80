/**
 * The native record shapes Codex writes, by field name (see README.md for the generations). The
 * converters read them through `Native<…>`: a field name not listed here does not compile, and every
 * value is checked where it is read.
 */

/** A rollout line (0.3x and later). */
export interface RolloutLine {
  timestamp: string;
  type: string;
  payload: unknown;
  ordinal: number;
  /** 0.169+: `{history_sequence, sampled_through_sequence, client_authored, compaction_output, …}` */
  metadata: unknown;
}

/** `session_meta` payload, and the legacy rollout's bare header. */
export interface SessionMeta {
  id: string;
  session_id: string;
  timestamp: string;
  cli_version: string;
  originator: string;
  cwd: string;
  instructions: string;
  git: { commit_hash?: string; branch?: string; repository_url?: string };
  source: string | { subagent: unknown };
  parent_thread_id: string;
  forked_from_id: string;
  agent_path: string;
  agent_nickname: string;
}

export interface GitInfo {
  commit_hash: string;
  branch: string;
  repository_url: string;
}

export interface TurnContext {
  model: string;
  cwd: string;
  user_instructions: string;
  developer_instructions: string;
  /** Codex Desktop: `{mode, settings: {model, reasoning_effort, developer_instructions}}` */
  collaboration_mode: { mode: string; settings: { developer_instructions: string | null } };
}

export interface Compacted {
  message: string;
  replacement_history: unknown[];
}

export interface TokenUsageRecord {
  response_id: string;
  usage: unknown;
}

/** A Responses API item: `response_item` payload, or a bare line of a legacy rollout. */
export interface ResponseItem {
  type: string;
  id: string;
  timestamp: string;
  role: 'user' | 'assistant' | 'developer' | 'system';
  content: unknown;
  phase: string;
  summary: unknown[];
  internal_chat_message_metadata_passthrough: { content_item_kinds?: string[]; content_item_metadata?: unknown[] };
  call_id: string;
  name: string;
  namespace: string;
  arguments: string | unknown;
  input: string;
  action: unknown;
  status: string;
  result: string;
  revised_prompt: string;
  output: unknown;
  tools: unknown[];
}

/** An `event_msg` payload (rollouts), or the `msg` of a legacy exec --json event. */
export interface EventMsg {
  type: string;
  message: string;
  images: unknown[];
  text: string;
  item: unknown;
  info: { total_token_usage?: unknown } | null;
  duration_ms: number;
  reason: string;
  user_facing_hint: string;
  summary: string;
  thread_name: string;
  name: string;
  call_id: string;
  command: unknown;
  cwd: string;
  changes: unknown;
  invocation: { server?: string; tool?: string; arguments?: unknown };
  exit_code: number;
  duration: { secs?: number; nanos?: number };
  status: string;
  success: boolean;
  result: unknown;
  aggregated_output: string;
  stdout: string;
  stderr: string;
}

/** A turn item of `event_msg` `item_completed` (0.149 and later). */
export interface TurnItem {
  type: string;
  id: string;
  content: unknown[];
  summary_text: unknown[];
  raw_content: unknown[];
  text: string;
  exit_code: number;
  duration: unknown;
  status: string;
  changes: unknown;
  server: string;
  tool: string;
  result: unknown;
  error: unknown;
  review: string;
}

/** A `codex exec --json` line (0.4x and later). */
export interface ExecEvent {
  type: string;
  thread_id: string;
  usage: unknown;
  error: { message?: string };
  message: string;
  questions: unknown[];
  item: unknown;
}

/** The item of an exec --json `item.*` event. */
export interface ExecItem {
  id: string;
  type: string;
  text: string;
  message: string;
  command: string;
  aggregated_output: string;
  exit_code: number;
  status: string;
  changes: unknown;
  server: string;
  tool: string;
  arguments: unknown;
  result: unknown;
  error: { message?: string };
  query: string;
  action: unknown;
  items: unknown[];
  prompt: string;
  receiver_thread_ids: string[];
  agents_states: unknown;
}

/** The untyped lines of the legacy forms: the rollout header, state lines, the exec config summary and prompt. */
export interface LegacyLine extends SessionMeta {
  record_type: string;
  prompt: string;
  model: string;
  provider: string;
  sandbox: unknown;
  approval: unknown;
  workdir: string;
}

/** Multi-agent records (0.16x): inter-agent messages, subagent activity, collab tool ends. */
export interface InterAgentMessage {
  type: string;
  id: string;
  author: string;
  recipient: string;
  content: unknown[];
  trigger_turn: boolean;
}

export interface SubAgentActivity {
  id: string;
  kind: string;
  agent_thread_id: string;
  agent_path: string;
  model: string;
}

export interface CollabEnd {
  call_id: string;
  status: unknown;
  new_thread_id: string;
  new_agent_nickname: string;
  new_agent_role: string;
  receiver_thread_id: string;
  receiver_agent_nickname: string;
  agent_statuses: unknown[];
  statuses: unknown;
}

/** The automatic approval reviewer's verdict on one action (`guardian_assessment`). */
export interface GuardianAssessment {
  id: string;
  target_item_id: string;
  status: string;
  risk_level: string;
  user_authorization: string;
  rationale: string;
  decision_source: string;
  action: unknown;
}

/** `thread_goal_updated`: the goal is either the payload's `goal` or the payload itself. */
export interface ThreadGoal {
  goal: unknown;
  objective: string;
  status: string;
  token_budget: number;
  tokens_used: number;
}

export interface DynamicToolResponse {
  call_id: string;
  success: boolean;
  error: string;
}

/** A turn item owned by an extension (web search, page open/find, image generation, sleep). */
export interface ExtensionItem {
  id: string;
  kind: string;
  status: string;
  query: string;
  url: string;
  pattern: string;
  action: unknown;
  result: unknown;
  error: unknown;
}
