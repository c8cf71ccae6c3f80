/**
 * Record dispatch: a table from record type to handler that counts every record itself. A
 * handler says what became of its record (mapped unless it says otherwise); a type with no
 * handler, or a handler's `unknown(...)`, becomes a visible unparsed event. Nested tables
 * (a payload's own type) route to a verdict and let the outermost table count it.
 */
import type { ConverterOutput, NativeRecord, RecordOutcome } from '../types.js';
import { asRecord, stringField } from './json.js';

export interface Verdict {
  outcome: RecordOutcome;
  /** the label the record is counted under; the routed type unless given */
  type?: string;
  /** for an unknown record: why it could not be mapped */
  reason?: string;
  /** what must follow the record's count (e.g. bookkeeping that comes after its unparsed event) */
  after?: () => void;
}

/** What a handler returns: nothing (mapped), an outcome, a full verdict, or DEFERRED. */
export type HandlerResult = void | RecordOutcome | Verdict | typeof DEFERRED;

/** The record is counted later, through the `settle` function the handler took from `defer()`. */
export const DEFERRED = Symbol('deferred');

/** Where a record came from: what a nested table needs to route it further. */
export interface Origin {
  out: ConverterOutput;
  record: NativeRecord;
}

export interface RouteContext extends Origin {
  /** the label this record is counted under */
  type: string;
  /** Takes over the count: the returned function counts the record once, when its fate is known. */
  defer(): Settle;
}

export type Settle = (outcome: Exclude<RecordOutcome, 'unknown'>) => void;

export type Handler<V> = (value: V, context: RouteContext) => HandlerResult;

export type HandlerTable<V> = Readonly<Record<string, Handler<V>>>;

export const skipped = (type?: string): Verdict => ({ outcome: 'skipped', ...(type ? { type } : {}) });
export const mapped = (type?: string): Verdict => ({ outcome: 'mapped', ...(type ? { type } : {}) });
export const unknown = (reason: string, type?: string): Verdict => ({ outcome: 'unknown', reason, ...(type ? { type } : {}) });

/** One handler for each of several types that differ only by their name. */
export function byType<V>(types: readonly string[], handler: (type: string) => Handler<V>): Record<string, Handler<V>> {
  return Object.fromEntries(types.map((type) => [type, handler(type)]));
}

export interface DispatchOptions<V = unknown> {
  /** the reason given for a type with no handler */
  unknownReason(type: string): string;
  /** types counted as skipped without a handler of their own */
  skip?: ReadonlySet<string>;
  /** the handler of every other type (it usually returns an unknown verdict, with what must go before or after it) */
  fallback?: Handler<V>;
}

export class RecordDispatch<V> {
  constructor(
    private readonly table: HandlerTable<V>,
    private readonly options: DispatchOptions<V>,
  ) {}

  knows(type: string): boolean {
    return Object.hasOwn(this.table, type) || (this.options.skip?.has(type) ?? false);
  }

  /**
   * Routes a record to the handler of `key` and returns the verdict, uncounted (DEFERRED when the
   * handler took the count). `label` is what the record is counted under, `key` unless given.
   */
  route(key: string, value: V, origin: Origin, label: string = key): Verdict | typeof DEFERRED {
    let handler = Object.hasOwn(this.table, key) ? this.table[key] : undefined;
    if (!handler) {
      if (this.options.skip?.has(key)) return { outcome: 'skipped', type: label };
      handler = this.options.fallback;
      if (!handler) return { outcome: 'unknown', type: label, reason: this.options.unknownReason(key) };
    }
    const context: RouteContext = { out: origin.out, record: origin.record, type: label, defer: () => settleOnce(origin.out, label) };
    const result = handler(value, context);
    if (result === DEFERRED) return DEFERRED;
    if (result === undefined) return { outcome: 'mapped', type: label };
    if (typeof result === 'string') return { outcome: result, type: label };
    return { ...result, type: result.type ?? label };
  }

  /** Routes a record and counts it: the one place an adapter's records are counted. */
  dispatch(out: ConverterOutput, record: NativeRecord, key: string, value: V, label: string = key): void {
    settle({ out, record }, this.route(key, value, { out, record }, label), label);
  }

  /** Dispatches a record by its own `type` field ("(no type)" when it has none). */
  dispatchByType(out: ConverterOutput, record: NativeRecord, value: V): void {
    this.dispatch(out, record, stringField(asRecord(value), 'type') ?? '(no type)', value);
  }
}

/** A count taken over by a handler: made once, whichever way the record ends. */
export function settleOnce(out: ConverterOutput, type: string): Settle {
  let settled = false;
  return (outcome) => {
    if (settled) return;
    settled = true;
    out.count(type, outcome);
  };
}

/** Counts a verdict (nothing when the count was deferred): an unknown record becomes a visible unparsed event. */
export function settle(origin: Origin, verdict: Verdict | typeof DEFERRED, fallbackType: string): void {
  if (verdict === DEFERRED) return;
  const type = verdict.type ?? fallbackType;
  if (verdict.outcome === 'unknown') origin.out.unknown(origin.record, type, verdict.reason ?? `unknown record type "${type}"`);
  else origin.out.count(type, verdict.outcome);
  verdict.after?.();
}
