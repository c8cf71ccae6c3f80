/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['accountingSnapshot', 'agentDescription', 'agentDisplayName', 'agentId', 'agentMetrics', 'agentName', 'agentType', 'alreadyInUse', 'apiCallId', 'arguments', 'behaviorModelId', 'cacheReadTokens', 'chatMessages', 'checkpointNumber', 'checkpointPath', 'clientRequestId', 'codeChanges', 'compactionAttemptId', 'compactionTokensUsed', 'containsBuiltInFileEditRequest', 'content', 'contentBlocks', 'context', 'contextTier', 'conversationTokens', 'copilotVersion', 'currentModel', 'currentTokens', 'customToolCallCount', 'data', 'delivery', 'deltaContent', 'dispatchDurationMs', 'durationMs', 'editClassifierVersion', 'encryptedContent', 'ephemeral', 'error', 'errorType', 'eventCount', 'eventsFileSizeBytes', 'executionMode', 'exitCode', 'fileEdits', 'firstDispatchedModel', 'id', 'infoType', 'input', 'inputDelta', 'inputTokens', 'interTokenLatencyMs', 'interactionId', 'isByok', 'isUserRequested', 'kind', 'mcpServerName', 'mcpToolName', 'message', 'messageId', 'messages', 'messagesRemoved', 'messagesRemovedDuringTruncation', 'metadata', 'model', 'modelCall', 'modelCallDurationMs', 'modelDisplayName', 'modelInfo', 'modelMetrics', 'modelSelectionSource', 'multiTurn', 'newModel', 'originatingMessageId', 'orphanToolCallCount', 'outcome', 'outputTokens', 'outputTtftMs', 'parentAgentTaskId', 'parentId', 'parentToolCallId', 'partialOutput', 'performedBy', 'permissionRequest', 'postCompactionTokens', 'postTruncationMessagesLength', 'postTruncationTokensInMessages', 'preCompactionMessagesLength', 'preCompactionTokens', 'preTruncationMessagesLength', 'preTruncationTokensInMessages', 'premiumRequests', 'previousModel', 'producer', 'providerModelMetrics', 'quotaSnapshots', 'reason', 'reasoningBlocks', 'reasoningEffort', 'reasoningId', 'reasoningOpaque', 'reasoningText', 'remoteSteerable', 'requestId', 'requestMessages', 'requestSettings', 'response', 'responseChunk', 'responseUsage', 'result', 'resumable', 'resumeTime', 'role', 'rte', 'selectedModel', 'sequence', 'serverTools', 'servers', 'sessionDurationMs', 'sessionId', 'sessionLimits', 'sessionStartTime', 'sessionWasActive', 'shellExecution', 'shellToolInfo', 'shutdownType', 'skills', 'source', 'startTime', 'stream', 'success', 'summaryContent', 'supportedNativeDocumentMimeTypes', 'systemTokens', 'taskModelSource', 'text', 'timeline', 'timestamp', 'timestampMs', 'tokenAccountingBasis', 'tokenLimit', 'tokensRemoved', 'tokensRemovedDuringTruncation', 'toolCallId', 'toolCount', 'toolDefinitionsTokens', 'toolName', 'toolRequests', 'toolTelemetry', 'toolTitle', 'toolType', 'tools', 'totalApiDurationMs', 'totalNanoAiu', 'totalPremiumRequests', 'totalTokens', 'totalToolCalls', 'transformedContent', 'trigger', 'ttftMs', 'turn', 'turnId', 'type', 'unmatchedToolResultCount', 'usage', 'usageAccountingWatermarks', 'version'];

/**
 * The names above that no JSON fixture of this agent holds and no converter here reads by name, with
 * where the real program writes each: session events of the CLI's event schema as generated into
 * github/copilot-sdk `nodejs/src/generated/session-events.ts` (commit cc0438d); the 1.0.102 binary
 * keeps its JavaScript compressed, so the names cannot be grepped there (checked 2026-11-28).
 * test/adapter-known-fields.test.ts keeps this table and the list in step.
 */
export const FIELDS_FROM_SOURCE: Readonly<Record<string, string>> = {
  isUserRequested: '`tool.execution_complete` data (a call the user asked for, not the model)',
  postTruncationMessagesLength: '`session.truncation` data (see `preTruncationTokensInMessages`)',
  postTruncationTokensInMessages: '`session.truncation` data (see `preTruncationTokensInMessages`)',
  preTruncationMessagesLength: '`session.truncation` data (see `preTruncationTokensInMessages`)',
  preTruncationTokensInMessages: '`session.truncation` data `{tokenLimit, pre/postTruncationTokensInMessages, pre/postTruncationMessagesLength, tokensRemovedDuringTruncation, messagesRemovedDuringTruncation, performedBy}`',
  requestId: '`assistant.message` and `session.compaction_complete` data (the x-github-request-id of the model call)',
  tokensRemovedDuringTruncation: '`session.truncation` data (see `preTruncationTokensInMessages`)',
};
