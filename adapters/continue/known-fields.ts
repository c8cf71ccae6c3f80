/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['chatModelTitle', 'completionTokens', 'contextUsage', 'files', 'history', 'isProcessing', 'message', 'messageQueueLength', 'mode', 'note', 'pendingPermission', 'promptTokens', 'promptTokensDetails', 'response', 'session', 'sessionId', 'status', 'title', 'totalCost', 'usage', 'workspaceDirectory'];
