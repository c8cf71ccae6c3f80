import { unixNanos } from './otlp-json.js';
export const laneOf = (event) => event.parentId ?? '';
function widen(bounds, time) {
    if (time === undefined)
        return;
    if (bounds.first === undefined || time < bounds.first)
        bounds.first = time;
    if (bounds.last === undefined || time > bounds.last)
        bounds.last = time;
}
export async function scanTimeline(events) {
    const session = {};
    const lanes = new Map();
    const calls = new Map();
    for await (const event of events) {
        const time = event.timestamp ? unixNanos(event.timestamp) : undefined;
        widen(session, time);
        const lane = laneOf(event);
        if (lane !== '') {
            let bounds = lanes.get(lane);
            if (!bounds)
                lanes.set(lane, (bounds = {}));
            widen(bounds, time);
        }
        if (event.type === 'tool_call' && event.tool && !calls.has(event.tool.callId)) {
            calls.set(event.tool.callId, { eventId: event.id, toolName: event.tool.name, lane });
        }
    }
    const starters = new Map();
    for (const lane of lanes.keys()) {
        const starter = calls.get(lane);
        if (starter)
            starters.set(lane, starter);
    }
    widenAncestors(lanes, starters);
    return { session, lanes, starters };
}
/** A subagent's span lies inside the span of the subagent that started it, however deep. */
function widenAncestors(lanes, starters) {
    for (const [lane, bounds] of lanes) {
        const seen = new Set([lane]);
        for (let parent = starters.get(lane)?.lane; parent && !seen.has(parent); parent = starters.get(parent)?.lane) {
            seen.add(parent);
            const outer = lanes.get(parent);
            if (!outer)
                break;
            widen(outer, bounds.first);
            widen(outer, bounds.last);
        }
    }
}
//# sourceMappingURL=otel-scan.js.map