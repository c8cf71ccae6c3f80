/**
 * Where Gemini CLI keeps its chats: `<home>/.gemini/tmp/<project>/chats/session-<time>-<id8>.jsonl`
 * (0.39 and later; `.json` documents before), `<home>` being `$GEMINI_CLI_HOME` or the user's home.
 * `<project>` is a short name registered in `~/.gemini/projects.json` (a sha256 of the project root
 * before 0.29): the chat itself does not name the project folder. Subagent chats
 * (`chats/<parent session id>/*.jsonl`) are read with their parent.
 */
import { join } from 'node:path';
import type { SessionStore, StoredSessionFacts } from '../types.js';
import { asRecord } from '../shared/json.js';
import { chatDocumentFacts, firstValue, jsonlFacts } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';

const MESSAGES = new Set(['user', 'gemini', 'info', 'error', 'warning']);

const isSubagent = (kind: unknown) => kind === 'subagent';

export const geminiCliStore: SessionStore = {
  description: 'Gemini CLI chat files',
  roots: (context) => [{
    dir: join(envFolder(context, 'GEMINI_CLI_HOME') ?? context.home, '.gemini'),
    files: ['tmp/*/chats/session-*.{jsonl,json}'],
  }],
  facts(file) {
    if (file.relativePath.endsWith('.json')) return legacyFacts(file);
    const facts = jsonlFacts(file, {
      sessionId: (record) => record.sessionId,
      time: (record) => record.timestamp ?? record.startTime ?? asRecord(record.$set)?.lastUpdated,
      finished: (record) => (MESSAGES.has(String(record.type)) ? record.type === 'gemini' : undefined),
    });
    return isSubagent(firstValue(file.head, 'kind')) ? null : facts;
  },
};

/** A chat document (0.38 and earlier): its header fields come before the messages. */
function legacyFacts(file: Parameters<NonNullable<SessionStore['facts']>>[0]): StoredSessionFacts | null {
  if (isSubagent(firstValue(file.head, 'kind'))) return null;
  return chatDocumentFacts(file, 'gemini');
}
