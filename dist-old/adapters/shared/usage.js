import { asRecord } from './json.js';
/** The sum of two token counts; optional counters appear only when non-zero. */
export function addUsage(a, b) {
    if (!a)
        return b;
    const sum = { input: a.input + b.input, output: a.output + b.output };
    const cacheRead = (a.cacheRead ?? 0) + (b.cacheRead ?? 0);
    const cacheWrite = (a.cacheWrite ?? 0) + (b.cacheWrite ?? 0);
    const reasoning = (a.reasoning ?? 0) + (b.reasoning ?? 0);
    if (cacheRead)
        sum.cacheRead = cacheRead;
    if (cacheWrite)
        sum.cacheWrite = cacheWrite;
    if (reasoning)
        sum.reasoning = reasoning;
    return sum;
}
/** Token counts of one response, or undefined when the input or output count is missing. */
export function mapUsage(raw, fields) {
    const usage = asRecord(raw);
    if (!usage)
        return undefined;
    const read = (paths) => firstNumber(usage, paths, fields.wholeCounts === true);
    const input = read(fields.input);
    const output = read(fields.output);
    if (input === undefined || output === undefined)
        return undefined;
    const cacheRead = read(fields.cacheRead) ?? 0;
    const cacheWrite = read(fields.cacheWrite) ?? 0;
    const reasoning = read(fields.reasoning) ?? 0;
    const result = {
        input: fields.inputIncludesCache ? Math.max(0, input - cacheRead - cacheWrite) : input,
        output: fields.outputExcludesReasoning ? output + reasoning : output,
    };
    if (cacheRead > 0)
        result.cacheRead = cacheRead;
    if (cacheWrite > 0)
        result.cacheWrite = cacheWrite;
    if (reasoning > 0)
        result.reasoning = reasoning;
    return result;
}
function firstNumber(record, paths, whole) {
    for (const path of paths ?? []) {
        let value = record;
        for (const key of path.split('.'))
            value = asRecord(value)?.[key];
        if (typeof value !== 'number' || !Number.isFinite(value))
            continue;
        if (!whole)
            return value;
        if (value >= 0)
            return Math.round(value);
    }
    return undefined;
}
/** Anthropic's Messages API usage (Claude Code, Amp); camelCase spellings as some clients write them. */
export const ANTHROPIC_USAGE = {
    input: ['input_tokens', 'inputTokens'],
    output: ['output_tokens', 'outputTokens'],
    cacheRead: ['cache_read_input_tokens', 'cacheReadInputTokens'],
    cacheWrite: ['cache_creation_input_tokens', 'cacheCreationInputTokens'],
    reasoning: ['output_tokens_details.thinking_tokens'],
};
/** A response's tokens go on the first event it becomes: the function returned gives them to the first event it is handed, and to no other. */
export function firstEventCarries(usage) {
    let pending = usage;
    return (event) => {
        if (pending) {
            event.usage = pending;
            pending = undefined;
        }
        return event;
    };
}
//# sourceMappingURL=usage.js.map