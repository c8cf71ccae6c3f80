/**
 * The two-way capture of an ACP session: every JSON-RPC message, in the order it crossed the
 * pipe, as {"ts", "dir", "msg"} lines. The taps sit between the SDK and the agent's stdio, so
 * the capture holds exactly what was on the wire, whatever the SDK does with it.
 */
import { ndJsonStream } from '@agentclientprotocol/sdk';
export function captureLine(dir, msg, now = new Date()) {
    return `${JSON.stringify({ ts: now.toISOString(), dir, msg })}\n`;
}
/** An ACP stream over the agent's stdio whose every message is also handed to `record`, in wire order. */
export function tappedStream(toAgent, fromAgent, record) {
    const wire = ndJsonStream(toAgent, fromAgent);
    const readable = wire.readable.pipeThrough(new TransformStream({
        transform(message, controller) {
            record('agent->client', message);
            controller.enqueue(message);
        },
    }));
    const writer = wire.writable.getWriter();
    const writable = new WritableStream({
        async write(message) {
            record('client->agent', message);
            await writer.write(message);
        },
        async close() {
            await writer.close();
        },
        async abort(reason) {
            await writer.abort(reason);
        },
    });
    return { readable, writable };
}
//# sourceMappingURL=capture.js.map