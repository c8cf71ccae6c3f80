import { SCHEMA_VERSION } from '../transcript/wire-constants.js';
import { tallyEvent, zeroCounts } from '../transcript/metrics.js';
/** How many recent response keys may still have their token counts replaced. */
const OPEN_USAGE_WINDOW = 256;
const MAX_MODELS = 32;
export class TranscriptAssembler {
    init;
    seq = 0;
    startedAt = null;
    endedAt = null;
    facts = {};
    environment = {};
    models = new Set();
    tokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
    sawUsage = false;
    openUsage = new Map();
    counters = zeroCounts();
    recordTypes = new Map();
    /** callIds of the tool calls emitted so far (ids only: small next to the events themselves) */
    callIds = new Set();
    constructor(init) {
        this.init = init;
    }
    get eventCount() {
        return this.seq;
    }
    get unparsedCount() {
        return this.counters.unparsedCount;
    }
    /**
     * Numbers an event. A tool_result whose call was never emitted (its native record was cut or
     * could not be read) first gets a synthetic tool_call, so every result names a call that exists.
     */
    addAll(draft) {
        if (draft.type === 'tool_result' && draft.tool && !this.callIds.has(draft.tool.callId)) {
            const { name, callId, kind, mcp } = draft.tool;
            const call = {
                type: 'tool_call', role: 'assistant', timestamp: draft.timestamp ?? null, synthetic: true,
                tool: { name, callId, ...(kind ? { kind } : {}), ...(mcp ? { mcp } : {}) },
                meta: { kind: 'missing-call', reason: 'the log has this result but not the call it answers' },
                ...(draft.parentId ? { parentId: draft.parentId } : {}),
            };
            return [this.add(call), this.add(draft)];
        }
        return [this.add(draft)];
    }
    add(draft) {
        this.seq += 1;
        if (draft.type === 'tool_call' && draft.tool)
            this.callIds.add(draft.tool.callId);
        const { type, role, timestamp: nativeTime, ...rest } = draft;
        const event = { id: `ev_${this.seq}`, seq: this.seq, timestamp: this.normalizeTime(nativeTime), type, role, ...rest };
        this.tally(event);
        return event;
    }
    session(facts) {
        for (const [key, value] of Object.entries(facts)) {
            if (value === undefined || value === null || value === '')
                continue;
            if (key === 'environment') {
                this.environment = mergeEnvironment(this.environment, value);
            }
            else if (key === 'model') {
                this.noteModel(value);
            }
            else if (key === 'startedAt') {
                this.normalizeTime(value); // counts as the earliest time seen, like an event's
            }
            else if (key === 'durationMs' || key === 'costUsd' || key === 'totalUsage' || key === 'format') {
                this.facts[key] = value; // the later, better-informed word replaces earlier ones
            }
            else if (this.facts[key] === undefined) {
                this.facts[key] = value;
            }
        }
    }
    usage(key, usage) {
        const previous = this.openUsage.get(key);
        if (previous)
            this.openUsage.delete(key);
        this.addTokens(usage, 1);
        if (previous)
            this.addTokens(previous, -1);
        this.openUsage.set(key, usage);
        if (this.openUsage.size > OPEN_USAGE_WINDOW) {
            const oldest = this.openUsage.keys().next().value;
            this.openUsage.delete(oldest);
        }
        this.sawUsage = true;
    }
    count(recordType, outcome) {
        let counts = this.recordTypes.get(recordType);
        if (!counts) {
            counts = { mapped: 0, skipped: 0, unknown: 0 };
            this.recordTypes.set(recordType, counts);
        }
        counts[outcome] += 1;
    }
    header(transcriptId) {
        const startedAt = this.startedAt === null ? null : new Date(this.startedAt).toISOString();
        const endedAt = this.endedAt === null ? null : new Date(this.endedAt).toISOString();
        const durationMs = this.facts.durationMs ?? (this.startedAt !== null && this.endedAt !== null ? this.endedAt - this.startedAt : null);
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
    tally(event) {
        tallyEvent(this.counters, event);
        if (event.model)
            this.noteModel(event.model);
    }
    normalizeTime(value) {
        if (!value)
            return null;
        const millis = Date.parse(value);
        if (Number.isNaN(millis))
            return null;
        if (this.startedAt === null || millis < this.startedAt)
            this.startedAt = millis;
        if (this.endedAt === null || millis > this.endedAt)
            this.endedAt = millis;
        return new Date(millis).toISOString();
    }
    noteModel(model) {
        if (this.models.size < MAX_MODELS)
            this.models.add(model);
    }
    addTokens(usage, sign) {
        this.tokens.input += sign * usage.input;
        this.tokens.output += sign * usage.output;
        this.tokens.cacheRead += sign * (usage.cacheRead ?? 0);
        this.tokens.cacheWrite += sign * (usage.cacheWrite ?? 0);
        this.tokens.reasoning += sign * (usage.reasoning ?? 0);
    }
    tokenTotals() {
        return totalsFrom(this.tokens);
    }
}
function totalsFrom(usage) {
    const totals = { input: usage.input, output: usage.output };
    if (usage.cacheRead)
        totals.cacheRead = usage.cacheRead;
    if (usage.cacheWrite)
        totals.cacheWrite = usage.cacheWrite;
    if (usage.reasoning)
        totals.reasoning = usage.reasoning;
    return totals;
}
function mergeEnvironment(current, next) {
    const merged = { ...current };
    for (const key of ['os', 'shell', 'cwd']) {
        if (merged[key] == null && next[key] != null)
            merged[key] = next[key];
    }
    if (next.repo) {
        const repo = { ...(merged.repo ?? {}) };
        for (const [key, value] of Object.entries(next.repo)) {
            if (repo[key] == null && value != null)
                repo[key] = value;
        }
        merged.repo = repo;
    }
    return merged;
}
//# sourceMappingURL=assembler.js.map