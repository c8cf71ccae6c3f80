/**
 * `metrics.eventsSha256`: SHA-256 (lower-case hex) of the events as JSON Lines, each event written
 * by JSON.stringify with its keys in document order and followed by "\n". That is exactly the
 * document sink's spool, so atx hashes the bytes it writes anyway; a reader that parsed the document
 * gets the same bytes back by writing each parsed event again. Hashing a prefix of the events gives
 * the hash the shorter session had, which is how a server tells an older upload of a session.
 */
import { createHash } from 'node:crypto';
export class EventsHash {
    hash = createHash('sha256');
    /** One event's line, newline included, as it is written. */
    addLine(line) {
        this.hash.update(line);
    }
    add(event) {
        this.hash.update(`${JSON.stringify(event)}\n`);
    }
    digest() {
        return this.hash.digest('hex');
    }
}
/** eventsSha256 of the first `count` events (all of them by default). */
export function eventsSha256(events, count = events.length) {
    const hash = new EventsHash();
    for (let i = 0; i < count; i++)
        hash.add(events[i]);
    return hash.digest();
}
//# sourceMappingURL=events-hash.js.map