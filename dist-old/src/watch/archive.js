/**
 * The local archive `atx watch` keeps: one Transcript per session, in a file named after the
 * session's main file and a hash of its full path (stable for the session, distinct for two
 * sessions of the same name in different folders), replaced whole and atomically each time the
 * session is converted again.
 */
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { ADAPTERS } from '../../adapters/index.js';
import { produceUnit } from '../input/produce.js';
import { unitsOf } from '../input/reader.js';
import { atomicFileOutput } from '../sinks/output.js';
import { documentSink } from '../sinks/transcript-sinks.js';
/** `<main file name without its extension>-<8 hex of its path's hash>.json` (and `-2`, `-3`... for further Transcripts) */
export function archiveName(key, index = 0) {
    const stem = basename(key.replace(/#.*$/, '')).replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'session';
    const session = key.includes('#') ? `-${key.slice(key.lastIndexOf('#') + 1).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)}` : '';
    const hash = createHash('sha256').update(key).digest('hex').slice(0, 8);
    return `${stem}${session}-${hash}${index > 0 ? `-${index + 1}` : ''}.json`;
}
export async function archiveSession(source, key, folder, options) {
    const archived = { files: [], transcriptIds: [], agent: undefined, eventCount: 0 };
    const convertOptions = { adapters: ADAPTERS, context: options.context, idFromContent: true, ...(options.transform ? { transform: options.transform } : {}) };
    for await (const unit of unitsOf(source, { idFromContent: true })) {
        const file = join(folder, archiveName(key, archived.files.length));
        try {
            const result = await produceUnit(unit, () => documentSink(atomicFileOutput(file), 'compact'), convertOptions);
            archived.files.push(file);
            archived.transcriptIds.push(result.header.transcriptId);
            archived.agent ??= result.header.source.agent;
            archived.eventCount += result.header.metrics.eventCount;
        }
        catch (error) {
            if (unit.kind === 'native')
                await unit.opened.items.return(undefined);
            throw error;
        }
    }
    return archived;
}
//# sourceMappingURL=archive.js.map