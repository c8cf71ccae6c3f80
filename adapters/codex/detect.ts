/** Which Codex form an input is, from its first records (the converter decides again per record). */
import { asRecord, stringField } from '../shared/json.js';
import type { Detection } from '../types.js';
import { RESPONSE_ITEM_TYPES } from './item-types.js';

const ROLLOUT_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted', 'world_state', 'token_usage_record']);
const STREAM_TYPES = /^(thread\.started|turn\.(started|completed|failed)|item\.(started|updated|completed)|item\.plan\.delta)$/;

export function detect(sample: readonly unknown[]): Detection | null {
  let rollout = 0;
  let legacyRollout = 0;
  let stream = 0;
  let legacyStream = 0;
  // typed lines no Codex form writes (Grok Build's chat history mixes bare Responses items with them)
  let foreign = 0;
  for (const item of sample) {
    const record = asRecord(item);
    if (!record) continue;
    const type = stringField(record, 'type');
    const payload = asRecord(record.payload);
    if (type && payload && typeof record.timestamp === 'string') {
      if (type === 'session_meta' && (typeof payload.cli_version === 'string' || typeof payload.originator === 'string')) {
        return { confidence: 0.95, format: 'codex/rollout' };
      }
      if (ROLLOUT_TYPES.has(type)) rollout += 1;
      continue;
    }
    if (type === 'thread.started' && typeof record.thread_id === 'string') return { confidence: 0.95, format: 'codex/exec-json' };
    if (type && STREAM_TYPES.test(type)) {
      stream += 1;
      continue;
    }
    const msg = asRecord(record.msg);
    if (msg && typeof record.id === 'string' && typeof msg.type === 'string') {
      legacyStream += 1;
      continue;
    }
    if (!type) {
      if (record.record_type === 'state') legacyRollout += 1;
      else if (typeof record.id === 'string' && typeof record.timestamp === 'string' && ('instructions' in record || 'git' in record)) legacyRollout += 2;
      else if (typeof record.prompt === 'string' && Object.keys(record).length === 1) legacyStream += 1;
      else if (typeof record.model === 'string' && ('sandbox' in record || 'approval' in record) && ('provider' in record || 'workdir' in record)) legacyStream += 2;
      continue;
    }
    // A bare Responses API item (legacy rollout): message with role and content parts, or a tool item with call_id.
    if (RESPONSE_ITEM_TYPES.has(type) && !('timestamp' in record) && !('message' in record)
      && (Array.isArray(record.content) || typeof record.call_id === 'string' || Array.isArray(record.summary))) {
      legacyRollout += 1;
    } else if (!RESPONSE_ITEM_TYPES.has(type) && !ROLLOUT_TYPES.has(type)) {
      foreign += 1;
    }
  }
  // a bare Responses item is evidence only in a file of such items, not among another program's records
  if (foreign >= legacyRollout) legacyRollout = 0;
  const best = Math.max(rollout, legacyRollout, stream, legacyStream);
  if (best === 0) return null;
  if (best === rollout) return { confidence: 0.9, format: 'codex/rollout' };
  if (best === stream) return { confidence: 0.85, format: 'codex/exec-json' };
  if (best === legacyStream) return { confidence: legacyStream >= 2 ? 0.85 : 0.6, format: 'codex/exec-json-legacy' };
  return { confidence: legacyRollout >= 2 ? 0.8 : 0.55, format: 'codex/rollout-legacy' };
}

