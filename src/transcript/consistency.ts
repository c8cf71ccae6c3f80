/**
 * What the schema cannot say: whether a Transcript's parts agree with each other. atx never
 * writes a Transcript that fails here; one that does was cut, edited or made by something else,
 * and is refused by every command that would pass it on (`redact`, `upload`, `atx serve`) with
 * the path of the first disagreement. Pure and cheap: one pass over the events.
 */
import { tallyEvent, zeroCounts, type EventCounts } from './metrics.js';
import type { Transcript } from './schema.js';

export interface ConsistencyIssue {
  path: string;
  message: string;
}

const COUNTED: ReadonlyArray<keyof EventCounts> = ['messageCount', 'toolCallCount', 'errorCount', 'unparsedCount', 'turnCount'];

export function checkConsistency(transcript: Transcript): ConsistencyIssue[] {
  const issues: ConsistencyIssue[] = [];
  const { events, metrics, session, privacy } = transcript;
  const counts = zeroCounts();
  const ids = new Set<string>();
  const calls = new Set<string>();
  const results: Array<{ index: number; callId: string }> = [];
  const receiptsByRule = new Map<string, number>();
  let receipts = 0;
  let previousSeq = 0;
  const started = session.startedAt ? Date.parse(session.startedAt) : null;
  const ended = session.endedAt ? Date.parse(session.endedAt) : null;

  for (const [index, event] of events.entries()) {
    const at = `events[${index}]`;
    tallyEvent(counts, event);
    if (event.seq <= previousSeq) issues.push({ path: `${at}.seq`, message: `${event.seq} does not increase (the event before has ${previousSeq})` });
    previousSeq = event.seq;
    if (ids.has(event.id)) issues.push({ path: `${at}.id`, message: `${event.id} is used by an earlier event` });
    ids.add(event.id);
    if (event.type === 'tool_call' && event.tool) calls.add(event.tool.callId);
    if (event.type === 'tool_result' && event.tool) results.push({ index, callId: event.tool.callId });
    if ((event.type === 'tool_call' || event.type === 'tool_result') && !event.tool) issues.push({ path: `${at}.tool`, message: `a ${event.type} without its tool` });
    for (const receipt of event.redactions ?? []) {
      receipts += 1;
      receiptsByRule.set(receipt.ruleId, (receiptsByRule.get(receipt.ruleId) ?? 0) + 1);
    }
    if (event.timestamp && started !== null && ended !== null) {
      const time = Date.parse(event.timestamp);
      if (time < started || time > ended) issues.push({ path: `${at}.timestamp`, message: `${event.timestamp} is outside the session (${session.startedAt} to ${session.endedAt})` });
    }
  }
  for (const { index, callId } of results) {
    if (!calls.has(callId)) issues.push({ path: `events[${index}].tool.callId`, message: `no tool_call has callId ${callId}` });
  }

  if (metrics.eventCount !== events.length) issues.push({ path: 'metrics.eventCount', message: `says ${metrics.eventCount}, but there are ${events.length} events` });
  for (const name of COUNTED) {
    const stated = metrics[name];
    if (stated !== undefined && stated !== counts[name]) issues.push({ path: `metrics.${name}`, message: `says ${stated}, but the events give ${counts[name]}` });
  }
  if (started !== null && ended !== null && started > ended) issues.push({ path: 'session.endedAt', message: `${session.endedAt} is before startedAt ${session.startedAt}` });

  for (const receipt of privacy.sessionRedactions ?? []) {
    receipts += 1;
    receiptsByRule.set(receipt.ruleId, (receiptsByRule.get(receipt.ruleId) ?? 0) + 1);
  }
  if (privacy.redactionCount !== receipts) {
    issues.push({ path: 'privacy.redactionCount', message: `says ${privacy.redactionCount}, but the events and header carry ${receipts} redaction receipt(s)` });
  }
  if (privacy.redactionsByRule) {
    for (const [rule, stated] of Object.entries(privacy.redactionsByRule)) {
      const found = receiptsByRule.get(rule) ?? 0;
      if (stated !== found) issues.push({ path: `privacy.redactionsByRule.${rule}`, message: `says ${stated}, but ${found} receipt(s) name this rule` });
    }
    for (const [rule, found] of receiptsByRule) {
      if (!(rule in privacy.redactionsByRule)) issues.push({ path: `privacy.redactionsByRule.${rule}`, message: `missing, but ${found} receipt(s) name this rule` });
    }
  }
  if (receipts > 0 && !privacy.redactionApplied && !privacy.anonymizationApplied) {
    issues.push({ path: 'privacy.redactionApplied', message: 'false, but events carry redaction receipts' });
  }
  return issues;
}
