/**
 * Where Continue (`cn` and the IDE extensions) keeps its sessions, for `atx discover`:
 * `<global dir>/sessions/<sessionId>.json`, the global dir being `$CONTINUE_GLOBAL_DIR`, else
 * `~/.continue`. The folder's index `sessions.json` is the only place holding a session's start
 * (`dateCreated`), so sessions are listed from it; a session file the index misses is listed from
 * the file itself, without a start.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionStore, StoreContext, StoredSessionFacts } from '../types.js';
import { definedFacts, documentFacts, timeOf } from '../shared/glance.js';
import { asRecord } from '../shared/json.js';
import { envFolder } from '../shared/locations.js';

const INDEX = 'sessions.json';
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
// a relative CONTINUE_GLOBAL_DIR is taken from the working folder by `cn`; here from the home folder, as discover has no other
const sessionsFolder = (context: StoreContext) => join(envFolder(context, 'CONTINUE_GLOBAL_DIR') ?? join(context.home, '.continue'), 'sessions');
/** `dateCreated` is epoch milliseconds written as a string */
const created = (value: unknown) => timeOf(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

function lastWrite(path: string): string | undefined {
  try {
    return statSync(path).mtime.toISOString();
  } catch {
    return undefined; // listed in the index, but its file is gone
  }
}

export const continueIndexStore: SessionStore = {
  description: 'Continue session index (sessions.json)',
  roots: (context) => [{ dir: sessionsFolder(context), files: [INDEX] }],
  list: (path) => Promise.resolve(indexedSessions(path)),
};

function indexedSessions(path: string): StoredSessionFacts[] {
    const entries: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const facts: StoredSessionFacts[] = [];
    for (const item of Array.isArray(entries) ? entries : []) {
      const entry = asRecord(item);
      const sessionId = text(entry?.sessionId);
      if (!entry || !sessionId) continue; // old entries keyed `session_id` are ignored by `cn` too
      const input = join(path, '..', `${sessionId}.json`);
      const endedAt = lastWrite(input);
      if (!endedAt) continue;
      facts.push(definedFacts({
        sessionId,
        project: text(entry.workspaceDirectory),
        startedAt: created(entry.dateCreated),
        endedAt,
        events: typeof entry.messageCount === 'number' ? entry.messageCount : undefined,
        input,
      }));
    }
    return facts;
}

export const continueFileStore: SessionStore = {
  description: 'Continue session files',
  roots: (context) => [{ dir: sessionsFolder(context), files: ['*.json'] }],
  facts: (file) => (file.relativePath === INDEX ? null
    : documentFacts(file, { sessionId: 'sessionId', project: 'workspaceDirectory', records: 'history' })),
};

/** The index first: a session both hold is listed once, from the index, which alone knows its start. */
export const continueStores: readonly SessionStore[] = [continueIndexStore, continueFileStore];
