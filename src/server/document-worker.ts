/** The worker thread of document-pool.ts: prepares one document per message. */
import { parentPort } from 'node:worker_threads';
import { prepareDocument } from './prepare.js';

parentPort?.on('message', (message: { id: number; json: Uint8Array }) => {
  const prepared = prepareDocument(message.json);
  const transfer = prepared.kind === 'ok' && isWholeBuffer(prepared.bytes) ? [prepared.bytes.buffer as ArrayBuffer] : [];
  parentPort!.postMessage({ id: message.id, prepared }, transfer);
});

// loaded: from now on a death is the document's doing, not the worker file's (document-pool.ts)
parentPort?.postMessage({ ready: true });

function isWholeBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}
