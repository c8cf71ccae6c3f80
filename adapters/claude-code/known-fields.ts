import type { Json } from '../shared/json.js';
import { apiFailure } from './api-failures.js';
import { attachmentReadFromFields } from './session-jsonl.js';

/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['action', 'addedLines', 'addedNames', 'addedTypes', 'additional_directories', 'agentCount', 'agentId', 'agentType', 'agent_id', 'agents', 'analytics_disabled', 'answer', 'answers', 'apiBlockIndex', 'apiKeySource', 'api_error_status', 'api_message_id', 'artifactCount', 'atis', 'attachment', 'attributionAgent', 'attributionMcpServer', 'attributionMcpTool', 'auto', 'autoModeConsentFlow', 'backgroundTaskId', 'backgroundedByUser', 'backup', 'base', 'bashFirst', 'bashFirstSteer', 'begun_message_ids', 'betas', 'builtInPluginTypes', 'builtInTypes', 'by_type', 'bypass', 'cacheControl', 'cache_creation', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'canContinueAgent', 'canReadOutputFile', 'capabilities', 'changes', 'claude-haiku-4-5-20251001', 'claude-opus-5-5', 'claude-sonnet-4-5-20250929', 'claude_code_version', 'cliPrefix', 'commit', 'compactMetadata', 'completed', 'content', 'content_block', 'context', 'contextRendering', 'context_management', 'continuedInSessionId', 'cwd', 'date', 'decision', 'defaultModel', 'delta', 'description', 'digests', 'discardedCommits', 'discardedFiles', 'durationMs', 'duration_api_ms', 'duration_ms', 'echoWireToolInputs', 'effort', 'end_time', 'entries', 'entrypoint', 'estimated_tokens', 'estimated_tokens_delta', 'event', 'extensionRoot', 'failed', 'failedMcpServers', 'fallback_credit', 'fast_mode_disabled_reason', 'fast_mode_state', 'file', 'filePath', 'finishExposedWork', 'finished', 'first_content_frame_ms', 'frameUrl', 'gitBranch', 'harnessNoteCount', 'harnessSectionHash', 'harnessTailCount', 'hasUnknownModelCost', 'hash', 'hookErrors', 'hookInfos', 'id', 'identity', 'imagePasteIds', 'inWorkflowRun', 'index', 'inference_geo', 'inlineTools', 'input_tokens', 'interrupted', 'isAsync', 'isBuiltIn', 'isCompactSummary', 'isImage', 'isInitial', 'isMeta', 'isReplay', 'isSidechain', 'is_backgrounded', 'is_error', 'iterations', 'keep', 'keptReminders', 'key', 'killed', 'kind', 'label', 'lastPrompt', 'last_tool_name', 'launchedWithDefaults', 'leafUuid', 'logs', 'madeBy', 'managedCommit', 'managedPr', 'matches', 'max_depth', 'max_tokens', 'mcpCallNotReadOnly', 'mcp_servers', 'memory_paths', 'message', 'messageId', 'messaging_socket_path', 'mode', 'model', 'modelNotNamed', 'modelUsage', 'model_usage_since_last_result', 'names', 'needsAuthMcpServers', 'newString', 'newTodos', 'noOutputExpected', 'num_turns', 'ok', 'oldString', 'oldTodos', 'operation', 'origin', 'originalBranch', 'originalCwd', 'originalCwdMissing', 'originalFile', 'originalHeadCommit', 'original_cwd', 'outputFile', 'output_config', 'output_file', 'output_style', 'output_tokens', 'output_tokens_details', 'params', 'parentUuid', 'parent_tool_use_id', 'patch', 'path', 'pendingMcpServers', 'perTurnEffort', 'per_turn_effort_active', 'permissionDecision', 'permissionMode', 'permission_denials', 'pickedEffortModel', 'plugins', 'pr', 'preEnterOriginalCwd', 'preTokens', 'preventedContinuation', 'producer', 'product_feedback_disabled', 'prompt', 'promptCacheRequested', 'promptId', 'promptIndex', 'promptSource', 'query', 'querySource', 'questions', 'queueSkipAttachments', 'queued_turn_count', 'readdedNames', 'reasonCode', 'reasonType', 'refused', 'relocatedCwd', 'reminderFold', 'remoteControlDeviceReport', 'removedNames', 'removedTypes', 'rendered', 'renderedBesideToolResult', 'renderedRole', 'replaceAll', 'replacements', 'requestDigest', 'requestId', 'requestNonInteractive', 'requestRef', 'requestShape', 'request_id', 'requested', 'requestedModel', 'resolvedModel', 'restoredCwd', 'result', 'result_index', 'retrieval_status', 'role', 'rowSource', 'runId', 'run_id', 'safety_stops', 'sandbox_enabled', 'sandboxed', 'script', 'scriptPath', 'sendUserFileHint', 'sentAtMs', 'served_by_anthropic', 'server_tool_use', 'service_tier', 'sessionId', 'session_id', 'sessions', 'shape', 'shapeHash', 'showConcurrencyNote', 'skillCount', 'skills', 'slash_commands', 'snapshot', 'snapshotMessageId', 'source', 'sourceToolAssistantUUID', 'spawnDepth', 'spawn_depth', 'spawned', 'spawned_by_subagents', 'speed', 'startTime', 'started_in_background', 'status', 'stderr', 'stdout', 'steerOnly', 'stopReason', 'stop_details', 'stop_reason', 'stop_sequence', 'structuredPatch', 'subagent_stats', 'subagent_type', 'subtype', 'summary', 'summary_is_report', 'system', 'systemPrompt', 'systemTurns', 'tag', 'tail', 'task', 'taskId', 'taskType', 'task_description', 'task_id', 'task_type', 'tasks', 'terminal_reason', 'terminal_slash_commands', 'text', 'thinking', 'thinkingDisplay', 'thinkingDurationMs', 'thinking_display', 'thinking_duration_ms', 'thread', 'time_to_request_ms', 'timedOutAfterMs', 'timestamp', 'title', 'toolChangeHeader', 'toolDenialKind', 'toolInputStreamMs', 'toolStats', 'toolUseId', 'toolUseResult', 'tool_name', 'tool_result_meta', 'tool_use_id', 'tool_use_meta', 'tool_use_result', 'tool_uses', 'tools', 'toolsUsed', 'totalAPIDuration', 'totalAPIDurationWithoutRetries', 'totalCostUSD', 'totalDuration', 'totalDurationMs', 'totalLinesAdded', 'totalLinesRemoved', 'totalTokens', 'totalToolCalls', 'totalToolDuration', 'totalToolUseCount', 'total_cost_usd', 'total_deferred_tools', 'total_tokens', 'trackingPath', 'transcriptDir', 'trigger', 'ttft_ms', 'ttft_stream_ms', 'turnCompanion', 'turnIndex', 'turnOrigin', 'turnPosition', 'type', 'ultrathink_available', 'ultrathink_typed_raises', 'url', 'usage', 'userModified', 'userType', 'uuid', 'v', 'version', 'view_mode', 'wireHiddenNames', 'workflowName', 'workflowProgress', 'workflow_agent_tool_calls', 'workflow_name', 'workflow_progress', 'worktreeBranch', 'worktreeName', 'worktreePath', 'worktreeSession'];

/**
 * The names above that no JSON fixture of this agent holds and no converter here reads by name, with
 * where the real program writes each: what the 2.1.332 binary (`@anthropic-ai/claude-code-linux-x64`)
 * writes, read in its bundled session writer (checked 2026-11-28). test/adapter-known-fields.test.ts
 * keeps this table and the list in step.
 */
export const FIELDS_FROM_SOURCE: Readonly<Record<string, string>> = {
  newTodos: "TodoWrite's `toolUseResult` `{oldTodos, newTodos}` (real 2.1.x sessions): newTodos repeats the call's input todos, which the tool_call holds",
  oldTodos: "TodoWrite's `toolUseResult` (see `newTodos`): the list before the call, the previous TodoWrite call's input",
  backup: "`file-history-delta` records `{type, messageId, snapshotMessageId, trackingPath, backup, timestamp}` (the writer's insertFileHistoryDelta)",
  replacements: '`content-replacement` records `{type, sessionId, agentId, replacements}` (insertContentReplacement)',
  snapshotMessageId: '`file-history-delta` (see `backup`)',
  trackingPath: '`file-history-delta` (see `backup`)',
  v: '`derived-from` records `{type, v: 1, sessionId, sessions}`',
};

/**
 * Claude Code 2.1.x (until about 2.1.4x) wrote `progress` records beside the conversation: hook
 * status (`hook_progress`: the hook's command), a command's output so far (`bash_progress`: its
 * tool result holds it whole), `waiting_for_task`, and copies of a running subagent's messages
 * (`agent_progress`, with its prompt, which the Task call's input holds). Their prose is not kept as
 * unread fields: the subagent is read from its own file, and when that file is missing from the
 * copies, marked as recovered (progress-copies.ts), not as unread prose.
 */
export function isTransientRecord(value: Record<string, unknown>): boolean {
  return value.type === 'progress';
}

const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();
const shownCache = new WeakMap<object, string>();

/** What the tool_result blocks of a user record showed the model, whitespace squeezed. */
function shownText(value: Record<string, unknown>): string {
  const cached = shownCache.get(value);
  if (cached !== undefined) return cached;
  const message = value.message;
  const content = message !== null && typeof message === 'object' ? (message as { content?: unknown }).content : undefined;
  const parts: string[] = [];
  if (Array.isArray(content)) {
    for (const block of content) {
      if (block === null || typeof block !== 'object' || (block as { type?: unknown }).type !== 'tool_result') continue;
      const inner = (block as { content?: unknown }).content;
      if (typeof inner === 'string') parts.push(inner);
      else if (Array.isArray(inner)) for (const piece of inner) if (typeof (piece as { text?: unknown })?.text === 'string') parts.push((piece as { text: string }).text);
    }
  }
  const shown = squeezed(parts.join('\n'));
  shownCache.set(value, shown);
  return shown;
}

/**
 * `toolUseResult` repeats for the UI what the tool_result block beside it showed the model (a
 * background task's output, a web search's links, an approved plan): such a text is read already.
 */
export function isCopyOfRead(value: Record<string, unknown>, text: string): boolean {
  if (value.type === 'system' && typeof value.subtype === 'string') {
    // a failed request's error object is read whole into the failure's text (api-failures.ts)
    const failure = apiFailure(value as Json, value.subtype);
    if (failure) return squeezed(failure.text).includes(squeezed(text));
  }
  if (value.type === 'attachment') {
    // an attachment line read from its own fields (an older release: no rendered text) has its prose read already
    const read = attachmentReadFromFields(value);
    return read !== undefined && squeezed(read).includes(squeezed(text));
  }
  const shown = shownText(value);
  return shown.length > 0 && shown.includes(squeezed(text));
}
