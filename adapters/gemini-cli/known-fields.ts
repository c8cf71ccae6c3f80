/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['$rewindTo', '$set', 'agent_name', 'cached', 'code', 'command', 'content', 'delta', 'description', 'directories', 'displayContent', 'duration_ms', 'error', 'file_path', 'files', 'id', 'input', 'input_tokens', 'instruction', 'kind', 'lastUpdated', 'message', 'messages', 'model', 'models', 'new_string', 'old_string', 'output', 'output_tokens', 'parameters', 'projectHash', 'prompt', 'response', 'role', 'sessionId', 'session_id', 'severity', 'startTime', 'stats', 'status', 'summary', 'text', 'thoughts', 'timestamp', 'tokens', 'tool', 'toolCalls', 'tool_calls', 'tool_id', 'tool_name', 'tools', 'total', 'total_tokens', 'type'];
