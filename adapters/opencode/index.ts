import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ContainerReader } from '../types.js';
import { defineAdapter } from '../shared/adapter.js';
import { isKiloDatabaseHead } from '../kilo-code/marks.js';
import { apiBodyReader } from './api-body-reader.js';
import { detect } from './detect.js';
import { OPENCODE_FLAVOR } from './flavor.js';
import { databaseIds, storeReader } from './store-reader.js';
import { SESSION_FILE, hasParentInTree, sessionFileContext, treeSessions } from './tree.js';
import { opencodeDatabaseStore, opencodeTreeStore } from './discover-store.js';

/** The part table's schema on the first page: an OpenCode-code database, unless it is another flavor's. */
const hasPartTable = (head: Buffer) => head.includes('CREATE TABLE `part`') || head.includes('CREATE TABLE "part"');

const storeReaderOfOpenCode = storeReader(OPENCODE_FLAVOR, {
  description: 'OpenCode data folder (~/.local/share/opencode: opencode.db and/or the legacy storage/ tree) or an opencode.db file; FILE#ses_<id> picks one session',
  legacyTree: true,
  ownsHead: (head) => hasPartTable(head) && !isKiloDatabaseHead(head),
});

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
    if (existsSync(join(dataDir, OPENCODE_FLAVOR.database)) && databaseIds(dataDir, OPENCODE_FLAVOR, scratch).has(context.id)) return [];
    return treeSessions(context.storage, new Set(), context.id);
  },
};

export const opencode = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'opencode',
  label: 'OpenCode',
  newestCheckedVersion: '1.18.33',
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
      id: 'opencode/api-messages',
      description: 'a saved body of the HTTP API\'s GET /session/<id>/message: a JSON array of {info, parts} (no session record: the messages name it)',
      where: 'curl http://127.0.0.1:<port>/session/<id>/message > messages.json (opencode serve)',
    },
    {
      id: 'opencode/run-json',
      description: 'live stdout of a non-interactive run (the user prompt is not in it)',
      where: 'opencode run --format json [--thinking] "<prompt>"',
    },
  ],
  detectionHint: 'records from the store readers; a document with info.id "ses_…" and messages[] (export); lines with type step_start/text/tool_use/step_finish, a sessionID and a numeric timestamp (run --format json)',
  detect,
  loadConverter: () => import('./converter.js').then(({ OpenCodeConverter }) => (out) => new OpenCodeConverter(out)),
  stores: [opencodeDatabaseStore, opencodeTreeStore],
  readers: [storeReaderOfOpenCode, treeReader, apiBodyReader],
});
