/**
 * One upload's body, read within its cost budget: the bytes go through the budget scanner as they
 * arrive (json-scanner.ts), and what comes out is the document's compact JSON, which passed every
 * limit and is ready for its one parse (prepare.ts). Each way of failing becomes the answer the
 * contract names.
 */
import type { IncomingMessage } from 'node:http';
import { readBody, type BodyEncoding, type BodyLimits } from './body.js';
import { HttpError } from './http.js';
import type { BodyTicket } from './in-flight.js';
import {
  DocumentLimitError, DuplicateKeyError, JsonBudgetScanner, JsonSyntaxError, MemoryBudgetError, type DocumentLimits, type EventsLayout,
} from './json-scanner.js';

/** The compact JSON, and where its events are in it (prepare.ts parses them one by one). */
export interface ReadDocument {
  json: Uint8Array;
  events: EventsLayout | undefined;
}

/**
 * Memory charged for the parse, per byte of compact JSON: the text as a string, the parsed values
 * and the copies on their way to and from the worker. A rough upper bound, measured on transcripts.
 */
const PARSE_COST_PER_BYTE = 3;

export async function readDocument(
  req: IncomingMessage,
  limits: BodyLimits & DocumentLimits,
  encoding: BodyEncoding,
  ticket: BodyTicket,
  signal: AbortSignal,
  onWireBytes: (total: number) => void,
): Promise<ReadDocument> {
  try {
    const scanner = new JsonBudgetScanner(limits, ticket);
    await readBody(req, limits, encoding, onWireBytes, (chunk) => scanner.write(chunk), signal, ticket);
    scanner.end();
    if (!ticket.reserve(scanner.keptBytes * PARSE_COST_PER_BYTE)) throw new MemoryBudgetError();
    return { events: scanner.eventsLayout(), json: scanner.takeBytes() };
  } catch (error) {
    throw asAnswer(error);
  }
}

/** Paths are made of the document's keys: shown, but never at length. */
function shortPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

function asAnswer(error: unknown): unknown {
  if (error instanceof DocumentLimitError) {
    const path = shortPath(error.path);
    return new HttpError('payload_too_large', `the document is over this server's ${error.limit} limit (${error.max}) at ${path}`,
      { limit: error.limit, max: error.max, path });
  }
  if (error instanceof DuplicateKeyError) {
    const path = shortPath(error.path);
    return new HttpError('invalid_transcript', `the body has a duplicate key at ${path}`,
      [{ path, message: 'duplicate key: each key may appear once in an object' }]);
  }
  if (error instanceof JsonSyntaxError) {
    return new HttpError('bad_request', error.kind === 'utf8'
      ? `the body is not valid UTF-8 (${error.message})`
      : `the body is not valid JSON (${error.message})`, { offset: error.offset });
  }
  if (error instanceof MemoryBudgetError) {
    return new HttpError('unavailable', 'the server has too many large uploads in flight; try again shortly',
      { retryAfterSeconds: 2, limit: 'memory_in_flight' }, { 'retry-after': '2' });
  }
  return error;
}
