/**
 * How long a queued transaction waits for announced ones (expectTransaction) to join its commit.
 * An announced put is writing and syncing its blob, which takes a few ms on ext4 under load: with
 * 2 ms, 200 uploads 8 in flight shared a commit by ~1.4; with 8 ms the uploads/s rose by ~40 %.
 * A lone upload (nothing announced) never waits. Apart from database.ts so that the event loop's
 * side of the index thread (index-access.ts), which does this waiting there, does not load SQLite.
 */
export const GROUP_WAIT_MS = 8;

/** How long the first of `queue` has still to wait for announced transactions, ms (0 or less: go). */
export function groupWaitMs(expected: number, queue: readonly { write: boolean; queuedAt: number }[]): number {
  if (expected <= 0 || queue.length === 0 || !queue.every((job) => job.write)) return 0;
  return GROUP_WAIT_MS - (performance.now() - queue[0]!.queuedAt);
}
