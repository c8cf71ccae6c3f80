import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { builtinProfile } from '../redaction/profiles.js';
import { TranscriptRedactor } from '../redaction/transcript-redactor.js';
import { jsonParts, type JsonPart } from '../src/input/json-parts.js';
import { produceUnit } from '../src/input/produce.js';
import { unitsOf, type InputUnit } from '../src/input/reader.js';
import { mayBeTranscriptDocument, surveyChunks } from '../src/input/transcript-stream.js';
import { fixedClock, seededIds } from '../src/pipeline/context.js';
import type { EventTransform } from '../src/pipeline/convert.js';
import { fileInput } from '../src/pipeline/sources.js';
import { documentSink, type DocumentLayout } from '../src/sinks/transcript-sinks.js';
import { tallyEvent, zeroCounts } from '../src/transcript/metrics.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { convertFile, memoryOutput, ROOT } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'atx-transcript-stream-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function* chunked(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The parts put back together: each top-level value as JSON.parse gives it. */
async function reassemble(text: string, size: number): Promise<unknown[]> {
  const values: unknown[] = [];
  let current: Record<string, unknown> | undefined;
  for await (const part of jsonParts(chunked(text, size)) as AsyncIterable<JsonPart>) {
    if (part.kind === 'open') {
      if (part.value !== undefined) values.push(part.value);
      else values.push((current = {}));
    } else if (part.kind === 'member') current![part.key] = part.value;
    else if (part.kind === 'events') current!.events = [];
    else if (part.kind === 'event') (current!.events as unknown[]).push(part.value);
  }
  return values;
}

describe('jsonParts', () => {
  it('gives the values JSON.parse gives, however the bytes are chunked', async () => {
    const documents = fc.array(fc.record({ a: fc.jsonValue(), events: fc.array(fc.jsonValue(), { maxLength: 5 }), z: fc.jsonValue() }), { minLength: 1, maxLength: 3 });
    await fc.assert(fc.asyncProperty(documents, fc.integer({ min: 1, max: 64 }), async (values, size) => {
      const text = values.map((value) => JSON.stringify(value, null, size % 2 === 0 ? 2 : undefined)).join('\n');
      expect(await reassemble(text, size)).toEqual(JSON.parse(`[${values.map((value) => JSON.stringify(value)).join(',')}]`));
    }), { numRuns: 80 });
  });

  it('reads a chunk larger than it tokenizes at once whole: values, multi-byte characters and offsets across the cuts', async () => {
    // events of uneven lengths, so the cuts inside a 1 MiB chunk fall in strings, escapes and multi-byte characters
    const events = Array.from({ length: 900 }, (_, n) => ({ n, text: `${'é→日\\"'.repeat(n % 97)}${'x'.repeat(n % 13)}`, nested: { list: [n, `€${n}`] } }));
    const document = { header: 'h', events, trailing: 't' };
    const text = JSON.stringify(document);
    expect(Buffer.byteLength(text)).toBeGreaterThan(200 * 1024);
    expect(await reassemble(text, 1024 * 1024)).toEqual([document]);
    // the byte an error names is the one named when the same text comes in chunks smaller than a cut
    const broken = `${text.slice(0, -2)},}`;
    const inSmallChunks = await reassemble(broken, 4096).then(() => '', (error: Error) => error.message);
    expect(inSmallChunks).toMatch(/not valid JSON at byte \d{6}/);
    await expect(reassemble(broken, 1024 * 1024)).rejects.toThrow(inSmallChunks);
  });

  it('refuses what JSON.parse refuses, with the byte offset', async () => {
    for (const text of ['{"a":1,}', '{"events":[1,]}', '{"a" 1}', '{"a":tru}', '{"events":[{"x":1}']) {
      await expect(reassemble(text, 3), text).rejects.toThrow(/not valid JSON at byte \d+/);
      expect(() => JSON.parse(text)).toThrow();
    }
  });
});

/** A Transcript of several MB: a converted fixture with planted secrets, its events repeated, its metrics made to agree. */
async function largeTranscript(): Promise<Transcript> {
  const { transcript } = await convertFile(join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl'));
  const events: TranscriptEvent[] = [];
  const counts = zeroCounts();
  const padding = 'lorem ipsum dolor sit amet '.repeat(400);
  for (let copy = 0; events.length < 800; copy++) {
    for (const event of transcript.events) {
      const seq = events.length + 1;
      const tool = event.tool ? { ...event.tool, callId: `${event.tool.callId}-${copy}` } : undefined;
      const next = { ...event, id: `ev_${seq}`, seq, ...(tool ? { tool } : {}), ...(event.text ? { text: `${event.text} ${padding}` } : {}) };
      tallyEvent(counts, next);
      events.push(next);
    }
  }
  return { ...transcript, metrics: { ...transcript.metrics, ...counts, eventCount: events.length }, events };
}

const context = () => ({ clock: fixedClock('2026-01-01T00:00:00.000Z'), ids: seededIds('stream') });
const redactor = (): EventTransform => new TranscriptRedactor(builtinProfile('research')!, { salt: Buffer.alloc(16, 7), saltSource: 'per-transcript' });

async function produced(unit: InputUnit, layout: DocumentLayout): Promise<string> {
  const output = memoryOutput();
  await produceUnit(unit, () => documentSink(output, layout), { adapters: ADAPTERS, context: context(), idFromContent: false, transform: redactor });
  return output.text();
}

async function firstUnit(path: string): Promise<[InputUnit | undefined, AsyncGenerator<InputUnit>]> {
  const units = unitsOf({ main: fileInput(path), companions: [] }, { idFromContent: false });
  return [(await units.next()).value as InputUnit | undefined, units];
}

async function unitsOfFile(path: string): Promise<InputUnit[]> {
  const units: InputUnit[] = [];
  for await (const unit of unitsOf({ main: fileInput(path), companions: [] }, { idFromContent: false })) {
    units.push(unit);
    if (unit.kind === 'transcript' && 'streamed' in unit) for await (const _ of unit.streamed.events); // read before the next
  }
  return units;
}

describe('mayBeTranscriptDocument', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'atx-head-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('tells a Transcript document from a native log by the head of a file, one after another', async () => {
    const document = join(dir, 'document.json');
    const native = join(dir, 'native.jsonl');
    const late = join(dir, 'late.json');
    writeFileSync(document, ` \n{"schemaVersion":"0.1.0","events":[]}`);
    writeFileSync(native, '{"type":"user","message":{"content":"hi"}}\n');
    // the name comes after the first 64 KiB: not looked for there
    writeFileSync(late, `{"padding":"${'x'.repeat(70 * 1024)}","schemaVersion":"0.1.0"}`);
    // the head read of one file must not leak into the answer about the next
    expect(await Promise.all([document, native, late, document].map((path) => mayBeTranscriptDocument(path)))).toEqual([true, false, false, true]);
    await expect(mayBeTranscriptDocument(join(dir, 'missing.json'))).rejects.toThrow(/ENOENT/);
  });

  it('leaves a named pipe to a read stream: this thread never waits for its writer', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const answer = mayBeTranscriptDocument(fifo).then(() => 'answered', () => 'answered');
    const first = await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve('thread free'), 50))]);
    expect(first).toBe('thread free');
    await writeFile(fifo, '{"schemaVersion":"0.1.0"}').catch(() => {}); // a writer lets the waiting open end
    expect(await answer).toBe('answered');
  });
});

describe('surveyChunks', () => {
  // a placeholder of the longest label and number, one of the shortest, and look-alikes that are none
  const longest = `[REDACTED:${'a'.repeat(48)}#123456789]`;
  const text = `{"a":"x ${longest} [REDACTED:b#1]"}\n{"b":"[REDACTED:c#] [REDACTED:d-2#7][REDACTED:"}\n  {"c":1}`;
  const bytes = Buffer.from(text);
  const expected = [...text.matchAll(/\[REDACTED:[a-z0-9-]{1,48}#\d{1,9}\]/g)].map((m) => ({ offset: m.index, text: m[0] }));

  async function* split(cuts: number[]): AsyncGenerator<Buffer> {
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      yield Buffer.from(bytes.subarray(from, cut)); // each chunk its own buffer, as a reader's would be
      from = cut;
    }
  }

  it('finds the same placeholders and boundaries with a chunk edge at every position', async () => {
    const whole = await surveyChunks(split([]));
    expect(whole.placeholders).toEqual(expected);
    expect(expected.map((found) => found.text)).toEqual([longest, '[REDACTED:b#1]', '[REDACTED:d-2#7]']);
    expect(whole.boundaries).toEqual([text.indexOf('{"b"'), text.indexOf('{"c"')]);
    for (let cut = 1; cut < bytes.length; cut++) expect(await surveyChunks(split([cut])), `cut at ${cut}`).toEqual(whole);
  });

  it('finds a placeholder spread over several chunks shorter than it', async () => {
    const whole = await surveyChunks(split([]));
    for (const size of [1, 2, 7, 30, 79, 80]) {
      const cuts = Array.from({ length: Math.ceil(bytes.length / size) - 1 }, (_, i) => (i + 1) * size);
      expect(await surveyChunks(split(cuts)), `chunks of ${size}`).toEqual(whole);
    }
  });
});

describe('a Transcript file read as a stream', () => {
  let transcript: Transcript;
  beforeAll(async () => {
    transcript = await largeTranscript();
  });

  it('is redacted exactly as the whole document is, in every layout', { timeout: 120_000 }, async () => {
    const layouts: Array<[string, string]> = [['compact', JSON.stringify(transcript)], ['pretty', JSON.stringify(transcript, null, 2)]];
    for (const [layout, text] of layouts) {
      const path = join(scratch, `${layout}.json`);
      writeFileSync(path, text);
      expect(text.length).toBeGreaterThan(4 * 1024 * 1024);
      const streamed = unitsOf({ main: fileInput(path), companions: [] }, { idFromContent: false });
      const unit = (await streamed.next()).value as InputUnit;
      expect(unit.kind === 'transcript' && 'streamed' in unit, layout).toBe(true);
      const whole: InputUnit = { kind: 'transcript', name: path, fromFolder: false, line: 1, document: JSON.parse(text) };
      const [fromStream, fromWhole] = [await produced(unit, 'compact'), await produced(whole, 'compact')];
      expect(fromStream).toBe(fromWhole);
      expect(fromStream).toContain('[REDACTED:');
      await streamed.return(undefined);
    }
  });

  it('keeps the numbers of placeholders already in the file taken', { timeout: 120_000 }, async () => {
    const once = await produced({ kind: 'transcript', name: 'x', fromFolder: false, line: 1, document: transcript }, 'compact');
    expect(once).toMatch(/\[REDACTED:[a-z0-9-]+#\d+\]/);
    const path = join(scratch, 'redacted.json');
    writeFileSync(path, once);
    const [unit] = await firstUnit(path);
    expect('streamed' in unit!).toBe(true);
    const again = await produced(unit!, 'compact');
    expect(again).toBe(await produced({ kind: 'transcript', name: path, fromFolder: false, line: 1, document: JSON.parse(once) }, 'compact'));
  });

  it('leaves Transcript JSONL of several lines to the line reader, which names each by its line', async () => {
    const path = join(scratch, 'two.jsonl');
    writeFileSync(path, `${JSON.stringify(transcript)}\n${JSON.stringify(transcript)}\n`);
    const units = await unitsOfFile(path);
    expect(units.map((unit) => unit.name)).toEqual([`${path}:1`, `${path}:2`]);
    expect(units.every((unit) => unit.kind === 'transcript' && !('streamed' in unit))).toBe(true);
  });

  it('refuses one whose parts disagree, naming the path, and one cut short, naming the line and byte', async () => {
    const path = join(scratch, 'bad.json');
    writeFileSync(path, JSON.stringify({ ...transcript, metrics: { ...transcript.metrics, eventCount: 1 } }));
    const [unit] = await unitsOfFile(path).catch(() => []);
    const fresh = (await unitsOf({ main: fileInput(path), companions: [] }, { idFromContent: false }).next()).value as InputUnit;
    expect(unit).toBeDefined();
    await expect(produced(fresh, 'compact')).rejects.toThrow(`${path}: invalid Transcript: metrics.eventCount: says 1, but there are ${transcript.events.length} events`);

    const cut = join(scratch, 'cut.json');
    const text = JSON.stringify(transcript, null, 2);
    writeFileSync(cut, text.slice(0, Math.floor(text.length / 2)));
    const cutUnit = (await unitsOf({ main: fileInput(cut), companions: [] }, { idFromContent: false }).next()).value as InputUnit;
    // several read chunks in: the line is counted across buffers that take turns
    const kept = text.slice(0, Math.floor(text.length / 2));
    expect(Buffer.byteLength(kept)).toBeGreaterThan(2 * 1024 * 1024);
    await expect(produced(cutUnit, 'compact')).rejects.toThrow(`${cut}:${kept.split('\n').length}: not valid JSON (at byte ${Buffer.byteLength(kept)}`);
  });
});
