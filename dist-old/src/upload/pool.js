/**
 * A bounded worker pool: at most `concurrency` workers at a time, each pulling its next item
 * only when it is free, so an async source (a directory walk, a conversion stream) is never read
 * further ahead than the pool can work.
 *
 * Contract: workers are expected to report problems in their result (deliver() does) rather
 * than throw. If one throws anyway, the others still run to the end of the input; then runPool
 * rejects with that error (an AggregateError when several threw). A source that throws stops
 * the pulling; the workers in flight finish, then runPool rejects with the source's error.
 */
export async function runPool(items, concurrency, worker) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
        throw new RangeError(`runPool: concurrency must be a whole number of at least 1, not ${concurrency}`);
    }
    const iterator = Symbol.asyncIterator in items
        ? items[Symbol.asyncIterator]()
        : items[Symbol.iterator]();
    const results = [];
    const failures = [];
    let sourceFailure;
    let exhausted = false;
    let nextIndex = 0;
    // next() calls are chained: a hand-written async iterator need not cope with overlapping calls
    let previousPull = Promise.resolve();
    const pull = () => {
        const current = previousPull.then(async () => {
            if (exhausted)
                return null;
            const step = await iterator.next();
            if (step.done) {
                exhausted = true;
                return null;
            }
            return { item: step.value, index: nextIndex++ };
        });
        previousPull = current.catch(() => { });
        return current;
    };
    const lane = async () => {
        for (;;) {
            let next;
            try {
                next = await pull();
            }
            catch (error) {
                exhausted = true;
                sourceFailure ??= { error };
                return;
            }
            if (next === null)
                return;
            try {
                results[next.index] = await worker(next.item, next.index);
            }
            catch (error) {
                failures.push(error);
            }
        }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    if (sourceFailure)
        throw sourceFailure.error;
    if (failures.length === 1)
        throw failures[0];
    if (failures.length > 1)
        throw new AggregateError(failures, `${failures.length} pool workers failed`);
    return results;
}
//# sourceMappingURL=pool.js.map