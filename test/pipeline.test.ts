import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AtxError, ExitCode } from '../src/errors.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { convertBytes, ROOT } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const shellTool = readFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'), 'utf8');
const streamLines = readFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/stream.jsonl'), 'utf8');

async function exitCodeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof AtxError) return error.exitCode;
    throw error;
  }
}

describe('pipeline on damaged input', () => {
  it('a last line cut short (a file still being written) is said to be cut, not "not a JSON record"; a whole last line without a line end is read', async () => {
    const lines = shellTool.trimEnd().split('\n');
    const last = lines.at(-1)!;
    const cut = await convertBytes([...lines.slice(0, -1), last.slice(0, Math.floor(last.length / 2))].join('\n'));
    const unparsed = (JSON.parse(cut.text) as Transcript).events.filter((e) => e.meta?.kind === 'unparsed');
    expect(unparsed.map((e) => [e.meta?.line, e.meta?.reason])).toEqual([[lines.length, expect.stringMatching(/^the input ends inside this record \(no line end, \d+ characters of JSON cut short\): a file still being written/)]]);
    const whole = JSON.parse((await convertBytes(lines.join('\n'))).text) as Transcript;
    expect(whole.metrics.unparsedCount ?? 0).toBe(0);
  });

  it('turns a truncated line and binary junk into unparsed meta events and converts the rest', async () => {
    const lines = shellTool.trimEnd().split('\n');
    const damaged = [...lines.slice(0, 3), '{"type":"user","message":{"content":"cut he', '\u0000\u0001\u00ff junk', ...lines.slice(3)].join('\n');
    const { text, result } = await convertBytes(damaged);
    const transcript = JSON.parse(text) as Transcript;
    const unparsed = transcript.events.filter((e) => e.meta?.kind === 'unparsed');
    expect(unparsed.map((e) => [e.meta?.line, e.meta?.reason?.split(' (')[0]])).toEqual([
      [4, 'truncated JSON record'],
      [5, 'binary or non-UTF-8 data, not a JSON record'],
    ]);
    expect(transcript.metrics.unparsedCount).toBe(2);
    expect(JSON.stringify(unparsed)).not.toContain('cut he'); // never the raw payload
    expect(result.recordTypes.get('(not JSON)')).toEqual({ mapped: 0, skipped: 0, unknown: 2 });
    const clean = JSON.parse((await convertBytes(shellTool)).text) as Transcript;
    expect(transcript.metrics.eventCount).toBe(clean.metrics.eventCount + 2);
  });

  it('counts an unknown record type as unparsed instead of dropping it', async () => {
    const line = JSON.stringify({ type: 'brand-new-thing', sessionId: 's', uuid: 'u', timestamp: '2026-01-01T00:00:00Z' });
    const { text, result } = await convertBytes(`${shellTool}${line}\n`);
    const transcript = JSON.parse(text) as Transcript;
    const last = transcript.events.at(-1)!;
    expect(last.meta).toMatchObject({ kind: 'unparsed', recordType: 'brand-new-thing' });
    expect(result.recordTypes.get('brand-new-thing')?.unknown).toBe(1);
  });

  it('reports JSON values that are not objects as unparsed, for every adapter, without calling it', async () => {
    const { text, result } = await convertBytes(`${shellTool}[1,2]\n42\nnull\n"text"\n`);
    const unparsed = (JSON.parse(text) as Transcript).events.filter((e) => e.meta?.kind === 'unparsed');
    expect(unparsed.map((e) => e.meta?.recordType)).toEqual(['(array)', '(number)', '(null)', '(string)']);
    expect(unparsed.every((e) => e.meta?.reason === 'a JSON value that is not an object')).toBe(true);
    expect(result.recordTypes.get('(number)')).toEqual({ mapped: 0, skipped: 0, unknown: 1 });
  });

  it('exits 3 on a format no adapter knows, naming the known formats', async () => {
    const error = await convertBytes('{"hello":"world"}\n{"x":1}\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtxError);
    expect((error as AtxError).exitCode).toBe(ExitCode.invalidInput);
    expect((error as AtxError).message).toMatch(/not a known format.*known formats: claude-code/);
  });

  it('exits 3 on empty input and on input that yields no events', async () => {
    expect(await exitCodeOf(convertBytes(''))).toBe(ExitCode.invalidInput);
    const bookkeepingOnly = `${JSON.stringify({ type: 'queue-operation', operation: 'enqueue', sessionId: 's', timestamp: '2026-01-01T00:00:00Z' })}\n`;
    expect(await exitCodeOf(convertBytes(bookkeepingOnly))).toBe(ExitCode.invalidInput);
  });

  it('never crashes on random bytes: it converts or says the input is invalid (property)', async () => {
    const prefix = shellTool.split('\n').slice(0, 3).join('\n');
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), fc.boolean(), async (junk, withValidStart) => {
        const bytes = Buffer.concat([Buffer.from(withValidStart ? `${prefix}\n` : ''), Buffer.from(junk)]);
        const code = await exitCodeOf(convertBytes(bytes, withValidStart ? {} : { from: 'claude-code' }));
        expect([ExitCode.ok, ExitCode.invalidInput]).toContain(code);
      }),
      { numRuns: 150 },
    );
  });
});

describe('stream output', () => {
  it('writes one event per line, then a header line with the metrics', async () => {
    const { text } = await convertBytes(streamLines, { stream: true });
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const header = lines.at(-1)!;
    const events = lines.slice(0, -1) as unknown as TranscriptEvent[];
    expect(header.schemaVersion).toBe('0.1.0');
    expect((header.metrics as { eventCount: number }).eventCount).toBe(events.length);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.some((e) => e.type === 'tool_result')).toBe(true);
  });

  it('merges partial-message deltas: each text appears once', async () => {
    const partial = readFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/stream-partial.jsonl'), 'utf8');
    const withDeltas = JSON.parse((await convertBytes(partial)).text) as Transcript;
    const without = JSON.parse((await convertBytes(streamLines)).text) as Transcript;
    const said = (t: Transcript) => t.events.filter((e) => e.type === 'assistant_message').map((e) => e.text);
    expect(said(withDeltas)).toEqual(said(without));
  });

  it('keeps the text of a message whose stream was cut before its final line', async () => {
    const partial = readFileSync(join(ROOT, 'fixtures/claude-code/thinking/stream-partial.jsonl'), 'utf8').split('\n');
    const cut = partial.findIndex((line) => line.includes('"type":"assistant"') || line.includes('"type": "assistant"'));
    const { text } = await convertBytes(partial.slice(0, cut).join('\n'));
    const transcript = JSON.parse(text) as Transcript;
    const reasoning = transcript.events.find((e) => e.type === 'reasoning');
    expect(reasoning?.text).toContain('17 * 23');
    expect(reasoning?.meta?.kind).toBe('incomplete');
  });
});

describe('whole-document input', () => {
  const record = { type: 'user', sessionId: 's1', uuid: 'u1', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'hello from a document' } };

  it('parses a pretty-printed JSON document as one record', async () => {
    const { text, result } = await convertBytes(JSON.stringify(record, null, 2), { from: 'claude-code' });
    const transcript = JSON.parse(text) as Transcript;
    expect(transcript.events.map((e) => [e.type, e.text])).toEqual([['user_message', 'hello from a document']]);
    expect(result.recordTypes.get('user')).toEqual({ mapped: 1, skipped: 0, unknown: 0 });
  });

  it('reads pretty-printed records one after another (`jq .` of a JSONL log) as the log itself', async () => {
    const pretty = shellTool.trimEnd().split('\n').map((line) => JSON.stringify(JSON.parse(line), null, 2)).join('\n');
    const events = (text: string) => (JSON.parse(text) as Transcript).events.map((e) => [e.type, e.text ?? e.tool?.output ?? null]);
    const fromPretty = await convertBytes(pretty);
    expect(events(fromPretty.text)).toEqual(events((await convertBytes(shellTool)).text));
    expect((JSON.parse(fromPretty.text) as Transcript).metrics.unparsedCount).toBe(0);
  });

  it('after lines of plain text too (a CLI that prints one indented object per message); the text lines are counted, a value never closed is reported by line', async () => {
    const messages = ['first', 'second', 'third', 'fourth'].map((word, n) => ({ ...record, uuid: `u${n}`, message: { role: 'user', content: `the ${word} one` } }));
    const printed = ['Following the task...', '', ...messages.map((message) => JSON.stringify(message, null, 2)), '{', '  "type": "user",'].join('\n');
    const { text } = await convertBytes(printed);
    const transcript = JSON.parse(text) as Transcript;
    expect(transcript.events.filter((e) => e.type === 'user_message').map((e) => e.text)).toEqual(['the first one', 'the second one', 'the third one', 'the fourth one']);
    const lines = printed.split('\n').length;
    expect(transcript.events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta?.line)).toEqual([1, lines - 1, lines]);
  });

  it('a JSONL line cut short at a comma holds back nothing after it', async () => {
    const lines = shellTool.trimEnd().split('\n');
    const damaged = [...lines.slice(0, 3), '{"type":"user","message":{', ...lines.slice(3)].join('\n');
    const transcript = JSON.parse((await convertBytes(damaged)).text) as Transcript;
    const clean = JSON.parse((await convertBytes(shellTool)).text) as Transcript;
    expect(transcript.events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta?.line)).toEqual([4]);
    expect(transcript.metrics.eventCount).toBe(clean.metrics.eventCount + 1);
  });

  it('reports each line when the document does not parse', async () => {
    const broken = JSON.stringify(record, null, 2).slice(0, -3);
    const error = await convertBytes(broken, { from: 'claude-code' }).catch((e: unknown) => e);
    expect((error as AtxError).exitCode).toBe(ExitCode.invalidInput); // nothing convertible: every line unparsed, no events of substance
  });
});

describe('container readers', () => {
  const scratch = scratchFolders('atx-container-');

  it('expand a store into sessions converted by the reader\'s adapter, in folders too', async () => {
    const { writeFileSync, mkdirSync } = await import('node:fs');
    const { Readable } = await import('node:stream');
    const { resolveInputs } = await import('../src/pipeline/sources.js');
    const { claudeCode } = await import('../adapters/claude-code/index.js');
    const { convertToText } = await import('./helpers.js');
    const dir = scratch();
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'store.db'), 'FAKESTORE\n');
    const rows = (id: string) => [{ type: 'user', sessionId: id, uuid: `${id}-1`, timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: `question ${id}` } }];
    const adapter = {
      ...claudeCode,
      readers: [{
        description: 'test store',
        fileName: /store\.db$/,
        claims: (_path: string, head: Buffer | null) => head?.toString().startsWith('FAKESTORE') ?? false,
        sessions: async (path: string) => ['a', 'b'].map((id) => ({
          name: `${path}#${id}`,
          records: async function* () { yield* rows(id); },
        })),
      }],
    };
    for (const input of [join(dir, 'data', 'store.db'), dir]) {
      const sessions = await resolveInputs([input], [adapter], Readable.from([]));
      expect(sessions.map((s) => s.main.name.split('#')[1])).toEqual(['a', 'b']);
      const converted = await Promise.all(sessions.map((s) => convertToText(s)));
      expect(converted.map(({ text }) => (JSON.parse(text) as Transcript).events[0]?.text)).toEqual(['question a', 'question b']);
    }
  });
});
