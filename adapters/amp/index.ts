import type { Detection } from '../types.js';
import { defineAdapter } from '../shared/adapter.js';
import { asRecord, stringField } from '../shared/json.js';
import { ampStore } from './store.js';

/** Amp thread ids: `T-` and a UUID (`T-2775dc92-90ed-4f85-8b73-8f9766029e83`). */
const THREAD_ID = /^T-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STREAM_TYPES = new Set(['system', 'user', 'assistant', 'result']);

/**
 * Amp's stream-json copies Claude Code's record shapes, so what tells them apart is Amp's own:
 * every stream line's `session_id` is a thread id `T-<uuid>` (Claude Code uses a bare UUID), and
 * a thread file is one document `{v, id: "T-…", created, messages: [...]}`.
 */
function detect(sample: readonly unknown[]): Detection | null {
  let weakStream = 0;
  for (const item of sample) {
    const record = asRecord(item);
    if (!record) continue;
    const type = stringField(record, 'type');
    if (!type && Array.isArray(record.messages)) {
      const id = stringField(record, 'id');
      if (id && THREAD_ID.test(id)) return { confidence: 0.95, format: 'amp/thread-json' };
      if (typeof record.v === 'number' && typeof record.created === 'number') return { confidence: 0.8, format: 'amp/thread-json' };
      continue;
    }
    if (!type || !STREAM_TYPES.has(type)) continue;
    const sessionId = stringField(record, 'session_id');
    if (sessionId && THREAD_ID.test(sessionId)) return { confidence: 0.95, format: 'amp/stream-json' };
    // an init line without Claude Code's version stamp, listing MCP servers the way Amp does
    if (type === 'system' && record.subtype === 'init' && Array.isArray(record.mcp_servers) && record.claude_code_version === undefined
      && record.permissionMode === undefined && record.apiKeySource === undefined) weakStream += 1;
  }
  return weakStream > 0 ? { confidence: 0.6, format: 'amp/stream-json' } : null;
}

export const amp = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'amp',
  label: 'Amp',
  formats: [
    {
      id: 'amp/stream-json',
      description: 'live stdout of execute mode, Claude-Code-like JSON lines with block-array content',
      where: 'amp --execute "<prompt>" --stream-json [--stream-json-thinking]',
    },
    {
      id: 'amp/thread-json',
      description: 'a saved thread: one JSON document with all messages, usage and workspace',
      where: '${AMP_DATA_DIR:-~/.local/share/amp}/threads/T-<uuid>.json',
    },
  ],
  detectionHint: 'stream lines whose session_id is a thread id T-<uuid> (stream-json), or one document {id: "T-<uuid>", messages: [...]} (thread file)',
  detect,
  loadConverter: () => import('./converter.js').then(({ AmpConverter }) => (out) => new AmpConverter(out)),
  stores: [ampStore],
});
