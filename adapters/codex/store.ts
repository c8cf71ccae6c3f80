/**
 * Where Codex keeps its sessions: `$CODEX_HOME` (default `~/.codex`) holds
 * `sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`; `codex archive` moves a rollout into
 * `archived_sessions/` (flat, or under the same dated folders in some releases). TRAE CLI, a
 * codex-rs fork (forks.ts), keeps the same layout under `~/.trae/cli/`.
 */
import { join } from 'node:path';
import type { SessionStore } from '../types.js';
import { asRecord } from '../shared/json.js';
import { jsonlFacts } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';
import { isSubagentRollout } from './threads.js';
import { TRAE_CLI_AGENT } from './forks.js';

const ROLLOUTS = ['sessions/*/*/*/rollout-*.jsonl', 'archived_sessions/rollout-*.jsonl', 'archived_sessions/*/*/*/rollout-*.jsonl'];
const TURN_EVENTS = new Set(['task_started', 'task_complete', 'turn_aborted']);

export const codexStore: SessionStore = {
  description: 'Codex rollout files (and TRAE CLI\'s, a codex-rs fork)',
  roots: (context) => [
    { dir: envFolder(context, 'CODEX_HOME') ?? join(context.home, '.codex'), files: ROLLOUTS },
    { dir: join(context.home, '.trae', 'cli'), files: ROLLOUTS, agent: TRAE_CLI_AGENT },
  ],
  // a subagent's rollout is read with its parent's (threads.ts)
  facts: (file) => (isSubagentRollout(file.relativePath, firstLine(file.head)) ? null : jsonlFacts(file, {
    // rollouts since 0.3x open with session_meta; older ones with a bare {id, timestamp, instructions} line
    sessionId: (record) => (record.type === 'session_meta' ? asRecord(record.payload)?.id : record.type === undefined ? record.id : undefined),
    project: (record) => (record.type === 'session_meta' || record.type === 'turn_context' ? asRecord(record.payload)?.cwd : undefined),
    time: (record) => record.timestamp,
    finished(record) {
      const payload = asRecord(record.payload);
      if (record.type === 'event_msg' && TURN_EVENTS.has(String(payload?.type))) return payload?.type !== 'task_started';
      // before event_msg existed, a rollout was its messages alone (bare, or as response_item payloads)
      const message = record.type === 'message' ? record : record.type === 'response_item' && payload?.type === 'message' ? payload : undefined;
      return message ? message.role === 'assistant' : undefined;
    },
  })),
};

const firstLine = (head: string): string => head.slice(0, head.includes('\n') ? head.indexOf('\n') : head.length);
