/**
 * Where Claude Code keeps its sessions: `<config dir>/projects/<cwd slug>/<sessionId>.jsonl`, the
 * config dir being `$CLAUDE_CONFIG_DIR` (a comma-separated list is accepted, as ccusage does) or
 * else `~/.claude` and `$XDG_CONFIG_HOME/claude` (`~/.config/claude`). Subagent files
 * (`<sessionId>/subagents/agent-*.jsonl`, older `agent-*.jsonl` beside the session) are read with
 * their session, so they are not sessions of their own.
 */
import { join } from 'node:path';
import { answered, jsonlFacts, SESSION_LINE_FIELDS } from '../shared/glance.js';
import { envFolder, xdgFolder } from '../shared/locations.js';
const TURNS = new Set(['user', 'assistant']);
function configDirs(context) {
    const listed = context.env.CLAUDE_CONFIG_DIR?.split(',').map((dir) => envFolder({ ...context, env: { dir } }, 'dir')).filter((dir) => dir !== undefined);
    if (listed && listed.length > 0)
        return listed;
    return [join(context.home, '.claude'), join(xdgFolder(context, 'XDG_CONFIG_HOME'), 'claude')];
}
export const claudeCodeStore = {
    description: 'Claude Code session files',
    roots: (context) => configDirs(context).map((dir) => ({ dir, files: ['projects/*/*.jsonl'] })),
    facts(file) {
        if (/(^|\/)agent-[^/]*\.jsonl$/.test(file.relativePath))
            return null;
        return jsonlFacts(file, {
            ...SESSION_LINE_FIELDS,
            // a message still being written has no stop_reason yet
            finished: (record) => answered(record, TURNS, (message) => typeof message.stop_reason !== 'string' || message.stop_reason === 'tool_use'),
        });
    },
};
//# sourceMappingURL=store.js.map