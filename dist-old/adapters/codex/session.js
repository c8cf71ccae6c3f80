import { CallTracker } from '../shared/calls.js';
import { ToolResults } from './results.js';
import { TextTwins } from './twins.js';
export class CodexSession {
    /** 1-based index of the record being read */
    index = 0;
    model;
    cwd;
    /** legacy exec --json: events are the only record of the conversation */
    eventsPrimary = false;
    turnDurationMs = 0;
    legacyUsage;
    /** the last cumulative token total of each thread read (a joined subagent has its own) */
    threadTotals = new Map();
    /** server-side tool calls without an id, numbered */
    serverToolCalls = 0;
    calls = new CallTracker();
    twins;
    results;
    /** the thread of the first session_meta: a later one whose parent it is starts a joined subagent */
    mainThreadId;
    /** subagent thread id → the spawn call that started it, for `parentId` */
    subagentCalls = new Map();
    /** while a joined subagent's records are read: the group its events belong to */
    parentId;
    out;
    constructor(out) {
        // a joined subagent's events carry its group; nothing else changes on the way out
        this.out = {
            emit: (event) => out.emit(this.parentId && !event.parentId ? { ...event, parentId: this.parentId } : event),
            session: (facts) => out.session(facts),
            usage: (key, usage) => out.usage(key, usage),
            count: (type, outcome) => out.count(type, outcome),
            unknown: (record, type, reason) => out.unknown(record, type, reason),
        };
        this.twins = new TextTwins(this);
        this.results = new ToolResults(this);
    }
    /** `{model}` for events the model produced, when the turn named one. */
    modelField() {
        return this.model ? { model: this.model } : {};
    }
}
/** An event draft that carries only its time, filled in by the handlers. */
export function timed(timestamp) {
    return { timestamp: timestamp ?? null };
}
//# sourceMappingURL=session.js.map