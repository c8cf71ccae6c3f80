/** Child session ids the task calls of a message name (`state.metadata.sessionId`). */
export function childSessionIds(parts) {
    const ids = [];
    for (const part of parts) {
        if (part === null || typeof part !== 'object')
            continue;
        const { type, state } = part;
        const id = state?.metadata?.sessionId;
        if (type === 'tool' && typeof id === 'string')
            ids.push(id);
    }
    return ids;
}
//# sourceMappingURL=records.js.map