import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { copilotCliStore } from './store.js';

export const copilotCli = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'copilot-cli',
  label: 'GitHub Copilot CLI',
  newestCheckedVersion: '1.0.102',
  formats: [
    {
      id: 'copilot-cli/session-events',
      description: 'saved sessions (1.0.x): one session event per line, session.start first; a resumed session appends session.resume and more turns',
      where: '~/.copilot/session-state/<session id>/events.jsonl ($COPILOT_HOME), beside workspace.yaml, checkpoints/ and rewind-file-snapshots/',
    },
    {
      id: 'copilot-cli/json',
      description: 'live stdout of prompt mode: the same session events plus ephemeral ones (deltas, progress, UI notices), then a result line',
      where: 'copilot -p "<prompt>" --output-format json',
    },
    {
      id: 'copilot-cli/history-json',
      description: 'saved sessions of 0.0.x: one JSON document with chatMessages and a timeline',
      where: '~/.copilot/history-session-state/session_<id>_<epoch ms>.json',
    },
  ],
  detectionHint: '{type: "session.start" | "user.message" | ..., data, id, parentId, timestamp} events (ephemeral ones and a {type: "result", exitCode} line on stdout); a {sessionId, chatMessages, timeline} document (0.0.x)',
  detect,
  loadConverter: () => import('./converter.js').then(({ CopilotConverter }) => (out) => new CopilotConverter(out)),
  stores: [copilotCliStore],
  /** the rewind snapshots' index beside events.jsonl: file backups, not a session */
  bookkeepingFiles: /(^|\/)rewind-file-snapshots\/(index|tracking)\.json$/,
});
