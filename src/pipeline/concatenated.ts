/**
 * Two sessions written one after the other into one file (`cat a.jsonl b.jsonl > both.jsonl`) were
 * read as one Transcript without a word: one id, the first session's cwd, the second's turns
 * appended. Formats that open each session with a header record tell it for certain: a second
 * header naming another session in the same file is a second session, and the file is refused
 * with the line to split it at, the same in every command. (A header repeating the same id, as a
 * resumed session may write, is no second session.)
 */
import { invalidInputError } from '../errors.js';

type Opener = (value: Record<string, unknown>) => string | undefined;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The record that opens a session, per format, and the session id it names. */
const OPENERS: Readonly<Record<string, Opener>> = {
  // Codex: `{"type":"session_meta","payload":{"id":…}}` heads every rollout
  'codex/rollout': (value) => (value.type === 'session_meta' ? text((value.payload as Record<string, unknown> | undefined)?.id) : undefined),
  // Pi: `{"type":"session","version":3,"id":…,"cwd":…}`
  'pi/session-jsonl': (value) => (value.type === 'session' && 'cwd' in value ? text(value.id) : undefined),
  // Gemini CLI: `{"sessionId":…,"projectHash":…,"startTime":…}` heads a chat file
  'gemini-cli/chat-jsonl': (value) => ('projectHash' in value && 'startTime' in value ? text(value.sessionId) : undefined),
};

/** Watches a session's main file for a second session's header; undefined for formats without one. */
export function concatenationGuard(format: string, file: string): ((value: Record<string, unknown>, line: number) => void) | undefined {
  const opener = OPENERS[format];
  if (!opener) return undefined;
  let first: string | undefined;
  return (value, line) => {
    const id = opener(value);
    if (id === undefined) return;
    if (first === undefined) first = id;
    else if (id !== first) {
      throw invalidInputError(`${file}: line ${line} opens a second session (${id}) after ${first}: this file holds sessions written one after another, and atx reads one session a file; split it before line ${line}`);
    }
  };
}
