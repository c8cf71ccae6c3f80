/**
 * Continue CLI (`cn`, npm `@continuedev/cli`). Two native forms: the saved session
 * `~/.continue/sessions/<id>.json` (shared with Continue's IDE extensions; `cn serve`'s `/state`
 * answer holds the same session) and `cn -p --format json` stdout.
 */
import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { continueStores } from './store.js';

export const continueCli = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'continue',
  label: 'Continue CLI',
  newestCheckedVersion: '1.5.47',
  formats: [
    {
      id: 'continue/session-json',
      description: 'saved session: one JSON document {sessionId, title, workspaceDirectory, history: [{message, contextItems, toolCallStates, ...}], usage}; also `cn serve` /state {session, isProcessing}',
      where: '~/.continue/sessions/<id>.json ($CONTINUE_GLOBAL_DIR/sessions/ when set; indexed in sessions.json)',
    },
    {
      id: 'continue/headless-json',
      description: 'headless stdout: the final answer as {response, status, note} (or the answer itself when it is JSON) and compaction {status, message} lines',
      where: 'cn -p --format json "<prompt>"',
    },
  ],
  detectionHint: 'a document with sessionId, title, workspaceDirectory and a history array (or {session: that, isProcessing}); a line whose note is cn\'s "Response was not valid JSON..." (headless stdout)',
  detect,
  loadConverter: () => import('./converter.js').then(({ ContinueConverter }) => (out) => new ContinueConverter(out)),
  stores: continueStores,
  bookkeepingFiles: /(^|\/)sessions\/sessions\.json$/,
});
