/**
 * Format `opencode/api-messages`: the body of OpenCode's HTTP API `GET /session/<id>/message`
 * (`opencode serve`, or the server the TUI starts), saved to a file. It is one JSON array of the
 * same `{info, parts}` pairs `opencode export` holds, without the session's own record: the
 * messages' `sessionID` names the session. Each pair is handed to the converter as a store
 * message record; an array that holds anything else is reported, never guessed.
 */
import { readFileSync } from 'node:fs';
import type { ContainerReader, ContainerSession } from '../types.js';
import type { StoreMessageRecord, StoreUnreadableRecord } from './records.js';

/** `[{"info":{` (the API's order: info before parts), and a `sessionID` of OpenCode's form soon after */
const API_BODY_START = /^\s*\[\s*\{\s*"info"\s*:\s*\{/;
const SESSION_ID = /"sessionID"\s*:\s*"ses_/;

type ApiRecord = StoreMessageRecord | StoreUnreadableRecord;

/** The records of a saved body: one per `{info, parts}` element, or why the file could not be read. */
export function apiBodyRecords(text: string): ApiRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [{ opencode: 'unreadable', store: 'api', what: 'api body', reason: `not JSON: ${(error as Error).message}` }];
  }
  if (!Array.isArray(value)) return [{ opencode: 'unreadable', store: 'api', what: 'api body', reason: 'not a JSON array of messages' }];
  return value.map((element, index): ApiRecord => {
    const entry = typeof element === 'object' && element !== null ? (element as Record<string, unknown>) : undefined;
    const info = entry?.info;
    if (!entry || typeof info !== 'object' || info === null || Array.isArray(info)) {
      return { opencode: 'unreadable', store: 'api', what: 'api message', reason: `element ${index} has no message info` };
    }
    return { opencode: 'message', store: 'api', info: info as Record<string, unknown>, parts: Array.isArray(entry.parts) ? entry.parts : [] };
  });
}

export const apiBodyReader: ContainerReader = {
  description: 'a saved body of OpenCode\'s HTTP API GET /session/<id>/message (a JSON array of {info, parts})',
  // a folder walk shows it every .json file, as a file named on the command line is shown
  fileName: /\.json$/i,
  claims(_path, head) {
    if (head === null) return false;
    const text = head.subarray(0, 4096).toString('utf8');
    return API_BODY_START.test(text) && SESSION_ID.test(text);
  },
  async sessions(path) {
    const session: ContainerSession = {
      name: path,
      async *records() {
        yield* apiBodyRecords(readFileSync(path, 'utf8'));
      },
    };
    return [session];
  },
};
