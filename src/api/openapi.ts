/**
 * The upload API as an OpenAPI 3.1 document, generated from the same zod schemas the server
 * writes and the client reads (contract.ts, transcript/schema.ts). schema/openapi.json is a
 * committed copy; a test fails when it differs from what this module builds.
 */
import { z } from 'zod';
import { TranscriptSchema } from '../transcript/index.js';
import {
  DeletedSchema, ERROR_CODES, ErrorBodySchema, HealthSchema, IDEMPOTENCY_HEADER, LIST_LIMIT, ListSchema, PATHS, StoredSchema,
} from './contract.js';

/** Each schema under components.schemas, by name; tests check answers against these. */
export const COMPONENT_SCHEMAS = {
  Transcript: TranscriptSchema,
  Stored: StoredSchema,
  TranscriptList: ListSchema,
  Deleted: DeletedSchema,
  Health: HealthSchema,
  Error: ErrorBodySchema,
  OpenApiDocument: z.record(z.string(), z.unknown()),
} as const;
export type ComponentName = keyof typeof COMPONENT_SCHEMAS;

interface ResponseSpec {
  description: string;
  schema: ComponentName;
  headers?: readonly ('Location' | 'Retry-After')[];
}

interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  authenticated: boolean;
  parameters?: readonly object[];
  requestBody?: object;
  responses: Readonly<Record<number, ResponseSpec>>;
}

const error = (description: string, headers?: ResponseSpec['headers']): ResponseSpec => ({ description, schema: 'Error', ...(headers ? { headers } : {}) });

const AUTH_ERRORS: Readonly<Record<number, ResponseSpec>> = {
  401: error('unauthorized: no key, a malformed key, an unknown key id or a wrong secret (the message names the key id used)'),
  403: error('forbidden: the key was revoked'),
  429: error('rate_limited: too many requests for this key; retry after Retry-After seconds (also details.retryAfterSeconds)', ['Retry-After']),
};
const SERVER_ERRORS: Readonly<Record<number, ResponseSpec>> = {
  500: error('internal: a server bug; retry with backoff'),
  503: error('unavailable: the server is shutting down, too many upload bodies or too much memory are in flight (details.limit: concurrent_bodies, memory_in_flight), or its index stayed locked; retry after Retry-After seconds', ['Retry-After']),
};
const transcriptIdParameter = {
  name: 'transcriptId', in: 'path', required: true, description: 'the transcriptId of a transcript this key stored',
  schema: { type: 'string' },
};

/** Every endpoint and every status it can answer. */
export const OPERATIONS: Readonly<Record<string, Readonly<Record<'get' | 'post' | 'delete', OperationSpec | undefined>>>> = {
  [PATHS.transcripts]: {
    post: {
      operationId: 'uploadTranscript',
      summary: 'store one Transcript',
      description: 'Validates the document against the Transcript schema and stores it atomically as the current version of its session: a session is (the key, source.agent, source.nativeSessionId), or the transcriptId when the Transcript names no native session. The same content as a stored version (ignoring session.capturedAt) is an idempotent replay (200, its version); an upload whose events are exactly the first events of the stored version, under the same profile, is stale (409 stale_version); any other content (a grown session, another profile) is stored as the next version (201), replacing the current one.',
      authenticated: true,
      parameters: [
        { name: 'Idempotency-Key', in: 'header', required: false, description: `the document's transcriptId; sent on every retry (header ${IDEMPOTENCY_HEADER})`, schema: { type: 'string' } },
        { name: 'Content-Encoding', in: 'header', required: false, schema: { type: 'string', enum: ['gzip', 'identity'] } },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: ref('Transcript') } } },
      responses: {
        201: { description: 'stored; Location is the transcript\'s path', schema: 'Stored', headers: ['Location'] },
        200: { description: 'replayed: this content was already stored (the answer names that version)', schema: 'Stored' },
        400: error('bad_request: the body is not JSON or not gzip, or Idempotency-Key differs from the body\'s transcriptId'),
        ...AUTH_ERRORS,
        408: error('request_timeout: the body did not arrive in time'),
        409: error('conflict: this transcriptId already names another stored session; stale_version: the upload is older than the stored version of its session (details.version, details.eventCount)'),
        413: error('payload_too_large: a limit checked as the body arrives was passed; details.limit names it (body_bytes, document_bytes, depth, values, string_bytes, number_chars, events), details.max is its value and details.path where it was passed'),
        415: error('unsupported_media_type: Content-Type is not application/json, or Content-Encoding is not gzip or identity'),
        422: error('invalid_transcript: not a valid Transcript, or submitter.keyId is not the authenticated key; details is an array of {path, message}'),
        ...SERVER_ERRORS,
        507: error('storage_full: the server is out of space; nothing was stored; retry later', ['Retry-After']),
      },
    },
    get: {
      operationId: 'listTranscripts',
      summary: 'list the caller\'s transcripts, newest first',
      authenticated: true,
      parameters: [
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default } },
        { name: 'cursor', in: 'query', required: false, description: 'nextCursor of the previous page (opaque)', schema: { type: 'string' } },
      ],
      responses: {
        200: { description: 'one page of the caller\'s transcripts', schema: 'TranscriptList' },
        400: error('bad_request: limit out of range or a cursor this server did not give out'),
        ...AUTH_ERRORS,
        ...SERVER_ERRORS,
      },
    },
    delete: undefined,
  },
  [`${PATHS.transcripts}/{transcriptId}`]: {
    get: {
      operationId: 'getTranscript',
      summary: 'read back one transcript the caller stored',
      description: 'The stored JSON document: the uploaded document as the server validated it, without its whitespace (compact; escapes as the client wrote them: the same content, not necessarily the same bytes).',
      authenticated: true,
      parameters: [transcriptIdParameter],
      responses: {
        200: { description: 'the stored Transcript: the current version when the id is the current version\'s, else a kept earlier version with that id', schema: 'Transcript' },
        ...AUTH_ERRORS,
        404: error('not_found: this key stored no such transcript'),
        ...SERVER_ERRORS,
      },
    },
    delete: {
      operationId: 'deleteTranscript',
      summary: 'erase one transcript the caller stored',
      authenticated: true,
      parameters: [transcriptIdParameter],
      responses: {
        200: { description: 'erased: the session this transcript is a version of, every version of it (index rows and stored bytes)', schema: 'Deleted' },
        ...AUTH_ERRORS,
        404: error('not_found: this key stored no such transcript'),
        ...SERVER_ERRORS,
        507: error('storage_full: the disk is too full to record the deletion; retry later', ['Retry-After']),
      },
    },
    post: undefined,
  },
  [PATHS.health]: {
    get: {
      operationId: 'health',
      summary: 'liveness (no key needed)',
      authenticated: false,
      responses: { 200: { description: 'the server is up', schema: 'Health' }, ...SERVER_ERRORS },
    },
    post: undefined,
    delete: undefined,
  },
  [PATHS.openapi]: {
    get: {
      operationId: 'openapi',
      summary: 'this document (no key needed)',
      authenticated: false,
      responses: { 200: { description: 'the OpenAPI document', schema: 'OpenApiDocument' }, ...SERVER_ERRORS },
    },
    post: undefined,
    delete: undefined,
  },
};

function ref(name: ComponentName): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

function componentSchema(name: ComponentName): Record<string, unknown> {
  const schema = name === 'Transcript'
    ? z.toJSONSchema(TranscriptSchema, { io: 'input', unrepresentable: 'any' })
    : z.toJSONSchema(COMPONENT_SCHEMAS[name], { io: 'output', unrepresentable: 'any' });
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

const HEADER_OBJECTS = {
  Location: { description: 'path of the stored transcript', schema: { type: 'string' } },
  'Retry-After': { description: 'seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } },
} as const;

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    const item: Record<string, unknown> = {};
    for (const method of ['get', 'post', 'delete'] as const) {
      const operation = methods[method];
      if (!operation) continue;
      const responses: Record<string, unknown> = {};
      for (const status of Object.keys(operation.responses).map(Number).sort((a, b) => a - b)) {
        const spec = operation.responses[status]!;
        responses[String(status)] = {
          description: spec.description,
          ...(spec.headers ? { headers: Object.fromEntries(spec.headers.map((h) => [h, HEADER_OBJECTS[h]])) } : {}),
          content: { 'application/json': { schema: ref(spec.schema) } },
        };
      }
      item[method] = {
        operationId: operation.operationId,
        summary: operation.summary,
        ...(operation.description ? { description: operation.description } : {}),
        security: operation.authenticated ? [{ bearer: [] }] : [],
        ...(operation.parameters ? { parameters: operation.parameters } : {}),
        ...(operation.requestBody ? { requestBody: operation.requestBody } : {}),
        responses,
      };
    }
    paths[path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'agent-transcript upload API',
      version: PATHS.transcripts.split('/')[1]!,
      description: [
        'Stores Transcripts (see the Transcript schema) uploaded by `atx upload`; `atx serve` is the reference server.',
        'Errors are JSON: {"error": {"code", "message", "details"?}} with code one of ' + ERROR_CODES.join(', ') + '.',
        'A path not listed here answers 404 (not_found) and a method not listed for a path answers 405 (method_not_allowed, with an Allow header), both with the Error body.',
        'Generated from src/api/contract.ts by `atx serve openapi`; do not edit by hand.',
      ].join('\n\n'),
    },
    paths,
    components: {
      schemas: Object.fromEntries((Object.keys(COMPONENT_SCHEMAS) as ComponentName[]).map((name) => [name, componentSchema(name)])),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'atx_<keyId>_<secret>', description: 'a submission key from `atx serve keys create`' },
      },
    },
  };
}
