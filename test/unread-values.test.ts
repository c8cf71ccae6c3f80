import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claudeCode } from '../adapters/claude-code/index.js';
import { blankUnreadValues, UNREAD_LINE_THRESHOLD, type UnreadValues } from '../src/pipeline/unread-values.js';
import { LineFramer } from '../src/pipeline/framer.js';
import { convertBytes, ROOT } from './helpers.js';

const PARTS: UnreadValues[] = [{ member: 'run', keep: ['path', 'ms'] }];
const blank = (value: unknown, min = 0) => JSON.parse(blankUnreadValues(Buffer.from(JSON.stringify(value)), PARTS, min).toString()) as unknown;

/**
 * What blanking must give: every string of `run`'s other members (at any depth, keys aside)
 * emptied. A member whose key is written with escapes is left whole (it might be a kept one).
 */
function expected(value: Record<string, unknown>, min = 0): Record<string, unknown> {
  const empty = (v: unknown): unknown => {
    if (typeof v === 'string') return Buffer.byteLength(JSON.stringify(v)) - 2 >= min ? '' : v;
    if (Array.isArray(v)) return v.map(empty);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, empty(x)]));
    return v;
  };
  const run = value.run;
  if (!run || typeof run !== 'object' || Array.isArray(run)) return value;
  const kept = Object.fromEntries(Object.entries(run).map(([k, v]) => [k, PARTS[0]!.keep.includes(k) || JSON.stringify(k).includes('\\') ? v : empty(v)]));
  return { ...value, run: kept };
}

describe('blankUnreadValues', () => {
  it('empties long strings of the unread members, at any depth, and keeps keys, kept members and the rest', () => {
    const record = {
      type: 'user',
      message: { content: 'the same output "quoted" \\ here', run: { stdout: 'not the part: nested' } },
      run: { stdout: 'out \\"x\\" '.repeat(50), path: 'a/b.ts', ms: 12, file: { content: 'line\n'.repeat(80), lines: [1, 'two'] }, ok: true },
      after: 'tail',
    };
    const result = blank(record, 8);
    expect(result).toEqual({
      ...record,
      run: { stdout: '', path: 'a/b.ts', ms: 12, file: { content: '', lines: [1, 'two'] }, ok: true },
    });
  });

  it('gives the same record as parsing and emptying, for any JSON under the part (property)', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json), fc.dictionary(fc.string(), json), fc.nat(20), (before, run, min) => {
        const record = { ...before, run: { ...run, path: 'p' }, z: 1 };
        expect(blank(record, min)).toEqual(expected(JSON.parse(JSON.stringify(record)) as Record<string, unknown>, min));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves the member alone when it is not the record\'s own (inside another value, or quoted in a string)', () => {
    const nested = { message: { input: { run: { stdout: 'kept as it is' } } }, other: 1 };
    expect(blank(nested)).toEqual(nested);
    const quoted = { text: '{"run":{"stdout":"in a string"}}', x: '\\"run\\":{' };
    expect(blank(quoted)).toEqual(quoted);
    const both = { data: { run: { stdout: 'nested one' } }, run: { stdout: 'own one' } };
    expect(blank(both)).toEqual({ data: { run: { stdout: 'nested one' } }, run: { stdout: '' } });
  });

  it('leaves a line it cannot follow as it is: cut short, more after the record, not an object part, not an object', () => {
    const whole = JSON.stringify({ run: { stdout: 'x'.repeat(40) } });
    const piece = `  "run": ${JSON.stringify({ stdout: 'x'.repeat(40) })}}`; // the end of a pretty-printed document
    for (const line of [whole.slice(0, -1), whole.slice(0, 20), `${whole} {}`, `${whole}}`, JSON.stringify({ run: 'x'.repeat(40) }), piece]) {
      expect(blankUnreadValues(Buffer.from(line), PARTS, 0).toString()).toBe(line);
    }
    expect(blankUnreadValues(Buffer.from(`${whole}  \r`), PARTS, 0).toString()).toBe('{"run":{"stdout":""}}  \r');
  });

  it('a key with escapes is never taken for a kept member: its value stays', () => {
    const line = '{"run":{"p\\u0061th":"' + 'a'.repeat(30) + '","stdout":"' + 'b'.repeat(30) + '"}}';
    expect(JSON.parse(blankUnreadValues(Buffer.from(line), PARTS, 0).toString())).toEqual({ run: { path: 'a'.repeat(30), stdout: '' } });
  });

  it('a part of some record types only: blanked where `type` leads with one of them, nowhere else', () => {
    const parts: UnreadValues[] = [{ member: 'shape', keep: ['id'], ofType: ['replay'] }];
    const cut = (value: string) => JSON.parse(blankUnreadValues(Buffer.from(value), parts, 0).toString()) as unknown;
    const shape = { id: 'kept', tools: ['a long schema', { description: 'another' }] };
    expect(cut(` { "type":"replay","shape":${JSON.stringify(shape)}}`)).toEqual({ type: 'replay', shape: { id: 'kept', tools: ['', { description: '' }] } });
    const escaped = `{"type":"re\\u0070lay","shape":${JSON.stringify(shape)}}`; // the same type, written with an escape
    for (const line of [...[{ type: 'user', shape }, { shape, type: 'replay' }, { type: 'replay2', shape }].map((other) => JSON.stringify(other)), escaped]) {
      expect(blankUnreadValues(Buffer.from(line), parts, 0).toString()).toBe(line);
    }
  });

  it('the framer blanks long lines only once it is told the parts', () => {
    const line = `${JSON.stringify({ run: { stdout: 'y'.repeat(UNREAD_LINE_THRESHOLD) } })}\n`;
    const setting = { parts: undefined as readonly UnreadValues[] | undefined };
    const framer = new LineFramer(undefined, setting);
    const [before] = framer.push(Buffer.from(line));
    setting.parts = PARTS;
    const [after] = framer.push(Buffer.from(line));
    expect(before).toMatchObject({ kind: 'line', text: line.trimEnd(), bytes: line.length - 1 });
    expect(after).toMatchObject({ kind: 'line', text: '{"run":{"stdout":""}}', bytes: line.length - 1 });
  });
});

describe('Claude Code: the tool run record the converter leaves unread', () => {
  const fixtures = join(ROOT, 'fixtures', 'claude-code');
  const files = readdirSync(fixtures, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(fixtures, d.name)).filter((f) => f.endsWith('.jsonl')).map((f) => join(fixtures, d.name, f)));

  const streams = files.filter((file) => basename(file).startsWith('stream'));
  const sessions = files.filter((file) => !streams.includes(file));
  const unreadOf = (file: string) => claudeCode.unreadValues!(streams.includes(file) ? 'claude-code/stream-json' : 'claude-code/session-jsonl')!;

  it('covers the recorded runs of both formats', () => {
    const all = files.map((file) => readFileSync(file, 'utf8')).join('');
    expect(all).toContain('"toolUseResult":{');
    expect(all).toContain('"tool_use_result":{');
    expect(all).toContain('{"type":"api-request-shape",');
    for (const format of ['claude-code/session-jsonl', 'claude-code/stream-json']) {
      const files = format.endsWith('stream-json') ? streams : sessions;
      const text = files.map((file) => readFileSync(file, 'utf8')).join('');
      const emptied = text.split('\n').map((line) => blankUnreadValues(Buffer.from(line), claudeCode.unreadValues!(format)!, 0).toString()).join('\n');
      expect(emptied.length).toBeLessThan(text.length - 5_000);
    }
  });

  it.each(files.map((file) => [file.slice(fixtures.length + 1), file]))('%s converts the same with every unread string emptied', async (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const emptied = text
      .split('\n')
      .map((line) => blankUnreadValues(Buffer.from(line), unreadOf(file), 0).toString())
      .join('\n');
    const { text: original } = await convertBytes(text, { from: 'claude-code' });
    const { text: blanked } = await convertBytes(emptied, { from: 'claude-code' });
    expect(blanked).toBe(original);
  });
});
