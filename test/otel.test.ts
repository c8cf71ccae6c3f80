/**
 * `--format otel`: every real fixture's Transcript becomes a valid OTLP/JSON trace with one tool
 * span per tool call and the Transcript's token counts, and no session text leaves without
 * `--otel-content`; goldens for each agent's richest fixture.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TokenTotals, Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { otelDocument } from '../src/writers/otel.js';
import type { WriterOptions } from '../src/writers/types.js';
import { expectGolden, fixtureCases, memoryOutput, ROOT } from './helpers.js';
import { attr, expectValidOtlp, requestsOf, type SpanJson, spansOf, spansWith, sumOf } from './otel-check.js';
import { memorySpool, renderFixture, renderTranscript, richestFixturePerAgent } from './writer-support.js';

/** The writer on its own, its spool read from memory (the goldens go through the real spool). */
async function renderOtel(transcript: Transcript, options: WriterOptions = {}): Promise<string> {
  const { events: _, ...header } = transcript;
  const output = memoryOutput();
  await otelDocument(options)(header, memorySpool(transcript.events), output);
  return output.text();
}

const transcriptOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Transcript;
const fixture = (path: string) => transcriptOf(join(ROOT, 'fixtures', path));

/** Token totals as the conventions count input: cache reads and writes included. */
function conventionTokens(tokens: Partial<TokenTotals>): { input: number; output: number } {
  return { input: (tokens.input ?? 0) + (tokens.cacheRead ?? 0) + (tokens.cacheWrite ?? 0), output: tokens.output ?? 0 };
}

function eventTokens(events: readonly TranscriptEvent[]): { input: number; output: number } {
  const sum = { input: 0, output: 0 };
  for (const event of events) {
    if (!event.usage) continue;
    const tokens = conventionTokens(event.usage);
    sum.input += tokens.input;
    sum.output += tokens.output;
  }
  return sum;
}

/** Every piece of session content an event holds that is long enough not to appear by chance. */
function contentStrings(event: TranscriptEvent): string[] {
  const found: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') found.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(event.text);
  collect(event.tool?.input);
  collect(event.tool?.output);
  collect(event.tool?.files);
  collect(event.attachments?.map((a) => a.path));
  return found.filter((s) => s.trim().length >= 12);
}

/** as the text appears inside the output's JSON, and inside a JSON string attribute in it */
const escapedForms = (s: string) => {
  const once = JSON.stringify(s).slice(1, -1);
  return [once, JSON.stringify(once).slice(1, -1)];
};

function expectFaithfulTrace(transcript: Transcript, spans: SpanJson[]): void {
  const [root] = spans.filter((s) => s.parentSpanId === undefined);
  expect(root!.name).toBe(`invoke_agent ${transcript.source.agent}`);
  const tools = spansWith(spans, 'execute_tool');
  expect(tools).toHaveLength(transcript.metrics.toolCallCount);
  expect(tools.map((s) => attr(s, 'gen_ai.tool.call.id')).sort()).toEqual(
    transcript.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId).sort(),
  );
  const totals = conventionTokens(transcript.metrics.tokens ?? {});
  expect(Number(attr(root!, 'gen_ai.usage.input_tokens') ?? 0)).toBe(totals.input);
  expect(Number(attr(root!, 'gen_ai.usage.output_tokens') ?? 0)).toBe(totals.output);
  const chats = spansWith(spans, 'chat');
  const perCall = eventTokens(transcript.events);
  expect(sumOf(chats, 'gen_ai.usage.input_tokens')).toBe(perCall.input);
  expect(sumOf(chats, 'gen_ai.usage.output_tokens')).toBe(perCall.output);
  if (transcript.events.some((e) => e.type === 'assistant_message')) expect(chats.length).toBeGreaterThan(0);
}

describe.each(fixtureCases())('$agent $name', (c) => {
  it('is a valid trace with the Transcript\'s tool calls and tokens, and no session text', async () => {
    const transcript = transcriptOf(c.expected);
    const text = await renderOtel(transcript);
    const spans = expectValidOtlp(text);
    expectFaithfulTrace(transcript, spans);
    // ids and tool names are not content: a tool's input or output may name them, and the spans carry them
    const ids = new Set(transcript.events.flatMap((e) => [e.id, e.tool?.callId, e.tool?.name, e.tool?.mcp?.tool, e.tool?.mcp?.server]));
    for (const event of transcript.events) {
      for (const piece of contentStrings(event).filter((s) => !ids.has(s))) {
        for (const form of escapedForms(piece)) expect(text.includes(form), `${event.id} leaked: ${piece.slice(0, 60)}`).toBe(false);
      }
    }
  });
});

describe.each(richestFixturePerAgent())('golden $agent $name', (c) => {
  it('matches its golden file, and with --otel-content carries the messages', async () => {
    const { transcript, text } = await renderFixture(c.input, 'otel');
    expectGolden(text, join(ROOT, 'test', 'goldens', 'otel', `${c.agent}.otlp.json`));
    const withContent = await renderTranscript(transcript, 'otel', { otelContent: true });
    const spans = expectValidOtlp(withContent);
    expect(spans.map((s) => s.spanId)).toEqual(spansOf(requestsOf(text)).map((s) => s.spanId));
    for (const event of transcript.events) {
      if (event.type !== 'assistant_message' || !event.text?.trim()) continue;
      expect(withContent.includes(escapedForms(event.text)[1]!), `${event.id} text missing`).toBe(true);
    }
  });
});

describe('OpenTelemetry trace shape', () => {
  it('nests a subagent under the execute_tool span that started it, within its times', async () => {
    const transcript = fixture('claude-code/subagent/session.expected.json');
    const spans = expectValidOtlp(await renderOtel(transcript));
    const subagentCall = transcript.events.find((e) => e.parentId)!.parentId!;
    const starter = spans.find((s) => attr(s, 'gen_ai.tool.call.id') === subagentCall)!;
    const subagent = spans.find((s) => s.parentSpanId === starter.spanId)!;
    expect(subagent.name.startsWith('invoke_agent ')).toBe(true);
    expect(attr(subagent, 'atx.subagent.call_id')).toBe(subagentCall);
    expect(BigInt(starter.startTimeUnixNano) <= BigInt(subagent.startTimeUnixNano)).toBe(true);
    expect(BigInt(starter.endTimeUnixNano) >= BigInt(subagent.endTimeUnixNano)).toBe(true);
    const inside = spans.filter((s) => s.parentSpanId === subagent.spanId);
    expect(inside.map((s) => attr(s, 'gen_ai.operation.name')).sort()).toEqual(['chat', 'chat', 'execute_tool']);
  });

  it('marks a denied call as an error with error.type', async () => {
    const spans = expectValidOtlp(await renderOtel(fixture('claude-code/denied-tool/session.expected.json')));
    const [denied] = spansWith(spans, 'execute_tool');
    expect(attr(denied!, 'error.type')).toBe('tool_denied');
    expect(denied!.status).toEqual({ code: 2, message: expect.stringContaining('denied') });
  });

  it('carries the privacy receipt on the resource', async () => {
    const transcript = fixture('claude-code/planted-secrets/session.expected.json');
    transcript.privacy = { ...transcript.privacy, profile: 'standard', redactionCount: 3, rulesetVersion: 'rs-1', redactionsByRule: { aws: 2, jwt: 1 } };
    const [request] = requestsOf(await renderOtel(transcript));
    const resource = request!.resourceSpans[0]!.resource;
    expect(attr(resource, 'atx.privacy.profile')).toBe('standard');
    expect(attr(resource, 'atx.privacy.redaction_count')).toBe(3);
    expect(attr(resource, 'atx.ruleset.version')).toBe('rs-1');
    expect(attr(resource, 'atx.otel.content')).toBe(false);
    const byRule = resource.attributes.find((a) => a.key === 'atx.privacy.redactions_by_rule')!.value.kvlistValue!.values;
    expect(byRule).toEqual([{ key: 'aws', value: { intValue: '2' } }, { key: 'jwt', value: { intValue: '1' } }]);
  });

  it('gives events without a time their neighbour\'s, and says so', async () => {
    const base = fixture('claude-code/shell-tool/session.expected.json');
    const at = (s: number) => `2026-03-01T10:00:0${s}.000Z`;
    const events: TranscriptEvent[] = [
      { id: 'u', seq: 1, timestamp: at(1), type: 'user_message', role: 'user', text: 'run it' },
      { id: 'c', seq: 2, timestamp: null, type: 'tool_call', role: 'assistant', tool: { name: 'Bash', callId: 'k1' } },
      { id: 'r', seq: 3, timestamp: at(4), type: 'tool_result', role: 'tool', tool: { name: 'Bash', callId: 'k1', status: 'ok' } },
    ];
    const spans = expectValidOtlp(await renderOtel({ ...base, events }));
    const [tool] = spansWith(spans, 'execute_tool');
    const [chat] = spansWith(spans, 'chat');
    const nanos = (s: number) => String(Date.parse(at(s)) * 1_000_000);
    expect([tool!.startTimeUnixNano, tool!.endTimeUnixNano]).toEqual([nanos(1), nanos(4)]);
    expect(attr(tool!, 'atx.time.estimated')).toBe(true);
    expect([chat!.startTimeUnixNano, attr(chat!, 'atx.time.estimated')]).toEqual([nanos(1), true]);
  });

  it('goes on to another line when a session has more spans than a request should hold, and is the same every time', async () => {
    const base = fixture('claude-code/shell-tool/session.expected.json');
    const events: TranscriptEvent[] = [];
    for (let i = 0; i < 600; i++) {
      const timestamp = new Date(Date.UTC(2026, 2, 1, 10, 0, i)).toISOString();
      events.push({ id: `c${i}`, seq: 2 * i + 1, timestamp, type: 'tool_call', role: 'assistant', tool: { name: 'Read', callId: `k${i}` } });
      events.push({ id: `r${i}`, seq: 2 * i + 2, timestamp, type: 'tool_result', role: 'tool', tool: { name: 'Read', callId: `k${i}`, status: 'ok' } });
    }
    const transcript = { ...base, events, metrics: { ...base.metrics, toolCallCount: 600 } };
    const text = await renderOtel(transcript);
    const requests = requestsOf(text);
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.resourceSpans[0]!.scopeSpans[0]!.spans.length)).toEqual([1000, 201]);
    expect(spansWith(expectValidOtlp(text), 'execute_tool')).toHaveLength(600);
    expect(await renderOtel(transcript)).toBe(text);
    const other = spansOf(requestsOf(await renderOtel({ ...transcript, transcriptId: '0b8f4c3e-4f52-4c7a-9f55-2a3c1b7d9e10' })));
    expect(other[0]!.traceId).not.toBe(spansOf(requests)[0]!.traceId);
  });
});
