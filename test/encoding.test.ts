import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeByBom, gunzipIfCompressed } from '../src/pipeline/encoding.js';
import { convertBytes, ROOT, runInProcess } from './helpers.js';

async function decoded(bytes: Buffer, chunkSize: number): Promise<string> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  const out: Buffer[] = [];
  for await (const chunk of decodeByBom(Readable.from(chunks))) out.push(chunk);
  return Buffer.concat(out).toString('utf8');
}

const text = '{"a":"héllo wörld ✓ 😀"}\n{"b":2}\n';
const utf16be = (value: string) => Buffer.from(value, 'utf16le').swap16();

describe('byte-order marks', () => {
  for (const chunkSize of [1, 2, 3, 5, 4096]) {
    it(`UTF-8 BOM dropped, UTF-16 LE/BE decoded, plain UTF-8 untouched (chunks of ${chunkSize})`, async () => {
      expect(await decoded(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), chunkSize)).toBe(text);
      expect(await decoded(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), chunkSize)).toBe(text);
      expect(await decoded(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), chunkSize)).toBe(text);
      expect(await decoded(Buffer.from(text), chunkSize)).toBe(text);
      expect(await decoded(Buffer.alloc(0), chunkSize)).toBe('');
    });
  }

  it('a real session saved as UTF-16 by a Windows tool converts as the UTF-8 original does', async () => {
    const original = readFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'), 'utf8');
    const plain = await convertBytes(original);
    const utf16 = await convertBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(original, 'utf16le')]));
    expect(utf16.text).toBe(plain.text);
    expect(utf16.result.header.metrics.unparsedCount).toBe(0);
  });
});

async function gunzipped(bytes: Buffer, chunkSize: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  const out: Buffer[] = [];
  for await (const chunk of gunzipIfCompressed(Readable.from(chunks))) out.push(chunk);
  return Buffer.concat(out);
}

describe('gzip', () => {
  const session = readFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'));
  const compressed = gzipSync(session);
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'atx-gzip-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const chunkSize of [1, 7, 4096]) {
    it(`gzip is decompressed and other bytes pass untouched (chunks of ${chunkSize})`, async () => {
      // every chunk is one write through zlib: with tiny chunks, a short text keeps the test quick
      const text = chunkSize < 100 ? session.subarray(0, 2000) : session;
      expect((await gunzipped(gzipSync(text), chunkSize)).equals(text)).toBe(true);
      expect((await gunzipped(Buffer.concat([gzipSync(text), gzipSync(Buffer.from('{"more":1}\n'))]), chunkSize)).toString()).toBe(`${text}{"more":1}\n`);
      expect((await gunzipped(text, chunkSize)).equals(text)).toBe(true);
      expect((await gunzipped(Buffer.from([0x1f]), chunkSize)).equals(Buffer.from([0x1f]))).toBe(true);
    });
  }

  it('gzip read into one buffer filled again for every chunk (a file read in turns) decompresses whole', async () => {
    const text = Buffer.concat(Array.from({ length: 8 }, () => session));
    async function* inTurns(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
      const shared = Buffer.alloc(size);
      for (let at = 0; at < bytes.length; at += size) {
        const length = bytes.copy(shared, 0, at, at + size);
        yield shared.subarray(0, length);
        shared.fill(0x7a); // what the next read would leave there
      }
    }
    const out: Buffer[] = [];
    for await (const chunk of gunzipIfCompressed(inTurns(gzipSync(text, { level: 0 }), 4096))) out.push(chunk);
    expect(Buffer.concat(out).equals(text)).toBe(true);
  });

  it('a gzipped session converts as the original does, with the same content id', async () => {
    writeFileSync(join(dir, 'plain.jsonl'), session);
    writeFileSync(join(dir, 'packed.jsonl.gz'), compressed);
    const plain = await runInProcess(['convert', join(dir, 'plain.jsonl'), '--id-from-content', '-q']);
    const packed = await runInProcess(['convert', join(dir, 'packed.jsonl.gz'), '--id-from-content', '-q']);
    expect(packed.code).toBe(0);
    expect(packed.stdout).toBe(plain.stdout);
    const piped = await runInProcess(['convert', '-', '--id-from-content', '-q'], { input: compressed });
    expect(piped.stdout).toBe(plain.stdout);
  });

  it('a gzipped session cut short: what was read is converted, the loss counted as one unparsed item', async () => {
    const cut = compressed.subarray(0, Math.floor(compressed.length * 0.6));
    const { result, text } = await convertBytes(cut);
    expect(result.header.metrics.eventCount).toBeGreaterThan(2);
    expect(result.header.metrics.unparsedCount).toBe(1);
    expect(text).toContain('the gzip data ends early');
  });

  it('damaged gzip is refused with its reason', async () => {
    const damaged = Buffer.from(compressed);
    damaged[2] = 7; // a compression method gzip does not have
    writeFileSync(join(dir, 'damaged.jsonl.gz'), damaged);
    const run = await runInProcess(['convert', join(dir, 'damaged.jsonl.gz'), '-q']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/damaged\.jsonl\.gz: not a known format .*line 1: the gzip data is damaged/);
  });

  it('a folder walk reads gzipped session files and names their outputs without the .gz', async () => {
    const folder = join(dir, 'walk');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.jsonl.gz'), compressed);
    writeFileSync(join(folder, 'b.jsonl'), session);
    const run = await runInProcess(['convert', folder, '-o', `${join(dir, 'out')}/`, '-q', '--jobs', '1']);
    expect(run.code).toBe(0);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['a.transcript.json', 'b.transcript.json']);
  });
});
