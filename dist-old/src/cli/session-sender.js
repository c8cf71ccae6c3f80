/**
 * The sending half of `atx sync` (and of `atx watch --upload`): a transport (key, endpoint,
 * outbox), and the sessions due sent through it as `atx upload` sends them, each recorded in the
 * sync state once delivered. Loaded only when something is to be sent: a sync with nothing to do
 * does not pay for the HTTP client.
 */
import { requireKey } from '../keys.js';
import { unitsOf } from '../input/reader.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import { syncSessions } from '../sync/sync.js';
import { describeEndpoint } from '../upload/endpoint.js';
import { contextFor } from './io.js';
import { announcer, sendUnit } from './upload-delivery.js';
import { transportSetup } from './upload-options.js';
export async function openSender(io, flags, setup) {
    const transport = await transportSetup(io, flags, setup.config, requireKey(setup.key));
    const announce = announcer(io, flags);
    let endpoint;
    try {
        endpoint = describeEndpoint(transport.endpointFor());
    }
    catch (error) {
        await transport.close();
        throw error;
    }
    const sendOne = unitSender(setup, transport, io);
    return {
        send: (due, state, wanted, settled) => syncSessions(due, {
            state,
            wanted,
            concurrency: transport.concurrency,
            endpoint,
            send: sendOne,
            settled: (session, reports) => {
                for (const report of reports)
                    announce(report);
                settled?.(session, reports);
            },
        }),
        close: () => transport.close(),
    };
}
/** Sends every Transcript of one session (one, for a native session) as atx upload does. */
function unitSender(setup, transport, io) {
    const options = { context: contextFor(io), makeRedactor: setup.makeTransform, memory: new MemoryGovernor() };
    const keyId = setup.key?.keyId ?? null;
    return async (source) => {
        const reports = [];
        for await (const unit of unitsOf(source, { idFromContent: true }))
            reports.push(await sendUnit(unit, options, transport, { queue: false, keyId }));
        return reports;
    };
}
//# sourceMappingURL=session-sender.js.map