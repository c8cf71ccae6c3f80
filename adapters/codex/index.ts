/** The Codex adapter: its four native formats, detection (detect.ts) and the converter that reads them all. */
import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { codexStore } from './store.js';
import { groupRollouts, isSubagentRollout, ROLLOUT_FILE } from './threads.js';

export const codex = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'codex',
  label: 'Codex',
  newestCheckedVersion: '0.171.0',
  formats: [
    {
      id: 'codex/rollout',
      description: 'saved sessions: {timestamp, type, payload} lines (session_meta, turn_context, response_item, event_msg, ...)',
      where: '$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl (CODEX_HOME defaults to ~/.codex; also archived_sessions/)',
    },
    {
      id: 'codex/rollout-legacy',
      description: 'saved sessions of Codex ≤ 0.3x: a bare {id, timestamp, instructions, git} header, bare response items, {record_type: "state"} lines',
      where: '~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl',
    },
    {
      id: 'codex/exec-json',
      description: 'live stdout: thread.started, turn.*, item.started/updated/completed events',
      where: 'codex exec --json "<prompt>" (0.4x and later)',
    },
    {
      id: 'codex/exec-json-legacy',
      description: 'live stdout of Codex ≤ 0.3x: a config summary line, {prompt}, then {id, msg} protocol events',
      where: 'codex exec --json "<prompt>" (0.2x–0.3x)',
    },
  ],
  detectionHint: '{timestamp, type, payload} lines or a session_meta with cli_version (rollout); a thread.started event (exec --json); {id, msg} events (legacy exec --json); a bare {id, timestamp, instructions} header, record_type lines or bare Responses items (legacy rollout)',
  // $CODEX_HOME keeps an index of thread names and the prompt history beside the sessions folder
  bookkeepingFiles: /(^|\/)(session_index|history)\.jsonl$/,
  detect,
  loadConverter: () => import('./converter.js').then(({ CodexConverter }) => (out) => new CodexConverter(out)),
  stores: [codexStore],
  groupSessionFiles: groupRollouts,
  groupingHeads: ROLLOUT_FILE,
  isCompanion: isSubagentRollout,
});
