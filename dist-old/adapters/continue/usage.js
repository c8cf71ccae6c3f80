import { mapUsage } from '../shared/usage.js';
/**
 * `message.usage` is the provider's usage object as it came: OpenAI's snake_case (the recorded
 * runs: prompt_tokens 1532 with prompt_tokens_details.cached_tokens 1453), or core's camelCase
 * Usage when another provider filled it. The prompt count includes the cached tokens.
 */
const MESSAGE_USAGE = {
    input: ['prompt_tokens', 'promptTokens'],
    output: ['completion_tokens', 'completionTokens'],
    cacheRead: ['prompt_tokens_details.cached_tokens', 'promptTokensDetails.cachedTokens'],
    cacheWrite: ['prompt_tokens_details.cache_write_tokens', 'promptTokensDetails.cacheWriteTokens'],
    reasoning: ['completion_tokens_details.reasoning_tokens', 'completionTokensDetails.reasoningTokens'],
    inputIncludesCache: true,
};
export const messageUsage = (raw) => mapUsage(raw, MESSAGE_USAGE);
//# sourceMappingURL=usage.js.map