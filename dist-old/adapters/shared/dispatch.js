import { asRecord, stringField } from './json.js';
/** The record is counted later, through the `settle` function the handler took from `defer()`. */
export const DEFERRED = Symbol('deferred');
export const skipped = (type) => ({ outcome: 'skipped', ...(type ? { type } : {}) });
export const mapped = (type) => ({ outcome: 'mapped', ...(type ? { type } : {}) });
export const unknown = (reason, type) => ({ outcome: 'unknown', reason, ...(type ? { type } : {}) });
/** One handler for each of several types that differ only by their name. */
export function byType(types, handler) {
    return Object.fromEntries(types.map((type) => [type, handler(type)]));
}
export class RecordDispatch {
    table;
    options;
    constructor(table, options) {
        this.table = table;
        this.options = options;
    }
    knows(type) {
        return Object.hasOwn(this.table, type) || (this.options.skip?.has(type) ?? false);
    }
    /**
     * Routes a record to the handler of `key` and returns the verdict, uncounted (DEFERRED when the
     * handler took the count). `label` is what the record is counted under, `key` unless given.
     */
    route(key, value, origin, label = key) {
        let handler = Object.hasOwn(this.table, key) ? this.table[key] : undefined;
        if (!handler) {
            if (this.options.skip?.has(key))
                return { outcome: 'skipped', type: label };
            handler = this.options.fallback;
            if (!handler)
                return { outcome: 'unknown', type: label, reason: this.options.unknownReason(key) };
        }
        const context = { out: origin.out, record: origin.record, type: label, defer: () => settleOnce(origin.out, label) };
        const result = handler(value, context);
        if (result === DEFERRED)
            return DEFERRED;
        if (result === undefined)
            return { outcome: 'mapped', type: label };
        if (typeof result === 'string')
            return { outcome: result, type: label };
        return { ...result, type: result.type ?? label };
    }
    /** Routes a record and counts it: the one place an adapter's records are counted. */
    dispatch(out, record, key, value, label = key) {
        settle({ out, record }, this.route(key, value, { out, record }, label), label);
    }
    /** Dispatches a record by its own `type` field ("(no type)" when it has none). */
    dispatchByType(out, record, value) {
        this.dispatch(out, record, stringField(asRecord(value), 'type') ?? '(no type)', value);
    }
}
/** A count taken over by a handler: made once, whichever way the record ends. */
export function settleOnce(out, type) {
    let settled = false;
    return (outcome) => {
        if (settled)
            return;
        settled = true;
        out.count(type, outcome);
    };
}
/** Counts a verdict (nothing when the count was deferred): an unknown record becomes a visible unparsed event. */
export function settle(origin, verdict, fallbackType) {
    if (verdict === DEFERRED)
        return;
    const type = verdict.type ?? fallbackType;
    if (verdict.outcome === 'unknown')
        origin.out.unknown(origin.record, type, verdict.reason ?? `unknown record type "${type}"`);
    else
        origin.out.count(type, verdict.outcome);
    verdict.after?.();
}
//# sourceMappingURL=dispatch.js.map