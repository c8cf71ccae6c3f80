/** The worker thread of document-pool.ts: prepares one document per message. */
import { parentPort } from 'node:worker_threads';
import { prepareDocument } from './prepare.js';
parentPort?.on('message', (message) => {
    const prepared = prepareDocument(message.json);
    const transfer = prepared.kind === 'ok' && isWholeBuffer(prepared.bytes) ? [prepared.bytes.buffer] : [];
    parentPort.postMessage({ id: message.id, prepared }, transfer);
});
function isWholeBuffer(bytes) {
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}
//# sourceMappingURL=document-worker.js.map