/**
 * Keeps peak memory flat on huge logs. Converting allocates large short-lived strings (whole
 * lines, parsed tool outputs, serialized events); V8 lets its heap grow far past the few tens of
 * MiB that are live before it collects. When resident memory passes a budget, a full collection
 * is requested: with little live data it takes milliseconds. The next one waits until memory has
 * grown by GROWTH_BEFORE_COLLECT past what the collection left: a pipeline whose steady state is
 * above the budget would otherwise be collected on every check.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

const CHECK_EVERY_BYTES = 8 * 1024 * 1024;
export const DEFAULT_RSS_BUDGET = 112 * 1024 * 1024;
const GROWTH_BEFORE_COLLECT = 48 * 1024 * 1024;
/** however much a collection left, the next one comes before resident memory passes this */
const CEILING = 168 * 1024 * 1024;

/**
 * What the budget is compared to. Resident memory is the whole process's: in a worker thread it
 * counts the other workers too, so every worker would be over a budget made for one thread and
 * collect on each check. A worker judges its own isolate's heap instead.
 */
function memoryInUse(): number {
  return isMainThread ? process.memoryUsage.rss() : v8.getHeapStatistics().total_heap_size;
}

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  } catch {
    collect = null;
  }
  return collect;
}

export class MemoryGovernor {
  private sinceCheck = 0;
  private threshold: number;

  constructor(private readonly budget = DEFAULT_RSS_BUDGET) {
    this.threshold = budget;
  }

  /** Call as input is read. */
  read(bytes: number): void {
    this.sinceCheck += bytes;
    if (this.sinceCheck < CHECK_EVERY_BYTES) return;
    this.sinceCheck = 0;
    if (memoryInUse() <= this.threshold) return;
    const collectNow = collector();
    if (!collectNow) return;
    collectNow();
    const grown = memoryInUse() + GROWTH_BEFORE_COLLECT;
    this.threshold = Math.max(this.budget, Math.min(grown, CEILING));
  }
}
