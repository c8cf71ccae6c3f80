/**
 * Factory Droid (`droid`, npm `@factory/cli`). Two native forms: the saved session
 * `~/.factory/sessions/<cwd slug>/<id>.jsonl` and `droid exec -o stream-json` stdout (with the
 * one-line `-o json` answer read by the same converter).
 */
import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { droidStore } from './store.js';

/** `<dir>/<uuid>.jsonl`: [1] the path without `.jsonl` */
const SESSION_FILE = /^((?:.*\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/;

export const droid = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'droid',
  label: 'Factory Droid',
  newestCheckedVersion: '0.225.2',
  formats: [
    {
      id: 'droid/session-jsonl',
      description: 'saved session: session_start, then message lines (Anthropic-shaped content: text, thinking, tool_use, tool_result, image), compaction_state, todo_state, agent_turn_outcome',
      where: '~/.factory/sessions/<cwd with / as ->/<id>.jsonl ($FACTORY_HOME_OVERRIDE replaces ~); <id>.settings.json beside it is read with it (model, token totals)',
    },
    {
      id: 'droid/stream-json',
      description: 'live stdout: system/init, message (user, assistant), reasoning, tool_call, tool_result, error, completion (token totals)',
      where: 'droid exec -o stream-json "<prompt>"',
    },
    {
      id: 'droid/json',
      description: 'the one result line of droid exec -o json: final text, turns, duration, token totals',
      where: 'droid exec -o json "<prompt>"',
    },
  ],
  detectionHint: 'a session_start line with id, title and owner (saved session); an init line with reasoning_effort, tool_call lines with toolId and messageId, a completion with finalText and numTurns (exec stdout)',
  detect,
  loadConverter: () => import('./converter.js').then(({ DroidConverter }) => (out) => new DroidConverter(out)),
  stores: [droidStore],
  groupSessionFiles(paths) {
    const present = new Set(paths);
    const groups: string[][] = [];
    for (const path of paths) {
      const match = SESSION_FILE.exec(path);
      // only a session with its settings beside it: a bare <uuid>.jsonl may be another agent's
      if (match && present.has(`${match[1]}.settings.json`)) groups.push([path, `${match[1]}.settings.json`]);
    }
    return groups;
  },
  bookkeepingFiles: /(^|\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.settings\.json\.bak|session-discovery-index\.json)$/,
});
