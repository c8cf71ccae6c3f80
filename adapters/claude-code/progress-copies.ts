/**
 * Claude Code 2.1.3x copied a running subagent's messages into the parent session as `progress`
 * records (`data: {type: "agent_progress", agentId, prompt, message}`). The subagent's own file
 * (`<sessionId>/subagents/agent-<id>.jsonl`) is the whole record; the copies are not: real 2.1.39
 * sessions hold every tool call and result but not the text the subagent wrote between them (67 of
 * 74 messages). The copies are kept per subagent until the end of input: a subagent whose own
 * records were read drops them, one whose file is missing is read from them, marked as recovered,
 * with a count of what may be missing. The subagents' own files are read after the session's, so
 * the copies of every subagent are held until then: past KEPT_CHARACTERS in all, a subagent's
 * copies are dropped and only counted (memory must not grow with the session's length).
 */
import { asRecord, numberField, stringField, type Json } from '../shared/json.js';
import type { ConverterOutput, DraftEvent } from '../types.js';

export interface CopiedSubagent {
  agentId: string;
  /** the Task/Agent call the copies were written under */
  parentId: string | undefined;
  timestamp: string | null;
  /** each copied message as a sidechain line of the subagent (type, uuid, timestamp, message) */
  lines: Json[];
  /** tool calls among the copies */
  toolCalls: number;
  /** what the Task call's result reports (`toolUseResult.totalToolUseCount`), when it finished */
  reportedToolCalls: number | undefined;
  /** its copies went past the memory budget: `lines` were dropped, `copiedMessages` counts them */
  dropped: boolean;
  copiedMessages: number;
}

/** The copies kept in memory for all subagents together, in characters of their JSON. */
export const KEPT_CHARACTERS = 32 * 1024 * 1024;

export class ProgressCopies {
  private readonly byAgent = new Map<string, CopiedSubagent & { uuids: Set<string>; characters: number }>();
  private readonly read = new Set<string>();
  private readonly reported = new Map<string, number>();
  private kept = 0;

  constructor(private readonly budget = KEPT_CHARACTERS) {}

  /** A progress record; `data` is its payload. */
  note(value: Json, data: Json): void {
    const agentId = stringField(data, 'agentId');
    const message = asRecord(data.message);
    if (data.type !== 'agent_progress' || !agentId || this.read.has(agentId)) return;
    let seen = this.byAgent.get(agentId);
    if (!seen) {
      seen = {
        agentId, parentId: stringField(value, 'parentToolUseID'), timestamp: stringField(value, 'timestamp') ?? null,
        lines: [], toolCalls: 0, reportedToolCalls: undefined, dropped: false, copiedMessages: 0, uuids: new Set(), characters: 0,
      };
      this.byAgent.set(agentId, seen);
    }
    const type = stringField(message, 'type');
    const uuid = stringField(message, 'uuid');
    if (!message || (type !== 'user' && type !== 'assistant') || (uuid && seen.uuids.has(uuid))) return;
    if (uuid) seen.uuids.add(uuid);
    const content = asRecord(message.message)?.content;
    if (Array.isArray(content)) seen.toolCalls += content.filter((block) => asRecord(block)?.type === 'tool_use').length;
    seen.copiedMessages += 1;
    if (seen.dropped) return;
    const characters = JSON.stringify(message.message ?? null).length;
    if (this.kept + characters > this.budget) {
      this.kept -= seen.characters;
      seen.lines = [];
      seen.characters = 0;
      seen.dropped = true;
      return;
    }
    this.kept += characters;
    seen.characters += characters;
    seen.lines.push({
      type, message: message.message ?? null, isSidechain: true, agentId,
      timestamp: stringField(message, 'timestamp') ?? stringField(value, 'timestamp') ?? null,
      ...(uuid ? { uuid } : {}),
    });
  }

  /** The subagent's own records are in the input: its copies are not needed. */
  ownRecordsRead(agentId: string): void {
    this.read.add(agentId);
    this.kept -= this.byAgent.get(agentId)?.characters ?? 0;
    this.byAgent.delete(agentId);
  }

  /** A Task call's result named its subagent and how many tool calls it made. */
  taskReported(details: Json | undefined): void {
    const agentId = stringField(details, 'agentId');
    const count = numberField(details, 'totalToolUseCount');
    if (agentId && count !== undefined) this.reported.set(agentId, count);
  }

  /** Subagents whose own records were never read, with their copies. */
  unread(): CopiedSubagent[] {
    return [...this.byAgent.values()].map(({ uuids: _, characters: __, ...seen }) => ({ ...seen, reportedToolCalls: this.reported.get(seen.agentId) }));
  }
}

/** Every event emitted through it is marked as read from progress copies of the subagent's messages. */
export function markingRecovered(out: ConverterOutput, agentId: string): ConverterOutput {
  const recovered = { recoveredFrom: 'agent_progress', agentId };
  return {
    emit: (event: DraftEvent) => out.emit({ ...event, meta: { kind: 'recovered-subagent-message', ...event.meta, ...recovered } }),
    session: (facts) => out.session(facts),
    usage: (key, usage) => out.usage(key, usage),
    count: (type, outcome) => out.count(type, outcome),
    unknown: (record, type, reason) => out.unknown(record, type, reason),
  };
}

/** The counted note that says a subagent was read from copies, and how much of it may be missing. */
export function recoveredNote(seen: CopiedSubagent): DraftEvent {
  const { agentId, reportedToolCalls, toolCalls, lines } = seen;
  const missingCalls = reportedToolCalls === undefined ? undefined : Math.max(0, reportedToolCalls - toolCalls);
  const calls = reportedToolCalls === undefined
    ? `${toolCalls} tool calls were recovered; its Task call never reported how many it made, so how much is missing is not known`
    : `${toolCalls} of the ${reportedToolCalls} tool calls its Task result reports were recovered`;
  return {
    timestamp: seen.timestamp, type: 'meta', role: 'system', synthetic: true, ...(seen.parentId ? { parentId: seen.parentId } : {}),
    text: `Subagent ${agentId}'s own file (<session id>/subagents/agent-${agentId}.jsonl beside the session) was not read: `
      + `its ${lines.length} messages below were recovered from the copies Claude Code wrote into progress records, which are incomplete `
      + `(text it wrote between tool calls is often not copied; its final answer is the Task result). ${calls}.`,
    meta: {
      kind: 'subagent-recovered-from-copies', agentId, recoveredMessages: lines.length, recoveredToolCalls: toolCalls,
      reportedToolCalls: reportedToolCalls ?? null, missingToolCalls: missingCalls ?? null, complete: false,
    },
  };
}
