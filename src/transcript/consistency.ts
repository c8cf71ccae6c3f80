/**
 * What the schema cannot say: whether a Transcript's parts agree with each other. atx never
 * writes a Transcript that fails here; one that does was cut, edited or made by something else,
 * and is refused by every command that would pass it on (`redact`, `upload`, `atx serve`) with
 * the path of the first disagreement. Pure and cheap: one pass over the events.
 */
import { tallyEvent, zeroCounts, type EventCounts } from './metrics.js';
import type { Transcript, TranscriptEvent } from './schema.js';

export interface ConsistencyIssue {
  path: string;
  message: string;
}

const COUNTED: ReadonlyArray<keyof EventCounts> = ['messageCount', 'toolCallCount', 'errorCount', 'unparsedCount', 'turnCount'];

export function checkConsistency(transcript: Transcript): ConsistencyIssue[] {
  const { events, ...header } = transcript;
  const check = new ConsistencyCheck(header);
  for (const event of events) check.event(event);
  return check.finish();
}

/**
 * The same checks one event at a time, for a Transcript read as a stream: only counters, ids and
 * callIds are kept, never the events.
 */
export class ConsistencyCheck {
  private readonly issues: ConsistencyIssue[] = [];
  private readonly counts = zeroCounts();
  private readonly ids = new Set<string>();
  private readonly calls = new Set<string>();
  private readonly results: Array<{ index: number; callId: string }> = [];
  private readonly receiptsByRule = new Map<string, number>();
  private receipts = 0;
  private previousSeq = 0;
  private index = 0;
  private readonly started: number | null;
  private readonly ended: number | null;

  constructor(private readonly header: Omit<Transcript, 'events'>) {
    const { session } = header;
    this.started = session.startedAt ? Date.parse(session.startedAt) : null;
    this.ended = session.endedAt ? Date.parse(session.endedAt) : null;
  }

  event(event: TranscriptEvent): void {
    const { issues, started, ended } = this;
    const index = this.index++;
    const at = `events[${index}]`;
    tallyEvent(this.counts, event);
    if (event.seq <= this.previousSeq) issues.push({ path: `${at}.seq`, message: `${event.seq} does not increase (the event before has ${this.previousSeq})` });
    this.previousSeq = event.seq;
    if (this.ids.has(event.id)) issues.push({ path: `${at}.id`, message: `${event.id} is used by an earlier event` });
    this.ids.add(event.id);
    if (event.type === 'tool_call' && event.tool) this.calls.add(event.tool.callId);
    if (event.type === 'tool_result' && event.tool) this.results.push({ index, callId: event.tool.callId });
    if ((event.type === 'tool_call' || event.type === 'tool_result') && !event.tool) issues.push({ path: `${at}.tool`, message: `a ${event.type} without its tool` });
    for (const receipt of event.redactions ?? []) this.countReceipt(receipt.ruleId);
    if (event.timestamp && started !== null && ended !== null) {
      const time = Date.parse(event.timestamp);
      if (time < started || time > ended) issues.push({ path: `${at}.timestamp`, message: `${event.timestamp} is outside the session (${this.header.session.startedAt} to ${this.header.session.endedAt})` });
    }
  }

  finish(): ConsistencyIssue[] {
    const { issues, counts, started, ended } = this;
    const { metrics, session, privacy } = this.header;
    const eventCount = this.index;
    for (const { index, callId } of this.results) {
      if (!this.calls.has(callId)) issues.push({ path: `events[${index}].tool.callId`, message: `no tool_call has callId ${callId}` });
    }

    if (metrics.eventCount !== eventCount) issues.push({ path: 'metrics.eventCount', message: `says ${metrics.eventCount}, but there are ${eventCount} events` });
    for (const name of COUNTED) {
      const stated = metrics[name];
      if (stated !== undefined && stated !== counts[name]) issues.push({ path: `metrics.${name}`, message: `says ${stated}, but the events give ${counts[name]}` });
    }
    if (started !== null && ended !== null && started > ended) issues.push({ path: 'session.endedAt', message: `${session.endedAt} is before startedAt ${session.startedAt}` });

    for (const receipt of privacy.sessionRedactions ?? []) this.countReceipt(receipt.ruleId);
    const { receipts, receiptsByRule } = this;
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

  private countReceipt(ruleId: string): void {
    this.receipts += 1;
    this.receiptsByRule.set(ruleId, (this.receiptsByRule.get(ruleId) ?? 0) + 1);
  }
}
