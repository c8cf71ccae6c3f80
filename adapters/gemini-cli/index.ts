import type { Detection } from '../types.js';
import { defineAdapter } from '../shared/adapter.js';
import { asRecord, stringField } from '../shared/json.js';
import { printedByQwenCode } from './json-output.js';
import { geminiCliStore } from './store.js';

const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);

function detect(sample: readonly unknown[]): Detection | null {
  let best: Detection | null = null;
  const consider = (confidence: number, format: string) => {
    if (!best || confidence > best.confidence) best = { confidence, format };
  };
  for (const item of sample) {
    const record = asRecord(item);
    if (!record) continue;
    const type = stringField(record, 'type');
    // chat files: the metadata line (or, whole, the legacy document)
    if (stringField(record, 'sessionId') && stringField(record, 'projectHash') && !type) {
      // Qwen Code 0.1.x wrote the same document with `qwen` messages: its adapter claims those
      return Array.isArray(record.messages)
        ? { confidence: record.messages.some((m) => asRecord(m)?.type === 'qwen') ? 0.5 : 0.95, format: 'gemini-cli/chat-json' }
        : { confidence: 0.95, format: 'gemini-cli/chat-jsonl' };
    }
    if (typeof record.$rewindTo === 'string' || (asRecord(record.$set) && Object.keys(record).length === 1)) consider(0.9, 'gemini-cli/chat-jsonl');
    else if (typeof record.id === 'string' && type && MESSAGE_TYPES.has(type) && 'content' in record && typeof record.timestamp === 'string') {
      consider(type === 'gemini' ? 0.9 : 0.6, 'gemini-cli/chat-jsonl');
    }
    // stream-json: `init` first; other lines by their own fields
    else if (type === 'init' && typeof record.session_id === 'string' && 'model' in record && !('subtype' in record)) {
      return { confidence: 0.95, format: 'gemini-cli/stream-json' };
    } else if ((type === 'tool_use' && 'tool_name' in record && 'tool_id' in record) || (type === 'tool_result' && 'tool_id' in record)) {
      consider(0.85, 'gemini-cli/stream-json');
    } else if (type === 'result' && asRecord(record.stats) && 'total_tokens' in asRecord(record.stats)!) {
      consider(0.85, 'gemini-cli/stream-json');
    } else if (type === 'message' && typeof record.role === 'string' && 'content' in record && !('id' in record) && typeof record.timestamp === 'string') {
      consider(0.6, 'gemini-cli/stream-json');
    }
    // --output-format json: one object without a type
    // (its stats.models is what is Gemini's: other agents print a bare `response` string too)
    else if (!type && asRecord(asRecord(record.stats)?.models) && (typeof record.response === 'string' || 'session_id' in record)) {
      // Qwen Code 0.1.x printed the same object: its adapter claims those
      return { confidence: printedByQwenCode(record) ? 0.5 : 0.9, format: 'gemini-cli/json' };
    } else if (!type && typeof record.response === 'string') {
      consider(0.5, 'gemini-cli/json');
    } else if (!type && asRecord(record.error) && 'session_id' in record) {
      consider(0.7, 'gemini-cli/json');
    }
  }
  return best;
}

/** `chats/session-<time>-<id8>.jsonl` (and `.json`) */
const MAIN_CHAT = /(^|\/)chats\/session-[^/]*-([0-9a-zA-Z]{8})\.jsonl?$/;
/** `chats/<parent session id>/<session id>.jsonl`: a subagent's chat (seen in 0.61) */
const SUBAGENT_CHAT = /(^|\/)chats\/([^/]+)\/[^/]+\.jsonl$/;

export const geminiCli = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'gemini-cli',
  label: 'Gemini CLI',
  newestCheckedVersion: '0.61.0',
  formats: [
    {
      id: 'gemini-cli/chat-jsonl',
      description: 'saved chats, append-only JSONL (0.39 and later): re-appended messages, $set and $rewindTo records',
      where: '~/.gemini/tmp/<project short id | sha256 of the project root>/chats/session-<YYYY-MM-DDTHH-MM>-<id8>.jsonl (+ <parent session id>/<id>.jsonl for subagents)',
    },
    {
      id: 'gemini-cli/chat-json',
      description: 'saved chats, legacy one-document form (0.38 and earlier), rewritten on each update',
      where: '~/.gemini/tmp/<project short id | sha256 of the project root>/chats/session-<YYYY-MM-DDTHH-MM>-<id8>.json',
    },
    {
      id: 'gemini-cli/stream-json',
      description: 'live stdout: init, message (deltas), tool_use, tool_result, error, result',
      where: 'gemini -p "<prompt>" --output-format stream-json',
    },
    {
      id: 'gemini-cli/json',
      description: 'one-shot stdout: final response, stats and error (no prompt, no single tool calls)',
      where: 'gemini -p "<prompt>" --output-format json',
    },
  ],
  detectionHint: 'a metadata line {sessionId, projectHash} (chat; with messages[]: legacy document), $set/$rewindTo lines, an init line with session_id (stream-json), or an object with response/stats (json)',
  detect,
  loadConverter: () => import('./converter.js').then(({ GeminiCliConverter }) => (out) => new GeminiCliConverter(out)),
  stores: [geminiCliStore],
  /**
   * A folder walk joins, to a main chat, its legacy `.json` twin (a 0.39+ release resuming a
   * legacy session writes `<name>.jsonl` beside `<name>.json`: read after the .jsonl, the old
   * document adds nothing) and its subagents' chats (`chats/<parent session id>/…`, matched by
   * the 8-character id in the main file's name).
   */
  groupSessionFiles(paths) {
    const mains = new Map<string, string[]>();
    const byShortId = new Map<string, string>();
    for (const path of paths) {
      const match = MAIN_CHAT.exec(path);
      if (!match) continue;
      const stem = path.replace(/\.jsonl?$/, '');
      const group = mains.get(stem) ?? [];
      // the .jsonl (current) first, the .json (legacy) after it
      if (path.endsWith('.jsonl')) group.unshift(path);
      else group.push(path);
      mains.set(stem, group);
      const folder = path.slice(0, path.length - path.split('/').pop()!.length);
      byShortId.set(`${folder}\u0000${match[2]}`, stem);
    }
    for (const path of paths) {
      const match = SUBAGENT_CHAT.exec(path);
      if (!match || MAIN_CHAT.test(path)) continue;
      const parentDir = match[2]!;
      const folder = path.slice(0, path.length - `${parentDir}/${path.split('/').pop()!}`.length);
      const stem = byShortId.get(`${folder}\u0000${parentDir.slice(0, 8)}`);
      if (stem) mains.get(stem)!.push(path);
    }
    return [...mains.values()].filter((group) => group.length > 1);
  },
});
