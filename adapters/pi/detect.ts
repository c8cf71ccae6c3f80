/** Detection of Pi's forms: the session file, `--mode json` and `--mode rpc` stdout. */
import type { Detection } from '../types.js';
import { asRecord, typedRecords } from '../shared/json.js';

/** Entry types of session files (v1–v3). */
const ENTRY_TYPES = new Set([
  'message', 'model_change', 'thinking_level_change', 'compaction', 'branch_summary', 'custom', 'custom_message', 'label', 'session_info',
]);
/** AgentSessionEvent types printed by `--mode json` and `--mode rpc`. */
const EVENT_TYPES = new Set([
  'agent_start', 'agent_end', 'turn_start', 'turn_end', 'message_start', 'message_update', 'message_end',
  'tool_execution_start', 'tool_execution_update', 'tool_execution_end', 'queue_update', 'compaction_start', 'compaction_end',
  'auto_compaction_start', 'auto_compaction_end', 'auto_retry_start', 'auto_retry_end', 'extension_error',
  'session_info_changed', 'thinking_level_changed',
]);

export function detect(sample: readonly unknown[]): Detection | null {
  let header = false;
  let entries = 0;
  let events = 0;
  for (const { record, type } of typedRecords(sample)) {
    if (type === 'session' && typeof record.id === 'string' && typeof record.cwd === 'string') {
      header = true;
    } else if ((type === 'response' && typeof record.command === 'string' && typeof record.success === 'boolean') || (type === 'extension_ui_request' && typeof record.method === 'string')) {
      // only RPC mode answers commands and asks the client for UI
      return { confidence: 0.95, format: 'pi/rpc' };
    } else if (EVENT_TYPES.has(type)) {
      events += 1;
    } else if (ENTRY_TYPES.has(type) && (type === 'message' ? typeof asRecord(record.message)?.role === 'string' : typeof record.timestamp === 'string')) {
      entries += 1;
    }
    // a session header followed by an entry or an event decides it at once (a live stream must not wait)
    if (header && entries > 0) return { confidence: 0.95, format: 'pi/session-jsonl' };
    if (header && events > 0) return { confidence: 0.95, format: 'pi/json' };
  }
  // `--mode json` of releases before 0.7x printed no header; an RPC stream starts with a response
  if (events > 0 && entries === 0) return { confidence: 0.9, format: 'pi/json' };
  if (entries > 0) return { confidence: 0.8, format: 'pi/session-jsonl' };
  if (header) return { confidence: 0.85, format: 'pi/session-jsonl' };
  return null;
}
