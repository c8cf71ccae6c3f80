/** Shared by the server tests: valid Transcript documents, temp data dirs, and the OpenAPI check of every answer. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { COMPONENT_SCHEMAS, openApiDocument, type ComponentName } from '../src/api/openapi.js';

const created: string[] = [];

export function tempDataDir(label = 'atx-serve-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), label));
  created.push(dir);
  return dir;
}

/** For afterAll: removes every dir tempDataDir() made in this test file. */
export function removeTempDataDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A small valid Transcript; `events` user messages, optional overrides merged at the top level. */
export function transcript(options: {
  id?: string; keyId?: string | null; events?: number; text?: string; agent?: string; startedAt?: string | null; sessionId?: string; profile?: string;
} = {}): Record<string, unknown> {
  const count = options.events ?? 2;
  return {
    schemaVersion: '0.1.0',
    transcriptId: options.id ?? randomUUID(),
    source: {
      agent: options.agent ?? 'claude-code', agentVersion: '1.0.0', adapter: 'claude-code', adapterVersion: '1',
      ...(options.sessionId ? { nativeSessionId: options.sessionId } : {}),
    },
    session: { startedAt: options.startedAt === undefined ? '2026-01-01T00:00:00Z' : options.startedAt, endedAt: null, capturedAt: '2026-01-02T00:00:00Z', environment: {} },
    submitter: { keyId: options.keyId ?? null, pseudonym: null, identityLinked: false },
    privacy: { profile: options.profile ?? 'standard', redactionApplied: true, anonymizationApplied: false, rulesApplied: [], redactionCount: 0, contentPolicy: { includeFileContents: true, toolOutput: 'full' } },
    metrics: { eventCount: count, messageCount: count, toolCallCount: 0, durationMs: null },
    events: Array.from({ length: count }, (_, i) => ({
      id: `ev_${i + 1}`, seq: i + 1, timestamp: null, type: 'user_message', role: 'user', text: options.text ?? `message ${i + 1}`,
    })),
  };
}

export function bytesOf(document: unknown): Buffer {
  return Buffer.from(JSON.stringify(document));
}

/**
 * A gzip stream that inflates to `inflatedBytes` bytes of `fill` (zeros by default; a space makes
 * it JSON whitespace, which a scanner must read to the end), built from concatenated gzip members
 * (valid gzip), so making a 1 GiB bomb costs milliseconds and about 1 MiB.
 */
export function gzipBomb(inflatedBytes: number, fill = 0): Buffer {
  const memberSize = 16 * 1024 * 1024;
  const member = gzipSync(Buffer.alloc(memberSize, fill), { level: 9 });
  return Buffer.concat(Array.from({ length: Math.ceil(inflatedBytes / memberSize) }, () => member));
}

const DOCUMENT = openApiDocument() as {
  paths: Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { schema: { $ref: string } } }; headers?: Record<string, unknown> }> }>>;
};

/** The path template in the OpenAPI document that a concrete path falls under, if any. */
function templateOf(pathname: string): string | null {
  for (const template of Object.keys(DOCUMENT.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(pathname)) return template;
  }
  return null;
}

/**
 * Asserts the answer is one the OpenAPI document declares: the status is listed for this path and
 * method, the body parses with the schema the document names, and declared headers are present.
 * A path outside the document must answer 404, a method outside it 405 with Allow, both as Error.
 */
export function expectDeclared(method: string, url: string, status: number, body: unknown, headers: Headers): void {
  const pathname = new URL(url).pathname;
  const template = templateOf(pathname);
  const errorSchema = COMPONENT_SCHEMAS.Error;
  if (!template) {
    expect(status, `${method} ${pathname} is not in the document, so it must answer 404`).toBe(404);
    expect(errorSchema.safeParse(body).success).toBe(true);
    return;
  }
  const operation = DOCUMENT.paths[template]![method.toLowerCase()];
  if (!operation) {
    expect(status, `${method} ${template} is not in the document, so it must answer 405`).toBe(405);
    expect(headers.get('allow')).toBeTruthy();
    expect(errorSchema.safeParse(body).success).toBe(true);
    return;
  }
  const response = operation.responses[String(status)];
  expect(response, `${method} ${template} answered ${status}, which the OpenAPI document does not declare`).toBeDefined();
  const name = response!.content['application/json'].schema.$ref.split('/').pop() as ComponentName;
  const parsed = COMPONENT_SCHEMAS[name].safeParse(body);
  expect(parsed.success, `${method} ${template} ${status}: body does not match ${name}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(true);
  for (const header of Object.keys(response!.headers ?? {})) {
    if (header === 'Retry-After' && status !== 429) continue; // 503/507 may carry it; 429 must
    expect(headers.get(header), `${method} ${template} ${status} must carry ${header}`).toBeTruthy();
  }
}
