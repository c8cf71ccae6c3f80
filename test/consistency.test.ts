/**
 * The consistency check: every Transcript atx writes passes it (all goldens); each kind of
 * disagreement is found, with the path of the field that disagrees.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkConsistency, TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { fixtureCases } from './helpers.js';

const goldens = fixtureCases().map((fixture) => fixture.expected);
const load = (path: string) => TranscriptSchema.parse(JSON.parse(readFileSync(path, 'utf8'))) as Transcript;

/** A golden with tool calls, results, unparsed-free events and receipts added by hand. */
function sample(): Transcript {
  const transcript = load(goldens.find((path) => path.includes('claude-code/shell-tool/session'))!);
  expect(transcript.events.some((event) => event.type === 'tool_result')).toBe(true);
  return structuredClone(transcript);
}

const pathsOf = (transcript: Transcript) => checkConsistency(transcript).map((issue) => issue.path);

describe('checkConsistency', () => {
  it.each(goldens)('finds nothing in %s', (path) => {
    expect(checkConsistency(load(path))).toEqual([]);
  });

  it('metrics that do not match the events', () => {
    const emptied = sample();
    emptied.events = [];
    expect(pathsOf(emptied)).toEqual(expect.arrayContaining(['metrics.eventCount', 'metrics.messageCount', 'metrics.toolCallCount']));
    const miscounted = sample();
    miscounted.metrics.turnCount = (miscounted.metrics.turnCount ?? 0) + 1;
    miscounted.metrics.errorCount = (miscounted.metrics.errorCount ?? 0) + 2;
    expect(pathsOf(miscounted)).toEqual(['metrics.errorCount', 'metrics.turnCount']);
  });

  it('seq that does not increase, and a reused id', () => {
    const transcript = sample();
    transcript.events[2]!.seq = transcript.events[1]!.seq;
    transcript.events[3]!.id = transcript.events[0]!.id;
    expect(pathsOf(transcript)).toEqual(['events[2].seq', 'events[3].id']);
  });

  it('a reused id, whether atx derived it from its seq (ev_<seq>, not kept) or not', () => {
    const foreignThenDerived = sample();
    foreignThenDerived.events[0]!.id = `ev_${foreignThenDerived.events[3]!.seq}`;
    expect(pathsOf(foreignThenDerived)).toEqual(['events[3].id']);
    const derivedThenForeign = sample();
    expect(derivedThenForeign.events[1]!.id).toBe(`ev_${derivedThenForeign.events[1]!.seq}`);
    derivedThenForeign.events[4]!.id = derivedThenForeign.events[1]!.id;
    expect(pathsOf(derivedThenForeign)).toEqual(['events[4].id']);
    const leadingZero = sample();
    leadingZero.events[4]!.id = `ev_0${leadingZero.events[1]!.seq}`;
    expect(pathsOf(leadingZero)).toEqual([]);
  });

  it('a tool_result before its call is matched at the end', () => {
    const transcript = sample();
    const callIndex = transcript.events.findIndex((event) => event.type === 'tool_call');
    const resultIndex = transcript.events.findIndex((event) => event.type === 'tool_result');
    const [call, result] = [transcript.events[callIndex]!, transcript.events[resultIndex]!];
    transcript.events[callIndex] = { ...result, id: call.id, seq: call.seq };
    transcript.events[resultIndex] = { ...call, id: result.id, seq: result.seq };
    expect(pathsOf(transcript)).toEqual([]);
  });

  it('a tool_result whose call is not there', () => {
    const transcript = sample();
    const callIndex = transcript.events.findIndex((event) => event.type === 'tool_call');
    const resultIndex = transcript.events.findIndex((event) => event.type === 'tool_result');
    const call = transcript.events[callIndex]!;
    transcript.events[callIndex] = { ...call, tool: { ...call.tool!, callId: 'elsewhere' } };
    expect(pathsOf(transcript)).toEqual([`events[${resultIndex}].tool.callId`]);
  });

  it('privacy counts that disagree with the receipts', () => {
    const transcript = sample();
    const event = transcript.events.find((candidate) => candidate.text)!;
    event.redactions = [{ field: 'text', ruleId: 'github-pat', type: 'secret', placeholder: '[REDACTED:github-pat#1]', start: 0, end: 23 }];
    expect(pathsOf(transcript)).toEqual(['privacy.redactionCount', 'privacy.redactionApplied']);
    transcript.privacy = { ...transcript.privacy, redactionApplied: true, redactionCount: 1, redactionsByRule: { 'aws-access-key-id': 1 } };
    expect(pathsOf(transcript)).toEqual(['privacy.redactionsByRule.aws-access-key-id', 'privacy.redactionsByRule.github-pat']);
    transcript.privacy.redactionsByRule = { 'github-pat': 1 };
    expect(pathsOf(transcript)).toEqual([]);
  });

  it('times outside the session, and a session that ends before it starts', () => {
    const transcript = sample();
    const [start, end] = [transcript.session.startedAt!, transcript.session.endedAt!];
    transcript.events[0]!.timestamp = '2001-01-01T00:00:00.000Z';
    expect(pathsOf(transcript)).toEqual(['events[0].timestamp']);
    transcript.events[0]!.timestamp = null;
    transcript.session.startedAt = end;
    transcript.session.endedAt = start;
    expect(pathsOf(transcript)).toContain('session.endedAt');
  });
});
