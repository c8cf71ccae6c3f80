/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['apiKeySource', 'cacheReadTokens', 'call_id', 'content', 'cwd', 'deleteToolCall', 'duration_api_ms', 'duration_ms', 'editToolCall', 'error', 'function', 'globToolCall', 'grepToolCall', 'inputTokens', 'is_error', 'lsToolCall', 'mcpToolCall', 'message', 'model', 'model_call_id', 'outputTokens', 'permissionMode', 'readLintsToolCall', 'readToolCall', 'request_id', 'result', 'role', 'semSearchToolCall', 'session_id', 'shellToolCall', 'status', 'subtype', 'taskToolCall', 'text', 'timestamp_ms', 'tool_call', 'type', 'updateTodosToolCall', 'usage', 'webFetchToolCall', 'webSearchToolCall', 'writeToolCall'];
