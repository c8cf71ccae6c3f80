/**
 * Where Droid keeps its sessions, for `atx discover`: `<root>/sessions/<cwd slug>/<uuid>.jsonl`,
 * the root being `$FACTORY_HOME_OVERRIDE/.factory`, else `~/.factory`. Beside each session lie
 * `<uuid>.settings.json` (read with it by the converter) and lock files; neither is listed.
 */
import { join } from 'node:path';
import { jsonlFacts } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';
const start = (record) => record.type === 'session_start';
export const droidStore = {
    description: 'Droid session files',
    roots: (context) => [{
            dir: join(envFolder(context, 'FACTORY_HOME_OVERRIDE') ?? context.home, '.factory'),
            files: ['sessions/*/*.jsonl'],
        }],
    facts: (file) => jsonlFacts(file, {
        sessionId: (record) => (start(record) ? record.id : undefined),
        project: (record) => (start(record) ? record.lastCwd || record.cwd : undefined),
        time: (record) => (record.type === 'message' ? record.timestamp : undefined),
        // a turn's outcome line closes it; a message after the last one means a turn was under way
        finished: (record) => (record.type === 'agent_turn_outcome' ? true : record.type === 'message' ? false : undefined),
    }),
};
//# sourceMappingURL=store.js.map