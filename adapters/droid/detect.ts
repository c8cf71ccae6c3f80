/** Which of Droid's forms a sample is: the saved session's own lines, or exec output's. */
import type { Detection } from '../types.js';
import { detectInSample, strongestLine } from '../shared/detect.js';
import { asRecord, typedRecords, type Json } from '../shared/json.js';

/** How strongly one record says "saved Droid session": the header, or a bookkeeping line only Droid writes. */
export function sessionEvidence(record: Json, type: string): number {
  if (type === 'session_start') return typeof record.id === 'string' && typeof record.title === 'string' && typeof record.owner === 'string' ? 0.95 : 0;
  if (type === 'agent_turn_outcome') return typeof record.turnId === 'string' && typeof record.resultKind === 'string' ? 0.9 : 0;
  if (type === 'compaction_state') return typeof record.summaryText === 'string' && 'removedCount' in record ? 0.9 : 0;
  if (type === 'todo_state') return Array.isArray(record.todos) && 'messageIndex' in record ? 0.9 : 0;
  return 0;
}

/** How strongly one record says "droid exec output"; Claude Code's init line has apiKeySource and no reasoning_effort. */
function streamEvidence(record: Json, type: string): number {
  if (type === 'system') return record.subtype === 'init' && 'reasoning_effort' in record && Array.isArray(record.tools) && !('apiKeySource' in record) ? 0.95 : 0;
  if (type === 'tool_call') return typeof record.toolId === 'string' && typeof record.messageId === 'string' && 'parameters' in record ? 0.9 : 0;
  if (type === 'tool_result') return typeof record.toolId === 'string' && typeof record.isError === 'boolean' && typeof record.messageId === 'string' ? 0.9 : 0;
  if (type === 'completion') return typeof record.finalText === 'string' && typeof record.numTurns === 'number' ? 0.9 : 0;
  if (type === 'result') return 'factory_credits' in (asRecord(record.usage) ?? {}) && typeof record.num_turns === 'number' ? 0.9 : 0;
  return 0;
}

/** A line only the saved session holds proves it; exec output is the strongest of its lines. */
export function detect(sample: readonly unknown[]): Detection | null {
  const resultOnly = [...typedRecords(sample)].every(({ type }) => type === 'result');
  return detectInSample(
    sample,
    (record) => {
      const confidence = sessionEvidence(record, String(record.type));
      return confidence > 0 ? { confidence, format: 'droid/session-jsonl' } : null;
    },
    strongestLine((record) => streamEvidence(record, String(record.type))),
    resultOnly ? 'droid/json' : 'droid/stream-json',
  );
}
