/**
 * Pairs tool calls with their results: the one answer every adapter gives to the three ways a log
 * can disagree with itself.
 *
 * - A result that names no call seen so far is returned with `call: undefined`: the adapter emits
 *   it anyway (the pipeline gives it a synthetic `missing-call` tool_call), and the tracker
 *   remembers its id, so a call that comes later under that id (a result written before its call)
 *   is not left open waiting for a second result.
 * - A second call under an id still open does not make the first vanish: the first is kept among
 *   the unanswered, with a reason of its own, and closed visibly at the end like any other.
 * - A result for a call already answered is an orphan too (`answered-before`).
 */
import { elapsedMs, timeMs } from './time.js';

/** Why a result answered no open call. */
export type Unmatched = 'no-call' | 'answered-before';

export interface Answer<C> {
  /** the call this result answers, undefined when none is open under its id */
  call: C | undefined;
  /** from the call's time to the result's, when both are known */
  elapsedMs: number | undefined;
  /** set when `call` is undefined: no call under this id was ever seen, or it was already answered */
  unmatched?: Unmatched;
}

/** What `call` did with a call: opened it, opened it over an open call with the same id, or found its result already read. */
export type Opening = 'opened' | 'reused-id' | 'answered-before';

export interface Unanswered<C> {
  callId: string;
  call: C;
  /** set when the adapter's own reason does not apply: why this call has no result */
  reason?: string;
}

export interface Orphans<C> {
  /** calls never answered, in the order they were opened (a call whose id a later call reused first) */
  unanswered: Array<Unanswered<C>>;
  /** ids of results that answered no open call */
  unmatched: string[];
}

/** Id-less calls remembered for id-less results (the oldest are forgotten past it). */
const MAX_IDLESS = 4096;

/** The reason given to a call whose id a later call took while it was still open. */
export const REUSED_ID_REASON = 'a later call reused this call\'s id before it was answered';

export class CallTracker<C> {
  private readonly open = new Map<string, { call: C; startedAt: number | null }>();
  private readonly unmatched: string[] = [];
  /** ids answered so far (ids only), to tell a repeated result from one whose call never came */
  private readonly answered = new Set<string>();
  /** ids of results read before any call under them: such a call is answered when it comes */
  private readonly early = new Set<string>();
  /** calls whose id a later call took while they were open */
  private readonly displaced: Array<Unanswered<C>> = [];
  /** calls that came with no id, under the ids made up for them, until a result with no id claims one */
  private readonly idless: Array<{ callId: string; name: string }> = [];
  private madeUp = 0;

  /** Opens a call. An open call under the same id is kept as unanswered; a result read earlier answers it at once. */
  call(callId: string, call: C, timestamp?: string | null): Opening {
    if (this.early.delete(callId)) {
      this.answered.add(callId);
      return 'answered-before';
    }
    const previous = this.open.get(callId);
    this.open.delete(callId);
    this.open.set(callId, { call, startedAt: timeMs(timestamp) });
    if (!previous) return 'opened';
    this.displaced.push({ callId, call: previous.call, reason: REUSED_ID_REASON });
    return 'reused-id';
  }

  /** Opens a call under its id, or under a made-up one when it came with none (absent or empty); returns the id it is open under. */
  openCall(callId: string | undefined, name: string, call: C, timestamp?: string | null): string {
    if (!callId) return this.callWithoutId(name, call, timestamp);
    this.call(callId, call, timestamp);
    return callId;
  }

  /** The id a result answers: its own, or for one that came with none (absent or empty), see `idForResultWithoutId`. */
  resultId(callId: string | undefined, name?: string): string {
    return callId || this.idForResultWithoutId(name);
  }

  /**
   * Opens a call that came with no id, under `callId` when the adapter made one up from its place
   * in the log, else under a new one; returns the id. A result with no id finds it by `idForResultWithoutId`:
   * two id-less calls never share an id, so never pair with each other's results.
   */
  callWithoutId(name: string, call: C, timestamp?: string | null, callId?: string): string {
    const id = callId ?? `no-id-${++this.madeUp}`;
    this.call(id, call, timestamp);
    if (this.idless.length >= MAX_IDLESS) this.idless.shift();
    this.idless.push({ callId: id, name });
    return id;
  }

  /**
   * The id a result that came with no id answers: the oldest call opened without an id that no
   * id-less result has claimed yet, with this tool name (any name when the result names none),
   * answered or not (a log may answer such a call twice: Gemini's toolCalls entry, then a
   * functionResponse, and the copy must find the call too). With no such call, a new made-up id,
   * so that two orphan results never share one.
   */
  idForResultWithoutId(name?: string): string {
    const index = this.idless.findIndex((entry) => name === undefined || entry.name === name);
    if (index < 0) return `no-id-${++this.madeUp}`;
    return this.idless.splice(index, 1)[0]!.callId;
  }

  /** Answers a call: it is closed and returned with the time it took. */
  answer(callId: string, timestamp?: string | null): Answer<C> {
    const entry = this.open.get(callId);
    if (!entry) {
      this.unmatched.push(callId);
      const unmatched: Unmatched = this.answered.has(callId) ? 'answered-before' : 'no-call';
      if (unmatched === 'no-call') this.early.add(callId);
      return { call: undefined, elapsedMs: undefined, unmatched };
    }
    this.open.delete(callId);
    this.answered.add(callId);
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

  /** Whether this id was ever opened or answered (a call or a result under it has been read). */
  seen(callId: string): boolean {
    return this.open.has(callId) || this.answered.has(callId) || this.early.has(callId);
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
    return { unanswered: [...this.displaced, ...this.pending()], unmatched: [...this.unmatched] };
  }

  /** Closes every open call and returns the orphans (for an adapter's flush). */
  drain(): Orphans<C>;
  /** The same, each unanswered call given `reason` unless it has a reason of its own (a reused id). */
  drain(reason: string | ((call: C) => string)): Orphans<C> & { unanswered: Array<Required<Unanswered<C>>> };
  drain(reason?: string | ((call: C) => string)): Orphans<C> {
    const orphans = this.orphans();
    this.open.clear();
    this.unmatched.length = 0;
    this.displaced.length = 0;
    this.idless.length = 0;
    if (reason === undefined) return orphans;
    const why = (call: C) => (typeof reason === 'string' ? reason : reason(call));
    return { ...orphans, unanswered: orphans.unanswered.map((entry) => ({ ...entry, reason: entry.reason ?? why(entry.call) })) };
  }
}
