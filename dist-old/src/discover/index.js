import { glanceAt } from './glance.js';
import { walkStore } from './walk.js';
/**
 * Files glanced at in parallel: enough to overlap open/read/close, few enough that their texts die
 * young (at 32, the 64 KiB heads and tails outlived minor collections and CPU time doubled).
 */
const PARALLEL = 8;
export async function* discoverSessions(adapters, options, notes) {
    for (const adapter of adapters) {
        const earlier = new Set();
        for (const store of adapter.stores ?? []) {
            const seen = new Set();
            for (const root of store.roots(options.context)) {
                let batch = [];
                for await (const file of walkStore(root.dir, root.files, notes)) {
                    if (options.since !== undefined && file.mtimeMs < options.since)
                        continue;
                    batch.push(file);
                    if (batch.length < PARALLEL)
                        continue;
                    yield* described(adapter, store, batch, options, notes, { earlier, seen });
                    batch = [];
                }
                yield* described(adapter, store, batch, options, notes, { earlier, seen });
            }
            for (const id of seen)
                earlier.add(id);
        }
    }
}
async function* described(adapter, store, files, options, notes, ids) {
    const found = await Promise.all(files.map((file) => factsOf(store, file, options.scratch).catch((error) => {
        notes.unreadable.push({ path: file.path, reason: error instanceof Error ? error.message : String(error) });
        return [];
    })));
    for (const [index, list] of found.entries()) {
        const file = files[index];
        for (const facts of list) {
            const session = sessionOf(adapter, file, facts);
            // a session an earlier store of the agent holds too (a database and the older files it was migrated from) is listed once
            if (session.sessionId !== null) {
                if (ids.earlier.has(session.sessionId))
                    continue;
                ids.seen.add(session.sessionId);
            }
            if (options.since !== undefined && Date.parse(session.endedAt ?? '') < options.since)
                continue;
            if (options.project && !options.project(session.project ?? undefined))
                continue;
            yield session;
        }
    }
}
async function factsOf(store, file, scratch) {
    if (store.list)
        return store.list(file.path, scratch);
    const facts = store.facts?.(glanceAt(file));
    return facts === null || facts === undefined ? [] : [facts];
}
function sessionOf(adapter, file, facts) {
    const lastWrite = new Date(file.mtimeMs).toISOString();
    return {
        agent: adapter.id,
        sessionId: facts.sessionId ?? null,
        path: facts.input ?? file.path,
        project: facts.project ?? null,
        startedAt: facts.startedAt ?? null,
        endedAt: facts.endedAt ?? lastWrite,
        size: facts.size ?? file.size,
        events: facts.events ?? null,
        finished: facts.finished ?? null,
    };
}
export const emptyDiscoverNotes = () => ({ linksOutside: [], unreadable: [] });
//# sourceMappingURL=index.js.map