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
import { builtinProfile } from '../redaction/profiles.js';
import { TranscriptRedactor } from '../redaction/transcript-redactor.js';
import { writerFor } from '../src/writers/index.js';
import { convertFile, expectGolden, fixtureCases, memoryOutput, ROOT } from './helpers.js';
import { memorySpool, renderFixture, renderTranscript, richestFixturePerAgent } from './writer-support.js';

/**
 * The ATIF of a Transcript, written from an in-memory spool (the goldens below go through the
 * spooled sink the CLI uses; this is the same writer without a temp file per session).
 */
async function atifOf(transcript: Transcript): Promise<Trajectory> {
  const { events, ...header } = transcript;
  const output = memoryOutput();
  await writerFor('atif')!.writer({})(header, memorySpool(events), output);
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
    // every lane is a trajectory
    for (const lane of new Set(events.map((e) => e.parentId))) expect(byId.has(lane ? `${transcriptId}/${lane}` : transcriptId), `lane ${lane}`).toBe(true);
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

describe('ATIF of a redacted session', () => {
  it('carries the privacy receipt, and each redaction where its placeholder is in the ATIF', async () => {
    const research = () => new TranscriptRedactor(builtinProfile('research')!, { salt: Buffer.alloc(16, 7), saltSource: 'per-transcript' });
    const { transcript } = await convertFile(join(ROOT, 'fixtures/cline/planted-secrets/stdout.jsonl'), { transform: research });
    const document = await atifOf(transcript);
    expect(schemaErrors(document)).toEqual([]);
    const { privacy } = transcript;
    expect(privacy.redactionCount).toBeGreaterThan(0);
    expect(document.extra!.atx).toMatchObject({ profile: 'research', redactionCount: privacy.redactionCount, redactionsByRule: privacy.redactionsByRule, rulesetVersion: privacy.rulesetVersion, contentPolicy: privacy.contentPolicy });
    // every event's redactions are in the ATIF once, and those in a message point at their placeholder
    type Placed = { field: string; placeholder: string; start: number; end: number };
    const placed: Placed[] = [];
    for (const step of trajectories(document).flatMap((t) => t.steps)) {
      const own = (step.extra?.redactions ?? []) as Placed[];
      for (const r of own.filter((r) => r.field === 'message')) expect(step.message.slice(r.start, r.end)).toBe(r.placeholder);
      placed.push(...own);
      for (const part of [...(step.tool_calls ?? []), ...(step.observation?.results ?? [])]) placed.push(...((part.extra?.redactions ?? []) as Placed[]));
    }
    expect(placed).toHaveLength(transcript.events.flatMap((e) => e.redactions ?? []).length);
    expect(placed.length).toBeGreaterThan(0);
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

describe('ATIF steps from made-up sessions', () => {
  const base = JSON.parse(readFileSync(join(ROOT, 'fixtures/claude-code/subagent/session.expected.json'), 'utf8')) as Transcript;
  /** A Transcript of these events (ids and seq filled in), with the fixture's header. */
  const session = (events: Partial<TranscriptEvent>[]): Transcript => ({
    ...base,
    events: events.map((e, i) => ({ id: `ev_${i + 1}`, seq: i + 1, timestamp: null, role: 'assistant', type: 'assistant_message', ...e }) as TranscriptEvent),
  });
  const call = (callId: string, extra: Partial<TranscriptEvent> = {}): Partial<TranscriptEvent> => ({ type: 'tool_call', tool: { name: 'Bash', callId, input: { command: 'ls' } }, ...extra });
  const result = (callId: string, output: string): Partial<TranscriptEvent> => ({ type: 'tool_result', role: 'tool', tool: { name: 'Bash', callId, output, status: 'ok', exitCode: 0 } });
  const usage = { input: 10, output: 5, cacheRead: 100 };
  const valid = (document: Trajectory) => {
    expect(schemaErrors(document)).toEqual([]);
    expectAtifRules(document);
    return document;
  };

  it('makes one agent step of a model call: reasoning, text and calls, with the results of its calls', async () => {
    const document = valid(await atifOf(session([
      { type: 'user_message', role: 'user', text: 'list files' },
      { type: 'reasoning', text: 'I should run ls', usage, model: 'm1' },
      { type: 'assistant_message', text: 'Listing.', model: 'm1' },
      call('c1', { model: 'm1' }),
      call('c2', { model: 'm1' }),
      result('c2', 'b.txt'),
      result('c1', 'a.txt'),
      { text: 'Done.', usage: { input: 1, output: 2 }, model: 'm2' },
    ])));
    expect(document.steps.map((s) => [s.source, s.llm_call_count])).toEqual([['user', undefined], ['agent', 1], ['agent', 1]]);
    const [, model, answer] = document.steps;
    expect(model).toMatchObject({ message: 'Listing.', reasoning_content: 'I should run ls', metrics: { prompt_tokens: 110, completion_tokens: 5, cached_tokens: 100 } });
    expect(model!.tool_calls!.map((c) => c.tool_call_id)).toEqual(['c1', 'c2']);
    expect(model!.observation!.results).toEqual([
      { source_call_id: 'c1', content: 'a.txt', extra: { status: 'ok', exitCode: 0 } },
      { source_call_id: 'c2', content: 'b.txt', extra: { status: 'ok', exitCode: 0 } },
    ]);
    // the model used most is the agent's; a step names its model only when it is another
    expect(document.agent.model_name).toBe('m1');
    expect(model!.model_name).toBeUndefined();
    expect(answer).toMatchObject({ message: 'Done.', model_name: 'm2' });
  });

  it('starts a new model call at a second usage, and at another model, with nothing between', async () => {
    const document = valid(await atifOf(session([
      { text: 'one', usage, model: 'm1' },
      { text: 'two', usage, model: 'm1' },
      { text: 'three', model: 'm1' },
      { text: 'four', model: 'm2' },
    ])));
    expect(document.steps.map((s) => s.message)).toEqual(['one', 'two\n\nthree', 'four']);
  });

  it('marks a call without result, and keeps a result without call as a system step', async () => {
    const document = valid(await atifOf(session([call('lost'), { type: 'user_message', role: 'user', text: 'stop' }, result('stray', 'out')])));
    expect(document.steps[0]!.observation!.results).toEqual([{ source_call_id: 'lost', extra: { noResult: true } }]);
    expect(document.steps[2]).toMatchObject({ source: 'system', observation: { results: [{ content: 'out', extra: { callId: 'stray', name: 'Bash' } }] } });
    expect(document.steps[2]!.observation!.results[0]!.source_call_id).toBeUndefined();
  });

  it('takes a result in another lane for no result of the call: there it is a result without call', async () => {
    const document = valid(await atifOf(session([call('c1', { usage }), { ...result('c1', 'elsewhere'), parentId: 'side' }, { text: 'next', usage }])));
    expect(document.steps.map((s) => s.observation?.results[0]?.extra?.noResult)).toEqual([true, undefined]);
    expect(document.subagent_trajectories![0]!.steps[0]).toMatchObject({ source: 'system', observation: { results: [{ content: 'elsewhere', extra: { callId: 'c1' } }] } });
  });

  it('waits for results that come after other events, and joins two results of one call', async () => {
    const document = valid(await atifOf(session([
      call('c1', { usage }),
      { type: 'system', role: 'system', text: 'reminder' },
      call('c2', { usage }),
      result('c2', 'second'),
      result('c1', 'first'),
      result('c1', 'more'),
    ])));
    expect(document.steps.map((s) => s.source)).toEqual(['agent', 'system', 'agent']);
    expect(document.steps[0]!.observation!.results[0]).toMatchObject({ source_call_id: 'c1', content: 'first\nmore', extra: { results: 2 } });
    expect(document.steps[2]!.observation!.results[0]).toMatchObject({ source_call_id: 'c2', content: 'second' });
  });

  it("gives a tool the user ran llm_call_count 0, a compaction ATIF's context_management, other meta to the next step", async () => {
    const document = valid(await atifOf(session([
      { type: 'meta', role: 'system', text: 'prompt not recorded', meta: { kind: 'gap' } },
      call('u1', { role: 'user' }),
      result('u1', 'ok'),
      { type: 'meta', role: 'system', text: 'the summary', meta: { kind: 'compaction' } },
      { type: 'meta', role: 'system', text: 'exit 0', meta: { kind: 'run-result' } },
    ])));
    expect(document.steps[0]).toMatchObject({ source: 'agent', llm_call_count: 0, extra: { role: 'user', meta: [{ kind: 'gap', text: 'prompt not recorded' }] } });
    expect(document.steps[1]).toMatchObject({ source: 'system', message: 'the summary', extra: { context_management: { type: 'compaction' } } });
    expect(document.steps[2]).toMatchObject({ source: 'system', message: 'exit 0', extra: { meta: [{ kind: 'run-result' }] } });
  });

  it('moves redaction offsets to where the text sits in the joined message', async () => {
    const redaction = { field: 'text', ruleId: 'aws', type: 'secret', placeholder: '[REDACTED:aws]', start: 4, end: 18 } as const;
    const document = valid(await atifOf(session([
      { text: 'first', usage },
      { text: 'key [REDACTED:aws]', redactions: [redaction] },
    ])));
    const step = document.steps[0]!;
    const [moved] = step.extra!.redactions as (typeof redaction)[];
    expect(moved).toMatchObject({ field: 'message', start: 11, end: 25 });
    expect(step.message.slice(moved!.start, moved!.end)).toBe('[REDACTED:aws]');
  });

  it('writes a valid document for a session with no events', async () => {
    const document = valid(await atifOf({ ...session([]), metrics: { ...base.metrics, tokens: undefined } }));
    expect(document.steps).toEqual([{ step_id: 1, source: 'system', message: '', extra: { empty: true } }]);
  });

  it('indents with --pretty as JSON.stringify would', async () => {
    const transcript = session([{ type: 'user_message', role: 'user', text: 'hi' }, call('c1', { usage }), result('c1', 'out')]);
    const pretty = await renderTranscript(transcript, 'atif', { pretty: true });
    expect(pretty).toBe(`${JSON.stringify(JSON.parse(pretty), null, 2)}\n`);
    expect(JSON.parse(await renderTranscript(transcript, 'atif'))).toEqual(JSON.parse(pretty));
  });
});

describe('ATIF subagent lanes from a made-up session', () => {
  const base = JSON.parse(readFileSync(join(ROOT, 'fixtures/claude-code/subagent/session.expected.json'), 'utf8')) as Transcript;
  const events: Partial<TranscriptEvent>[] = [
    { type: 'tool_call', tool: { name: 'Task', callId: 'outer', input: {} } },
    { type: 'user_message', role: 'user', parentId: 'outer', text: 'outer task' },
    { type: 'tool_call', parentId: 'outer', tool: { name: 'Task', callId: 'inner', input: {} } },
    { type: 'user_message', role: 'user', parentId: 'inner', text: 'inner task' },
    { type: 'assistant_message', parentId: 'inner', text: 'inner done', usage: { input: 3, output: 1 } },
    { type: 'tool_result', role: 'tool', parentId: 'outer', tool: { name: 'Task', callId: 'inner', output: 'inner report' } },
    { type: 'tool_result', role: 'tool', tool: { name: 'Task', callId: 'outer', output: 'outer report' } },
    { type: 'assistant_message', parentId: 'branch-1', text: 'an abandoned branch' },
  ];
  const transcript: Transcript = { ...base, events: events.map((e, i) => ({ id: `ev_${i + 1}`, seq: i + 1, timestamp: null, role: 'assistant', type: 'assistant_message', ...e }) as TranscriptEvent) };

  it('nests a subagent in the one that started it, and keeps a lane no call started at the top', async () => {
    const document = await atifOf(transcript);
    expect(schemaErrors(document)).toEqual([]);
    expectAtifRules(document);
    const id = (lane: string) => `${transcript.transcriptId}/${lane}`;
    expect(document.subagent_trajectories!.map((t) => t.trajectory_id)).toEqual([id('outer'), id('branch-1')]);
    const [outer, branch] = document.subagent_trajectories!;
    expect(outer!.subagent_trajectories!.map((t) => t.trajectory_id)).toEqual([id('inner')]);
    expect(outer!.steps[1]!.observation!.results[0]!.subagent_trajectory_ref).toEqual([{ trajectory_id: id('inner') }]);
    expect(outer!.subagent_trajectories![0]!.final_metrics).toMatchObject({ total_prompt_tokens: 3, total_completion_tokens: 1, total_steps: 2 });
    expect(branch!.extra!.atx).toEqual({ parentId: 'branch-1', spawned: false });
    expect(branch!.steps).toEqual([{ step_id: 1, source: 'agent', message: 'an abandoned branch', llm_call_count: 1 }]);
  });
});
