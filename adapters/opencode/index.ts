import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Adapter, ContainerReader, ContainerSession, Detection, ScratchSpace } from '../types.js';
import { isExportDocument, OpenCodeConverter } from './converter.js';
import { DATABASE_NAME, StoreSnapshot, databaseSessions, isDatabaseName, sessionIds } from './store.js';
import { asRecord, stringField } from '../shared/json.js';
import { SESSION_FILE, hasParentInTree, isDir, sessionFileContext, storageDir, treeSessions } from './tree.js';
import { opencodeDatabaseStore, opencodeTreeStore } from './discover-store.js';

const RUN_TYPES = new Set(['step_start', 'step_finish', 'text', 'reasoning', 'tool_use', 'error', 'done']);
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

function detect(sample: readonly unknown[]): Detection | null {
  for (const item of sample) {
    const record = asRecord(item);
    if (!record) continue;
    if (typeof record.opencode === 'string' && (record.store === 'sqlite' || record.store === 'storage')) {
      return { confidence: 0.99, format: record.store === 'sqlite' ? 'opencode/sqlite' : 'opencode/storage' };
    }
    if (isExportDocument(record)) return { confidence: 0.95, format: 'opencode/export' };
    const type = stringField(record, 'type');
    if (type && RUN_TYPES.has(type) && typeof record.sessionID === 'string' && typeof record.timestamp === 'number'
      && (asRecord(record.part) !== undefined || record.error !== undefined || type === 'done')) {
      return { confidence: 0.95, format: 'opencode/run-json' };
    }
  }
  return null;
}

/** `path#ses_…` selects one session of a store. */
function splitSession(path: string): { base: string; id?: string } {
  const at = path.lastIndexOf('#');
  if (at > 0 && /^ses_[\w-]+$/.test(path.slice(at + 1))) return { base: path.slice(0, at), id: path.slice(at + 1) };
  return { base: path };
}

/** The databases of a data dir: opencode.db first, then channel databases (opencode-<channel>.db). */
function databasesIn(folder: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(folder).filter((name) => DATABASE_NAME.test(name)).sort();
  } catch {
    return [];
  }
  return [...names.filter((n) => n === 'opencode.db'), ...names.filter((n) => n !== 'opencode.db')].map((n) => join(folder, n));
}

/** Session ids of the databases of a data dir, read once per run (for the database-wins rule). */
const databaseIdsCache = new Map<string, Set<string>>();
function databaseIds(folder: string, scratch?: ScratchSpace): Set<string> {
  const cached = databaseIdsCache.get(folder);
  if (cached) return cached;
  const ids = new Set<string>();
  for (const file of databasesIn(folder)) {
    const snapshot = StoreSnapshot.take(file, scratch);
    try {
      const db = snapshot.open();
      try {
        for (const id of sessionIds(db)) ids.add(id);
      } finally {
        db.close();
      }
    } finally {
      snapshot.remove();
    }
  }
  databaseIdsCache.set(folder, ids);
  return ids;
}

const storeReader: ContainerReader = {
  description: 'OpenCode data folder (~/.local/share/opencode: opencode.db and/or the legacy storage/ tree) or an opencode.db file; FILE#ses_<id> picks one session',
  fileName: DATABASE_NAME,
  claims(path, head) {
    const { base } = splitSession(path);
    if (head === null) {
      return isDir(base) && (databasesIn(base).length > 0 || storageDir(base) !== undefined);
    }
    if (!head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return false;
    return isDatabaseName(base) || head.includes('CREATE TABLE `part`') || head.includes('CREATE TABLE "part"');
  },
  async sessions(path, scratch) {
    const { base, id } = splitSession(path);
    if (!isDir(base)) return databaseSessions(base, id, scratch);
    const sessions: ContainerSession[] = [];
    const inDatabases = new Set<string>();
    for (const file of databasesIn(base)) {
      const found = id ? (databaseIds(base, scratch).has(id) ? databaseSessions(file, id, scratch) : []) : databaseSessions(file, undefined, scratch);
      sessions.push(...found);
    }
    for (const known of databaseIds(base, scratch)) inDatabases.add(known);
    const storage = storageDir(base);
    if (storage) sessions.push(...treeSessions(storage, inDatabases, id));
    if (id && sessions.length === 0) throw new Error(`no session ${id} in ${base}`);
    return sessions;
  },
};

const treeReader: ContainerReader = {
  description: 'a session file of OpenCode\'s legacy JSON tree (storage/session/<project>/ses_<id>.json, before 1.2): that session with its messages, parts and subagent sessions',
  fileName: SESSION_FILE,
  claims(path, head) {
    return head !== null && sessionFileContext(path) !== undefined;
  },
  async sessions(path, scratch) {
    const context = sessionFileContext(path);
    if (!context) return [];
    // a subagent session is read inside its parent's transcript; a session the database also holds is read from there
    if (hasParentInTree(context.storage, path)) return [];
    const dataDir = dirname(context.storage);
    if (existsSync(join(dataDir, 'opencode.db')) && databaseIds(dataDir, scratch).has(context.id)) return [];
    return treeSessions(context.storage, new Set(), context.id);
  },
};

export const opencode: Adapter = {
  id: 'opencode',
  agent: 'opencode',
  label: 'OpenCode',
  version: '0.1.0',
  formats: [
    {
      id: 'opencode/sqlite',
      description: 'the SQLite store of OpenCode 1.2 and later (sessions, messages, parts; subagent sessions joined to their parent)',
      where: '~/.local/share/opencode/opencode.db ($XDG_DATA_HOME/opencode); give the file, FILE#ses_<id>, or the data folder',
    },
    {
      id: 'opencode/storage',
      description: 'the JSON file tree of OpenCode before 1.2 (a session the database also holds is read from the database)',
      where: '~/.local/share/opencode/storage/{session/<project>,message/<session>,part/<message>}/*.json; give the data folder or a session file',
    },
    {
      id: 'opencode/export',
      description: 'a session exported as one JSON document',
      where: 'opencode export <sessionID> > session.json',
    },
    {
      id: 'opencode/run-json',
      description: 'live stdout of a non-interactive run (the user prompt is not in it)',
      where: 'opencode run --format json [--thinking] "<prompt>"',
    },
  ],
  detectionHint: 'records from the store readers; a document with info.id "ses_…" and messages[] (export); lines with type step_start/text/tool_use/step_finish, a sessionID and a numeric timestamp (run --format json)',
  detect,
  createConverter: (out) => new OpenCodeConverter(out),
  stores: [opencodeDatabaseStore, opencodeTreeStore],
  readers: [storeReader, treeReader],
};
