/**
 * Cursor CLI (`cursor-agent`, closed source, not on npm). Two native forms: the live stream of
 * `cursor-agent -p --output-format stream-json` and the agent transcripts it saves under
 * ~/.cursor/projects/<slug>/agent-transcripts/. The fixtures are hand-made from their documented
 * shapes (README.md names the sources).
 */
import { defineAdapter } from '../shared/adapter.js';
import { detect, isTranscriptHead } from './detect.js';
import { cursorStore } from './store.js';

/** `<id>/<id>.jsonl` inside an agent-transcripts folder: [1] everything up to the session folder */
const SESSION_FILE = /^(.*?)([^/]+)\/\2\.jsonl$/;
/** The files whose first line the grouping reads: transcripts at the top of a walk, and subagents' */
const GROUPING_HEADS = /^[^/]+\.jsonl$|(?:^|\/)subagents\/[^/]+\.jsonl$/;
/** A subagent's transcript: `<id>/subagents/<child id>.jsonl` */
const SUBAGENT_FILE = /(?:^|\/)subagents\/[^/]+\.jsonl$/;

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
  subagentFilesWhere: (format) => (format === 'cursor/agent-transcript' ? '~/.cursor/projects/<workspace slug>/agent-transcripts/<id>/subagents/, beside <id>/<id>.jsonl' : undefined),
  groupingHeads: GROUPING_HEADS,
  groupSessionFiles(paths, heads = new Map()) {
    // a subagent is Cursor's when its own first line is a Cursor transcript line: a folder named
    // subagents/ is no proof (Qwen Code's and Claude Code's subagents live in one too)
    const cursorLine = (path: string) => {
      const head = heads.get(path);
      return head !== undefined && isTranscriptHead(head);
    };
    const subagentFiles = subagentFilesByFolder(paths, cursorLine);
    // a walk rooted at the session folder itself (what `discover --json | convert -` does) sees
    // `<id>.jsonl` bare: the one Cursor transcript at the top is the subagents' parent
    const bare = paths.filter((path) => !path.includes('/') && path.endsWith('.jsonl') && cursorLine(path));
    const groups: string[][] = [];
    for (const path of paths) {
      const match = SESSION_FILE.exec(path);
      if (match) groups.push([path, ...(subagentFiles.get(`${match[1]}${match[2]}/subagents/`) ?? []).sort()]);
      else if (bare.length === 1 && path === bare[0]) groups.push([path, ...(subagentFiles.get('subagents/') ?? []).sort()]);
    }
    return groups;
  },
  isCompanion: (path, head) => SUBAGENT_FILE.test(path) && head !== undefined && isTranscriptHead(head),
});

/** Every Cursor subagent file directly in each `…/subagents/` folder, in one pass. */
function subagentFilesByFolder(paths: readonly string[], isCursor: (path: string) => boolean): Map<string, string[]> {
  const byFolder = new Map<string, string[]>();
  for (const path of paths) {
    if (!SUBAGENT_FILE.test(path) || !isCursor(path)) continue;
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    const files = byFolder.get(folder);
    if (files) files.push(path);
    else byFolder.set(folder, [path]);
  }
  return byFolder;
}
