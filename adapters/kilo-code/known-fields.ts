/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['agent', 'callID', 'cost', 'directory', 'finish', 'flavor', 'id', 'info', 'message', 'messageID', 'messages', 'metrics', 'mode', 'model', 'modelID', 'opencode', 'parentID', 'part', 'parts', 'path', 'permission', 'project', 'projectID', 'providerID', 'reason', 'role', 'sessionID', 'slug', 'snapshot', 'state', 'store', 'summary', 'text', 'time', 'timestamp', 'title', 'tokens', 'tool', 'tools', 'type', 'vcs', 'version', 'worktree'];
