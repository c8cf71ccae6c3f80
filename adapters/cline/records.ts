/**
 * The native records Cline CLI 3.x writes, typed by their field names (shapes from @cline/shared
 * 0.0.86, which `cline` 3.0.65 bundles: llms/messages.d.ts, agents/types.d.ts, and the CLI's JSON
 * output): every value stays `unknown` until read.
 */
import type { Native } from '../shared/json.js';

/** `~/.cline/data/sessions/<id>/<id>.messages.json` */
export type MessagesDocument = Native<{
  version: number; updated_at: string; agent: string; sessionId: string; origin: unknown; messages: unknown[]; system_prompt: string;
}>;

/** one entry of `messages` (MessageWithMetadata) */
export type StoredMessage = Native<{
  id: string; role: 'user' | 'assistant'; content: unknown; ts: number; modelInfo: unknown; metrics: unknown; metadata: unknown; agent: string; sessionId: string;
}>;

/** `~/.cline/data/sessions/<id>/<id>.json`, the session manifest */
export type SessionManifest = Native<{
  version: number; session_id: string; source: string; pid: number; started_at: string; ended_at: string; exit_code: number;
  status: string; interactive: boolean; provider: string; model: string; cwd: string; workspace_root: string; team_name: string;
  prompt: string; metadata: unknown; messages_path: string; parent_session_id: string; parent_agent_id: string; agent_id: string;
}>;

/** one line of `cline --json` stdout */
export type StdoutLine = Native<{
  ts: string; type: string; event: unknown; hookEventName: string; agentId: string; taskId: string; parentAgentId: string | null;
  finishReason: string; iterations: number; usage: unknown; aggregateUsage: unknown; durationMs: number; text: string; model: unknown;
  providerId: string; modelId: string; sessionId: string; reason: string; message: string; teamName: string;
}>;

/** `event` of an agent_event line (AgentEvent) */
export type AgentEvent = Native<{
  type: string; contentType: string; text: string; accumulated: string; reasoning: string; redacted: boolean; toolName: string;
  toolCallId: string; input: unknown; output: unknown; error: unknown; durationMs: number; update: unknown; iteration: number;
  noticeType: string; message: string; reason: string; metadata: unknown; usage: unknown; recoverable: boolean; media: unknown;
  inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number;
}>;
