/**
 * Where Qwen Code keeps its chats: `<runtime dir>/projects/<cwd, non-alphanumerics as ->/chats/<sessionId>.jsonl`.
 * The runtime dir is `$QWEN_RUNTIME_DIR`, else `$QWEN_HOME`, else `~/.qwen` (Storage.getRuntimeBaseDir
 * in Qwen Code's core). Subagent transcripts (`projects/<slug>/subagents/…`) are read with their chat.
 * 0.1.x kept Gemini CLI's legacy layout instead: `~/.qwen/tmp/<sha256 of the project root>/chats/session-<time>-<id8>.json`.
 */
import { join } from 'node:path';
import type { SessionStore } from '../types.js';
import { asRecord } from '../shared/json.js';
import { answered, chatDocumentFacts, jsonlFacts, SESSION_LINE_FIELDS } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';

const TURNS = new Set(['user', 'assistant', 'tool_result']);

export const qwenCodeStore: SessionStore = {
  description: 'Qwen Code chat files',
  roots: (context) => [{
    dir: envFolder(context, 'QWEN_RUNTIME_DIR') ?? envFolder(context, 'QWEN_HOME') ?? join(context.home, '.qwen'),
    files: ['projects/*/chats/*.jsonl', 'tmp/*/chats/session-*.json'],
  }],
  facts: (file) => file.relativePath.endsWith('.json') ? chatDocumentFacts(file, 'qwen') : jsonlFacts(file, {
    ...SESSION_LINE_FIELDS,
    finished: (record) => answered(record, TURNS, (message) => Array.isArray(message.parts) && message.parts.some((part) => asRecord(part)?.functionCall !== undefined)),
  }),
};


