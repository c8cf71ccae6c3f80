/**
 * The native records Cursor CLI (`cursor-agent`, closed source) writes, typed by their field
 * names as its documentation and the public readers of its output describe them (see README.md):
 * every value stays `unknown` until read.
 */
import type { Native } from '../shared/json.js';

/** one line of `cursor-agent -p --output-format stream-json` */
export type StreamLine = Native<{
  type: string; subtype: string; session_id: string; timestamp_ms: number; model_call_id: string;
  /** system/init */
  apiKeySource: string; cwd: string; model: string; permissionMode: string;
  /** user, assistant */
  message: unknown;
  /** thinking */
  text: string;
  /** tool_call */
  call_id: string; tool_call: unknown;
  /** result */
  is_error: boolean; duration_ms: number; duration_api_ms: number; result: string; request_id: string; error: string; usage: unknown;
}>;

/** `message` of a user or assistant line */
export type StreamMessage = Native<{ role: string; content: unknown }>;

/** the one entry of `tool_call`: `{<kind>ToolCall: {args, result?}}`, or `{function: {name, arguments, result?}}` */
export type ToolCallBody = Native<{ args: unknown; result: unknown; name: string; arguments: unknown }>;

/** `result` of a completed tool call: one key says how it ended */
export type ToolCallResult = Native<{
  success: unknown; error: unknown; failure: unknown; rejected: unknown; permissionDenied: unknown; timeout: unknown; aborted: unknown; isBackground: boolean;
}>;

/** one line of `~/.cursor/projects/<slug>/agent-transcripts/<id>/<id>.jsonl` */
export type TranscriptLine = Native<{ role: string; message: unknown; type: string; status: string }>;

/** a content block of a transcript message (Anthropic-shaped) */
export type TranscriptBlock = Native<{
  type: string; text: string; thinking: string; id: string; name: string; input: unknown; tool_use_id: string; content: unknown; is_error: boolean; source: unknown;
}>;
