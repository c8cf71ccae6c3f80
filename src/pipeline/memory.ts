/**
 * Keeps peak memory flat on huge inputs. Converting and redacting allocate large short-lived
 * strings (whole lines, parsed tool outputs, serialized events); V8 lets its heap grow far past
 * the few tens of MiB that are live before it collects. So, as input is read, the heap's use is
 * compared with what the last full collection left alive: once garbage has grown by
 * GROWTH_BEFORE_COLLECT, a full collection is requested (with little live data it takes
 * milliseconds). The measure is the isolate's own heap, not resident memory: in a worker thread
 * resident memory counts the other workers too, and freed memory that the allocator keeps would
 * never look collected.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const CHECK_EVERY_BYTES = 2 * 1024 * 1024;
const GROWTH_BEFORE_COLLECT = 32 * 1024 * 1024;

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

/**
 * A batch converts session after session, and each allocates large strings that die young (whole
 * lines, tool outputs, serialized events). V8 sets its old-generation limit from the little that
 * is live, a few tens of MiB, so it starts a full marking every few MiB of such strings: 74 full
 * collections for 200 sessions of 0.8 MiB, a fifth of the run's CPU and most of its helper
 * threads' work. The governor already bounds the heap's growth, so V8 may grow it further
 * between collections of its own. The flag is process-wide and read at every collection (the
 * worker threads' heaps included); the returned function puts V8's default back.
 */
export function collectLessEagerly(): () => void {
  v8.setFlagsFromString(`--heap-growing-percent=${BATCH_HEAP_GROWING_PERCENT}`);
  return () => v8.setFlagsFromString('--heap-growing-percent=0');
}

/** the heap may grow to 5 times what a collection left alive before V8 collects by itself */
const BATCH_HEAP_GROWING_PERCENT = 400;

const heapUsed = () => v8.getHeapStatistics().used_heap_size;

let pretenuringOff = false;

/**
 * V8 makes an allocation site allocate straight into the old generation once most of its objects
 * were found alive at a scavenge. A stream of events fools it: the parser's objects for a chunk of
 * events are alive while the first of them are redacted, so the sites that build events are
 * tenured, and from then on every event is born in old space and dies there. Worse, the young
 * strings such a dead event points to are kept by it through the next scavenge and promoted too:
 * on a 200 MiB Transcript, 400 MiB went to old space (25 MiB without), the governor's collections
 * ran every ~30 scavenges, and old space stayed twice the size of what was live. Turned off for
 * the whole process, at its start (bin/cli.ts: sites tenured while the modules load and the rules
 * compile stay tenured; 150 MiB were still promoted when it was turned off only here, in the
 * governor, for a program that embeds atx); objects that do live long still reach old space, by age.
 */
export function stopPretenuring(): void {
  if (pretenuringOff) return;
  pretenuringOff = true;
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}

export class MemoryGovernor {
  constructor() {
    stopPretenuring();
  }

  private sinceCheck = 0;
  /** what the last full collection left (0 before the first) */
  private live = 0;
  private collected = 0;

  /** how many full collections it asked for */
  get collections(): number {
    return this.collected;
  }

  /** Call as input is read. */
  read(bytes: number): void {
    this.sinceCheck += bytes;
    if (this.sinceCheck < CHECK_EVERY_BYTES) return;
    this.sinceCheck = 0;
    if (heapUsed() < this.live + GROWTH_BEFORE_COLLECT) return;
    const collectNow = collector();
    if (!collectNow) return;
    collectNow();
    this.collected += 1;
    this.live = heapUsed();
  }
}
