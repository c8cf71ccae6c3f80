/**
 * The index's own thread (index-access.ts): opens the IndexDatabase and runs the operations it is
 * sent. Its batches and group commits are the IndexDatabase's own; while SQLite syncs a commit,
 * this thread waits and the requests that arrive meanwhile queue up for the next batch.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { IndexDatabase } from './database.js';
import { sendableError, type ThreadReply, type ThreadRequest } from './index-access.js';
import { runOperation, type OperationName } from './index-operations.js';
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
  const withdrawals = new Map<number, () => void>();
  port.on('message', (request: ThreadRequest) => {
    switch (request.type) {
      case 'run': {
        const job = (d: Parameters<Parameters<IndexDatabase['read']>[0]>[0]) => runOperation(d, request.name as OperationName, request.args as never);
        // a read's answer carries the epoch of its own batch (a later batch may have moved on by the time it is sent)
        const done = request.mode === 'read' ? db.readVersioned(job) : db.transaction(job).then((value) => ({ value, epoch: -1 }));
        done.then(
          (answer) => reply({ type: 'done', id: request.id, ok: true, answer, ...db.unlockState() }),
          (error: unknown) => reply({ type: 'done', id: request.id, ok: false, error: sendableError(error), ...db.unlockState() }),
        );
        return;
      }
      case 'expect':
        withdrawals.set(request.token, db.expectTransaction());
        return;
      case 'withdraw':
        withdrawals.get(request.token)?.();
        withdrawals.delete(request.token);
        return;
      case 'close':
        db.close();
        reply({ type: 'closed' });
        port.close();
    }
  });
  reply({ type: 'ready' });
}

void main();
