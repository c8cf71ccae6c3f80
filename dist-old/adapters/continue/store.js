/**
 * Where Continue (`cn` and the IDE extensions) keeps its sessions, for `atx discover`:
 * `<global dir>/sessions/<sessionId>.json`, the global dir being `$CONTINUE_GLOBAL_DIR`, else
 * `~/.continue`. The folder's index `sessions.json` is the only place holding a session's start
 * (`dateCreated`), so sessions are listed from it, with the size, last write and end (last 64 KiB:
 * whether the last turn ended) of each session's own file; a session file the index misses is
 * listed from the file itself, without a start.
 */
import { closeSync, openSync, readSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { definedFacts, documentFacts, lastMessage, timeOf } from '../shared/glance.js';
import { asRecord } from '../shared/json.js';
import { envFolder } from '../shared/locations.js';
const INDEX = 'sessions.json';
const text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
// a relative CONTINUE_GLOBAL_DIR is taken from the working folder by `cn`; here from the home folder, as discover has no other
const sessionsFolder = (context) => join(envFolder(context, 'CONTINUE_GLOBAL_DIR') ?? join(context.home, '.continue'), 'sessions');
/** `dateCreated` is epoch milliseconds written as a string */
const created = (value) => timeOf(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
const TAIL_BYTES = 64 * 1024;
/**
 * The last turn ended: the last message is the assistant's and called no tool, or only tools that
 * were refused (`canceled`: Continue ends the turn there); a tool call still to be answered, or the
 * user's message last, means the turn is not over.
 */
export function finishedFromTail(tail) {
    const last = lastMessage(tail);
    if (!last)
        return undefined;
    if (last.role !== 'assistant')
        return false;
    const statuses = [...last.text.matchAll(/"status"\s*:\s*"([^"]*)"/g)].map((match) => match[1]);
    return !/"toolCalls"\s*:\s*\[\s*\{/.test(last.text) || (statuses.length > 0 && statuses.every((status) => status === 'canceled'));
}
/** What an indexed session's own file says: last write, size, and its end (the last 64 KiB). */
function sessionFile(path) {
    let fd;
    try {
        const info = statSync(path);
        fd = openSync(path, 'r');
        const length = Math.min(info.size, TAIL_BYTES);
        const tail = Buffer.alloc(length);
        readSync(fd, tail, 0, length, info.size - length);
        const finished = finishedFromTail(tail.toString('utf8'));
        return { endedAt: info.mtime.toISOString(), size: info.size, ...(finished === undefined ? {} : { finished }) };
    }
    catch {
        return undefined; // listed in the index, but its file is gone
    }
    finally {
        if (fd !== undefined)
            closeSync(fd);
    }
}
export const continueIndexStore = {
    description: 'Continue session index (sessions.json)',
    roots: (context) => [{ dir: sessionsFolder(context), files: [INDEX] }],
    list: (path) => Promise.resolve(indexedSessions(path)),
};
function indexedSessions(path) {
    const entries = JSON.parse(readFileSync(path, 'utf8'));
    const facts = [];
    for (const item of Array.isArray(entries) ? entries : []) {
        const entry = asRecord(item);
        const sessionId = text(entry?.sessionId);
        if (!entry || !sessionId)
            continue; // old entries keyed `session_id` are ignored by `cn` too
        const input = join(path, '..', `${sessionId}.json`);
        const file = sessionFile(input);
        if (!file)
            continue;
        facts.push(definedFacts({
            sessionId,
            project: text(entry.workspaceDirectory),
            startedAt: created(entry.dateCreated),
            events: typeof entry.messageCount === 'number' ? entry.messageCount : undefined,
            input,
            ...file,
        }));
    }
    return facts;
}
export const continueFileStore = {
    description: 'Continue session files',
    roots: (context) => [{ dir: sessionsFolder(context), files: ['*.json'] }],
    facts(file) {
        if (file.relativePath === INDEX)
            return null;
        const facts = documentFacts(file, { sessionId: 'sessionId', project: 'workspaceDirectory', records: 'history' });
        const finished = finishedFromTail(file.tail);
        return facts && finished !== undefined ? { ...facts, finished } : facts;
    },
};
/** The index first: a session both hold is listed once, from the index, which alone knows its start. */
export const continueStores = [continueIndexStore, continueFileStore];
//# sourceMappingURL=store.js.map