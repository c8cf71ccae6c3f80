/**
 * The Workflow tool (2.1.3xx): a script that runs subagents. Each run keeps, under
 * `<session>/subagents/workflows/<runId>/`, its agents' transcripts (`agent-<id>.jsonl`, read like
 * any subagent's) and `journal.jsonl` (`launched`, then `started` / `result` / `failed` per agent
 * call, keyed by a hash of the call), and `<session>/workflows/<runId>.json` (the run's state).
 * Events of a run are grouped under the Workflow call that launched it.
 */
import { unknown, type HandlerResult } from '../shared/dispatch.js';
import { stringField, type Json, type Native } from '../shared/json.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import type { Line } from './records.js';

/** Journal record types; `result` is told from the stream's `result` by its call key. */
export const JOURNAL_TYPES = ['launched', 'started', 'failed'];
const CALL_KEY = /^v\d+:[0-9a-f]{64}$/;
const RUN_FOLDER = /(?:^|\/)workflows\/([^/]+)\/[^/]+$/;
const RUN_STATE_FILE = /(?:^|\/)workflows\/([^/]+)\.json$/;

type Record_ = Native<Line>;

export function isJournalRecord(value: Record_): boolean {
  return typeof value.key === 'string' && CALL_KEY.test(value.key);
}

/** `<session>/workflows/<runId>.json`: the run's script, progress and result, all of which reach the conversation otherwise. */
export function isWorkflowRunState(record: NativeRecord, value: Record_): boolean {
  return RUN_STATE_FILE.test(record.file) && typeof value.runId === 'string';
}

export class WorkflowRecords {
  /** runId → the callId of the Workflow call that launched it */
  private readonly runCalls = new Map<string, string>();

  constructor(
    private readonly out: ConverterOutput,
    private readonly envelope: (value: Record_) => DraftEvent,
  ) {}

  /** A Workflow call's result names its run. */
  noteLaunch(callId: string, toolUseResult: Json | undefined): void {
    const runId = stringField(toolUseResult, 'runId');
    if (runId && callId) this.runCalls.set(runId, callId);
  }

  /** The Workflow call a file of a run's folder belongs to. */
  callOfFile(file: string): string | undefined {
    const runId = RUN_FOLDER.exec(file)?.[1];
    return runId ? this.runCalls.get(runId) : undefined;
  }

  journal(value: Record_, record: NativeRecord): HandlerResult {
    const type = stringField(value, 'type');
    // `launched` only marks the script's hash for a later resume
    if (type === 'launched') return 'skipped';
    if (!isJournalRecord(value)) return unknown(`workflow journal record "${type}" without a call key`);
    const agentId = stringField(value, 'agentId');
    const label = stringField(value, 'label');
    const agent = `workflow agent ${label ? `"${label}" ` : ''}${agentId ?? '(none)'}`;
    const parentId = this.callOfFile(record.file) ?? (agentId ? `agent-${agentId}` : undefined);
    const base: DraftEvent = { ...this.envelope(value), ...(parentId ? { parentId } : {}) };
    const facts = { agentId: agentId ?? null, callKey: value.key };
    if (type === 'started') {
      this.out.emit({ ...base, type: 'system', role: 'system', text: `${agent} started`, meta: { kind: 'workflow-agent-started', ...facts } });
    } else if (type === 'failed') {
      this.out.emit({ ...base, type: 'system', role: 'system', text: `${agent} failed`, meta: { kind: 'error', recordType: 'workflow-agent-failed', ...facts } });
    } else {
      const result = typeof value.result === 'string' ? value.result : JSON.stringify(value.result ?? null);
      this.out.emit({ ...base, type: 'system', role: 'system', text: result, meta: { kind: 'workflow-agent-result', ...facts, toolsUsed: asArray(value.toolsUsed) } });
    }
  }
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
