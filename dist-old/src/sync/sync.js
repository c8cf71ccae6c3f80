import { runPool } from '../upload/pool.js';
const delivered = (report) => report.outcome === 'stored' || report.outcome === 'replayed';
export async function syncSessions(due, options) {
    return runPool(due, options.concurrency, async (session) => {
        const reports = await options.send(session.source);
        const last = reports.at(-1);
        const recorded = last !== undefined && reports.every(delivered);
        if (recorded)
            await options.state.set(session.key, recordOf(session, last, options));
        options.settled?.(session, reports);
        return { session, reports, recorded };
    });
}
function recordOf(session, report, options) {
    return {
        ...session.fingerprint,
        ...options.wanted,
        at: (options.now?.() ?? new Date()).toISOString(),
        transcriptId: report.transcriptId,
        outcome: report.outcome,
        ...(report.status !== undefined ? { status: report.status } : {}),
        ...(report.version !== undefined ? { version: report.version } : {}),
        ...(report.url !== undefined ? { url: report.url } : {}),
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    };
}
//# sourceMappingURL=sync.js.map