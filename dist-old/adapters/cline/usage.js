import { mapUsage } from '../shared/usage.js';
/**
 * OpenAI-compatible providers report `inputTokens` with the cached tokens inside (the recorded
 * runs: inputTokens 5549 with cacheReadTokens 5402 on a 5549-token prompt).
 */
const CLINE_USAGE = {
    input: ['inputTokens'],
    output: ['outputTokens'],
    cacheRead: ['cacheReadTokens'],
    cacheWrite: ['cacheWriteTokens'],
    inputIncludesCache: true,
};
export const clineUsage = (raw) => mapUsage(raw, CLINE_USAGE);
//# sourceMappingURL=usage.js.map