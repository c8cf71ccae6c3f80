/**
 * Pairs tool calls with their results. A call is opened when it is seen and answered once; what
 * is left unanswered at the end, and results that name no open call, are the orphans.
 */
import { elapsedMs, timeMs } from './time.js';

export interface Answer<C> {
  /** the call this result answers, undefined when none is open under its id */
  call: C | undefined;
  /** from the call's time to the result's, when both are known */
  elapsedMs: number | undefined;
}

export interface Orphans<C> {
  /** calls never answered, in the order they were opened */
  unanswered: Array<{ callId: string; call: C }>;
  /** ids of results that answered no open call */
  unmatched: string[];
}

export class CallTracker<C> {
  private readonly open = new Map<string, { call: C; startedAt: number | null }>();
  private readonly unmatched: string[] = [];

  /** Opens a call; a second call with the same id replaces the first. */
  call(callId: string, call: C, timestamp?: string | null): void {
    this.open.delete(callId);
    this.open.set(callId, { call, startedAt: timeMs(timestamp) });
  }

  /** Answers a call: it is closed and returned with the time it took. */
  answer(callId: string, timestamp?: string | null): Answer<C> {
    const entry = this.open.get(callId);
    if (!entry) {
      this.unmatched.push(callId);
      return { call: undefined, elapsedMs: undefined };
    }
    this.open.delete(callId);
    return { call: entry.call, elapsedMs: elapsedMs(entry.startedAt, timestamp) };
  }

  /** The open call under this id, without answering it. */
  peek(callId: string): C | undefined {
    return this.open.get(callId)?.call;
  }

  /** When the open call under this id started (epoch ms), if known. */
  startedAt(callId: string): number | null {
    return this.open.get(callId)?.startedAt ?? null;
  }

  has(callId: string): boolean {
    return this.open.has(callId);
  }

  get size(): number {
    return this.open.size;
  }

  /** Calls still open, oldest first. */
  pending(): Array<{ callId: string; call: C }> {
    return [...this.open].map(([callId, entry]) => ({ callId, call: entry.call }));
  }

  /** The orphans so far; at flush, `drain` also closes the unanswered calls. */
  orphans(): Orphans<C> {
    return { unanswered: this.pending(), unmatched: [...this.unmatched] };
  }

  /** Closes every open call and returns the orphans (for an adapter's flush). */
  drain(): Orphans<C> {
    const orphans = this.orphans();
    this.open.clear();
    this.unmatched.length = 0;
    return orphans;
  }
}
