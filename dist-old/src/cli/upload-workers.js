import { portableSource } from './folder-sessions.js';
import { WorkerPool } from './worker-pool.js';
export function startUploadWorkers(threads, data) {
    const pool = new WorkerPool(new URL('./upload-worker.js', import.meta.url), threads, data);
    return {
        prepare(source) {
            const task = portableSource(source);
            return task && pool.run(task).then((units) => units.map(withBuffer));
        },
        close: () => pool.close(),
    };
}
/** A body that crossed from a worker thread arrives as a plain Uint8Array: a Buffer again, over the same bytes. */
function withBuffer(unit) {
    if (!('prepared' in unit))
        return unit;
    const body = unit.prepared.gzipped;
    return { ...unit, prepared: { ...unit.prepared, gzipped: Buffer.from(body.buffer, body.byteOffset, body.byteLength) } };
}
//# sourceMappingURL=upload-workers.js.map