/** The worker thread of document-pool.ts: prepares one document per message. */
import { parentPort } from 'node:worker_threads';
import { transferable } from './document-pool.js';
import { prepareDocument } from './prepare.js';

parentPort?.on('message', (message: { id: number; json: Uint8Array }) => {
  const prepared = prepareDocument(message.json);
  const transfer = prepared.kind === 'ok' ? transferable(prepared.bytes) : [];
  parentPort!.postMessage({ id: message.id, prepared }, transfer);
});

// loaded: from now on a death is the document's doing, not the worker file's (document-pool.ts)
parentPort?.postMessage({ ready: true });
