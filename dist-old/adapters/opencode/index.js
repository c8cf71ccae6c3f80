import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineAdapter } from '../shared/adapter.js';
import { hasKiloMarks, isKiloDatabaseHead } from '../kilo-code/marks.js';
import { isExportDocument, OpenCodeConverter } from './converter.js';
import { OPENCODE_FLAVOR } from './flavor.js';
import { asRecord, stringField } from '../shared/json.js';
import { databaseIds, storeReader } from './store-reader.js';
import { SESSION_FILE, hasParentInTree, sessionFileContext, treeSessions } from './tree.js';
import { opencodeDatabaseStore, opencodeTreeStore } from './discover-store.js';
const RUN_TYPES = new Set(['step_start', 'step_finish', 'text', 'reasoning', 'tool_use', 'error', 'done']);
/** OpenCode's forms; records that carry another flavor or Kilo Code's marks are Kilo Code's (adapters/kilo-code). */
export function detect(sample) {
    if (hasKiloMarks(sample))
        return null;
    for (const item of sample) {
        const record = asRecord(item);
        if (!record)
            continue;
        if (record.flavor !== undefined)
            return null;
        if (typeof record.opencode === 'string' && (record.store === 'sqlite' || record.store === 'storage')) {
            return { confidence: 0.99, format: record.store === 'sqlite' ? 'opencode/sqlite' : 'opencode/storage' };
        }
        if (isExportDocument(record))
            return { confidence: 0.95, format: 'opencode/export' };
        const type = stringField(record, 'type');
        if (type && RUN_TYPES.has(type) && typeof record.sessionID === 'string' && typeof record.timestamp === 'number'
            && (asRecord(record.part) !== undefined || record.error !== undefined || type === 'done')) {
            // Kilo Code prints the same lines; a step_finish line without Kilo's `metrics` settles it
            return { confidence: sample.some(isOpenCodeStepFinish) ? 0.95 : 0.85, format: 'opencode/run-json' };
        }
    }
    return null;
}
function isOpenCodeStepFinish(item) {
    const part = asRecord(asRecord(item)?.part);
    return part?.type === 'step-finish' && part.metrics === undefined;
}
/** The part table's schema on the first page: an OpenCode-code database, unless it is another flavor's. */
const hasPartTable = (head) => head.includes('CREATE TABLE `part`') || head.includes('CREATE TABLE "part"');
const storeReaderOfOpenCode = storeReader(OPENCODE_FLAVOR, {
    description: 'OpenCode data folder (~/.local/share/opencode: opencode.db and/or the legacy storage/ tree) or an opencode.db file; FILE#ses_<id> picks one session',
    legacyTree: true,
    ownsHead: (head) => hasPartTable(head) && !isKiloDatabaseHead(head),
});
const treeReader = {
    description: 'a session file of OpenCode\'s legacy JSON tree (storage/session/<project>/ses_<id>.json, before 1.2): that session with its messages, parts and subagent sessions',
    fileName: SESSION_FILE,
    claims(path, head) {
        return head !== null && sessionFileContext(path) !== undefined;
    },
    async sessions(path, scratch) {
        const context = sessionFileContext(path);
        if (!context)
            return [];
        // a subagent session is read inside its parent's transcript; a session the database also holds is read from there
        if (hasParentInTree(context.storage, path))
            return [];
        const dataDir = dirname(context.storage);
        if (existsSync(join(dataDir, OPENCODE_FLAVOR.database)) && databaseIds(dataDir, OPENCODE_FLAVOR, scratch).has(context.id))
            return [];
        return treeSessions(context.storage, new Set(), context.id);
    },
};
export const opencode = defineAdapter({
    id: 'opencode',
    label: 'OpenCode',
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
    readers: [storeReaderOfOpenCode, treeReader],
});
//# sourceMappingURL=index.js.map