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
  /**
   * Ids kept to find a second use: only those not derived from their own increasing seq
   * (`ev_<seq>`, as atx writes them), so a Transcript of atx's own keeps no string per event.
   */
  private readonly foreignIds = new Set<string>();
  /** the seqs of events whose id was derived from them, increasing: a foreign `ev_<k>` is looked up here */
  private readonly derivedSeqs: number[] = [];
  private readonly calls = new Set<string>();
  /** results whose call had not come yet (a call may follow its result in a hand-made Transcript) */
  private readonly unmatchedResults: Array<{ index: number; callId: string }> = [];
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
    tallyEvent(this.counts, event);
    const increased = event.seq > this.previousSeq;
    if (!increased) issues.push({ path: `events[${index}].seq`, message: `${event.seq} does not increase (the event before has ${this.previousSeq})` });
    this.previousSeq = event.seq;
    if (this.usedBefore(event.id)) issues.push({ path: `events[${index}].id`, message: `${event.id} is used by an earlier event` });
    if (increased && event.id === `ev_${event.seq}`) this.derivedSeqs.push(event.seq);
    else this.foreignIds.add(event.id);
    if (event.type === 'tool_call' && event.tool) this.calls.add(event.tool.callId);
    if (event.type === 'tool_result' && event.tool && !this.calls.has(event.tool.callId)) this.unmatchedResults.push({ index, callId: event.tool.callId });
    if ((event.type === 'tool_call' || event.type === 'tool_result') && !event.tool) issues.push({ path: `events[${index}].tool`, message: `a ${event.type} without its tool` });
    for (const receipt of event.redactions ?? []) this.countReceipt(receipt.ruleId);
    if (event.timestamp && started !== null && ended !== null) {
      const time = Date.parse(event.timestamp);
      if (time < started || time > ended) issues.push({ path: `events[${index}].timestamp`, message: `${event.timestamp} is outside the session (${this.header.session.startedAt} to ${this.header.session.endedAt})` });
    }
  }

  finish(): ConsistencyIssue[] {
    const { issues, counts, started, ended } = this;
    const { metrics, session, privacy } = this.header;
    const eventCount = this.index;
    for (const { index, callId } of this.unmatchedResults) {
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

  private usedBefore(id: string): boolean {
    if (this.foreignIds.has(id)) return true;
    const derived = DERIVED_ID.exec(id);
    return derived !== null && hasSorted(this.derivedSeqs, Number(derived[1]));
  }

  private countReceipt(ruleId: string): void {
    this.receipts += 1;
    this.receiptsByRule.set(ruleId, (this.receiptsByRule.get(ruleId) ?? 0) + 1);
  }
}

/** `ev_<seq>` with the seq written as atx writes a number (no leading zero) */
const DERIVED_ID = /^ev_([1-9]\d{0,15})$/;

function hasSorted(values: readonly number[], wanted: number): boolean {
  let low = 0;
  let high = values.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = values[middle]!;
    if (value === wanted) return true;
    if (value < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
