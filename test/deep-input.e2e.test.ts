/**
 * A Transcript nested thousands of levels deep gets the same answer from every command that reads
 * Transcripts: invalid input (exit 3), naming where it goes too deep, never a stack overflow.
 */
import { describe, expect, it } from 'vitest';
import { checkTranscript, MAX_TRANSCRIPT_DEPTH } from '../src/input/transcript-check.js';
import { fixtureCases, runCli } from './helpers.js';

/** A converted fixture with `levels` nested objects in the first tool call's input. */
async function nestedTranscript(levels: number): Promise<string> {
  // the first Claude Code fixture that called a tool (some record only compaction or an API error)
  for (const fixture of fixtureCases().filter((c) => c.agent === 'claude-code')) {
    const converted = await runCli(['convert', fixture.input, '-q']);
    expect(converted.code, converted.stderr).toBe(0);
    const document = JSON.parse(converted.stdout) as { events: Array<{ type: string; tool?: { input?: unknown } }> };
    const call = document.events.find((event) => event.type === 'tool_call' && event.tool);
    if (call === undefined) continue;
    call.tool!.input = '@@NESTED@@';
    // built as text: JSON.stringify itself would overflow on thousands of levels
    return JSON.stringify(document).replace('"@@NESTED@@"', '{"a":'.repeat(levels) + '{}' + '}'.repeat(levels));
  }
  throw new Error('no Claude Code fixture calls a tool');
}

describe('deeply nested Transcripts', () => {
  it('are refused by the check every command runs, with the path where the limit is passed', () => {
    const inner = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels) + '{}' + '}'.repeat(levels));
    const deep = checkTranscript({ events: [inner(MAX_TRANSCRIPT_DEPTH + 5)] });
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.issues[0]!.message).toContain(`deeper than ${MAX_TRANSCRIPT_DEPTH} levels`);
    // below the limit the depth check passes and the schema decides
    const shallow = checkTranscript({ events: [inner(10)] });
    expect(shallow.ok).toBe(false);
    if (!shallow.ok) expect(shallow.issues.some((issue) => issue.message.includes('deeper than'))).toBe(false);
  });

  it('get exit 3 from validate, redact and upload alike', async () => {
    const text = await nestedTranscript(5000);
    for (const args of [['validate', '-'], ['redact', '-'], ['upload', '-', '--dry-run', '--endpoint', 'http://127.0.0.1:9']]) {
      const run = await runCli(args, { input: text });
      expect(run.code, `${args[0]}: ${run.stderr}`).toBe(3);
      expect(run.stderr).toContain(`nested deeper than ${MAX_TRANSCRIPT_DEPTH} levels`);
      expect(run.stderr).not.toMatch(/RangeError|call stack|\n\s+at /);
    }
  }, 60_000);
});
