/**
 * Nanocoder (`@nanocollective/nanocoder` on npm). Two native forms: the saved session
 * `<data dir>/sessions/<uuid>.json` (written by the interactive app, `nanocoder run` on a
 * terminal and its ACP server), and the report `nanocoder --plain --json run` prints.
 */
import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { nanocoderStore } from './store.js';

/** `<folder>/sessions/<uuid>.json` beside the index `<folder>/sessions/sessions.json`: [1] the sessions folder with its slash */
const SESSION_FILE = /^(.*\/|)(sessions\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.json$/;

export const nanocoder = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'nanocoder',
  label: 'Nanocoder',
  newestCheckedVersion: '1.30.0',
  formats: [
    {
      id: 'nanocoder/session-json',
      description: 'saved session: one JSON document {id, title, createdAt, lastAccessedAt, messageCount, provider, model, workingDirectory, messages: [OpenAI-shaped user/assistant/tool/system messages, no times]}',
      where: '~/.local/share/nanocoder/sessions/<uuid>.json (macOS ~/Library/Application Support/nanocoder/sessions, Windows %APPDATA%\\nanocoder\\sessions; $NANOCODER_DATA_DIR/sessions or $XDG_DATA_HOME/nanocoder/sessions when set; `sessions.directory` in nanocoder-preferences.json), indexed in sessions.json beside them',
    },
    {
      id: 'nanocoder/run-json',
      description: 'headless report: one JSON document {kind, exitCode, finalText, reasoning, toolCalls: [{name, arguments, result, error}], filesChanged, usage?, message?, toolNames?}',
      where: 'nanocoder --plain --json run "<prompt>" (stdout)',
    },
  ],
  detectionHint: 'a document with id, messageCount, lastAccessedAt, workingDirectory and messages (session); kind, exitCode, finalText, toolCalls and filesChanged (run --json report)',
  detect,
  loadConverter: () => import('./converter.js').then(({ createConverter }) => createConverter),
  stores: [nanocoderStore],
  groupSessionFiles(paths) {
    const present = new Set(paths);
    return paths.filter((path) => {
      const match = SESSION_FILE.exec(path);
      return match !== null && present.has(`${match[1]}${match[2]}sessions.json`);
    }).map((path) => [path]);
  },
  bookkeepingFiles: /(^|\/)sessions\/sessions\.json$/,
});
