/**
 * Where Pi keeps its sessions: `<agent dir>/sessions/--<cwd slug>--/<time>_<id>.jsonl`, the agent
 * dir being `$PI_CODING_AGENT_DIR` or `~/.pi/agent`. `$PI_CODING_AGENT_SESSION_DIR` (like
 * `--session-dir`) puts the files straight into that folder instead.
 */
import { join } from 'node:path';
import { asRecord } from '../shared/json.js';
import { jsonlFacts } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';
export const piStore = {
    description: 'Pi session files',
    roots(context) {
        const sessionDir = envFolder(context, 'PI_CODING_AGENT_SESSION_DIR');
        if (sessionDir)
            return [{ dir: sessionDir, files: ['*.jsonl'] }];
        const agentDir = envFolder(context, 'PI_CODING_AGENT_DIR') ?? join(context.home, '.pi', 'agent');
        return [{ dir: join(agentDir, 'sessions'), files: ['*/*.jsonl'] }];
    },
    facts: (file) => jsonlFacts(file, {
        sessionId: (record) => (record.type === 'session' ? record.id : undefined),
        project: (record) => (record.type === 'session' ? record.cwd : undefined),
        time: (record) => record.timestamp,
        finished(record) {
            const message = record.type === 'message' ? asRecord(record.message) : undefined;
            return message ? message.role === 'assistant' && message.stopReason !== 'toolUse' : undefined;
        },
    }),
};
//# sourceMappingURL=store.js.map