/**
 * What every Codex format's converter shares while one input is read: the record index, the model
 * and cwd in force, open tool calls, and the two helpers that keep texts and results whole.
 */
import type { FileTouch, ToolKind, Usage } from '../../src/transcript/index.js';
import { CallTracker } from '../shared/calls.js';
import type { McpTool } from '../shared/tools.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import { ToolResults } from './results.js';
import { TextTwins } from './twins.js';

export interface OpenCall {
  name: string;
  kind: ToolKind;
  mcp?: McpTool;
  files?: FileTouch[];
}

export class CodexSession {
  /** 1-based index of the record being read */
  index = 0;
  model: string | undefined;
  cwd: string | undefined;
  /** turn_context instructions last emitted, by field: each turn repeats them, a change is news */
  readonly turnInstructions = new Map<string, string>();
  /** legacy exec --json: events are the only record of the conversation */
  eventsPrimary = false;
  turnDurationMs = 0;
  legacyUsage: Usage | undefined;
  /** the last cumulative token total of each thread read (a joined subagent has its own) */
  readonly threadTotals = new Map<string, Usage>();
  /** server-side tool calls without an id, numbered */
  serverToolCalls = 0;
  readonly calls = new CallTracker<OpenCall>();
  readonly twins: TextTwins;
  readonly results: ToolResults;
  /** the thread of the first session_meta: a later one whose parent it is starts a joined subagent */
  mainThreadId: string | undefined;
  /** subagent thread id → the spawn call that started it, for `parentId` */
  readonly subagentCalls = new Map<string, string>();
  /** while a joined subagent's records are read: the group its events belong to */
  parentId: string | undefined;
  readonly out: ConverterOutput;
  /** the model's compaction summary (an assistant item marked `compaction_output`), until its `compacted` record */
  compactionSummary: string | undefined;

  constructor(out: ConverterOutput) {
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
  modelField(): { model?: string } {
    return this.model ? { model: this.model } : {};
  }
}

/** An event draft that carries only its time, filled in by the handlers. */
export function timed(timestamp: string | null | undefined): DraftEvent {
  return { timestamp: timestamp ?? null } as DraftEvent;
}
