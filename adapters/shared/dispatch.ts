/**
 * Record dispatch: a table from record type to handler that counts every record itself. A
 * handler says what became of its record (mapped unless it says otherwise); a type with no
 * handler, or a handler's `unknown(...)`, becomes a visible unparsed event. Nested tables
 * (a payload's own type) route to a verdict and let the outermost table count it.
 */
import type { ConverterOutput, NativeRecord, RecordOutcome } from '../types.js';

export interface Verdict {
  outcome: RecordOutcome;
  /** the label the record is counted under; the routed type unless given */
  type?: string;
  /** for an unknown record: why it could not be mapped */
  reason?: string;
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

export interface DispatchOptions {
  /** the reason given for a type with no handler */
  unknownReason(type: string): string;
  /** types counted as skipped without a handler of their own */
  skip?: ReadonlySet<string>;
}

export class RecordDispatch<V> {
  constructor(
    private readonly table: HandlerTable<V>,
    private readonly options: DispatchOptions,
  ) {}

  knows(type: string): boolean {
    return Object.hasOwn(this.table, type) || (this.options.skip?.has(type) ?? false);
  }

  /** Routes a record to its handler and returns the verdict, uncounted (DEFERRED when the handler took the count). */
  route(type: string, value: V, origin: Origin): Verdict | typeof DEFERRED {
    const handler = Object.hasOwn(this.table, type) ? this.table[type] : undefined;
    if (!handler) {
      if (this.options.skip?.has(type)) return { outcome: 'skipped', type };
      return { outcome: 'unknown', type, reason: this.options.unknownReason(type) };
    }
    const context: RouteContext = { out: origin.out, record: origin.record, type, defer: () => settleOnce(origin.out, type) };
    const result = handler(value, context);
    if (result === DEFERRED) return DEFERRED;
    if (result === undefined) return { outcome: 'mapped', type };
    if (typeof result === 'string') return { outcome: result, type };
    return { ...result, type: result.type ?? type };
  }

  /** Routes a record and counts it: the one place an adapter's records are counted. */
  dispatch(out: ConverterOutput, record: NativeRecord, type: string, value: V): void {
    const verdict = this.route(type, value, { out, record });
    if (verdict !== DEFERRED) count(out, record, verdict, type);
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

/** Counts a verdict: an unknown one becomes a visible unparsed event. */
export function count(out: ConverterOutput, record: NativeRecord, verdict: Verdict, fallbackType: string): void {
  const type = verdict.type ?? fallbackType;
  if (verdict.outcome === 'unknown') out.unknown(record, type, verdict.reason ?? `unknown record type "${type}"`);
  else out.count(type, verdict.outcome);
}
