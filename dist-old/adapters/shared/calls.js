/**
 * Pairs tool calls with their results. A call is opened when it is seen and answered once; what
 * is left unanswered at the end, and results that name no open call, are the orphans.
 */
import { elapsedMs, timeMs } from './time.js';
export class CallTracker {
    open = new Map();
    unmatched = [];
    /** Opens a call; a second call with the same id replaces the first. */
    call(callId, call, timestamp) {
        this.open.delete(callId);
        this.open.set(callId, { call, startedAt: timeMs(timestamp) });
    }
    /** Answers a call: it is closed and returned with the time it took. */
    answer(callId, timestamp) {
        const entry = this.open.get(callId);
        if (!entry) {
            this.unmatched.push(callId);
            return { call: undefined, elapsedMs: undefined };
        }
        this.open.delete(callId);
        return { call: entry.call, elapsedMs: elapsedMs(entry.startedAt, timestamp) };
    }
    /** The open call under this id, without answering it. */
    peek(callId) {
        return this.open.get(callId)?.call;
    }
    /** When the open call under this id started (epoch ms), if known. */
    startedAt(callId) {
        return this.open.get(callId)?.startedAt ?? null;
    }
    has(callId) {
        return this.open.has(callId);
    }
    get size() {
        return this.open.size;
    }
    /** Calls still open, oldest first. */
    pending() {
        return [...this.open].map(([callId, entry]) => ({ callId, call: entry.call }));
    }
    /** The orphans so far; at flush, `drain` also closes the unanswered calls. */
    orphans() {
        return { unanswered: this.pending(), unmatched: [...this.unmatched] };
    }
    /** Closes every open call and returns the orphans (for an adapter's flush). */
    drain() {
        const orphans = this.orphans();
        this.open.clear();
        this.unmatched.length = 0;
        return orphans;
    }
}
//# sourceMappingURL=calls.js.map