/**
 * Two sessions written one after the other into one file (`cat a.jsonl b.jsonl > both.jsonl`) were
 * read as one Transcript without a word: one id, the first session's cwd, the second's turns
 * appended. Formats that open each session with a header record tell it for certain: a second
 * header naming another session in the same file is a second session, and the file is refused
 * with the line to split it at, the same in every command. (A header repeating the same id, as a
 * resumed session may write, is no second session; nor is a subagent's header naming a session
 * already in the file, as the adapters join a subagent's log read after its parent's.)
 *
 * The streams (`codex exec --json`, `stream-json` of Claude Code, Gemini CLI and their kin) open
 * each run with an init record naming the session: a run resumed with `--resume` names the same
 * one again, so only another id is a second session.
 *
 * A Claude Code session file has no header: every message line names its `sessionId` and links to
 * the line before by `parentUuid`. A resumed or forked session legitimately holds several ids (up
 * to 2.0.x Claude Code copied the earlier conversation's lines, ids and links unchanged, into the
 * new file, and the new lines link to the last of them), but its new id's first line always links
 * to a line before; only the first line of a conversation has `parentUuid: null` (a compaction
 * boundary and a subagent's first line have it too, and are told by their own fields). So a
 * conversation's first line naming another id than the file's first conversation is a second one.
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
  // Pi's `--mode json` stream opens with the same session record (not its RPC stream: a session switch there is a command)
  'pi/json': (value) => (value.type === 'session' && 'cwd' in value ? header(text(value.id)) : undefined),
  // Claude Code: a conversation's first line (see above)
  'claude-code/session-jsonl': (value) => (opensConversation(value) ? header(text(value.sessionId)) : undefined),
  // codex exec --json: `{"type":"thread.started","thread_id":…}`
  'codex/exec-json': (value) => (value.type === 'thread.started' ? header(text(value.thread_id)) : undefined),
  // Gemini CLI stream-json: `{"type":"init","session_id":…,"model":…}`
  'gemini-cli/stream-json': (value) => (value.type === 'init' ? header(text(value.session_id)) : undefined),
  // Claude Code's stream-json and the streams written after it: `{"type":"system","subtype":"init","session_id":…}`
  'claude-code/stream-json': systemInit,
  'qwen-code/stream-json': systemInit,
  'cursor/stream-json': systemInit,
  'droid/stream-json': systemInit,
  'amp/stream-json': systemInit,
};

function systemInit(value: Record<string, unknown>): Header | undefined {
  return value.type === 'system' && value.subtype === 'init' ? header(text(value.session_id)) : undefined;
}

/** A Claude Code line that starts a conversation: no parent, and neither a compaction boundary nor a subagent's line. */
function opensConversation(value: Record<string, unknown>): boolean {
  if (value.parentUuid !== null || typeof value.uuid !== 'string' || value.isSidechain === true) return false;
  if (value.logicalParentUuid !== undefined && value.logicalParentUuid !== null) return false;
  return !(value.type === 'system' && value.subtype === 'compact_boundary') && !('compactMetadata' in value);
}

/**
 * The session a line names, for formats whose second session may write lines before the one that
 * opens it (Claude Code 2.1's queue-operation lines come before the first prompt): the file is to
 * be split after the last line naming an earlier session, not at the opening line.
 */
const NAMERS: Readonly<Record<string, (value: Record<string, unknown>) => string | undefined>> = {
  'claude-code/session-jsonl': (value) => text(value.sessionId),
};

/** Watches a session's main file for a second session's header; undefined for formats without one. */
export function concatenationGuard(format: string, file: string): ((value: Record<string, unknown>, line: number) => void) | undefined {
  const opener = OPENERS[format];
  if (!opener) return undefined;
  const namer = NAMERS[format];
  let first: string | undefined;
  const seen = new Set<string>();
  // per session named: the line after the last line that named another session before it
  const startsAfter = new Map<string, number>();
  let lastNamed = 0;
  return (value, line) => {
    const named = namer?.(value);
    if (named !== undefined) {
      if (!startsAfter.has(named)) startsAfter.set(named, lastNamed + 1);
      lastNamed = line;
    }
    const opened = opener(value);
    if (opened === undefined) return;
    const { id, parent } = opened;
    // a subagent's log read after its parent's (the adapters join it under the spawning call) belongs to the parent's session
    const joinsSeenSession = parent !== undefined && (parent === '' || seen.has(parent));
    seen.add(id);
    if (first === undefined) first = id;
    else if (id !== first && !joinsSeenSession) {
      const split = Math.min(startsAfter.get(id) ?? line, line);
      throw invalidInputError(`${file}: line ${line} opens a second session (${id}) after ${first}: this file holds sessions written one after another, and atx reads one session a file; split it before line ${split}`);
    }
  };
}
