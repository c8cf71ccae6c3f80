export const zeroCounts = () => ({ messageCount: 0, toolCallCount: 0, errorCount: 0, unparsedCount: 0, turnCount: 0 });
/** Adds one event to the counts. */
export function tallyEvent(counts, event) {
    switch (event.type) {
        case 'user_message':
            counts.messageCount += 1;
            if (!event.synthetic && !event.parentId)
                counts.turnCount += 1;
            break;
        case 'assistant_message':
            counts.messageCount += 1;
            break;
        case 'tool_call':
            counts.toolCallCount += 1;
            break;
        case 'tool_result':
            if (event.tool?.status === 'error' || event.tool?.status === 'timeout')
                counts.errorCount += 1;
            break;
        case 'meta':
            if (event.meta?.kind === 'unparsed')
                counts.unparsedCount += 1;
            break;
        case 'system':
            if (event.meta?.kind === 'error')
                counts.errorCount += 1;
            break;
        default:
            break;
    }
}
//# sourceMappingURL=metrics.js.map