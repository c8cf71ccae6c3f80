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
let collect;
function collector() {
    if (collect !== undefined)
        return collect;
    try {
        v8.setFlagsFromString('--expose-gc');
        collect = vm.runInNewContext('gc');
    }
    catch {
        collect = null;
    }
    return collect;
}
const heapUsed = () => v8.getHeapStatistics().used_heap_size;
export class MemoryGovernor {
    sinceCheck = 0;
    /** what the last full collection left (0 before the first) */
    live = 0;
    collected = 0;
    /** how many full collections it asked for */
    get collections() {
        return this.collected;
    }
    /** Call as input is read. */
    read(bytes) {
        this.sinceCheck += bytes;
        if (this.sinceCheck < CHECK_EVERY_BYTES)
            return;
        this.sinceCheck = 0;
        if (heapUsed() < this.live + GROWTH_BEFORE_COLLECT)
            return;
        const collectNow = collector();
        if (!collectNow)
            return;
        collectNow();
        this.collected += 1;
        this.live = heapUsed();
    }
}
//# sourceMappingURL=memory.js.map