/**
 * Where the Cline CLI keeps its sessions: `<data dir>/sessions/<id>/<id>.json` (the manifest: cwd,
 * times, status) beside `<id>.messages.json` (the conversation, which is what gets converted). The
 * data dir is `$CLINE_DATA_DIR`, else `$CLINE_DIR/data`, else `~/.cline/data`. The VS Code
 * extension's task folders live in the editor's storage and are not listed.
 */
import { join } from 'node:path';
import { definedFacts, firstValue, timeOf, wholeDocument } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';
const MESSAGES = /\.messages\.json$/;
const text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
export const clineStore = {
    description: 'Cline CLI session manifests',
    roots(context) {
        const clineDir = envFolder(context, 'CLINE_DIR');
        const dataDir = envFolder(context, 'CLINE_DATA_DIR') ?? (clineDir ? join(clineDir, 'data') : join(context.home, '.cline', 'data'));
        return [{ dir: dataDir, files: ['sessions/*/*.json'] }];
    },
    facts(file) {
        if (MESSAGES.test(file.relativePath))
            return null; // converted through its manifest's entry
        const manifest = wholeDocument(file);
        const field = (key) => manifest?.[key] ?? firstValue(file.head, key);
        const status = text(field('status'));
        return definedFacts({
            sessionId: text(field('session_id')),
            project: text(field('cwd')),
            startedAt: timeOf(field('started_at')),
            endedAt: timeOf(field('ended_at')),
            finished: status === undefined ? undefined : status !== 'running',
            input: file.path.replace(/\.json$/, '.messages.json'),
        });
    },
};
//# sourceMappingURL=store.js.map