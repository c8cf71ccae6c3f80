/**
 * Two sessions written one after the other into one file (`cat a.jsonl b.jsonl > both.jsonl`) were
 * read as one Transcript without a word: one id, the first session's cwd, the second's turns
 * appended. Formats that open each session with a header record tell it for certain: a second
 * header naming another session in the same file is a second session, and the file is refused
 * with the line to split it at, the same in every command. (A header repeating the same id, as a
 * resumed session may write, is no second session; nor is a subagent's header naming a session
 * already in the file, as the adapters join a subagent's log read after its parent's.)
 */
import { invalidInputError } from '../errors.js';

/** A session header: the id it names and, for a subagent's header, the session it belongs to. */
interface Header {
  id: string;
  /** the parent session's id a subagent's header names (Codex), or '' when it only says it is a subagent (Gemini CLI) */
  parent?: string;
}

type Opener = (value: Record<string, unknown>) => Header | undefined;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const record = (value: unknown) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined);
const header = (id: string | undefined, parent?: string): Header | undefined => (id === undefined ? undefined : parent === undefined ? { id } : { id, parent });

/** The record that opens a session, per format, and the session id it names. */
const OPENERS: Readonly<Record<string, Opener>> = {
  // Codex: `{"type":"session_meta","payload":{"id":…}}` heads every rollout; a subagent's names its parent thread
  'codex/rollout': (value) => {
    if (value.type !== 'session_meta') return undefined;
    const payload = record(value.payload);
    const spawn = record(record(record(payload?.source)?.subagent)?.thread_spawn);
    return header(text(payload?.id), text(payload?.parent_thread_id) ?? text(spawn?.parent_thread_id));
  },
  // Pi: `{"type":"session","version":3,"id":…,"cwd":…}`
  'pi/session-jsonl': (value) => (value.type === 'session' && 'cwd' in value ? header(text(value.id)) : undefined),
  // Gemini CLI: `{"sessionId":…,"projectHash":…,"startTime":…}` heads a chat file; a subagent's says `kind: "subagent"`
  'gemini-cli/chat-jsonl': (value) => ('projectHash' in value && 'startTime' in value ? header(text(value.sessionId), value.kind === 'subagent' ? '' : undefined) : undefined),
};

/** Watches a session's main file for a second session's header; undefined for formats without one. */
export function concatenationGuard(format: string, file: string): ((value: Record<string, unknown>, line: number) => void) | undefined {
  const opener = OPENERS[format];
  if (!opener) return undefined;
  let first: string | undefined;
  const seen = new Set<string>();
  return (value, line) => {
    const opened = opener(value);
    if (opened === undefined) return;
    const { id, parent } = opened;
    // a subagent's log read after its parent's (the adapters join it under the spawning call) belongs to the parent's session
    const joinsSeenSession = parent !== undefined && (parent === '' || seen.has(parent));
    seen.add(id);
    if (first === undefined) first = id;
    else if (id !== first && !joinsSeenSession) {
      throw invalidInputError(`${file}: line ${line} opens a second session (${id}) after ${first}: this file holds sessions written one after another, and atx reads one session a file; split it before line ${line}`);
    }
  };
}
