import { asRecord, stringField } from './json.js';
export function toolLookup(catalog) {
    return {
        kind: (name) => identifyTool(catalog, name).kind,
        files: (kind, input) => filesFromInput(kind, input, catalog.pathKeys ?? []),
    };
}
/** `mcp__<server>__<tool>`, the MCP naming Claude Code, Codex and Amp share; the tool part may hold `__`. */
export function mcpToolOf(name) {
    if (!name.startsWith('mcp__'))
        return undefined;
    const [server = '', ...rest] = name.slice('mcp__'.length).split('__');
    return { server, tool: rest.join('__') };
}
export function identifyTool(catalog, name) {
    const mcp = catalog.mcpNames === false ? undefined : mcpToolOf(name);
    if (mcp)
        return { kind: 'mcp', mcp };
    return { kind: catalog.kinds[catalog.caseInsensitive ? name.toLowerCase() : name] ?? 'other' };
}
/** The file action a tool of this kind performs on the path it names, if any. */
export function fileActionOf(kind) {
    return kind === 'read' || kind === 'write' || kind === 'edit' ? kind : undefined;
}
/** Files a call names in its input, before it runs: the first of `pathKeys` that holds a path. */
export function filesFromInput(kind, input, pathKeys) {
    const record = asRecord(input);
    let path;
    for (const key of pathKeys) {
        path = stringField(record, key);
        if (path)
            break;
    }
    if (!path)
        return undefined;
    const action = fileActionOf(kind);
    return action ? [{ path, action }] : undefined;
}
//# sourceMappingURL=tools.js.map