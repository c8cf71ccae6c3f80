/**
 * The native records Nanocoder 1.30.x writes, typed by their field names (shapes from its
 * source: session/session-manager.ts, types/core.ts, plain/shell.ts): every value stays `unknown`
 * until read.
 */
import type { Native } from '../shared/json.js';

/** `<data dir>/sessions/<uuid>.json`, written whole by the session manager on every autosave */
export type SessionDocument = Native<{
  id: string; title: string; createdAt: string; lastAccessedAt: string; messageCount: number; provider: string; model: string;
  workingDirectory: string; messages: unknown[]; titleManuallySet: boolean;
}>;

/** one entry of `messages` (Message in types/core.ts): the history as sent to the model */
export type StoredMessage = Native<{
  role: 'user' | 'assistant' | 'system' | 'tool'; content: string; tool_calls: unknown[]; tool_call_id: string; name: string;
  reasoning: string; structuredContent: unknown; images: unknown[];
}>;

/** one entry of an assistant message's `tool_calls` (arguments already parsed to an object) */
export type StoredToolCall = Native<{ id: string; function: unknown }>;

/** `{name, arguments}` of a stored tool call */
export type StoredFunction = Native<{ name: string; arguments: unknown }>;

/** one entry of a user message's `images` */
export type StoredImage = Native<{ data: string; mediaType: string; source: string }>;

/** `nanocoder --plain --json run "<prompt>"`: one pretty-printed report on stdout */
export type RunReport = Native<{
  kind: 'success' | 'error' | 'tool-approval-required'; exitCode: number; finalText: string; reasoning: string | null;
  toolCalls: unknown[]; filesChanged: unknown[]; usage: unknown; message: string; toolNames: unknown[];
}>;

/** one entry of the report's `toolCalls` */
export type ReportToolCall = Native<{ name: string; arguments: unknown; result: unknown; error: unknown }>;
