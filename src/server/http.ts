/**
 * Writing answers: every body goes through its contract schema (src/api/contract.ts) on the way
 * out, so the server cannot answer something the client and the OpenAPI document do not expect.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { ERROR_STATUS, ErrorBodySchema, type ErrorCode } from '../api/contract.js';

export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = ERROR_STATUS[code];
  }
}

/** The client went away before its request was complete: there is nobody to answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection');
    this.name = 'ClientGoneError';
  }
}

export function sendJson<S extends z.ZodType>(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  schema: S,
  body: z.input<S>,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(schema.parse(body));
  send(req, res, status, text, headers);
}

export function sendError(req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  const body = { error: { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) } };
  sendJson(req, res, error.status, ErrorBodySchema, body, error.headers);
}

function send(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  const bodyUnread = !req.complete;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(bodyUnread ? { connection: 'close' } : {}),
    ...headers,
  });
  res.end(text);
  if (bodyUnread) lingerThenClose(req);
}

const LINGER_BYTES = 8 * 1024 * 1024;
const LINGER_MS = 2_000;

/**
 * An answer sent before the request body was read (401, 413, 415, ...): keep reading and
 * discarding a bounded amount so a client still sending gets to read the answer instead of a
 * connection reset, then close. Never reads an unbounded body.
 */
function lingerThenClose(req: IncomingMessage): void {
  const socket = req.socket;
  let discarded = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) socket.destroy();
  });
  req.on('end', () => clearTimeout(timer));
  req.on('error', () => {});
  req.resume();
}
