/**
 * `redaction/` describes the part of a Transcript it touches in its own types
 * (`redaction/transcript-shape.ts`) so that it imports nothing from `src/`. These checks keep
 * those types and the model (`src/transcript/schema.ts`) in agreement: `tsc -p
 * tsconfig.test.json` fails when they drift; the runtime part checks the import rule itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as Shape from '../redaction/transcript-shape.js';
import type * as Model from '../src/transcript/index.js';

describe('redaction/ and the Transcript model agree', () => {
  it('receipts have the same shape both ways', () => {
    expectTypeOf<Model.Redaction>().toEqualTypeOf<Shape.Redaction>();
    expectTypeOf<Model.Withheld>().toMatchTypeOf<Shape.Withheld>();
    expectTypeOf<Shape.Withheld>().toMatchTypeOf<Model.Withheld>();
    expectTypeOf<Model.Privacy>().toMatchTypeOf<Shape.Privacy>();
    expectTypeOf<Shape.Privacy>().toMatchTypeOf<Model.Privacy>();
    expectTypeOf<Model.Submitter>().toMatchTypeOf<Shape.Submitter>();
    expectTypeOf<Shape.Submitter>().toMatchTypeOf<Model.Submitter>();
  });

  it('every event and header of the model is one the redactor accepts', () => {
    expectTypeOf<Model.TranscriptEvent>().toMatchTypeOf<Shape.RedactableEvent>();
    expectTypeOf<Model.TranscriptHeader>().toMatchTypeOf<Shape.RedactableHeader>();
    expectTypeOf<Model.Environment>().toMatchTypeOf<Shape.RedactableEnvironment>();
  });
});

describe('redaction/ stands alone', () => {
  const root = join(import.meta.dirname, '..', 'redaction');
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);

  it('no module under redaction/ imports from src/ (or anything outside redaction/ but node: and packages)', () => {
    const offending: string[] = [];
    for (const file of files(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
        const target = match[1]!;
        if (!target.startsWith('.')) continue;
        const resolved = join(file, '..', target);
        if (!resolved.startsWith(root)) offending.push(`${file.slice(root.length + 1)} → ${target}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
