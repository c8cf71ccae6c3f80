/** OpenAI accepts function names of letters, digits, `_` and `-`, at most 64 characters. */
export const functionName = (name) => name.replace(/[^\w-]/g, '_').slice(0, 64) || 'tool';
/** Arguments are a JSON object, as a string; any other input is wrapped as `{"input": …}`. */
function argumentsOf(input) {
    if (input === undefined || input === null)
        return '{}';
    return JSON.stringify(typeof input === 'object' && !Array.isArray(input) ? input : { input });
}
function resultContent(event) {
    const tool = event.tool;
    const withheld = event.withheld?.some((w) => w.field === 'tool.output' && w.reason !== 'truncated');
    const output = tool.output ?? (withheld ? '(output withheld by the redaction profile)' : '(no output)');
    const failed = tool.status && tool.status !== 'ok' ? `[${tool.status}${tool.exitCode === undefined ? '' : `, exit ${tool.exitCode}`}]\n` : '';
    return `${failed}${output}`;
}
const NO_RESULT = '(no result was recorded for this call)';
export async function* chatMessages(events) {
    const usedIds = new Set();
    let pending;
    function* flush() {
        if (!pending)
            return;
        const { texts, calls, results } = pending;
        pending = undefined;
        yield { role: 'assistant', content: texts.length > 0 ? texts.join('\n\n') : null, ...(calls.length > 0 ? { tool_calls: calls } : {}) };
        for (const call of calls)
            yield { role: 'tool', tool_call_id: call.id, content: results.get(call.id) ?? NO_RESULT };
    }
    const assistantTurn = () => {
        pending ??= { texts: [], calls: [], results: new Map(), ids: new Map() };
        return pending;
    };
    /** text or a call after every call of the gathered message was answered starts a new message */
    const answeredTurn = () => pending !== undefined && pending.calls.length > 0 && pending.calls.every((call) => pending.results.has(call.id));
    for await (const event of events) {
        if (event.parentId !== undefined)
            continue;
        switch (event.type) {
            case 'system':
            case 'user_message':
                if (!event.text)
                    break;
                yield* flush();
                yield { role: event.type === 'system' ? 'system' : 'user', content: event.text };
                break;
            case 'assistant_message':
                if (!event.text)
                    break;
                if (answeredTurn())
                    yield* flush();
                assistantTurn().texts.push(event.text);
                break;
            case 'tool_call': {
                if (answeredTurn())
                    yield* flush();
                const turn = assistantTurn();
                const tool = event.tool;
                let id = tool.callId || 'call';
                for (let n = 2; usedIds.has(id); n++)
                    id = `${tool.callId}_${n}`;
                usedIds.add(id);
                turn.ids.set(tool.callId, id);
                turn.calls.push({ id, type: 'function', function: { name: functionName(tool.name), arguments: argumentsOf(tool.input) } });
                break;
            }
            case 'tool_result': {
                // a result for a call of this assistant message, answered once; any other (a late or unknown one) is left out
                const id = pending?.ids.get(event.tool.callId);
                if (id !== undefined && !pending.results.has(id))
                    pending.results.set(id, resultContent(event));
                break;
            }
            default:
                break;
        }
    }
    yield* flush();
}
//# sourceMappingURL=openai-messages.js.map