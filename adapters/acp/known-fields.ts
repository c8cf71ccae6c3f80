/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['_meta', 'agentCapabilities', 'agentInfo', 'authMethods', 'configOptions', 'content', 'dir', 'error', 'id', 'jsonrpc', 'method', 'models', 'modes', 'msg', 'options', 'params', 'path', 'promptId', 'protocolVersion', 'result', 'sessionId', 'stopReason', 'suggestion', 'todoStopGuardWatchQueuedPrompt', 'toolCall', 'ts', 'update', 'usage', 'v'];
