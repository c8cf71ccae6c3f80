/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['agentMode', 'content', 'created', 'cwd', 'data', 'duration_ms', 'env', 'error', 'events', 'id', 'initial', 'is_error', 'mcp_servers', 'message', 'messages', 'meta', 'model', 'num_turns', 'parent_tool_use_id', 'permission_denials', 'result', 'role', 'session_id', 'stop_reason', 'subtype', 'title', 'tools', 'traces', 'type', 'usage', 'usageLedger', 'v'];
