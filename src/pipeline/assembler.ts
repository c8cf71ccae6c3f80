/**
 * Finalisation: turns the adapter's draft events into Transcript events (seq, id, UTC
 * timestamps) one at a time, and keeps the running aggregates that make up the header.
 * Memory stays constant: only counters and a small window of open token counts are kept.
 */
import type { DraftEvent, RecordOutcome, SessionFacts } from '../../adapters/types.js';
import type { Environment, TokenTotals, TranscriptEvent, TranscriptHeader, Usage } from '../transcript/index.js';
import { SCHEMA_VERSION } from '../transcript/wire-constants.js';
import { tallyEvent, zeroCounts } from '../transcript/metrics.js';

/** How many recent response keys may still have their token counts replaced. */
const OPEN_USAGE_WINDOW = 256;
const MAX_MODELS = 32;

export type RecordTypeCounts = Record<RecordOutcome, number>;

export interface AssemblerInit {
  agent: string;
  adapterId: string;
  adapterVersion: string;
  capturedAt: Date;
}

export class TranscriptAssembler {
  private seq = 0;
  private startedAt: number | null = null;
  private endedAt: number | null = null;
  private readonly facts: SessionFacts = {};
  private environment: Environment = {};
  private readonly models = new Set<string>();
  private readonly tokens: Required<TokenTotals> = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
  private sawUsage = false;
  private readonly openUsage = new Map<string, Usage>();
  private readonly counters = zeroCounts();
  readonly recordTypes = new Map<string, RecordTypeCounts>();
  /** callIds of the tool calls emitted so far (ids only: small next to the events themselves) */
  private readonly callIds = new Set<string>();

  constructor(private readonly init: AssemblerInit) {}

  get eventCount(): number {
    return this.seq;
  }

  get unparsedCount(): number {
    return this.counters.unparsedCount;
  }

  /**
   * Numbers an event. A tool_result whose call was never emitted (its native record was cut or
   * could not be read) first gets a synthetic tool_call, so every result names a call that exists.
   */
  addAll(draft: DraftEvent): TranscriptEvent[] {
    if (draft.type === 'tool_result' && draft.tool && !this.callIds.has(draft.tool.callId)) {
      const { name, callId, kind, mcp } = draft.tool;
      const call: DraftEvent = {
        type: 'tool_call', role: 'assistant', timestamp: draft.timestamp ?? null, synthetic: true,
        tool: { name, callId, ...(kind ? { kind } : {}), ...(mcp ? { mcp } : {}) },
        meta: { kind: 'missing-call', reason: 'the log has this result but not the call it answers' },
        ...(draft.parentId ? { parentId: draft.parentId } : {}),
      };
      return [this.add(call), this.add(draft)];
    }
    return [this.add(draft)];
  }

  add(draft: DraftEvent): TranscriptEvent {
    this.seq += 1;
    if (draft.type === 'tool_call' && draft.tool) this.callIds.add(draft.tool.callId);
    const { type, role, timestamp: nativeTime, ...rest } = draft;
    const event = { id: `ev_${this.seq}`, seq: this.seq, timestamp: this.normalizeTime(nativeTime), type, role, ...rest } as TranscriptEvent;
    this.tally(event);
    return event;
  }

  session(facts: SessionFacts): void {
    for (const [key, value] of Object.entries(facts) as [keyof SessionFacts, unknown][]) {
      if (value === undefined || value === null || value === '') continue;
      if (key === 'environment') {
        this.environment = mergeEnvironment(this.environment, value as Environment);
      } else if (key === 'model') {
        this.noteModel(value as string);
      } else if (key === 'startedAt') {
        this.normalizeTime(value as string); // counts as the earliest time seen, like an event's
      } else if (key === 'durationMs' || key === 'costUsd' || key === 'totalUsage' || key === 'format') {
        (this.facts as Record<string, unknown>)[key] = value; // the later, better-informed word replaces earlier ones
      } else if ((this.facts as Record<string, unknown>)[key] === undefined) {
        (this.facts as Record<string, unknown>)[key] = value;
      }
    }
  }

  usage(key: string, usage: Usage): void {
    const previous = this.openUsage.get(key);
    if (previous) this.openUsage.delete(key);
    this.addTokens(usage, 1);
    if (previous) this.addTokens(previous, -1);
    this.openUsage.set(key, usage);
    if (this.openUsage.size > OPEN_USAGE_WINDOW) {
      const oldest = this.openUsage.keys().next().value as string;
      this.openUsage.delete(oldest);
    }
    this.sawUsage = true;
  }

  count(recordType: string, outcome: RecordOutcome): void {
    let counts = this.recordTypes.get(recordType);
    if (!counts) {
      counts = { mapped: 0, skipped: 0, unknown: 0 };
      this.recordTypes.set(recordType, counts);
    }
    counts[outcome] += 1;
  }

  header(transcriptId: string): TranscriptHeader {
    const startedAt = this.startedAt === null ? null : new Date(this.startedAt).toISOString();
    const endedAt = this.endedAt === null ? null : new Date(this.endedAt).toISOString();
    const durationMs =
      this.facts.durationMs ?? (this.startedAt !== null && this.endedAt !== null ? this.endedAt - this.startedAt : null);
    const tokens = this.facts.totalUsage ? totalsFrom(this.facts.totalUsage) : this.sawUsage ? this.tokenTotals() : undefined;
    return {
      schemaVersion: SCHEMA_VERSION,
      transcriptId,
      source: {
        agent: this.facts.agent ?? this.init.agent,
        agentVersion: this.facts.agentVersion ?? null,
        adapter: this.init.adapterId,
        adapterVersion: this.init.adapterVersion,
        ...(this.facts.format ? { format: this.facts.format } : {}),
        nativeSessionId: this.facts.nativeSessionId ?? null,
      },
      session: {
        startedAt,
        endedAt,
        capturedAt: this.init.capturedAt.toISOString(),
        environment: this.environment,
        ...(this.facts.title ? { title: this.facts.title } : {}),
        ...(this.models.size > 0 ? { models: [...this.models] } : {}),
      },
      submitter: { keyId: null, pseudonym: null, identityLinked: false },
      // Until a redaction profile runs, the receipt says plainly that nothing was removed.
      privacy: {
        profile: 'none',
        redactionApplied: false,
        anonymizationApplied: false,
        rulesApplied: [],
        redactionCount: 0,
        contentPolicy: { includeFileContents: true, toolOutput: 'full', includeReasoning: true },
      },
      metrics: {
        eventCount: this.seq,
        messageCount: this.counters.messageCount,
        toolCallCount: this.counters.toolCallCount,
        durationMs,
        ...(tokens ? { tokens } : {}),
        errorCount: this.counters.errorCount,
        unparsedCount: this.counters.unparsedCount,
        turnCount: this.counters.turnCount,
        ...(this.facts.costUsd !== undefined ? { costUsd: this.facts.costUsd } : {}),
      },
    };
  }

  private tally(event: TranscriptEvent): void {
    tallyEvent(this.counters, event);
    if (event.model) this.noteModel(event.model);
  }

  private normalizeTime(value: string | null | undefined): string | null {
    if (!value) return null;
    const millis = Date.parse(value);
    if (Number.isNaN(millis)) return null;
    if (this.startedAt === null || millis < this.startedAt) this.startedAt = millis;
    if (this.endedAt === null || millis > this.endedAt) this.endedAt = millis;
    return new Date(millis).toISOString();
  }

  private noteModel(model: string): void {
    if (this.models.size < MAX_MODELS) this.models.add(model);
  }

  private addTokens(usage: Usage, sign: 1 | -1): void {
    this.tokens.input += sign * usage.input;
    this.tokens.output += sign * usage.output;
    this.tokens.cacheRead += sign * (usage.cacheRead ?? 0);
    this.tokens.cacheWrite += sign * (usage.cacheWrite ?? 0);
    this.tokens.reasoning += sign * (usage.reasoning ?? 0);
  }

  private tokenTotals(): TokenTotals {
    return totalsFrom(this.tokens);
  }
}

function totalsFrom(usage: Usage): TokenTotals {
  const totals: TokenTotals = { input: usage.input, output: usage.output };
  if (usage.cacheRead) totals.cacheRead = usage.cacheRead;
  if (usage.cacheWrite) totals.cacheWrite = usage.cacheWrite;
  if (usage.reasoning) totals.reasoning = usage.reasoning;
  return totals;
}

function mergeEnvironment(current: Environment, next: Environment): Environment {
  const merged: Environment = { ...current };
  for (const key of ['os', 'shell', 'cwd'] as const) {
    if (merged[key] == null && next[key] != null) merged[key] = next[key];
  }
  if (next.repo) {
    const repo = { ...(merged.repo ?? {}) };
    for (const [key, value] of Object.entries(next.repo) as [keyof typeof repo, string | null][]) {
      if (repo[key] == null && value != null) repo[key] = value;
    }
    merged.repo = repo;
  }
  return merged;
}
