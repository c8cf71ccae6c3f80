/**
 * The writers table: every format renders every agent's richest real fixture, and the Transcript
 * formats give back exactly the Transcript `atx convert` writes.
 */
import { describe, expect, it } from 'vitest';
import { TranscriptSchema } from '../src/transcript/index.js';
import { WRITERS } from '../src/writers/index.js';
import { renderFixture, richestFixturePerAgent } from './writer-support.js';

describe('writers table', () => {
  it('has one writer per format, each with a file name ending', () => {
    const formats = WRITERS.map((w) => w.format);
    expect(new Set(formats).size).toBe(formats.length);
    for (const writer of WRITERS) expect(writer.extension).toMatch(/^\.[\w.]+$/);
  });
});

describe.each(richestFixturePerAgent())('$agent $name', (c) => {
  it('json and jsonl give back the Transcript', async () => {
    const { transcript, text } = await renderFixture(c.input, 'json');
    expect(JSON.parse(text)).toEqual(transcript);
    const line = (await renderFixture(c.input, 'jsonl')).text;
    expect(line.endsWith('\n') && line.indexOf('\n') === line.length - 1).toBe(true);
    expect(TranscriptSchema.parse(JSON.parse(line))).toEqual(transcript);
  });
});
