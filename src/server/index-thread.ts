/**
 * The index's own thread (index-access.ts): opens the IndexDatabase and runs the operations it is
 * sent, a batch per message (index-access.ts waits for announced transactions before sending).
 * While SQLite syncs a commit, this thread waits and the batches that arrive meanwhile queue up
 * for the next commit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { IndexDatabase } from './database.js';
import { sendableError, type ThreadReply, type ThreadRequest, type ThreadResult } from './index-access.js';
import { runOperation } from './index-operations.js';
import { OwnerRegistry } from './owners.js';

interface ThreadData {
  path: string;
  ownersDir: string;
  busyTimeoutMs?: number;
  staleLockMs?: number;
}

const port = parentPort!;
const data = workerData as ThreadData;
const reply = (message: ThreadReply) => port.postMessage(message);

async function main(): Promise<void> {
  let db: IndexDatabase;
  try {
    db = await IndexDatabase.open(data.path, {
      owners: new OwnerRegistry(data.ownersDir),
      log: (line) => reply({ type: 'log', line }),
      ...(data.busyTimeoutMs !== undefined ? { busyTimeoutMs: data.busyTimeoutMs } : {}),
      ...(data.staleLockMs !== undefined ? { staleLockMs: data.staleLockMs } : {}),
    });
  } catch (error) {
    reply({ type: 'failed', error: sendableError(error) });
    return;
  }
  port.on('message', (request: ThreadRequest) => {
    switch (request.type) {
      case 'batch': {
        // issued together, in one turn: the IndexDatabase runs them as one batch (one lock, one commit)
        const results = request.jobs.map((job): Promise<ThreadResult> => {
          const run = (d: Parameters<Parameters<IndexDatabase['read']>[0]>[0]) => runOperation(d, job.name, job.args as never);
          // a read's answer carries the epoch of its own batch
          const done = job.mode === 'read' ? db.readVersioned(run) : db.transaction(run).then((value) => ({ value, epoch: -1 }));
          return done.then(
            (answer) => ({ id: job.id, ok: true, answer }),
            (error: unknown) => ({ id: job.id, ok: false, error: sendableError(error) }),
          );
        });
        void Promise.all(results).then((settled) => reply({ type: 'done', results: settled, ...db.unlockState() }));
        return;
      }
      case 'close':
        db.close();
        reply({ type: 'closed' });
        port.close();
    }
  });
  reply({ type: 'ready' });
}

void main();
