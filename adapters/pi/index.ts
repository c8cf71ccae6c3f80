import type { Detection } from '../types.js';
import { defineAdapter } from '../shared/adapter.js';
import { PiConverter } from './converter.js';
import { asRecord, typedRecords } from '../shared/json.js';
import { piStore } from './store.js';

/** Entry types of session files (v1–v3). */
const ENTRY_TYPES = new Set([
  'message', 'model_change', 'thinking_level_change', 'compaction', 'branch_summary', 'custom', 'custom_message', 'label', 'session_info',
]);
/** AgentSessionEvent types printed by `--mode json` and `--mode rpc`. */
const EVENT_TYPES = new Set([
  'agent_start', 'agent_end', 'turn_start', 'turn_end', 'message_start', 'message_update', 'message_end',
  'tool_execution_start', 'tool_execution_update', 'tool_execution_end', 'queue_update', 'compaction_start', 'compaction_end',
  'auto_compaction_start', 'auto_compaction_end', 'auto_retry_start', 'auto_retry_end', 'extension_error',
]);

function detect(sample: readonly unknown[]): Detection | null {
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

export const pi = defineAdapter({
  id: 'pi',
  label: 'Pi',
  formats: [
    {
      id: 'pi/session-jsonl',
      description: 'saved sessions, every format version: v1 (linear), v2 and v3 (tree of id/parentId; abandoned branches marked)',
      where: '~/.pi/agent/sessions/--<cwd with / as ->--/<time>_<sessionId>.jsonl ($PI_CODING_AGENT_DIR, $PI_CODING_AGENT_SESSION_DIR, --session-dir)',
    },
    {
      id: 'pi/json',
      description: 'live stdout of print mode: the session header, then agent events',
      where: 'pi --mode json -p "<prompt>"',
    },
    {
      id: 'pi/rpc',
      description: 'live stdout of RPC mode: agent events, command responses and extension UI requests',
      where: 'pi --mode rpc (commands such as {"type":"prompt","message":...} on stdin)',
    },
  ],
  detectionHint: 'a {"type":"session"} header with id and cwd followed by entries (session file) or agent events (--mode json); response/extension_ui_request records (--mode rpc)',
  detect,
  createConverter: (out) => new PiConverter(out),
  stores: [piStore],
});
