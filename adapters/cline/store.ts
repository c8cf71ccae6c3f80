/**
 * Where the Cline CLI keeps its sessions: `<data dir>/sessions/<id>/<id>.json` (the manifest: cwd,
 * times, status) beside `<id>.messages.json` (the conversation, which is what gets converted). The
 * data dir is `$CLINE_DATA_DIR`, else `$CLINE_DIR/data`, else `~/.cline/data`. Cline CLI 2.x kept
 * the VS Code extension's task folders there instead: `<data dir>/tasks/<id>/api_conversation_history.json`
 * (the id is the start time in epoch ms). The extension's own task folders live in the editor's
 * storage and are not listed.
 */
import { join } from 'node:path';
import type { SessionStore } from '../types.js';
import { definedFacts, firstValue, timeOf, wholeDocument } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';

const MESSAGES = /\.messages\.json$/;
/** a 2.x task folder's conversation: [1] the task id */
const TASK_HISTORY = /^tasks\/(\d+)\/api_conversation_history\.json$/;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const clineStore: SessionStore = {
  description: 'Cline CLI session manifests',
  roots(context) {
    const clineDir = envFolder(context, 'CLINE_DIR');
    const dataDir = envFolder(context, 'CLINE_DATA_DIR') ?? (clineDir ? join(clineDir, 'data') : join(context.home, '.cline', 'data'));
    return [{ dir: dataDir, files: ['sessions/*/*.json', 'tasks/*/api_conversation_history.json'] }];
  },
  facts(file) {
    const task = TASK_HISTORY.exec(file.relativePath);
    if (task) return definedFacts({ sessionId: task[1], startedAt: timeOf(Number(task[1])) });
    if (MESSAGES.test(file.relativePath)) return null; // converted through its manifest's entry
    const manifest = wholeDocument(file);
    const field = (key: string) => manifest?.[key] ?? firstValue(file.head, key);
    const status = text(field('status'));
    return definedFacts({
      sessionId: text(field('session_id')),
      project: text(field('cwd')),
      startedAt: timeOf(field('started_at')),
      endedAt: timeOf(field('ended_at')),
      finished: status === undefined ? undefined : status !== 'running',
      input: file.path.replace(/\.json$/, '.messages.json'),
    });
  },
};
