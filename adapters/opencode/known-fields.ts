/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['agent', 'callID', 'command', 'content', 'cost', 'data', 'directory', 'error', 'files', 'finish', 'id', 'info', 'message', 'messageID', 'messages', 'mode', 'model', 'modelID', 'name', 'opencode', 'output', 'parentID', 'part', 'parts', 'path', 'permission', 'project', 'projectID', 'providerID', 'reason', 'recent', 'role', 'sandboxes', 'seq', 'sessionID', 'slug', 'snapshot', 'state', 'store', 'summary', 'text', 'time', 'timestamp', 'title', 'tokens', 'tool', 'tools', 'type', 'vcs', 'version', 'worktree'];
