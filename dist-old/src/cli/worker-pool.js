/**
 * A fixed set of worker threads that take tasks from one queue. Tasks here are whole sessions
 * (one file read, converted and written per task), so a plain queue is all the scheduling needed:
 * no library, no time slicing, no task cancellation (an interrupt ends the process).
 */
import { Worker } from 'node:worker_threads';
export class WorkerPool {
    idle = [];
    queue = [];
    pending = new Map();
    busy = new Map();
    workers = [];
    nextId = 0;
    broken;
    closing = false;
    constructor(script, size, workerData) {
        for (let n = 0; n < size; n++) {
            const worker = new Worker(script, { workerData });
            worker.on('message', (reply) => this.settle(worker, reply));
            worker.on('error', (error) => this.fail(error));
            worker.on('exit', (code) => {
                if (code !== 0 && !this.closing)
                    this.fail(new Error(`a worker thread stopped with code ${code}`));
            });
            this.workers.push(worker);
            this.idle.push(worker);
        }
    }
    run(task) {
        if (this.broken)
            return Promise.reject(this.broken);
        const id = this.nextId++;
        const done = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
        this.queue.push({ id, task });
        this.dispatch();
        return done;
    }
    async close() {
        this.closing = true;
        await Promise.all(this.workers.map((worker) => worker.terminate()));
    }
    dispatch() {
        while (this.idle.length > 0 && this.queue.length > 0) {
            const worker = this.idle.pop();
            const { id, task } = this.queue.shift();
            this.busy.set(worker, id);
            worker.postMessage({ id, task });
        }
    }
    settle(worker, reply) {
        const waiting = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        this.busy.delete(worker);
        this.idle.push(worker);
        if (reply.crash !== undefined)
            waiting?.reject(new Error(reply.crash));
        else
            waiting?.resolve(reply.result);
        this.dispatch();
    }
    /** A worker that died takes the run with it: every waiting task fails with the reason. */
    fail(error) {
        this.broken ??= error;
        for (const waiting of this.pending.values())
            waiting.reject(error);
        this.pending.clear();
        this.queue.length = 0;
    }
}
//# sourceMappingURL=worker-pool.js.map