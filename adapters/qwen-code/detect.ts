/** Which of Qwen Code's forms a sample is: its saved chat records, or its stdout. */
import type { Detection } from '../types.js';
import { detectInSample, strongestLine } from '../shared/detect.js';
import { asRecord, stringField } from '../shared/json.js';
import { printedByQwenCode } from '../gemini-cli/json-output.js';

/** `provenance` values Qwen Code's chat recorder writes on every record (0.24) */
const PROVENANCES = new Set(['real_user', 'assistant_output', 'tool_result', 'system', 'goal_control', 'goal_runtime']);

/**
 * Saved chat records carry camelCase `sessionId` (as Claude Code's do) but a Gemini `message`
 * ({role, parts}), a `tool_result` record type, `usageMetadata`, `systemPayload` or `provenance`,
 * none of which Claude Code writes.
 */
function isChatRecord(record: Record<string, unknown>): boolean {
  if (typeof record.sessionId !== 'string' || typeof record.uuid !== 'string') return false;
  const message = asRecord(record.message);
  return (message !== undefined && Array.isArray(message.parts) && !('content' in message))
    || record.type === 'tool_result'
    || asRecord(record.usageMetadata) !== undefined
    || asRecord(record.systemPayload) !== undefined
    || PROVENANCES.has(String(record.provenance));
}

/** stdout names itself in system/init; without it, only Qwen's own stream events and result shape tell. */
function streamEvidence(record: Record<string, unknown>): number {
  if (typeof record.session_id !== 'string') return 0;
  if (record.type === 'system' && typeof record.qwen_code_version === 'string') return 0.97;
  if (record.type === 'stream_event' && stringField(asRecord(record.event), 'type') === 'goal_state') return 0.9;
  const usage = asRecord(record.usage);
  if (record.type === 'result' && typeof usage?.total_tokens === 'number' && !('total_cost_usd' in record)) return 0.8;
  return 0;
}

/**
 * Before 0.5 (0.1.x) the chat was Gemini CLI's legacy document ({sessionId, projectHash, messages})
 * under ~/.qwen/tmp/<project hash>/chats/: the model's messages are typed `qwen`, not `gemini`.
 */
export function isLegacyChatDocument(record: Record<string, unknown>): boolean {
  return typeof record.sessionId === 'string' && typeof record.projectHash === 'string' && Array.isArray(record.messages)
    && record.messages.some((message) => asRecord(message)?.type === 'qwen');
}

const chatFormat = (record: Record<string, unknown>): Detection | null =>
  isChatRecord(record) ? { confidence: 0.97, format: 'qwen-code/chat-jsonl' }
  : isLegacyChatDocument(record) ? { confidence: 0.97, format: 'qwen-code/chat-json' }
  : printedByQwenCode(record) ? { confidence: 0.95, format: 'qwen-code/json' }
  : null;

export const detect = (sample: readonly unknown[]): Detection | null =>
  detectInSample(sample, chatFormat, strongestLine(streamEvidence), 'qwen-code/stream-json');
