/**
 * The native records Continue writes, typed by their field names (shapes from continuedev/continue
 * core/index.d.ts — Session, ChatHistoryItem, ChatMessage, ToolCallState, ContextItemWithId — as
 * @continuedev/cli 1.5.47 bundles them, and the CLI's headless `--format json` output): every
 * value stays `unknown` until read.
 */
import type { Native } from '../shared/json.js';

/** `~/.continue/sessions/<id>.json` (written by `cn` and by the VS Code / JetBrains extensions alike) */
export type SessionDocument = Native<{
  sessionId: string; title: string; workspaceDirectory: string; history: unknown[]; mode: string; chatModelTitle: string | null; usage: unknown;
}>;

/** `cn serve`'s `/state` answer: the session as it would be saved, and what the server is doing */
export type StateSnapshot = Native<{ session: unknown; isProcessing: boolean; messageQueueLength: number; pendingPermission: unknown }>;

/** one entry of `history` */
export type HistoryItem = Native<{
  message: unknown; contextItems: unknown[]; editorState: unknown; modifiers: unknown; promptLogs: unknown[]; toolCallStates: unknown[];
  isGatheringContext: boolean; reasoning: unknown; appliedRules: unknown[]; conversationSummary: string;
}>;

/** `message` of a history item: role user, assistant, thinking, system or tool */
export type ChatMessage = Native<{
  role: string; content: unknown; toolCalls: unknown[]; usage: unknown; toolCallId: string; signature: string; redactedThinking: string; metadata: unknown;
}>;

/** one entry of `toolCallStates` on an assistant item: the call, its status and its output */
export type ToolCallState = Native<{
  toolCallId: string; toolCall: unknown; status: string; parsedArgs: unknown; processedArgs: unknown; output: unknown[]; tool: unknown; mcpUiState: unknown;
}>;

/** `{id, type: "function", function: {name, arguments}}` */
export type ToolCall = Native<{ id: string; type: string; function: unknown }>;

/** a context item: an attached file, a tool's output, a rule */
export type ContextItem = Native<{ content: string; name: string; description: string; uri: unknown; id: unknown; hidden: boolean; status: string }>;

/** `reasoning` of a history item (the IDE's thinking display) */
export type Reasoning = Native<{ active: boolean; text: string; startAt: number; endAt: number }>;

/** one line of `cn -p --format json` stdout */
export type HeadlessLine = Native<{ response: unknown; status: string; note: string; message: string; contextUsage: string; historyLength: number }>;
