/**
 * Cline CLI 3.x (`cline` on npm). Three native forms: the saved conversation
 * `<id>.messages.json`, the session manifest `<id>.json` beside it (both under
 * ~/.cline/data/sessions/<id>/), and `cline --json` stdout.
 */
import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { clineStore } from './store.js';
import { taskFolderReader } from './task-folder-reader.js';

/** `<dir>/<id>.messages.json` and its manifest `<dir>/<id>.json`: [1] the folder with its slash, [2] the id */
const MESSAGES_FILE = /^(.*\/|)([^/]+)\.messages\.json$/;

export const cline = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'cline',
  label: 'Cline CLI',
  newestCheckedVersion: '3.0.65',
  formats: [
    {
      id: 'cline/messages-json',
      description: 'saved conversation: one JSON document {version, agent, sessionId, origin, messages: [Anthropic-shaped messages with ts, modelInfo, metrics], system_prompt}',
      where: '~/.cline/data/sessions/<id>/<id>.messages.json',
    },
    {
      id: 'cline/session-json',
      description: 'session manifest: {session_id, source, pid, started_at, ended_at, status, provider, model, cwd, prompt, metadata (usage, cost, title), messages_path}; read beside its messages file',
      where: '~/.cline/data/sessions/<id>/<id>.json (indexed in ~/.cline/data/db/sessions.db)',
    },
    {
      id: 'cline/panel-json',
      description: 'live stdout of 2.x: task_started, then the chat panel\'s ClineMessage lines {ts, type: say|ask, text} (the prompt, answers, commands and their output, file tools shown without results); 1.x prints the same messages as indented objects after lines of text',
      where: 'cline --json --yolo "<prompt>" (2.x); cline -F json --yolo "<prompt>" (1.x)',
    },
    {
      id: 'cline/json',
      description: 'live stdout: agent_event (content_start/update/end, iteration, usage, notice, done, error), hook_event, run_start, run_result lines, each with ts',
      where: 'cline --json "<prompt>"',
    },
    {
      id: 'cline/task-folder',
      description: 'VS Code extension task folder (Cline, Roo Code, Kilo Code): api_conversation_history.json (the conversation), ui_messages.json (times, token counts, errors), task_metadata.json',
      where: '<VS Code globalStorage>/{saoudrizwan.claude-dev,rooveterinaryinc.roo-cline,kilocode.kilo-code}/tasks/<task id>/',
    },
  ],
  detectionHint: 'a document with sessionId, messages and system_prompt or origin (messages file); session_id with started_at and messages_path (manifest); lines with ts and type agent_event/hook_event/run_result (stdout)',
  detect,
  loadConverter: () => import('./converter.js').then(({ ClineConverter }) => (out) => new ClineConverter(out)),
  stores: [clineStore],
  groupSessionFiles(paths) {
    const groups: string[][] = [];
    const present = new Set(paths);
    for (const path of paths) {
      const match = MESSAGES_FILE.exec(path);
      if (!match) continue;
      const manifest = `${match[1]}${match[2]}.json`;
      groups.push(present.has(manifest) ? [path, manifest] : [path]);
    }
    return groups;
  },
  readers: [taskFolderReader],
  bookkeepingFiles: /(^|\/)(db\/(sessions|teams)\.db(-wal|-shm)?|settings\/providers\.json|logs\/(hub-daemon|cline)\.log|locks\/hub\/.+)$/,
});
