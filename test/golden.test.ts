/**
 * Golden tests: every recorded fixture (a JSONL log or a JSON document in fixtures/<agent>/<scenario>/;
 * files read together count once) converts to exactly its committed expected Transcript
 * (fixed clock and ids). What counts as the agent's own text and token totals is read from the
 * native file by test/fixture-facts/<agent>.ts, independently of the adapter. Regenerate with
 * `ATX_UPDATE_GOLDENS=1 npx vitest run test/golden.test.ts -t "<agent> "` and review the diff like code.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventsSha256, TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import type { FixtureFacts } from './fixture-facts/types.js';
import { convertFile, fixtureCases } from './helpers.js';

const UPDATE = process.env.ATX_UPDATE_GOLDENS === '1';

/** Each agent's facts, loaded on first use: a missing file fails that agent's tests, not the suite. */
const factsByAgent = new Map<string, Promise<FixtureFacts>>();
function factsFor(agent: string): Promise<FixtureFacts> {
  let facts = factsByAgent.get(agent);
  if (!facts) {
    facts = import(`./fixture-facts/${agent}.ts`).then(
      (module: { facts: FixtureFacts }) => module.facts,
      () => { throw new Error(`test/fixture-facts/${agent}.ts is missing: it says what the native fixtures hold`); },
    );
    factsByAgent.set(agent, facts);
  }
  return facts;
}

describe.each(fixtureCases())('$agent $name', (c) => {
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

  it('carries the hash of its events as a reader computes it from the parsed document', () => {
    const golden = JSON.parse(readFileSync(c.expected, 'utf8')) as Transcript;
    expect(golden.metrics.eventsSha256).toBe(eventsSha256(golden.events));
  });

  it('is faithful: nothing unparsed, every tool call paired, all assistant text kept', async () => {
    const transcript = JSON.parse(readFileSync(c.expected, 'utf8')) as Transcript;
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(transcript.events.filter((e) => e.type === 'meta' && e.meta?.kind === 'unparsed')).toEqual([]);

    const calls = transcript.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId);
    const results = transcript.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId);
    expect(new Set(calls).size).toBe(calls.length);
    expect([...results].sort()).toEqual([...calls].sort());

    const said = new Set(transcript.events.filter((e) => e.type === 'assistant_message').map((e) => e.text));
    const facts = await factsFor(c.agent);
    const native = facts.assistantTexts(c.input);
    // a run with no model text either failed before the model answered (the Transcript must show the
    // error) or ran a command of the CLI's own (claude -p "/compact": its output is a command event)
    if (native.length === 0) {
      const ranCommand = transcript.events.some((e) => e.meta?.kind === 'command');
      expect((transcript.metrics.errorCount ?? 0) > 0 || ranCommand).toBe(true);
    }
    for (const text of native) expect(said.has(text)).toBe(true);

    const reported = facts.reportedTokens?.(c.input);
    if (reported) expect(transcript.metrics.tokens).toEqual(reported);

    expect(transcript.metrics.eventCount).toBe(transcript.events.length);
    transcript.events.forEach((event, index) => expect(event.seq).toBe(index + 1));
  });
});
