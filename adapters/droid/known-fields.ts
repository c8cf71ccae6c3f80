/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['cache_creation_input_tokens', 'cache_read_input_tokens', 'chatCompletionReasoningContent', 'chatCompletionReasoningField', 'command', 'content', 'cwd', 'durationMs', 'error', 'factory_credits', 'file_path', 'finalText', 'hostId', 'id', 'input_tokens', 'interactionMode', 'isError', 'isSessionTitleManuallySet', 'message', 'messageId', 'model', 'modelId', 'new_str', 'numTurns', 'old_str', 'openaiMessageId', 'output_tokens', 'owner', 'parameters', 'parentId', 'reason', 'reasoningEffort', 'reasoning_effort', 'resultKind', 'riskLevel', 'riskLevelReason', 'role', 'session_id', 'subtype', 'summary', 'text', 'timestamp', 'title', 'toolId', 'toolName', 'tools', 'ttft_ms', 'turnId', 'type', 'usage', 'value', 'version', 'visibility'];
