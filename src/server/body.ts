/**
 * Reading a request body without trusting it: a cap on the bytes on the wire (checked against
 * Content-Length first, then counted while streaming), gzip inflated as a stream with a cap on the
 * inflated bytes (a gzip bomb stops at the cap, never inflated in full), and a deadline. The
 * document's bytes go to a consumer as they arrive (the budget scanner), which may refuse them at
 * any point by throwing: reading stops there.
 *
 * A small gzip body (the usual session: tens of KB, sent to this machine as stored blocks) is
 * inflated at once when it has arrived, with a cap on what it may inflate to: streamed, each chunk
 * was a round trip to libuv's pool and a stream's callbacks, several times the inflating itself.
 * One that would inflate past the cap (a bomb, or a large document) is inflated as a stream after
 * all, so every limit and answer is the streamed one.
 */
import type { IncomingMessage } from 'node:http';
import { createGunzip, type Gunzip, gunzipSync } from 'node:zlib';
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
/** zlib's smallest output chunk */
const MIN_INFLATE_CHUNK_BYTES = 64;
/** gzip bodies of at most this many bytes (Content-Length) are inflated at once ... */
const AT_ONCE_WIRE_BYTES = 256 * 1024;
/** ... to at most this many bytes (memory reserved while it is held); past it they are streamed */
const AT_ONCE_INFLATED_BYTES = 1024 * 1024;

/** Memory held while a body is inflated at once (the in-flight budget: in-flight.ts). */
export interface InflateReservation {
  reserve(bytes: number): boolean;
  release(bytes: number): void;
}

/**
 * The output chunk for inflating `body` at once: the size its gzip trailer announces (ISIZE, the
 * last member's length mod 2^32), plus one byte so that a body of exactly that size does not make
 * zlib start a second chunk. One allocation instead of a 16 KiB chunk per 16 KiB and a copy joining
 * them. The trailer is the sender's word only: a wrong one costs more chunks (or a chunk as large
 * as the cap, which is reserved already), never a wrong answer, since maxOutputLength still holds.
 */
function inflateChunkBytes(body: Buffer, cap: number): number {
  const announced = body.length >= 18 ? body.readUInt32LE(body.length - 4) : 0;
  return Math.max(MIN_INFLATE_CHUNK_BYTES, Math.min(cap, announced + 1));
}

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
  memory?: InflateReservation,
): Promise<void> {
  const maxWire = wireLimit(limits, encoding);
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const atOnce = encoding === 'gzip' && memory !== undefined && declared <= AT_ONCE_WIRE_BYTES;
  return new Promise<void>((resolve, reject) => {
    let wireBytes = 0;
    let documentBytes = 0;
    let settled = false;
    let gunzip: Gunzip | null = null;
    /** the wire bytes of a body inflated at once, until it has arrived */
    const held: Buffer[] = [];

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
        finish(tooLarge(encoding === 'gzip' ? 'the inflated body' : 'the body', limits.maxTranscriptBytes, 'document_bytes'));
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
      if (atOnce) held.push(chunk);
      else if (gunzip) gunzip.write(chunk);
      else collect(chunk);
    };
    const onEnd = () => {
      if (atOnce) inflateHeld();
      else if (gunzip) gunzip.end();
      else finish(null);
    };
    /** Inflates the held body in one call; one over the cap goes through the stream instead. */
    const inflateHeld = () => {
      const body = held.length === 1 ? held[0]! : Buffer.concat(held);
      held.length = 0;
      const cap = Math.min(AT_ONCE_INFLATED_BYTES, limits.maxTranscriptBytes);
      let inflated: Buffer | null = null;
      if (memory!.reserve(cap)) {
        try {
          inflated = gunzipSync(body, { maxOutputLength: cap, chunkSize: inflateChunkBytes(body, cap) });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') {
            memory!.release(cap);
            finish(new HttpError('bad_request', 'the body is not valid gzip (Content-Encoding: gzip)'));
            return;
          }
        }
        memory!.release(cap);
      }
      if (inflated === null) {
        streamed().end(body); // over the cap, or no memory for it now: streamed, chunk by chunk
        return;
      }
      collect(inflated);
      finish(null);
    };
    const onClose = () => {
      if (!req.complete) finish(new ClientGoneError());
    };
    const timer = setTimeout(() => {
      finish(new HttpError('request_timeout', `the body did not arrive within ${Math.round(limits.timeoutMs / 1000)} s`));
    }, limits.timeoutMs);

    const streamed = (): Gunzip => {
      gunzip = createGunzip({ chunkSize: INFLATE_CHUNK_BYTES });
      gunzip.on('data', collect);
      gunzip.on('end', () => finish(null));
      gunzip.on('error', () => finish(new HttpError('bad_request', 'the body is not valid gzip (Content-Encoding: gzip)')));
      return gunzip;
    };
    if (encoding === 'gzip' && !atOnce) streamed();
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', () => finish(new ClientGoneError()));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
