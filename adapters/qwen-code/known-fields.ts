/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['agentColor', 'agentId', 'agentName', 'agentRound', 'agentRunId', 'agentType', 'agents', 'approvalMode', 'attempt', 'authType', 'bare', 'baseUrl', 'blocked_path', 'cache_read_input_tokens', 'cachedContentTokenCount', 'callId', 'candidatesTokenCount', 'completedToolCallIds', 'compressedHistory', 'content', 'content_block', 'createdAt', 'customTitle', 'cwd', 'data', 'delta', 'depth', 'description', 'displayText', 'durationMs', 'duration_api_ms', 'duration_ms', 'error', 'errorType', 'event', 'executionStatus', 'externalInputKind', 'gitBranch', 'goal_state', 'history', 'id', 'index', 'info', 'input', 'input_tokens', 'isBackgrounded', 'isSidechain', 'is_error', 'lastUpdatedAt', 'maxRetries', 'maxSessionTurns', 'maxSubagentDepth', 'maxToolCalls', 'mcp_servers', 'message', 'model', 'num_turns', 'output_tokens', 'parentAgentId', 'parentSessionId', 'parentUuid', 'parent_tool_use_id', 'parts', 'permission_denials', 'permission_mode', 'permission_suggestions', 'persistedCliFlags', 'phase', 'promptTokenCount', 'provenance', 'qwen_code_version', 'rawCommand', 'reason', 'request', 'request_id', 'resolvedApprovalMode', 'response', 'result', 'resultDisplay', 'resumeCount', 'role', 'safeMode', 'sandbox', 'screenReader', 'sessionId', 'session_id', 'slash_commands', 'snapshot', 'snapshots', 'status', 'stop_reason', 'subagentName', 'subagentSessionReady', 'subtype', 'systemPayload', 'targetTurnIndex', 'thoughtsTokenCount', 'timestamp', 'titleSource', 'toolCallResult', 'toolUseId', 'tool_name', 'tool_use_id', 'tools', 'totalTokenCount', 'total_tokens', 'type', 'uiEvent', 'usage', 'usageMetadata', 'uuid', 'version'];

/**
 * The names above that no JSON fixture of this agent holds and no converter here reads by name, with
 * where the real program writes each: read in the 0.24.4 package bundle, `chunks/`: the chat recording
 * service and the stream-json adapter (checked 2026-11-28). test/adapter-known-fields.test.ts keeps
 * this table and the list in step.
 */
export const FIELDS_FROM_SOURCE: Readonly<Record<string, string>> = {
  attempt: 'stream-json `system` `retry` data `{reason, attempt, maxRetries, delayMs, discardedToolCalls, preserveText}`',
  maxRetries: 'stream-json `system` `retry` data (see `attempt`)',
  phase: "`system` `slash_command` records' `systemPayload` `{phase: 'invocation' | 'result', rawCommand, …}` (recordSlashCommand)",
  rawCommand: '`system` `slash_command` `systemPayload` (see `phase`)',
  snapshots: "`system` `file_history_snapshot` records' `systemPayload` `{snapshots}`",
  targetTurnIndex: "`system` `rewind` records' `systemPayload`",
  titleSource: "`system` `custom_title` records' `systemPayload` `{customTitle, titleSource}`",
  agentColor: "every record of a subagent transcript whose subagent definition names a color (attachJsonlTranscriptWriter's base fields)",
};
