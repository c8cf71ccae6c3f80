/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['aborted', 'api', 'args', 'assistantMessageEvent', 'assistantMessages', 'attempt', 'command', 'content', 'contentIndex', 'contextUsage', 'cost', 'cwd', 'data', 'delayMs', 'delta', 'details', 'edits', 'errorMessage', 'firstKeptEntryId', 'fromHook', 'fromId', 'id', 'isError', 'maxAttempts', 'message', 'messages', 'method', 'model', 'modelId', 'modifiedFiles', 'notifyType', 'options', 'parentId', 'partial', 'partialResult', 'path', 'provider', 'readFiles', 'reason', 'responseId', 'result', 'role', 'sessionFile', 'sessionId', 'stopReason', 'success', 'summary', 'thinkingLevel', 'timeout', 'timestamp', 'title', 'tokens', 'tokensBefore', 'toolCall', 'toolCallId', 'toolCalls', 'toolName', 'toolResults', 'totalMessages', 'type', 'usage', 'userMessages', 'version', 'willRetry'];
