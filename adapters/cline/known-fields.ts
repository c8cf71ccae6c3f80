/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['accumulated', 'agent', 'agentId', 'aggregateUsage', 'cacheReadTokens', 'cacheWriteTokens', 'contentType', 'durationMs', 'event', 'finishReason', 'hadToolCalls', 'hookEventName', 'id', 'input', 'inputTokens', 'iteration', 'iterations', 'messages', 'mode', 'model', 'origin', 'output', 'outputTokens', 'parentAgentId', 'provider', 'reason', 'reasoning', 'redacted', 'sessionId', 'source', 'system_prompt', 'taskId', 'text', 'toolCallCount', 'toolCallId', 'toolName', 'totalCacheReadTokens', 'totalCost', 'totalInputTokens', 'totalOutputTokens', 'ts', 'type', 'update', 'updated_at', 'usage', 'version'];
