import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, FailingPathSchema, StoredSchema } from '../src/api/contract.js';
import { errorBodyOf, failingPathOf, surelyStored } from '../src/upload/answer-bodies.js';

const stored = {
  transcriptId: 'b1c2', status: 'stored', url: '/v1/transcripts/b1c2', storedAt: '2026-11-27T17:00:00.000Z', bytes: 1200, eventCount: 14,
  digest: 'a'.repeat(64), version: 2,
};

/** Variants of a Stored answer: one member changed (undefined: removed) at a time, and whole bodies. */
function storedVariants(): unknown[] {
  const changes: Array<[string, unknown[]]> = [
    ['transcriptId', [undefined, 7, null, '']],
    ['status', [undefined, 'Stored', 'queued', null]],
    ['url', [undefined, 3, '']],
    ['storedAt', [undefined, '', 'yesterday', '2026-11-27T17:00:00Z', '2026-11-27T17:00:00.000+01:00', '2026-02-30T00:00:00.000Z',
      '2026-11-27T24:00:00.000Z', '2024-02-29T23:59:59.999Z', '2023-02-29T12:00:00.000Z', '2026-13-01T00:00:00.000Z', '2026-11-27 17:00:00.000Z', 0]],
    ['bytes', [undefined, -1, 1.5, '12', 2 ** 60, 0, null]],
    ['eventCount', [undefined, -3, 0.1, 0]],
    ['digest', [undefined, 'A'.repeat(64), 'a'.repeat(63), null, 12, '0123456789abcdef'.repeat(4)]],
    ['version', [undefined, 0, -1, 1.5, 1, null, '2']],
  ];
  const variants: unknown[] = [stored, { ...stored, extra: 'dropped' }, null, [], 'stored', 201, [stored]];
  for (const [name, values] of changes) {
    for (const value of values) {
      const variant: Record<string, unknown> = { ...stored };
      if (value === undefined) delete variant[name];
      else variant[name] = value;
      variants.push(variant);
    }
  }
  return variants;
}

describe('answer bodies read without zod', () => {
  it('surelyStored never accepts what StoredSchema refuses, and gives what it gives', () => {
    let sure = 0;
    for (const body of storedVariants()) {
      const parsed = StoredSchema.safeParse(body);
      const mine = surelyStored(body);
      if (mine === null) continue;
      sure++;
      expect(parsed.success, JSON.stringify(body)).toBe(true);
      expect(mine).toEqual(parsed.data);
    }
    expect(sure).toBeGreaterThan(10);
  });

  it('surelyStored is sure of what atx serve answers', () => {
    const answer = { ...stored, storedAt: new Date().toISOString() };
    expect(surelyStored(answer)).toEqual(StoredSchema.parse(answer));
    const { digest: _digest, version: _version, ...older } = stored;
    expect(surelyStored(older)).toEqual(StoredSchema.parse(older));
  });

  it('errorBodyOf and failingPathOf agree with their schemas', () => {
    const errors: unknown[] = [
      { error: { code: 'conflict', message: 'taken' } },
      { error: { code: 'invalid_transcript', message: 'bad', details: [{ path: 'events.1', message: 'x' }] } },
      { error: { code: 'x', message: 'y', details: null, more: 1 }, other: true },
      { error: { code: 1, message: 'y' } }, { error: { code: 'x' } }, { error: [] }, { error: null }, {}, null, [], 'error',
    ];
    for (const body of errors) {
      const parsed = ErrorBodySchema.safeParse(body);
      expect(errorBodyOf(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data.error : null);
    }
    const paths: unknown[] = [{ path: 'a.b', message: 'm' }, { path: 'a', message: 'm', extra: 2 }, { path: 1, message: 'm' }, { message: 'm' }, null, ['a', 'm'], 'a.b'];
    for (const item of paths) {
      const parsed = FailingPathSchema.safeParse(item);
      expect(failingPathOf(item), JSON.stringify(item)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
