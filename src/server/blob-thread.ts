/** A blob thread (blobs.ts): writes the blobs it is sent, one at a time, with synchronous calls (blob-files.ts). */
import { parentPort } from 'node:worker_threads';
import { writeBlobFile } from './blob-files.js';
import { sendableError, type SentError } from './thread-errors.js';

export interface BlobRequest {
  id: number;
  dir: string;
  name: string;
  bytes: Uint8Array;
}

export type BlobReply = { id: number; ok: true } | { id: number; ok: false; error: SentError };

const folders = new Set<string>();

parentPort?.on('message', (request: BlobRequest) => {
  let reply: BlobReply;
  try {
    writeBlobFile(request.dir, request.name, request.bytes, folders);
    reply = { id: request.id, ok: true };
  } catch (error) {
    reply = { id: request.id, ok: false, error: sendableError(error) };
  }
  parentPort!.postMessage(reply);
});
