import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DocumentLimitError, DuplicateKeyError, JsonBudgetScanner, JsonSyntaxError, MemoryBudgetError, type DocumentLimits, type MemoryReservation,
} from '../src/server/json-scanner.js';

const ROOMY: DocumentLimits = { maxDepth: 1000, maxValues: 1e9, maxStringBytes: 1e9, maxEvents: 1e9 };

function unlimited(): MemoryReservation & { used: number; peak: number } {
  return {
    used: 0, peak: 0,
    reserve(bytes) { this.used += bytes; this.peak = Math.max(this.peak, this.used); return true; },
    release(bytes) { this.used -= bytes; },
  };
}

/** Scans `bytes` cut into chunks of `chunkSize`; returns the compact text or the error thrown. */
function scan(bytes: Uint8Array | string, limits: Partial<DocumentLimits> = {}, chunkSize = 7, memory: MemoryReservation = unlimited()): string | Error {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  try {
    const scanner = new JsonBudgetScanner({ ...ROOMY, ...limits }, memory, 16);
    for (let i = 0; i < data.length; i += chunkSize) scanner.write(data.subarray(i, i + chunkSize));
    scanner.end();
    return scanner.text();
  } catch (error) {
    return error as Error;
  }
}

describe('JsonBudgetScanner', () => {
  it('keeps exactly what JSON.parse reads, minus whitespace, however the bytes are cut', () => {
    fc.assert(fc.property(fc.json(), fc.integer({ min: 1, max: 40 }), fc.boolean(), (text, chunkSize, pretty) => {
      const value = JSON.parse(text) as unknown;
      const sent = pretty ? JSON.stringify(value, null, 2) : text;
      const kept = scan(sent, {}, chunkSize);
      expect(kept).not.toBeInstanceOf(Error);
      expect(JSON.parse(kept as string)).toEqual(value);
    }), { numRuns: 300 });
  });

  it('refuses what JSON.parse refuses', () => {
    for (const text of ['', ' ', '{', '[1,]', '{"a":1,}', '{"a" 1}', '01', '1.', '-', '1e', '.5', '+1', 'tru', 'nul', 'True',
      '"abc', '"a\\x"', '"\\u12g4"', '"a\u0001b"', '{"a":1}}', '[1] 2', '{a:1}', "'a'", '[1 2]', '{"a":1 "b":2}', '\ufeff{}', 'NaN']) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(scan(text), text).toBeInstanceOf(JsonSyntaxError);
    }
    for (const text of ['0', '-0.5e+10', '"\\u00e9\\n"', ' [ ] ', '{"":null}', 'true', '[[[]]]', '"é😀"', '1E-7']) {
      expect(scan(text), text).toBe(text.trim().replace(' ', ''));
    }
  });

  it('refuses invalid UTF-8 in strings, byte for byte, and any byte over 0x7f outside them', () => {
    const cases = [[0x80], [0xc0, 0xaf], [0xc3], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xff]];
    for (const bytes of cases) {
      const body = Buffer.concat([Buffer.from('{"a":"x'), Buffer.from(bytes), Buffer.from('y"}')]);
      const outcome = scan(body, {}, 1);
      expect(outcome, bytes.join(',')).toBeInstanceOf(JsonSyntaxError);
      expect((outcome as JsonSyntaxError).kind).toBe('utf8');
      // a bad lead byte is refused where it is, a good one where its continuation fails
      expect((outcome as JsonSyntaxError).offset).toBe(bytes[0]! >= 0xc2 && bytes[0]! <= 0xf4 ? 8 : 7);
    }
    expect(scan(Buffer.from([0x7b, 0xc3, 0xa9, 0x7d]))).toBeInstanceOf(JsonSyntaxError);
    expect(scan(Buffer.from('{"é":"€𝄞"}'), {}, 1)).toBe('{"é":"€𝄞"}');
  });

  it('refuses a duplicate key, however it is spelled, naming its path', () => {
    const outcome = scan('{"events":[{"a":1},{"tool":{"input":{"x":1,"\\u0078":2}}}]}');
    expect(outcome).toBeInstanceOf(DuplicateKeyError);
    expect((outcome as DuplicateKeyError).path).toBe('events.1.tool.input.x');
    expect(scan('{"a":{"b":1},"b":{"b":2}}')).toBe('{"a":{"b":1},"b":{"b":2}}');
    expect(scan('{"__proto__":1,"__proto__":2}')).toBeInstanceOf(DuplicateKeyError);
  });

  it('stops at the first byte over each limit, with the limit name and path', () => {
    const over = (text: string, limits: Partial<DocumentLimits>) => {
      const outcome = scan(text, limits);
      expect(outcome, text).toBeInstanceOf(DocumentLimitError);
      return outcome as DocumentLimitError;
    };
    expect(over('['.repeat(5000) + ']'.repeat(5000), { maxDepth: 100 })).toMatchObject({ limit: 'depth', max: 100 });
    expect(scan('['.repeat(100) + ']'.repeat(100), { maxDepth: 100 })).toBe('['.repeat(100) + ']'.repeat(100));
    expect(over(`{"a":[${'{},'.repeat(1000)}{}]}`, { maxValues: 500 })).toMatchObject({ limit: 'values', max: 500, path: 'a.498' });
    expect(over(`{"a":"${'x'.repeat(100)}"}`, { maxStringBytes: 99 })).toMatchObject({ limit: 'string_bytes', path: 'a' });
    expect(scan(`{"a":"${'x'.repeat(99)}"}`, { maxStringBytes: 99 })).not.toBeInstanceOf(Error);
    expect(over(`{"${'k'.repeat(100)}":1}`, { maxStringBytes: 99 })).toMatchObject({ limit: 'string_bytes' });
    // escapes and two-byte characters count as written, wherever the chunks cut them
    for (const chunkSize of [1, 2, 3, 7, 1000]) {
      for (const unit of ['\\n', 'é', 'a\\"', '\\u00e9']) {
        const fits = unit.repeat(Math.floor(99 / Buffer.byteLength(unit)));
        const room = 99 - Buffer.byteLength(fits);
        expect(scan(`{"a":"${fits}${'x'.repeat(room)}"}`, { maxStringBytes: 99 }, chunkSize)).not.toBeInstanceOf(Error);
        const outcome = scan(`{"a":"${fits}${'x'.repeat(room)}${unit}"}`, { maxStringBytes: 99 }, chunkSize);
        expect(outcome).toMatchObject({ limit: 'string_bytes', path: 'a' });
      }
    }
    expect(over(`[${'9'.repeat(401)}]`, {})).toMatchObject({ limit: 'number_chars' });
    expect(over(`{"events":[${'{},'.repeat(10)}{}]}`, { maxEvents: 10 })).toMatchObject({ limit: 'events', max: 10, path: 'events.10' });
    // only the root's events count
    expect(scan(`{"x":{"events":[${'1,'.repeat(20)}1]}}`, { maxEvents: 10 })).not.toBeInstanceOf(Error);
  });

  it('keeps only significant bytes and charges its growth to the memory budget', () => {
    const memory = unlimited();
    const body = `${' '.repeat(1_000_000)}{"a" : [ 1 , 2 ]}${'\n'.repeat(1_000_000)}`;
    expect(scan(body, {}, 65536, memory)).toBe('{"a":[1,2]}');
    expect(memory.peak).toBeLessThan(1024);
    let granted = 0;
    const tight: MemoryReservation = { reserve: (bytes) => { if (granted + bytes > 4096) return false; granted += bytes; return true; }, release: (bytes) => { granted -= bytes; } };
    expect(scan(`["${'x'.repeat(10_000)}"]`, {}, 1000, tight)).toBeInstanceOf(MemoryBudgetError);
  });

  it('keeps a compact document that came in one piece where it is, and copies one that did not', () => {
    const take = (pieces: Uint8Array[], memory: MemoryReservation = unlimited()) => {
      const scanner = new JsonBudgetScanner(ROOMY, memory, 16);
      for (const piece of pieces) scanner.write(piece);
      scanner.end();
      return scanner.takeBytes();
    };
    const compact = Buffer.from(JSON.stringify({ a: [1, 'é', { b: null }], c: 'x'.repeat(100) }));
    const whole = new Uint8Array(compact.byteLength);
    whole.set(compact);
    expect(take([whole]).buffer).toBe(whole.buffer);
    // whitespace inside, outside, or a second piece: the kept bytes are a copy, and right
    const spaced = Buffer.from(' {"a" : [1, "é"],\n"b":2} ');
    for (const pieces of [[spaced], [spaced.subarray(0, 9), spaced.subarray(9)], [whole.subarray(0, 50), whole.subarray(50)]]) {
      const expected = JSON.stringify(JSON.parse(Buffer.concat(pieces).toString('utf8')));
      const bytes = take(pieces);
      expect(Buffer.from(bytes).toString('utf8')).toBe(expected);
      expect(bytes.buffer).not.toBe(pieces[0]!.buffer);
      // the copy is in shared memory, exactly its size: the blob thread and a worker read it as it is
      expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    }
    // kept in place, it is still charged to the budget as it is read
    let granted = 0;
    const tight: MemoryReservation = { reserve: (bytes) => { if (granted + bytes > 64) return false; granted += bytes; return true; }, release: (bytes) => { granted -= bytes; } };
    expect(() => take([whole], tight)).toThrow(MemoryBudgetError);
  });
});

describe('JsonBudgetScanner.eventsLayout', () => {
  /** The kept text cut where the layout says: the root without its events' elements, and each element. */
  function cut(sent: string, chunkSize: number): { kept: string; head: string; events: string[] } | undefined {
    const scanner = new JsonBudgetScanner(ROOMY, unlimited(), 16);
    const data = Buffer.from(sent);
    for (let i = 0; i < data.length; i += chunkSize) scanner.write(data.subarray(i, i + chunkSize));
    scanner.end();
    const layout = scanner.eventsLayout();
    const kept = Buffer.from(scanner.takeBytes());
    if (!layout) return undefined;
    const { open, close, starts } = layout;
    const events = starts.map((start, k) => kept.toString('utf8', start, k + 1 < starts.length ? starts[k + 1]! - 1 : close));
    return { kept: kept.toString('utf8'), head: kept.toString('utf8', 0, open + 1) + kept.toString('utf8', close), events };
  }

  it('says where the root\'s events are in the kept bytes, however the bytes are cut and spaced', () => {
    const member = fc.tuple(fc.string().filter((key) => key !== 'events' && key !== '__proto__'), fc.jsonValue());
    fc.assert(fc.property(fc.array(member, { maxLength: 4 }), fc.array(member, { maxLength: 4 }), fc.array(fc.jsonValue(), { maxLength: 6 }), fc.integer({ min: 1, max: 40 }), fc.boolean(),
      (before, after, events, chunkSize, pretty) => {
        const value = Object.fromEntries([...before, ['events', events], ...after]);
        const sent = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        const parts = cut(sent, chunkSize);
        expect(parts).toBeDefined();
        expect(parts!.events.map((text) => JSON.parse(text))).toEqual(JSON.parse(JSON.stringify(events)));
        expect(JSON.parse(parts!.head)).toEqual({ ...JSON.parse(sent), events: [] });
      }), { numRuns: 300 });
  });

  it('is undefined when the root has no events array, and never takes a nested one', () => {
    expect(cut('{"a":{"events":[1,2]}}', 3)).toBeUndefined();
    expect(cut('[{"events":[1]}]', 3)).toBeUndefined();
    expect(cut('{"events":{"0":1}}', 3)).toBeUndefined();
    expect(cut('{"events":[]}', 3)!.events).toEqual([]);
    expect(cut('{"x":"\\"events\\":[", "events" : [ {"events":[9]} , "é\\u00e9" ] }', 5)!.events).toEqual(['{"events":[9]}', '"é\\u00e9"']);
  });
});
