import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '../src/api/contract.js';
import { COMPONENT_SCHEMAS, openApiDocument } from '../src/api/openapi.js';
import { ROOT } from './support/cli-process.js';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> }>>;
  components: { schemas: Record<string, unknown> };
};

describe('OpenAPI document', () => {
  it('the committed schema/openapi.json is current (regenerate: npm run build && node dist/bin/atx.js serve openapi > schema/openapi.json)', () => {
    const committed = JSON.parse(readFileSync(join(ROOT, 'schema/openapi.json'), 'utf8')) as unknown;
    expect(committed).toEqual(openApiDocument());
  });

  it('is OpenAPI 3.1 whose every $ref resolves, whose components are the contract schemas, and whose every error status has a code', () => {
    const document = openApiDocument() as Document;
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components.schemas).sort()).toEqual(Object.keys(COMPONENT_SCHEMAS).sort());
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const name = /#\/components\/schemas\/(\w+)"/.exec(ref)?.[1];
      expect(name && document.components.schemas[name], ref).toBeTruthy();
    }
    const statuses = new Set(Object.values(ERROR_STATUS));
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('500');
        for (const status of Object.keys(operation.responses).map(Number).filter((s) => s >= 400)) {
          expect(statuses.has(status), `${method} ${path} ${status} has an error code`).toBe(true);
        }
        const authenticated = path.startsWith('/v1/transcripts');
        expect(operation.security.length > 0, `${method} ${path} security`).toBe(authenticated);
        if (authenticated) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
      }
    }
    expect(new Set(Object.keys(ERROR_STATUS))).toEqual(new Set(ERROR_CODES));
  });
});
