/**
 * The native records Factory Droid writes, typed by their field names (from the `droid` 0.225.2
 * binary: its session-file schemas and its `droid exec` output code): every value stays `unknown`
 * until read.
 */
import type { DraftEvent } from '../types.js';
import { stringField, type Native } from '../shared/json.js';
import { isoTime } from '../shared/time.js';

/** one line of `~/.factory/sessions/<cwd slug>/<id>.jsonl` */
export type SessionLine = Native<{
  type: string; id: string; parentId: string; timestamp: string; message: unknown; tokens: number; compactionSummaryId: string;
  // session_start (the first line; rewritten in place when the title or the cwd changes)
  title: string; owner: string; version: number; cwd: string; lastCwd: string; parent: string | null; organizationId: string;
  callingSessionId: string; callingToolUseId: string; forkedAtMessageId: string | null; decompSessionType: string; hostId: string;
  // compaction_state
  summaryText: string; summaryTokens: number; summaryKind: string; removedCount: number; anchorMessage: unknown;
  // todo_state
  todos: unknown; messageIndex: number;
  // agent_turn_outcome
  turnId: string; reason: string; resultKind: string; result: unknown;
}>;

/** `message` of a session `message` line: Anthropic-shaped content blocks plus Droid's bookkeeping */
export type StoredMessage = Native<{
  role: 'user' | 'assistant'; content: unknown; visibility: 'both' | 'llm_only' | 'user_only'; hiddenFromUserViews: boolean;
  isUserVisible: boolean; interactionMode: string; modelId: string; reasoningEffort: string; openaiMessageId: string;
  chatCompletionReasoningContent: string; hookEventName: string;
}>;

/** one line of `droid exec -o stream-json` stdout (and the one line of `-o json`) */
export type StreamLine = Native<{
  type: string; subtype: string; session_id: string; timestamp: number; id: string; role: string; text: string;
  cwd: string; tools: unknown; model: string; reasoning_effort: string;
  messageId: string; toolId: string; toolName: string; parameters: unknown; isError: boolean; value: unknown; error: unknown;
  source: string; message: string;
  finalText: string; numTurns: number; durationMs: number; usage: unknown;
  // `-o json`: {type: "result", subtype, is_error, duration_ms, num_turns, result, session_id, usage}
  is_error: boolean; duration_ms: number; num_turns: number; result: string;
}>;

/** `~/.factory/sessions/<cwd slug>/<id>.settings.json`, one JSON document beside the session */
export type SessionSettings = Native<{
  model: string; reasoningEffort: string; interactionMode: string; autonomyLevel: string; autonomyMode: string; providerLock: string;
  assistantActiveTimeMs: number; tokenUsage: unknown; inclusiveTokenUsage: unknown; tags: unknown;
}>;

/** What every event of a line starts from: its time (ISO text or epoch ms) and its native id. */
export function eventBase(line: Native<{ id: string; timestamp: unknown }>): DraftEvent {
  const id = stringField(line, 'id');
  return { timestamp: isoTime(line.timestamp) ?? null, ...(id ? { nativeId: id } : {}) } as DraftEvent;
}
