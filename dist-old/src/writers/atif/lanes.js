/** The main line's lane key. */
export const MAIN = '';
export const laneOf = (event) => event.parentId ?? MAIN;
export const resultKey = (lane, callId) => `${lane}\n${callId}`;
function newLane(key, index) {
    return { key, first: index, last: index, models: new Map(), children: [], spawned: false };
}
export async function indexLanes(spool) {
    const lanes = new Map([[MAIN, newLane(MAIN, 0)]]);
    const callLane = new Map();
    const resultCounts = new Map();
    let index = 0;
    for await (const event of spool.events()) {
        const key = laneOf(event);
        let lane = lanes.get(key);
        if (!lane)
            lanes.set(key, (lane = newLane(key, index)));
        lane.last = index;
        if (event.model && event.role === 'assistant')
            lane.models.set(event.model, (lane.models.get(event.model) ?? 0) + 1);
        if (event.type === 'tool_call' && event.tool)
            callLane.set(event.tool.callId, key);
        if (event.type === 'tool_result' && event.tool) {
            const result = resultKey(key, event.tool.callId);
            resultCounts.set(result, (resultCounts.get(result) ?? 0) + 1);
        }
        index += 1;
    }
    for (const lane of lanes.values()) {
        if (lane.key === MAIN)
            continue;
        const parent = spawningLane(lane.key, callLane);
        lane.spawned = parent !== undefined;
        lanes.get(parent ?? MAIN).children.push(lane.key);
    }
    return { lanes, resultCounts };
}
/**
 * The lane of the call that started `key`, or undefined when no call did (or the calls loop back
 * on themselves): such a lane is embedded in the main trajectory, with no reference to it.
 */
function spawningLane(key, callLane) {
    const parent = callLane.get(key);
    const seen = new Set([key]);
    for (let up = parent; up !== undefined && up !== MAIN; up = callLane.get(up)) {
        if (seen.has(up))
            return undefined;
        seen.add(up);
    }
    return parent;
}
/** The model a lane uses most: its trajectory's `agent.model_name`. */
export function mainModel(lane) {
    let best;
    let uses = 0;
    for (const [model, count] of lane.models) {
        if (count > uses)
            [best, uses] = [model, count];
    }
    return best;
}
//# sourceMappingURL=lanes.js.map