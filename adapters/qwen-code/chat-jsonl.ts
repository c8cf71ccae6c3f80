/**
 * Qwen Code saved chats (~/.qwen/projects/<cwd slug>/chats/<sessionId>.jsonl) → normalized
 * events. Every line is a ChatRecord: {uuid, parentUuid, sessionId, timestamp, type: user |
 * assistant | tool_result | system, subtype?, provenance, cwd, version, gitBranch?} with a
 * Gemini Content `message` ({role: user|model, parts}) or a `systemPayload`.
 */
import type { Tool } from '../../src/transcript/index.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { CodeExecutionPairs, codeExecutionEvents, isCodeExecutionPart } from '../shared/code-execution.js';
import { closeUnanswered, type NamedCall } from '../shared/unanswered.js';
import { geminiUsage, partsOf, textOfParts } from './parts.js';
import { asRecord, calledTool, exitCodeFromText, identifyTool, numberField, statusOf, stringField } from './tools.js';
import { firstEventCarries } from '../shared/usage.js';
import { withBlockProse } from '../shared/prose.js';
import { textField } from '../shared/content.js';

type Json = Record<string, unknown>;

/** System records that only help Qwen resume a session (no content for a transcript), with why. */
const SKIPPED_SYSTEM: Record<string, string> = {
  attribution_snapshot: 'per-file AI attribution state kept for resume',
  file_history_snapshot: 'file backups kept for /rewind',
  branch_checkpoint: 'a resume pointer to a completed turn',
  goal_state: 'the /goal runtime state',
  goal_turn_end: 'the end marker of a /goal turn',
  session_artifact_event: 'artifact bookkeeping',
  session_artifact_snapshot: 'artifact bookkeeping',
  session_sources_snapshot: 'source bookkeeping',
  user_text_elements: 'how the prompt box rendered the prompt',
  turn_result: 'a turn settlement record for the daemon',
  at_command: '@-file expansion metadata (the expanded text is in the user message)',
  agent_session_ready: 'whether the session of a subagent a subagent started is ready (the call and its result are in the transcript)',
  // named by 0.24.4's transcript reader as records that are no conversation; no writer in the package yet
  managed_session_header_v1: 'managed-session bookkeeping',
  managed_session_event_v1: 'managed-session bookkeeping',
  managed_session_commit_v1: 'managed-session bookkeeping',
};

/** user-typed records that are not the user speaking */
const NOTIFICATION_SUBTYPES = new Set(['notification', 'cron', 'goal_runtime']);

type OpenCall = NamedCall;

export class QwenChatConverter implements Converter {
  private readonly openCalls = new CallTracker<OpenCall>();
  private readonly codeExecution = new CodeExecutionPairs();
  /** tool durations from the ui_telemetry record that precedes each tool_result */
  private readonly durations = new Map<string, number>();
  private haveFacts = false;
  /** callIds of agent calls: a subagent's agentId is "<subagent name>-<callId>" */
  private readonly taskCalls = new Set<string>();

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const value = record.value;
    const type = stringField(value, 'type');
    if (!type && record.file.endsWith('.meta.json') && 'agentType' in value) {
      // a subagent's status file beside its transcript; the transcript's agentId already links it
      this.out.count('subagent-meta', 'skipped');
      return;
    }
    if (!this.haveFacts) this.noteFacts(value);
    switch (type) {
      case 'user': return this.user(value, record);
      case 'assistant': return this.assistant(value, record);
      case 'tool_result': return this.toolResult(value, record);
      case 'system': return this.system(value, record);
      default:
        this.out.unknown(record, type ?? '(no type)', type ? `unknown Qwen Code chat record type "${type}"` : 'record has no "type" field');
    }
  }

  flush(): void {
    closeUnanswered(this.out, this.openCalls, 'the log ends before this call was answered');
  }

  private user(value: Json, record: NativeRecord): void {
    const subtype = stringField(value, 'subtype');
    const recordType = subtype ? `user/${subtype}` : 'user';
    const parts = partsOf(value.message);
    if (!parts) {
      this.out.unknown(record, recordType, 'user record without message parts');
      return;
    }
    const { text, attachments } = textOfParts(parts);
    const base = { ...this.envelope(value), ...(attachments.length > 0 ? { attachments } : {}) };
    // what Qwen injects in a user record (notifications, cron, goal runs, any newer notification-like
    // subtype) has a provenance other than "real_user" ("system", "goal_runtime"): never the human's turn
    const provenance = stringField(value, 'provenance');
    if ((subtype && NOTIFICATION_SUBTYPES.has(subtype)) || (provenance !== undefined && provenance !== 'real_user')) {
      // the text is what the model was sent (a background task's notification holds its result);
      // the one-line displayText the UI showed instead goes beside it
      const display = stringField(asRecord(value.systemPayload), 'displayText');
      const shown = display !== undefined && display !== text ? { displayText: display } : {};
      this.out.emit({ ...base, type: 'system', role: 'system', text: text || display || '', meta: { kind: subtype ?? 'injected', ...shown } });
    } else {
      // the human's words with a subtype say how they came: typed mid-turn, spoken (realtime), …;
      // in a subagent's transcript, externalInputKind marks what the parent agent sent it while it ran
      const external = stringField(value, 'externalInputKind');
      const meta = subtype ? { kind: subtype } : external ? { kind: 'external-input', inputKind: external } : undefined;
      this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...(meta ? { meta } : {}) });
    }
    this.out.count(recordType, 'mapped');
  }

  private assistant(value: Json, record: NativeRecord): void {
    const recordType = stringField(value, 'subtype') ? `assistant/${stringField(value, 'subtype')}` : 'assistant';
    const usage = geminiUsage(value.usageMetadata);
    const uuid = stringField(value, 'uuid');
    if (usage && uuid) this.out.usage(uuid, usage);
    const parts = partsOf(value.message);
    if (!parts) {
      // a turn recorded with tokens only (the model returned no content)
      if (value.message === undefined && usage) this.out.count(recordType, 'skipped');
      else this.out.unknown(record, recordType, 'assistant record without message parts');
      return;
    }
    const model = stringField(value, 'model');
    const base: DraftEvent = { ...this.envelope(value), ...(model ? { model } : {}) } as DraftEvent;
    const withUsage = firstEventCarries(usage);
    parts.forEach((part, index) => {
      // code the model ran on Google's side (Gemini auth): a call with its code, a result with its outcome
      const events = isCodeExecutionPart(part)
        ? codeExecutionEvents(this.codeExecution, this.openCalls, [part], base, `${uuid ?? 'assistant'}#part${index}`)
        : [this.assistantPart(part, base)];
      for (const event of events) this.out.emit(withUsage(event));
    });
    this.out.count(recordType, 'mapped');
  }

  private assistantPart(part: Json, base: DraftEvent): DraftEvent {
    const call = asRecord(part.functionCall);
    if (call) {
      const tool = calledTool(stringField(call, 'name') ?? 'unknown', stringField(call, 'id') ?? '', call.args);
      tool.callId = this.openCalls.openCall(tool.callId, tool.name, { name: tool.name, kind: tool.kind });
      if (tool.kind === 'task') this.taskCalls.add(tool.callId);
      return { ...base, type: 'tool_call', role: 'assistant', tool };
    }
    if (typeof part.text === 'string') {
      return part.thought === true
        ? { ...base, type: 'reasoning', role: 'assistant', text: part.text }
        : { ...base, type: 'assistant_message', role: 'assistant', text: part.text };
    }
    const kind = Object.keys(part).join(',') || '(empty)';
    return { ...base, type: 'meta', role: 'system', text: withBlockProse(`Model part of kind ${kind}`, part), meta: { kind: 'unmapped-part', recordType: kind } };
  }

  private toolResult(value: Json, record: NativeRecord): void {
    const parts = partsOf(value.message);
    const result = asRecord(value.toolCallResult);
    const responses = (parts ?? []).map((part) => asRecord(part.functionResponse)).filter((r): r is Json => r !== undefined);
    if (responses.length === 0 && !result) {
      this.out.unknown(record, 'tool_result', 'tool_result record without a functionResponse or toolCallResult');
      return;
    }
    const base = this.envelope(value);
    const ids = responses.length > 0
      ? responses.map((r) => this.openCalls.resultId(stringField(r, 'id'), stringField(r, 'name')))
      : [this.openCalls.resultId(stringField(result, 'callId'))];
    ids.forEach((callId, index) => {
      const response = responses[index];
      const { call } = this.openCalls.answer(callId);
      const body = asRecord(response?.response);
      const mine = stringField(result, 'callId') === callId || ids.length === 1;
      const error = stringField(body, 'error') ?? (mine ? textField(asRecord(result?.error), 'message') : undefined);
      // without the model-facing response, the display text Qwen kept for the UI says the same
      const output = textField(body, 'output') ?? error ?? (mine ? displayText(result?.resultDisplay) : undefined) ?? (body ? JSON.stringify(body) : '');
      const status = statusOf(mine ? { status: stringField(result, 'status'), errorType: stringField(result, 'errorType'), executionStatus: stringField(result, 'executionStatus') } : {}, error !== undefined);
      const name = call?.name ?? stringField(response, 'name') ?? 'unknown';
      const kind = call?.kind ?? identifyTool(name).kind;
      const tool: Tool = { name, callId, kind, output, status };
      const display = mine ? asRecord(result?.resultDisplay) : undefined;
      const exitCode = numberField(display, 'exitCode') ?? (kind === 'shell' ? exitCodeFromText(output) : undefined);
      if (kind === 'shell' && exitCode !== undefined) tool.exitCode = exitCode;
      const duration = this.durations.get(callId);
      if (duration !== undefined) tool.durationMs = Math.max(0, Math.round(duration));
      const diff = stringField(display, 'fileDiff');
      const path = stringField(display, 'filePath');
      if (path && (kind === 'edit' || kind === 'write')) tool.files = [{ path, action: kind, ...(diff ? { diff } : {}) }];
      // media a tool returned (read_file of an image) travels as parts beside the functionResponse
      // (and any text part beside it is the tool's too)
      const beside = index === 0 ? textOfParts((parts ?? []).filter((part) => !part.functionResponse)) : { text: '', attachments: [] };
      const attachments = beside.attachments;
      if (beside.text) tool.output = tool.output ? `${tool.output}\n${beside.text}` : beside.text;
      this.out.emit({ ...base, type: 'tool_result', role: 'tool', tool, ...(attachments.length > 0 ? { attachments } : {}) });
    });
    this.out.count('tool_result', 'mapped');
  }

  private system(value: Json, record: NativeRecord): void {
    const subtype = stringField(value, 'subtype') ?? '(none)';
    const recordType = `system/${subtype}`;
    const payload = asRecord(value.systemPayload);
    const skipped = SKIPPED_SYSTEM[subtype];
    if (skipped) {
      this.out.count(recordType, 'skipped');
      return;
    }
    const base = this.envelope(value);
    switch (subtype) {
      case 'ui_telemetry': return this.telemetry(payload, recordType);
      case 'custom_title': {
        const title = stringField(payload, 'customTitle');
        if (title) this.out.session({ title });
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'session_model': {
        const model = stringField(payload, 'modelId') ?? stringField(payload, 'model');
        if (model) this.out.session({ model });
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'chat_compression': {
        const info = asRecord(payload?.info);
        this.out.emit({
          ...base, type: 'meta', role: 'system', text: 'Conversation compressed',
          meta: { kind: 'compaction', ...(info ? { originalTokens: info.originalTokenCount ?? null, newTokens: info.newTokenCount ?? null, trigger: info.triggerReason ?? null } : {}) },
        });
        // the new history opens with the summary the model wrote
        const history = Array.isArray(payload?.compressedHistory) ? payload.compressedHistory : [];
        const summary = textOfParts(partsOf(history[0]) ?? []).text;
        if (summary) this.out.emit({ ...base, type: 'system', role: 'system', text: summary, meta: { kind: 'compaction-summary' } });
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'agent_bootstrap': {
        // a fork's copy of its parent's conversation: the parent's own chat holds those turns
        const history = Array.isArray(payload?.history) ? payload.history : [];
        this.out.emit({
          ...base, type: 'meta', role: 'system', text: `Subagent started from its parent's conversation (${history.length} inherited messages)`,
          meta: { kind: 'subagent-bootstrap', via: stringField(payload, 'kind') ?? null, inheritedMessages: history.length },
        });
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'agent_retry':
        this.out.emit({ ...base, type: 'meta', role: 'system', text: `Subagent run retried (attempt ${numberField(payload, 'attempt') ?? '?'})`, meta: { kind: 'retry', attempt: numberField(payload, 'attempt') ?? null } });
        this.out.count(recordType, 'mapped');
        return;
      case 'rewind':
        this.out.emit({ ...base, type: 'meta', role: 'system', text: 'Conversation rewound to an earlier turn (/rewind)', meta: { kind: 'rewind' } });
        this.out.count(recordType, 'mapped');
        return;
      case 'slash_command':
      case 'omni_recall':
      case 'background_task_completed':
      case 'parent_session':
      case 'session_source':
      case 'agent_launch_prompt':
        this.out.emit({ ...base, type: 'system', role: 'system', text: payloadText(payload, subtype), meta: { kind: subtype } });
        this.out.count(recordType, 'mapped');
        return;
      default:
        this.out.unknown(record, recordType, `unknown Qwen Code system record subtype "${subtype}"`);
    }
  }

  /** Telemetry replays metrics on resume; only a tool call's duration is worth keeping. */
  private telemetry(payload: Json | undefined, recordType: string): void {
    const event = asRecord(payload?.uiEvent);
    const callId = stringField(event, 'call_id');
    const duration = numberField(event, 'duration_ms');
    if (event?.['event.name'] === 'qwen-code.tool_call' && callId && duration !== undefined) {
      this.durations.set(callId, duration);
      this.out.count(recordType, 'mapped');
    } else {
      this.out.count(recordType, 'skipped');
    }
  }

  private envelope(value: Json): DraftEvent {
    const base = { timestamp: stringField(value, 'timestamp') ?? null } as DraftEvent;
    const uuid = stringField(value, 'uuid');
    if (uuid) base.nativeId = uuid;
    const agentId = stringField(value, 'agentId');
    if (agentId || value.isSidechain === true) base.parentId = this.subagentParent(agentId);
    return base;
  }

  /** Subagent transcripts (subagents/<sessionId>/agent-<agentId>.jsonl) group under the agent call that started them. */
  private subagentParent(agentId: string | undefined): string {
    if (!agentId) return 'sidechain';
    for (const callId of this.taskCalls) if (agentId.endsWith(`-${callId}`)) return callId;
    return `agent-${agentId}`;
  }

  private noteFacts(value: Json): void {
    const sessionId = stringField(value, 'sessionId');
    if (!sessionId) return;
    const branch = stringField(value, 'gitBranch');
    this.out.session({
      nativeSessionId: sessionId,
      agentVersion: stringField(value, 'version') ?? null,
      environment: { cwd: stringField(value, 'cwd') ?? null, ...(branch ? { repo: { branch } } : {}) },
    });
    this.haveFacts = true;
  }
}

/** resultDisplay is a string (errors, plain results) or an object (shell_result {text, output}, file diffs) */
function displayText(display: unknown): string | undefined {
  if (typeof display === 'string') return display.length > 0 ? display : undefined;
  const record = asRecord(display);
  return textField(record, 'text') ?? textField(record, 'output') ?? stringField(record, 'fileDiff');
}

/** The readable part of a system payload: its display text, else the payload as JSON. */
function payloadText(payload: Json | undefined, subtype: string): string {
  if (!payload) return subtype;
  return stringField(payload, 'displayText') ?? textField(payload, 'text') ?? stringField(payload, 'command') ?? JSON.stringify(payload);
}
