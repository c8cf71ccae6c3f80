import { defineAdapter } from '../shared/adapter.js';
import { isExportDocument, OpenCodeConverter } from '../opencode/converter.js';
import { flavorOf } from '../opencode/flavor.js';
import { storeReader } from '../opencode/store-reader.js';
import { asRecord, stringField } from '../shared/json.js';
import { hasKiloMarks, isKiloDatabaseHead } from './marks.js';
import { kiloCodeStore } from './store.js';
export const KILO_FLAVOR = flavorOf('kilo-code', 'Kilo', 'kilo');
function detect(sample) {
    if (!hasKiloMarks(sample))
        return null;
    for (const item of sample) {
        const record = asRecord(item);
        if (!record)
            continue;
        if (record.flavor === KILO_FLAVOR.agent)
            return { confidence: 0.99, format: 'kilo-code/sqlite' };
        if (isExportDocument(record))
            return { confidence: 0.95, format: 'kilo-code/export' };
        if (typeof stringField(record, 'type') === 'string' && typeof record.sessionID === 'string')
            return { confidence: 0.95, format: 'kilo-code/run-json' };
    }
    return null;
}
export const kiloCode = defineAdapter({
    id: 'kilo-code',
    label: 'Kilo Code CLI',
    formats: [
        {
            id: 'kilo-code/sqlite',
            description: 'the SQLite store of Kilo Code CLI 7.x (sessions, messages, parts, session_message rows; subagent sessions joined to their parent)',
            where: '~/.local/share/kilo/kilo.db ($XDG_DATA_HOME/kilo, or the file KILO_DB names); give the file, FILE#ses_<id>, or the data folder',
        },
        {
            id: 'kilo-code/export',
            description: 'a session exported as one JSON document',
            where: 'kilo export <sessionID> > session.json',
        },
        {
            id: 'kilo-code/run-json',
            description: 'live stdout of a non-interactive run (the user prompt is not in it)',
            where: 'kilo run --format json [--thinking] "<prompt>"',
        },
    ],
    detectionHint: 'OpenCode\'s forms with what only Kilo writes: step-finish parts with `metrics`, tool metadata `approval`, kilo.db with its kilo_board tables',
    detect,
    createConverter: (out) => new OpenCodeConverter(out, KILO_FLAVOR),
    stores: [kiloCodeStore(KILO_FLAVOR)],
    readers: [
        storeReader(KILO_FLAVOR, {
            description: 'Kilo Code data folder (~/.local/share/kilo: kilo.db) or a kilo.db file; FILE#ses_<id> picks one session',
            legacyTree: false,
            ownsHead: isKiloDatabaseHead,
        }),
    ],
});
//# sourceMappingURL=index.js.map