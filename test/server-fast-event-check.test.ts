/**
 * The server's quick check of events (fast-event-check.ts) may say "valid" only where zod's
 * EventSchema does: checked on every event of the fixtures' Transcripts, on events varied field by
 * field with values of every kind (right and wrong types, edges of the numbers, odd times), and its
 * tables against the schema's fields. prepareDocument answers as zod does either way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT, EVENT, FILE_TOUCH, MCP, META_INFO, REDACTION, surelyValidEvent, TOOL, USAGE, WITHHELD,
} from '../src/server/fast-event-check.js';
import { JsonBudgetScanner, type EventsLayout } from '../src/server/json-scanner.js';
import { prepareDocument } from '../src/server/prepare.js';
import {
  AttachmentSchema, EventSchema, FileTouchSchema, MetaInfoSchema, RedactionSchema, ToolSchema, UsageSchema, WithheldSchema,
} from '../src/transcript/schema.js';
import { bytesOf, transcript } from './server-support.js';

function expectedTranscripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return expectedTranscripts(path);
    return name.endsWith('.expected.json') ? [path] : [];
  });
}

const FIXTURE_EVENTS: unknown[] = expectedTranscripts('fixtures').flatMap((path) => {
  const document = JSON.parse(readFileSync(path, 'utf8')) as { events?: unknown };
  return Array.isArray(document.events) ? document.events : [];
});

const zodAccepts = (event: unknown) => EventSchema.safeParse(event).success;

describe('the tables', () => {
  it('name every field of the schema objects they stand for', () => {
    const sorted = (names: string[]) => [...names].sort();
    expect(sorted(EVENT.fields)).toEqual(sorted(Object.keys(EventSchema.shape)));
    expect(sorted(TOOL.fields)).toEqual(sorted(Object.keys(ToolSchema.shape)));
    expect(sorted(MCP.fields)).toEqual(sorted(Object.keys(ToolSchema.shape.mcp.unwrap().shape)));
    expect(sorted(FILE_TOUCH.fields)).toEqual(sorted(Object.keys(FileTouchSchema.shape)));
    expect(sorted(USAGE.fields)).toEqual(sorted(Object.keys(UsageSchema.shape)));
    expect(sorted(ATTACHMENT.fields)).toEqual(sorted(Object.keys(AttachmentSchema.shape)));
    expect(sorted(REDACTION.fields)).toEqual(sorted(Object.keys(RedactionSchema.shape)));
    expect(sorted(WITHHELD.fields)).toEqual(sorted(Object.keys(WithheldSchema.shape)));
    expect(sorted(META_INFO.fields)).toEqual(sorted(Object.keys(MetaInfoSchema.shape)));
  });
});

describe('surelyValidEvent', () => {
  it('takes every event of the fixtures, as zod does', () => {
    expect(FIXTURE_EVENTS.length).toBeGreaterThan(500);
    const refused = FIXTURE_EVENTS.filter((event) => !surelyValidEvent(event));
    expect(refused).toEqual([]);
    expect(FIXTURE_EVENTS.every(zodAccepts)).toBe(true);
  });

  // values of every kind a field might hold, right or wrong for it
  const numbers = [0, -0, 1, 7, -1, 1.5, 2 ** 53 - 1, 2 ** 53, 1e300, Number.NaN, Number.POSITIVE_INFINITY];
  const strings = ['', 'x', 'ok', 'error', 'shell', 'file', 'image', 'read', 'secret', 'truncated', 'tool_call', 'meta', 'user', 'tool',
    '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.123+02:00', '2026-02-29T00:00:00Z', '2024-02-29T00:00:00Z', '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00', '2026-13-01T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T00:00:00+2:00'];
  const scalar = fc.oneof(fc.constantFrom<unknown>(null, undefined, true, false, ...numbers, ...strings), fc.string({ maxLength: 4 }));
  const anyValue = fc.oneof(scalar, fc.constant([]), fc.constant({}), fc.array(scalar, { maxLength: 2 }));

  /** A valid object of this table with up to two members swapped for other values, dropped, or added. */
  function varied(base: Record<string, unknown>, nested: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<unknown> {
    const names = [...new Set([...Object.keys(base), ...Object.keys(nested), 'unknownField'])];
    const change = fc.constantFrom(...names).chain((name) => fc.tuple(fc.constant(name), nested[name] ? fc.oneof(nested[name], anyValue) : anyValue));
    const sound = fc.record(Object.fromEntries(Object.keys(nested).map((name) => [name, nested[name]!])), { requiredKeys: [] });
    const changes = fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 2, arbitrary: fc.array(change, { minLength: 1, maxLength: 2 }) });
    return fc.tuple(sound, changes).map(([inner, made]) => {
      const value: Record<string, unknown> = { ...base, ...inner };
      for (const [name, replacement] of made) {
        if (replacement === undefined) delete value[name];
        else value[name] = replacement;
      }
      return value;
    });
  }

  const tool = varied({ name: 'Bash', callId: 'c1', kind: 'shell', input: { command: 'ls' }, output: 'ok', status: 'ok', durationMs: 3, exitCode: 0 }, {
    mcp: varied({ server: 's', tool: 't' }),
    files: fc.array(varied({ path: 'a.ts', action: 'edit', diff: '+x' }), { maxLength: 2 }),
  });
  const event = varied({ id: 'ev_1', seq: 1, timestamp: '2026-01-01T00:00:00Z', type: 'assistant_message', role: 'assistant', text: 'hi', nativeId: 'n', parentId: 'p', model: 'm', synthetic: false }, {
    tool,
    usage: varied({ input: 1, output: 2, cacheRead: 0, cacheWrite: 0, reasoning: 0 }),
    attachments: fc.array(varied({ kind: 'image', mime: 'image/png', path: 'a.png', bytes: 10, sha256: 'ab' }), { maxLength: 2 }),
    meta: varied({ kind: 'unparsed', line: 3, file: 'f', reason: 'r', recordType: 't' }),
    redactions: fc.array(varied({ field: 'text', ruleId: 'r', type: 'secret', placeholder: '[x]', start: 0, end: 3 }), { maxLength: 2 }),
    withheld: fc.array(varied({ field: 'text', reason: 'truncated', chars: 1, lines: 1, keptChars: 0, items: 0 }), { maxLength: 2 }),
  });

  it('says valid only where zod does (events varied field by field)', () => {
    let sure = 0;
    let refused = 0;
    fc.assert(fc.property(event, (candidate) => {
      const quick = surelyValidEvent(candidate);
      if (quick) {
        sure += 1;
        expect(zodAccepts(candidate)).toBe(true);
      } else {
        refused += 1;
      }
    }), { numRuns: 10_000, seed: 15 });
    // both answers came up often enough for the comparison to mean something
    expect(sure).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('refuses what the refinements refuse: a call without its tool, a meta event without its meta', () => {
    const base = { id: 'e', seq: 1, timestamp: null, role: 'assistant' };
    expect(surelyValidEvent({ ...base, type: 'tool_call' })).toBe(false);
    expect(surelyValidEvent({ ...base, type: 'tool_result' })).toBe(false);
    expect(surelyValidEvent({ ...base, type: 'meta' })).toBe(false);
    expect(surelyValidEvent({ ...base, type: 'meta', meta: { kind: 'x', extra: [1] } })).toBe(true);
    expect(surelyValidEvent({ ...base, type: 'tool_call', tool: { name: 'n', callId: 'c' } })).toBe(true);
  });
});

describe('prepareDocument', () => {
  it('answers an invalid event with zod\'s issues, as before', () => {
    const document = transcript({ events: 3 });
    (document.events as Array<Record<string, unknown>>)[1]!.seq = 0;
    const prepared = prepareDocument(new Uint8Array(bytesOf(document)));
    expect(prepared.kind).toBe('invalid');
    if (prepared.kind !== 'invalid') return;
    expect(prepared.failing.map((failing) => failing.path)).toEqual(['events.1.seq']);
  });

  it('checks the header with zod when the events are sound', () => {
    const document = { ...transcript({ events: 2 }), transcriptId: 'not-a-uuid' };
    const prepared = prepareDocument(new Uint8Array(bytesOf(document)));
    expect(prepared.kind).toBe('invalid');
    if (prepared.kind !== 'invalid') return;
    expect(prepared.failing.map((failing) => failing.path)).toEqual(['transcriptId']);
  });

  it('still finds the parts that disagree (the events taken as parsed)', () => {
    const document = transcript({ events: 2 });
    (document.metrics as Record<string, unknown>).eventCount = 5;
    const prepared = prepareDocument(new Uint8Array(bytesOf(document)));
    expect(prepared.kind).toBe('invalid');
    if (prepared.kind !== 'invalid') return;
    expect(prepared.message).toMatch(/disagree/);
  });

  it('accepts a valid document with unknown fields in its events', () => {
    const document = transcript({ events: 2 });
    (document.events as Array<Record<string, unknown>>)[0]!.futureField = { nested: true };
    const prepared = prepareDocument(new Uint8Array(bytesOf(document)));
    expect(prepared.kind).toBe('ok');
  });
});

describe('prepareDocument with the scanner\'s events layout', () => {
  /** The document's bytes as the budget scanner keeps them, and where it saw the events. */
  function scanned(text: string): { json: Uint8Array; events: EventsLayout | undefined } {
    const scanner = new JsonBudgetScanner({ maxDepth: 1000, maxValues: 1e9, maxStringBytes: 1e9, maxEvents: 1e9 }, { reserve: () => true, release: () => {} });
    scanner.write(Buffer.from(text));
    scanner.end();
    return { events: scanner.eventsLayout(), json: scanner.takeBytes() };
  }

  it('answers as parsing the whole body does, valid or not, whatever the text holds', () => {
    const texts = ['plain', 'déjà vu → 日本語 🔧', '"quoted" \\ back', '\u2028 and \ud83d\ude00'];
    const documents: unknown[] = texts.map((text) => transcript({ events: 3, text }));
    const broken = transcript({ events: 3 });
    (broken.events as Array<Record<string, unknown>>)[2]!.seq = 0;
    const disagreeing = transcript({ events: 2 });
    (disagreeing.metrics as Record<string, unknown>).eventCount = 5;
    documents.push(broken, disagreeing, { ...transcript({ events: 1 }), events: [] }, { ...transcript({ events: 2 }), transcriptId: 'not-a-uuid' });
    for (const document of documents) {
      for (const text of [JSON.stringify(document), JSON.stringify(document, null, 1)]) {
        const { json, events } = scanned(text);
        expect(events).toBeDefined();
        const whole = prepareDocument(json);
        expect(prepareDocument(json, events)).toEqual(whole);
      }
    }
  });
});
