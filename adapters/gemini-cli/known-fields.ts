/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['$rewindTo', '$set', 'agent_name', 'cached', 'code', 'command', 'content', 'delta', 'description', 'directories', 'displayContent', 'duration_ms', 'error', 'file_path', 'files', 'id', 'input', 'input_tokens', 'instruction', 'kind', 'lastUpdated', 'memoryScratchpad', 'message', 'messages', 'model', 'models', 'new_string', 'old_string', 'output', 'output_tokens', 'parameters', 'projectHash', 'prompt', 'response', 'role', 'sessionId', 'session_id', 'severity', 'startTime', 'stats', 'status', 'summary', 'text', 'thoughts', 'timestamp', 'tokens', 'tool', 'toolCalls', 'tool_calls', 'tool_id', 'tool_name', 'tools', 'total', 'total_tokens', 'type'];

/** Fields the real program writes that no recorded fixture holds yet, with where (test/adapter-known-fields.test.ts). */
export const FIELDS_FROM_SOURCE: Readonly<Record<string, string>> = {
  memoryScratchpad: "the metadata record and `$set` `{version, workflowSummary, toolSequence, touchedPaths, validationStatus}` (0.61 sessionSummaryUtils' buildMemoryScratchpad, written with `summary`): a digest of the toolCalls' names and argument paths the transcript already holds, left out on purpose",
};
