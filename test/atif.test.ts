/**
 * `--format atif`: every real fixture's Transcript written as ATIF v1.7 is valid against the
 * schema and ATIF's rules, keeps every message, call and token count, and embeds its subagents;
 * goldens of each agent's richest fixture; the model-call grouping on small made-up sessions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { expectAtifRules, schemaErrors, type Trajectory, trajectories } from './atif-support.js';
import { writerFor } from '../src/writers/index.js';
import { expectGolden, fixtureCases, memoryOutput, ROOT } from './helpers.js';
import { renderFixture, richestFixturePerAgent } from './writer-support.js';

/**
 * The ATIF of a Transcript, written from an in-memory spool (the goldens below go through the
 * spooled sink the CLI uses; this is the same writer without a temp file per session).
 */
async function atifOf(transcript: Transcript): Promise<Trajectory> {
  const { events, ...header } = transcript;
  const output = memoryOutput();
  const spool = { count: events.length, path: '', events: async function* () { yield* events; } };
  await writerFor('atif')!.writer({})(header, spool, output);
  return JSON.parse(output.text()) as Trajectory;
}

/** The texts of a trajectory's steps, joined: where each message and reasoning text must be found. */
const stepTexts = (t: Trajectory) => t.steps.map((s) => `${typeof s.message === 'string' ? s.message : ''}\n${s.reasoning_content ?? ''}`).join('\n');

/**
 * The Transcripts of every recorded fixture: each fixture's golden Transcript, which golden.test.ts
 * keeps equal to what the converter makes of the native file (reading them is far cheaper than
 * converting 400 sessions again).
 */
const transcripts = fixtureCases()
  .filter((c) => existsSync(c.expected))
  .map((c) => ({ name: `${c.agent} ${c.name}`, transcript: JSON.parse(readFileSync(c.expected, 'utf8')) as Transcript }));

describe('ATIF of every real fixture', () => {
  it('covers the recorded fixtures', () => {
    expect(transcripts.length).toBeGreaterThan(300);
  });

  it.each(transcripts)('$name', async ({ transcript }) => {
    const document = await atifOf(transcript);
    expect(schemaErrors(document)).toEqual([]);
    expectAtifRules(document);
    const { events, metrics, transcriptId } = transcript;
    const byId = new Map(trajectories(document).map((t) => [t.trajectory_id, t]));
    const laneOf = (e: TranscriptEvent) => byId.get(e.parentId ? `${transcriptId}/${e.parentId}` : transcriptId)!;

    // every message and reasoning text is in its own lane's trajectory
    for (const event of events) {
      if (!['user_message', 'assistant_message', 'reasoning'].includes(event.type) || !event.text) continue;
      expect(laneOf(event), `lane of ${event.id}`).toBeDefined();
      expect(stepTexts(laneOf(event)).includes(event.text), `text of ${event.id}`).toBe(true);
    }
    // every tool call is one ATIF tool call
    const calls = trajectories(document).flatMap((t) => t.steps.flatMap((s) => s.tool_calls ?? []));
    expect(calls).toHaveLength(events.filter((e) => e.type === 'tool_call').length);
    // token totals are the Transcript's
    const tokens = metrics.tokens;
    const final = document.final_metrics!;
    expect(final.total_prompt_tokens).toBe(tokens ? tokens.input + (tokens.cacheRead ?? 0) + (tokens.cacheWrite ?? 0) : undefined);
    expect(final.total_completion_tokens).toBe(tokens?.output);
    expect(final.total_cached_tokens).toBe(tokens?.cacheRead);
    expect(final.extra?.cacheWrite).toBe(tokens?.cacheWrite);
    expect(final.extra?.reasoning).toBe(tokens?.reasoning);
    expect(final.total_cost_usd).toBe(metrics.costUsd);
    expect(final.total_steps).toBe(document.steps.length);
    // the privacy receipt rides along
    expect(document.extra?.atx).toMatchObject({ transcriptId, profile: transcript.privacy.profile, redactionCount: transcript.privacy.redactionCount });
  });
});

describe('ATIF goldens', () => {
  it.each(richestFixturePerAgent())('$agent $name', async (c) => {
    const { text } = await renderFixture(c.input, 'atif', { pretty: true });
    expect(schemaErrors(JSON.parse(text))).toEqual([]);
    expectGolden(text, join(ROOT, 'test/goldens/atif', `${c.agent}.atif.json`));
  });
});

describe('ATIF subagents', () => {
  it('embeds a Claude Code subagent and links it from the Agent call that started it', async () => {
    const transcript = JSON.parse(readFileSync(join(ROOT, 'fixtures/claude-code/subagent/session.expected.json'), 'utf8')) as Transcript;
    const document = await atifOf(transcript);
    const [subagent, ...others] = document.subagent_trajectories ?? [];
    expect(others).toEqual([]);
    const spawn = document.steps.find((s) => s.tool_calls?.some((c) => c.function_name === 'Agent'))!;
    const callId = spawn.tool_calls![0]!.tool_call_id;
    expect(subagent!.trajectory_id).toBe(`${transcript.transcriptId}/${callId}`);
    expect(spawn.observation!.results[0]!.subagent_trajectory_ref).toEqual([{ trajectory_id: subagent!.trajectory_id }]);
    expect(subagent!.extra?.atx).toEqual({ parentId: callId, spawned: true, parentStepId: spawn.step_id });
    expect(subagent!.steps[0]).toMatchObject({ step_id: 1, source: 'user' });
    expect(subagent!.steps.flatMap((s) => s.tool_calls ?? []).map((c) => c.function_name)).toEqual(['Bash']);
    // the subagent's own totals are its own calls' usage; the main line's are the session's
    expect(subagent!.final_metrics).toMatchObject({ total_prompt_tokens: 3157 + 3776, total_completion_tokens: 30 + 14 });
    expect(document.final_metrics).toMatchObject({ total_prompt_tokens: 16584, extra: { includesSubagents: true } });
  });
});
