import { planSessions } from '../sync/plan.js';
export function watchHandlers(deps) {
    return {
        async quiet(path) {
            const plan = await planSessions(await deps.sessionsOf(path), deps.state, deps.wanted);
            for (const session of plan.due)
                await handle(session);
        },
        async gone(path) {
            const record = deps.state.get(path);
            if (record)
                deps.say({ kind: 'deleted', session: path, files: record.files });
        },
    };
    async function handle(session) {
        let archived;
        try {
            archived = await deps.archive(session);
        }
        catch (error) {
            deps.say({ kind: 'failed', session: session.key, message: error instanceof Error ? error.message : String(error) });
            return;
        }
        await deps.state.set(session.key, {
            ...session.fingerprint,
            ...deps.wanted,
            at: (deps.now?.() ?? new Date()).toISOString(),
            files: archived.files,
            transcriptIds: archived.transcriptIds,
            ...(archived.agent ? { agent: archived.agent } : {}),
        });
        const truncated = session.previous !== undefined && session.fingerprint.size < session.previous.size;
        deps.say({ kind: 'archived', session: session.key, reason: session.reason, truncated, archived });
        await deps.upload?.(session);
    }
}
//# sourceMappingURL=watch.js.map