/**
 * Where Amp keeps its threads: `<data dir>/threads/T-<uuid>.json`, one JSON document each, the data
 * dir being `$AMP_DATA_DIR`, else `$XDG_DATA_HOME/amp`, else `~/.local/share/amp`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asRecord } from '../shared/json.js';
import { definedFacts, firstValue, lastValue, timeOf, wholeDocument } from '../shared/glance.js';
import { envFolder, xdgFolder } from '../shared/locations.js';
/** The first workspace tree of the thread (`env.initial.trees[0].uri`, a file: URL). */
function workspace(thread, head) {
    const trees = asRecord(asRecord(thread?.env)?.initial)?.trees;
    const uri = Array.isArray(trees) ? asRecord(trees[0])?.uri : firstValue(head, 'uri');
    if (typeof uri !== 'string' || !uri.startsWith('file:'))
        return undefined;
    try {
        return fileURLToPath(uri);
    }
    catch {
        return undefined;
    }
}
export const ampStore = {
    description: 'Amp thread files',
    roots: (context) => [{
            dir: envFolder(context, 'AMP_DATA_DIR') ?? join(xdgFolder(context, 'XDG_DATA_HOME'), 'amp'),
            files: ['threads/T-*.json'],
        }],
    facts(file) {
        const thread = wholeDocument(file);
        const messages = Array.isArray(thread?.messages) ? thread.messages : [];
        const last = asRecord(messages.at(-1));
        const state = asRecord(last?.state);
        return definedFacts({
            sessionId: firstValue(file.head, 'id')?.toString(),
            project: workspace(thread, file.head),
            startedAt: timeOf(firstValue(file.head, 'created')),
            endedAt: timeOf(lastValue(file.tail, 'sentAt')),
            finished: last ? last.role === 'assistant' && state?.type === 'complete' : undefined,
            events: thread ? messages.length : undefined,
        });
    },
};
//# sourceMappingURL=store.js.map