/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['aborted', 'api', 'args', 'assistantMessageEvent', 'assistantMessages', 'attempt', 'branchedFrom', 'cancelled', 'command', 'content', 'contentIndex', 'contextUsage', 'cost', 'customType', 'cwd', 'data', 'delayMs', 'delta', 'details', 'display', 'edits', 'error', 'errorMessage', 'event', 'exitCode', 'extensionPath', 'finalError', 'firstKeptEntryId', 'firstKeptEntryIndex', 'fromHook', 'fromId', 'fullOutputPath', 'hash', 'id', 'injectedRules', 'isError', 'label', 'maxAttempts', 'message', 'messages', 'method', 'mode', 'model', 'modelId', 'modifiedFiles', 'name', 'notifyType', 'options', 'output', 'parentId', 'partial', 'partialResult', 'path', 'prefill', 'provider', 'purpose', 'readFiles', 'reason', 'responseId', 'result', 'role', 'serviceTier', 'sessionFile', 'sessionId', 'source', 'stopReason', 'success', 'summary', 'systemPrompt', 'targetId', 'task', 'text', 'thinkingLevel', 'timeout', 'timestamp', 'title', 'tokens', 'tokensBefore', 'toolCall', 'toolCallId', 'toolCalls', 'toolName', 'toolResults', 'tools', 'totalMessages', 'truncated', 'type', 'usage', 'userMessages', 'version', 'willRetry'];

/**
 * The names above that no JSON fixture of this agent holds and no converter here reads by name, with
 * where the real program writes each: read in the 0.73.1 package, `dist/core/session-manager.js`
 * (checked 2026-11-28). test/adapter-known-fields.test.ts keeps this table and the list in step.
 */
export const FIELDS_FROM_SOURCE: Readonly<Record<string, string>> = {
  targetId: '`label` entries `{type, id, parentId, timestamp, targetId, label}` (appendLabelChange)',
};
