export const DISCOVER_LINE_VERSION = 1;
export function discoverLine(session) {
    return JSON.stringify({ atxDiscover: DISCOVER_LINE_VERSION, ...session });
}
/** A parsed JSON value that is a discover line: its agent and the input to read. */
export function readDiscoverLine(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return undefined;
    const record = value;
    if (record.atxDiscover !== DISCOVER_LINE_VERSION || typeof record.agent !== 'string' || typeof record.path !== 'string' || record.path === '')
        return undefined;
    return { agent: record.agent, path: record.path };
}
//# sourceMappingURL=line.js.map