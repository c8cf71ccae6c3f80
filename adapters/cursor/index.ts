/**
 * Cursor CLI (`cursor-agent`, closed source, not on npm). Two native forms: the live stream of
 * `cursor-agent -p --output-format stream-json` and the agent transcripts it saves under
 * ~/.cursor/projects/<slug>/agent-transcripts/. The fixtures are hand-made from their documented
 * shapes (README.md names the sources).
 */
import type { Converter, ConverterOutput, Detection, NativeRecord } from '../types.js';
import { defineAdapter } from '../shared/adapter.js';
import { asRecord, type Json } from '../shared/json.js';
import { CursorTranscriptConverter, transcriptEvidence } from './agent-transcript.js';
import { CursorStreamConverter, streamEvidence } from './stream-json.js';
import { cursorStore } from './store.js';

/** `<id>/<id>.jsonl` inside an agent-transcripts folder: [1] everything up to the session folder */
const SESSION_FILE = /^(.*?)([^/]+)\/\2\.jsonl$/;

/** A form's evidence over a sample: none when any line rules it out, else the strongest line's. */
function evidence(records: readonly Json[], of: (record: Json) => number | null): number {
  const scores = records.map(of);
  return scores.includes(null) ? 0 : Math.max(0, ...(scores as number[]));
}

function detect(sample: readonly unknown[]): Detection | null {
  const records = sample.map(asRecord).filter((record): record is Json => record !== undefined);
  if (records.length === 0) return null;
  const transcript = evidence(records, transcriptEvidence);
  if (transcript > 0) return { confidence: transcript, format: 'cursor/agent-transcript' };
  const stream = evidence(records, streamEvidence);
  return stream > 0 ? { confidence: stream, format: 'cursor/stream-json' } : null;
}

type Form = 'cursor/agent-transcript' | 'cursor/stream-json';

/** Transcript lines have a role and no type but turn_ended; every other line is the stream's. */
const formOf = (value: Json): Form => (value.type === undefined || value.type === 'turn_ended' ? 'cursor/agent-transcript' : 'cursor/stream-json');

/** Reads each line as the form it is, each form with its own converter. */
class CursorConverter implements Converter {
  private readonly forms = new Map<Form, CursorStreamConverter | CursorTranscriptConverter>();

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const form = formOf(record.value);
    let converter = this.forms.get(form);
    if (!converter) {
      converter = form === 'cursor/stream-json' ? new CursorStreamConverter(this.out) : new CursorTranscriptConverter(this.out);
      this.forms.set(form, converter);
      this.out.session({ format: form, ...(form === 'cursor/agent-transcript' ? sessionOfPath(record.file) : {}) });
    }
    converter.push(record);
  }

  flush(): void {
    for (const converter of this.forms.values()) converter.flush();
  }
}

/** The transcript's file name is the session (composer) id. */
function sessionOfPath(file: string): { nativeSessionId?: string } {
  const id = /([^/\\]+)\.jsonl$/.exec(file)?.[1];
  return id && file !== '-' ? { nativeSessionId: id } : {};
}

export const cursor = defineAdapter({
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
  createConverter: (out) => new CursorConverter(out),
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
