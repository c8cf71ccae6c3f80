/** Which of Cursor's forms a sample is, by fields only Cursor writes. */
import type { Detection } from '../types.js';
import { asRecord, type Json } from '../shared/json.js';

const STREAM_TYPES = new Set(['system', 'user', 'assistant', 'thinking', 'tool_call', 'result']);

/** A stream tool_call's body, `{<kind>ToolCall | function: {...}}` (tools.ts streamTool reads it). */
function hasToolBody(toolCall: unknown): boolean {
  const [key, value] = Object.entries(asRecord(toolCall) ?? {})[0] ?? [];
  return !!key && asRecord(value) !== undefined;
}

/** How sure a sample line is a transcript line: no type, ids or times beside role and message. */
function transcriptEvidence(record: Record<string, unknown>): number | null {
  if (record.type === 'turn_ended') return typeof record.status === 'string' ? 0.95 : 0;
  if (record.role !== 'user' && record.role !== 'assistant') return null;
  const message = asRecord(record.message);
  if (!message || !('content' in message)) return null;
  const keys = Object.keys(record);
  return keys.every((key) => key === 'role' || key === 'message') ? 0.9 : null;
}

/** How sure a line is Cursor's: fields only its stream writes; null when the line is another program's. */
function streamEvidence(record: Record<string, unknown>): number | null {
  // Claude Code's and Qwen Code's lines carry uuids and parent_tool_use_id; Cursor's never do
  if ('uuid' in record || 'parent_tool_use_id' in record) return null;
  if (typeof record.session_id !== 'string' || typeof record.type !== 'string' || !STREAM_TYPES.has(record.type)) return 0;
  if (record.type === 'tool_call') return typeof record.call_id === 'string' && hasToolBody(record.tool_call) ? 0.95 : 0;
  if (record.type === 'thinking') return record.subtype === 'delta' || record.subtype === 'completed' ? 0.95 : 0;
  if (typeof record.model_call_id === 'string' || typeof record.timestamp_ms === 'number') return 0.95;
  if (record.type === 'system') {
    const init = record.subtype === 'init' && typeof record.apiKeySource === 'string';
    // Claude Code's init lists its tools; Cursor's names where its API key came from and no tools
    return init && !Array.isArray(record.tools) && !('claude_code_version' in record) && !('qwen_code_version' in record) ? 0.95 : 0;
  }
  if (record.type === 'result') return typeof record.duration_api_ms === 'number' && !('num_turns' in record) && !('total_cost_usd' in record) ? 0.8 : 0;
  const message = asRecord(record.message);
  // Claude Code's messages carry an id and a model; Cursor's only a role and content
  return message && !('id' in message) && !('model' in message) ? 0.6 : 0;
}

/** Whether a file's first line is a line of a Cursor agent transcript (for grouping a folder's files). */
export function isTranscriptHead(line: string): boolean {
  let record: Json | undefined;
  try {
    record = asRecord(JSON.parse(line) as unknown);
  } catch {
    return false;
  }
  return record !== undefined && (transcriptEvidence(record) ?? 0) > 0;
}

/** A form's evidence over a sample: none when any line rules it out, else the strongest line's. */
function evidence(records: readonly Json[], of: (record: Json) => number | null): number {
  const scores = records.map(of);
  return scores.includes(null) ? 0 : Math.max(0, ...(scores as number[]));
}

export function detect(sample: readonly unknown[]): Detection | null {
  const records = sample.map(asRecord).filter((record): record is Json => record !== undefined);
  if (records.length === 0) return null;
  const transcript = evidence(records, transcriptEvidence);
  if (transcript > 0) return { confidence: transcript, format: 'cursor/agent-transcript' };
  const stream = evidence(records, streamEvidence);
  return stream > 0 ? { confidence: stream, format: 'cursor/stream-json' } : null;
}
