/**
 * Cursor CLI (`cursor-agent`, closed source, not on npm). Two native forms: the live stream of
 * `cursor-agent -p --output-format stream-json` and the agent transcripts it saves under
 * ~/.cursor/projects/<slug>/agent-transcripts/. The fixtures are hand-made from their documented
 * shapes (README.md names the sources).
 */
import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { cursorStore } from './store.js';

/** `<id>/<id>.jsonl` inside an agent-transcripts folder: [1] everything up to the session folder */
const SESSION_FILE = /^(.*?)([^/]+)\/\2\.jsonl$/;

export const cursor = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'cursor',
  label: 'Cursor CLI',
  formats: [
    {
      id: 'cursor/stream-json',
      description: 'live stdout: system/init, user, thinking (delta, completed), assistant (whole messages, or pieces then the whole with --stream-partial-output), tool_call (started, completed; <kind>ToolCall or function bodies), result',
      where: 'cursor-agent -p --output-format stream-json [--stream-partial-output] "<prompt>"',
    },
    {
      id: 'cursor/agent-transcript',
      description: 'saved transcript: {role, message: {content: [text|thinking|tool_use|tool_result]}} lines and {type: "turn_ended", status}; no ids, times or tokens',
      where: '~/.cursor/projects/<cwd slug>/agent-transcripts/<id>/<id>.jsonl (+ <id>/subagents/<child>.jsonl)',
    },
  ],
  detectionHint: 'lines with session_id and Cursor-only fields (tool_call with call_id and a <kind>ToolCall body, thinking deltas, timestamp_ms, model_call_id) for the stream; lines of only role and message, or turn_ended, for a transcript',
  detect,
  loadConverter: () => import('./converter.js').then(({ CursorConverter }) => (out) => new CursorConverter(out)),
  stores: [cursorStore],
  companionDirs(sessionFile) {
    // a session folder holds the transcript and its subagents' folder side by side
    const folder = /^(.*\/|)[^/]+\.jsonl$/.exec(sessionFile)?.[1];
    return folder !== undefined && !folder.endsWith('/subagents/') ? [`${folder}subagents`] : [];
  },
  groupSessionFiles(paths) {
    const subagentFiles = subagentFilesByFolder(paths);
    const groups: string[][] = [];
    for (const path of paths) {
      const match = SESSION_FILE.exec(path);
      // a walk rooted at the session folder itself (what `discover --json | convert -` does) sees `<id>.jsonl` bare
      const bare = !match && !path.includes('/') && path.endsWith('.jsonl');
      if (!match && !bare) continue;
      const folder = match ? `${match[1]}${match[2]}/subagents/` : 'subagents/';
      groups.push([path, ...(subagentFiles.get(folder) ?? []).sort()]);
    }
    return groups;
  },
});

const SUBAGENTS = 'subagents/';

/** Every `.jsonl` path under each `…/subagents/` folder it lies in, in one pass (a session file per folder looked them up in all paths). */
function subagentFilesByFolder(paths: readonly string[]): Map<string, string[]> {
  const byFolder = new Map<string, string[]>();
  for (const path of paths) {
    if (!path.endsWith('.jsonl')) continue;
    for (let at = path.indexOf(SUBAGENTS); at !== -1; at = path.indexOf(SUBAGENTS, at + 1)) {
      if (at > 0 && path[at - 1] !== '/') continue;
      const folder = path.slice(0, at + SUBAGENTS.length);
      const files = byFolder.get(folder);
      if (files) files.push(path);
      else byFolder.set(folder, [path]);
    }
  }
  return byFolder;
}
