/**
 * Keeps the preparing of inputs ahead of their delivery. A lane of `atx upload` that waits for
 * the server and the outbox's fsyncs would otherwise hand the worker threads nothing to do: here
 * the next inputs are already being prepared while earlier ones are sent.
 */

/** Each item with `start(item)` called on it, up to `ahead` items before it is taken. */
export async function* startedAhead<T, S>(items: Iterable<T> | AsyncIterable<T>, ahead: number, start: (item: T) => S): AsyncGenerator<{ item: T; started: S }> {
  const waiting: { item: T; started: S }[] = [];
  for await (const item of items) {
    waiting.push({ item, started: start(item) });
    if (waiting.length > ahead) yield waiting.shift()!;
  }
  yield* waiting;
}

/** `run` made to take one call at a time, in the order called: each starts once the one before has settled. */
export function inTurn<T, R>(run: (item: T) => Promise<R>): (item: T) => Promise<R> {
  let last: Promise<unknown> = Promise.resolve();
  return (item) => {
    const next = last.then(() => run(item));
    last = next.catch(() => {});
    return next;
  };
}
