/**
 * Golden tests: every recorded fixture converts to exactly its committed expected Transcript
 * (fixed clock and ids). Regenerate with `ATX_UPDATE_GOLDENS=1 npx vitest run test/golden.test.ts`
 * and review the diff like code.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { convertFile, ROOT } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures');
const UPDATE = process.env.ATX_UPDATE_GOLDENS === '1';


function cases(): Case[] {
  const found: Case[] = [];
  for (const agent of readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const scenario of readdirSync(join(FIXTURES, agent.name), { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const dir = join(FIXTURES, agent.name, scenario.name);
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
        found.push({
          agent: agent.name,
          name: `${scenario.name}/${file}`,
          input: join(dir, file),
          expected: join(dir, file.replace(/\.jsonl$/, '.expected.json')),
        });
      }
    }
  }
  return found;
}

/** Assistant text blocks of the native file (final lines only), which must all reach the Transcript. */
function nativeAssistantTexts(path: string): string[] {
  const texts: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as { type?: string; message?: { content?: unknown } };
    if (record.type !== 'assistant' || !Array.isArray(record.message?.content)) continue;
    for (const block of record.message.content as { type: string; text?: string }[]) {
      if (block.type === 'text' && block.text) texts.push(block.text);
    }
  }
  return texts;
}

describe.each(cases())('$agent $name', (c) => {
  it('matches its golden Transcript', async () => {
    const { text } = await convertFile(c.input);
    if (UPDATE || !existsSync(c.expected)) {
      if (!UPDATE) throw new Error(`no golden file ${c.expected}: run with ATX_UPDATE_GOLDENS=1 and review it`);
      writeFileSync(c.expected, text);
    }
    expect(text).toBe(readFileSync(c.expected, 'utf8'));
  });

  it('validates against the schema', () => {
    const golden = JSON.parse(readFileSync(c.expected, 'utf8')) as unknown;
    const result = TranscriptSchema.safeParse(golden);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('is faithful: nothing unparsed, every tool call paired, all assistant text kept', () => {
    const transcript = JSON.parse(readFileSync(c.expected, 'utf8')) as Transcript;
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(transcript.events.filter((e) => e.type === 'meta' && e.meta?.kind === 'unparsed')).toEqual([]);

    const calls = transcript.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId);
    const results = transcript.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId);
    expect(new Set(calls).size).toBe(calls.length);
    expect([...results].sort()).toEqual([...calls].sort());

    const said = new Set(transcript.events.filter((e) => e.type === 'assistant_message').map((e) => e.text));
    const native = nativeAssistantTexts(c.input);
    expect(native.length).toBeGreaterThan(0);
    for (const text of native) expect(said.has(text)).toBe(true);

    expect(transcript.metrics.eventCount).toBe(transcript.events.length);
    transcript.events.forEach((event, index) => expect(event.seq).toBe(index + 1));
  });
});
