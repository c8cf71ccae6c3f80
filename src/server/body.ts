/**
 * Reading a request body without trusting it: a cap on the bytes on the wire (checked against
 * Content-Length first, then counted while streaming), gzip inflated as a stream with a cap on the
 * inflated bytes (a gzip bomb stops at the cap, never inflated in full), and a deadline. The
 * document's bytes go to a consumer as they arrive (the budget scanner), which may refuse them at
 * any point by throwing: reading stops there.
 */
import type { IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';
import type { LimitName } from '../api/contract.js';
import { ClientGoneError, HttpError } from './http.js';

export interface BodyLimits {
  /** bytes on the wire (compressed, when gzip) */
  maxBodyBytes: number;
  /** bytes of the JSON document itself (after inflating) */
  maxTranscriptBytes: number;
  timeoutMs: number;
}

export type BodyEncoding = 'identity' | 'gzip';

/**
 * Inflated bytes per chunk: each chunk costs a round trip from the zlib thread and a callback here,
 * which at zlib's default 16 KiB took more of the event loop than the inflating itself took of the
 * pool; at 64 KiB a typical session arrives in one or two chunks. A gzip bomb still stops within a
 * chunk of the document limit.
 */
const INFLATE_CHUNK_BYTES = 64 * 1024;

/** Content-Encoding: identity or gzip (x-gzip too), else null. */
export function bodyEncoding(header: string | undefined): BodyEncoding | null {
  const value = (header ?? '').trim().toLowerCase();
  if (value === '' || value === 'identity') return 'identity';
  if (value === 'gzip' || value === 'x-gzip') return 'gzip';
  return null;
}

/** The wire limit for this encoding; a plain body is the document, so both caps apply to it. */
export function wireLimit(limits: BodyLimits, encoding: BodyEncoding): number {
  return encoding === 'gzip' ? limits.maxBodyBytes : Math.min(limits.maxBodyBytes, limits.maxTranscriptBytes);
}

export function tooLarge(what: string, limitBytes: number, limit: Extract<LimitName, 'body_bytes' | 'document_bytes'> = 'body_bytes'): HttpError {
  return new HttpError('payload_too_large', `${what} is larger than this server accepts (${limitBytes} bytes)`, { limitBytes, limit });
}

/** Thrown into a body read when the server shuts down: the request is abandoned, its socket cut. */
export class ShutdownError extends Error {
  constructor() {
    super('the server is shutting down');
    this.name = 'ShutdownError';
  }
}

export function readBody(
  req: IncomingMessage,
  limits: BodyLimits,
  encoding: BodyEncoding,
  onWireBytes: (total: number) => void,
  consume: (chunk: Buffer) => void,
  signal: AbortSignal,
): Promise<void> {
  const maxWire = wireLimit(limits, encoding);
  return new Promise<void>((resolve, reject) => {
    let wireBytes = 0;
    let documentBytes = 0;
    let settled = false;
    const gunzip = encoding === 'gzip' ? createGunzip({ chunkSize: INFLATE_CHUNK_BYTES }) : null;

    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      signal.removeEventListener('abort', onAbort);
      if (gunzip) {
        gunzip.removeAllListeners('data');
        if (error) gunzip.destroy();
      }
      if (error) reject(error);
      else resolve();
    };
    const collect = (chunk: Buffer) => {
      if (settled) return;
      documentBytes += chunk.length;
      if (documentBytes > limits.maxTranscriptBytes) {
        finish(tooLarge(gunzip ? 'the inflated body' : 'the body', limits.maxTranscriptBytes, 'document_bytes'));
        return;
      }
      try {
        consume(chunk);
      } catch (error) {
        finish(error as Error);
      }
    };
    const onAbort = () => {
      finish(new ShutdownError());
      req.socket.destroy();
    };
    const onData = (chunk: Buffer) => {
      if (settled) return;
      wireBytes += chunk.length;
      onWireBytes(wireBytes);
      if (wireBytes > maxWire) {
        finish(tooLarge('the body', maxWire));
        return;
      }
      if (gunzip) gunzip.write(chunk);
      else collect(chunk);
    };
    const onEnd = () => {
      if (gunzip) gunzip.end();
      else finish(null);
    };
    const onClose = () => {
      if (!req.complete) finish(new ClientGoneError());
    };
    const timer = setTimeout(() => {
      finish(new HttpError('request_timeout', `the body did not arrive within ${Math.round(limits.timeoutMs / 1000)} s`));
    }, limits.timeoutMs);

    if (gunzip) {
      gunzip.on('data', collect);
      gunzip.on('end', () => finish(null));
      gunzip.on('error', () => finish(new HttpError('bad_request', 'the body is not valid gzip (Content-Encoding: gzip)')));
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', () => finish(new ClientGoneError()));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
