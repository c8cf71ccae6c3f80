/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['agent', 'callID', 'cost', 'directory', 'finish', 'flavor', 'id', 'info', 'message', 'messageID', 'messages', 'metrics', 'mode', 'model', 'modelID', 'opencode', 'parentID', 'part', 'parts', 'path', 'permission', 'project', 'projectID', 'providerID', 'reason', 'role', 'sessionID', 'slug', 'snapshot', 'state', 'store', 'summary', 'text', 'time', 'timestamp', 'title', 'tokens', 'tool', 'tools', 'type', 'vcs', 'version', 'worktree'];

/**
 * The names above that no JSON fixture of this agent holds and no converter here reads by name, with
 * where the real program writes each: not in the JSON fixtures but in the SQLite store fixture
 * `fixtures/kilo-code/store/kilo.db` and the records atx's store reader builds from it,
 * `adapters/opencode/store.ts` (checked 2026-11-28). test/adapter-known-fields.test.ts keeps this
 * table and the list in step.
 */
export const FIELDS_FROM_SOURCE: Readonly<Record<string, string>> = {
  opencode: "the store reader's record kind (`{opencode: 'session', store, info, project}`)",
  project: "the store reader's session record: the `project` table row of the session",
  tools: "a key of kilo.db's `part` rows (the `data` JSON of tool parts)",
  vcs: "a column of kilo.db's `project` table (`{id, worktree, vcs, name}` in the session record)",
  worktree: "a column of kilo.db's `project` table (see `vcs`)",
};
