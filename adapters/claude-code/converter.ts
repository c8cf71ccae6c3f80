/**
 * Claude Code records → normalized events. Both native forms are routed by type through the
 * kit's dispatch table here, which counts each record: session files (camelCase envelope:
 * sessionId, toolUseResult, isSidechain/agentId; their own records in session-jsonl.ts) and the
 * stream-json stdout of `claude -p` (snake_case: session_id, tool_use_result, parent_tool_use_id;
 * its result and stream_event records in stream-json.ts). The user, assistant and system lines
 * both forms write are read here.
 */
import type { Attachment, Tool, ToolKind } from '../../src/transcript/index.js';
import { CallTracker } from '../shared/calls.js';
import { backgroundTaskOf } from './background-tasks.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { base64Image, contentToText, unmappedBlockEvent, textField } from '../shared/content.js';
import { RecordDispatch, byType, skipped, unknown, type HandlerResult } from '../shared/dispatch.js';
import { asRecord, nativeOf, stringField, type Json, type Native } from '../shared/json.js';
import { durationMs } from '../shared/time.js';
import type { McpTool } from '../shared/tools.js';
import { ANTHROPIC_USAGE, firstEventCarries, mapUsage } from '../shared/usage.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import type { ContentBlock, Line, Message, ToolRun } from './records.js';
import { apiFailure } from './api-failures.js';
import { BranchTracker } from './branches.js';
import { isSubagentMeta, SessionRecords, TITLE_TYPES } from './session-jsonl.js';
import { SKIPPED_SYSTEM_SUBTYPES, SKIPPED_TYPE_REASONS } from './skipped.js';
import { StreamRecords } from './stream-json.js';
import { InlineSidechains } from './inline-sidechains.js';
import { markingRecovered, ProgressCopies, recoveredNote, type CopiedSubagent } from './progress-copies.js';
import { isJournalRecord, isWorkflowRunState, JOURNAL_TYPES, WorkflowRecords } from './workflow.js';
import { diffFromPatch, exitCodeOf, filesFromInput, identifyTool, statusOf } from './tools.js';

type Record_ = Native<Line>;

// progress records have a handler of their own (agent_progress is watched for subagents never read)
const SKIPPED_TYPES = new Set(Object.keys(SKIPPED_TYPE_REASONS).filter((type) => type !== 'progress'));

/** records whose envelope is searched for session id, version and cwd */
const FACT_RECORDS = 32;

/** 2.1.3xx marks the prompt it makes of a finished background task (`origin.kind`); older releases only by its tag. */
const TASK_NOTIFICATION_TEXT = /^\s*<task-notification>/;
const isTaskNotification = (value: Record_, text: string) => asRecord(value.origin)?.kind === 'task-notification' || TASK_NOTIFICATION_TEXT.test(text);
const COMMAND_WRAPPER = /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr)>/;
const INTERRUPTED = /^\[Request interrupted by user/;

interface OpenCall {
  name: string;
  kind: ToolKind;
  mcp?: McpTool;
}

export class ClaudeCodeConverter implements Converter {
  private readonly calls = new CallTracker<OpenCall>();
  /** subagent id → the callId of the Task/Agent call that started it */
  private readonly subagentParents = new Map<string, string>();
  /** 1.0.x writes a subagent's lines inline (isSidechain, no agentId) */
  private readonly inlineSidechains = new InlineSidechains();
  private currentMessageId: string | undefined;
  /** messages whose refusal was marked (a message's lines may each repeat its stop_reason) */
  private readonly refusals = new Set<string>();
  /** `claude -p` prints one result per prompt turn; each reports the usage and time since the previous one */
  private haveFacts = false;
  private factRecords = 0;
  private streamFormat = false;
  /** stream-json omits the prompt unless --replay-user-messages: the gap is marked, never invented */
  private awaitingPrompt = false;
  /** a compact_boundary was read: the synthetic user text after it is the summary (stdout does not mark it isCompactSummary) */
  private summaryDue = false;
  private readonly session: SessionRecords;
  private readonly stream: StreamRecords;
  private readonly workflow: WorkflowRecords;
  private readonly branches = new BranchTracker();
  /** the file of the record being read: a workflow agent's transcript is known by its folder */
  private currentFile = '';
  /** 2.1.3x copies a running subagent's messages into `agent_progress` records: read when its own file is not */
  private readonly progressCopies = new ProgressCopies();

  private readonly records = new RecordDispatch<Record_>({
    '(no type)': (value, context) => {
      if (isSubagentMeta(context.record, value)) return { outcome: 'skipped', type: 'subagent-meta' };
      // its script, progress and result reach the conversation as the Workflow call's result and notification
      if (isWorkflowRunState(context.record, value)) return { outcome: 'skipped', type: 'workflow-run-state' };
      return unknown('record has no "type" field');
    },
    user: (value) => this.user(value),
    assistant: (value) => this.assistant(value),
    system: (value) => this.system(value),
    attachment: (value) => this.session.attachment(value),
    summary: (value) => this.session.summary(value),
    result: (value, context) => (isJournalRecord(value) ? this.workflow.journal(value, context.record) : this.stream.result(value)),
    ...byType(JOURNAL_TYPES, () => (value, context) => this.workflow.journal(value, context.record)),
    relocated: (value) => this.session.relocated(value),
    'frame-link': (value) => this.session.frameLink(value),
    'continued-in': (value) => this.session.continuedIn(value),
    'ended-by-model': (value) => this.session.endedByModel(value),
    'derived-from': (value) => this.session.derivedFrom(value),
    stream_event: (value) => this.stream.streamEvent(value),
    progress: (value) => this.progress(value),
    ...byType(TITLE_TYPES, () => (value) => this.session.title(value)),
  }, { skip: SKIPPED_TYPES, unknownReason: (type) => `unknown Claude Code record type "${type}"` });

  /** replaced while a subagent is read from its progress copies, to mark what is emitted */
  private out: ConverterOutput;

  constructor(out: ConverterOutput) {
    this.out = out;
    this.session = new SessionRecords(out, (value) => this.envelope(value));
    this.stream = new StreamRecords(out, (value) => this.envelope(value));
    this.workflow = new WorkflowRecords(out, (value) => this.envelope(value));
  }

  push(record: NativeRecord): void {
    const value = record.value as Record_;
    const type = stringField(value, 'type');
    if (type && !this.haveFacts) this.noteSessionFacts(value);
    this.currentFile = record.file;
    if (value.isSidechain === true && typeof value.agentId === 'string') this.progressCopies.ownRecordsRead(value.agentId);
    const fork = this.branches.note(value, type === 'user' && isPrompt(value));
    if (fork) {
      this.out.emit({
        ...this.envelope(value), type: 'meta', role: 'system',
        text: `Rewound: the conversation goes on from ${fork.from}; the branch that began at ${fork.abandoned} was abandoned`,
        meta: { kind: 'rewind', branchFrom: fork.from, abandonedBranch: fork.abandoned },
      });
    }
    this.records.dispatch(this.out, record, type ?? '(no type)', value);
  }

  flush(): void {
    this.stream.emitUnfinishedPartial();
    for (const seen of this.progressCopies.unread()) this.readCopies(seen);
    closeUnanswered(this.out, this.calls, 'the log ends before this call was answered');
  }

  /**
   * A subagent whose own file was not read: its messages copied into progress records are read as
   * its events, each marked as recovered, after a counted note of how much may be missing.
   */
  private readCopies(seen: CopiedSubagent): void {
    const { agentId } = seen;
    if (seen.lines.length === 0) {
      const why = seen.dropped
        ? `its ${seen.copiedMessages} messages copied into progress records were more than atx keeps in memory while it reads a session, so they were not kept`
        : 'no message of it was copied into progress records';
      this.out.emit({
        timestamp: seen.timestamp, type: 'meta', role: 'system', synthetic: true, ...(seen.parentId ? { parentId: seen.parentId } : {}),
        text: `Subagent ${agentId} ran in this session, but its own file (<session id>/subagents/agent-${agentId}.jsonl beside the session) `
          + `was not read and ${why}: its tool calls and answers are not in this Transcript.`,
        meta: { kind: 'subagent-not-read', agentId, progressMessages: seen.copiedMessages, ...(seen.dropped ? { copiesDropped: true } : {}) },
      });
      return;
    }
    this.out.emit(recoveredNote(seen));
    if (seen.parentId && !this.subagentParents.has(agentId)) this.subagentParents.set(agentId, seen.parentId);
    const openBefore = new Set(this.calls.pending().map(({ callId }) => callId));
    const real = this.out;
    this.out = markingRecovered(real, agentId);
    try {
      for (const line of seen.lines) {
        const value = line as Record_;
        if (value.type === 'user') this.user(value);
        else this.assistant(value);
      }
      // a copied call whose result was not copied
      for (const { callId, call } of this.calls.pending()) {
        if (openBefore.has(callId)) continue;
        this.calls.answer(callId);
        this.out.emit({
          timestamp: null, type: 'tool_result', role: 'tool', synthetic: true, ...(seen.parentId ? { parentId: seen.parentId } : {}),
          tool: { name: call.name, callId, kind: call.kind, output: '', status: 'error' },
          meta: { kind: 'missing-tool-result', reason: 'its result was not among the copies in progress records' },
        });
      }
    } finally {
      this.out = real;
    }
  }

  /** Transient progress; a subagent's copied messages are kept, to be read if its own file is not. */
  private progress(value: Record_): HandlerResult {
    const data = asRecord(value.data);
    if (data) this.progressCopies.note(value, data);
    return skipped();
  }

  // ---- records -------------------------------------------------------------------------

  private user(value: Record_): HandlerResult {
    const content = nativeOf<Message>(value.message)?.content;
    const base = this.envelope(value);
    if (typeof content === 'string') {
      this.userText(value, content, [], base);
    } else if (Array.isArray(content)) {
      for (const block of content) {
        const b = nativeOf<ContentBlock>(block);
        if (b?.type === 'tool_result') this.toolResult(b, value, base);
      }
      const { text, attachments } = contentToText(content, {
        attachment: (b) => (b.type === 'image' ? imageAttachment(b) : b.type === 'document' ? base64Image(mimeOf(b), undefined, 'file') : undefined),
        other: (b) => (b.type === 'tool_result' ? undefined : `[${String(b.type)} block]`),
      });
      if (content.some(isTextLike) || attachments.length > 0) this.userText(value, text, attachments, base);
    } else {
      return unknown('user record without message content');
    }
  }

  private userText(value: Record_, text: string, attachments: Attachment[], base: DraftEvent): void {
    const extra = attachments.length > 0 ? { attachments } : {};
    const summaryDue = this.summaryDue && !base.parentId;
    if (!base.parentId) this.summaryDue = false;
    if (value.isCompactSummary === true || (summaryDue && (value.isSynthetic === true || value.isMeta === true))) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'compaction-summary' }, ...extra });
    } else if (value.isMeta === true || value.isSynthetic === true) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'injected' }, ...extra });
    } else if (isTaskNotification(value, text)) {
      // a background task finished: Claude Code hands its report to the model as a prompt, not the user's words
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'task-notification', recordType: 'user' }, ...extra });
    } else if (COMMAND_WRAPPER.test(text)) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'command' }, ...extra });
    } else if (INTERRUPTED.test(text)) {
      this.out.emit({ ...base, type: 'meta', role: 'system', text, meta: { kind: 'interrupted' } });
    } else {
      if (!base.parentId) this.awaitingPrompt = false;
      this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...extra });
    }
  }

  private toolResult(block: Native<ContentBlock>, value: Record_, base: DraftEvent): void {
    const callId = this.calls.resultId(typeof block.tool_use_id === 'string' ? block.tool_use_id : undefined);
    const { call, elapsedMs } = this.calls.answer(callId, base.timestamp);
    const { text, attachments } = resultContent(block.content);
    const details = nativeOf<ToolRun>(value.toolUseResult ?? value.tool_use_result);
    const decision = asRecord(value.permissionDecision);
    const status = statusOf({
      isError: block.is_error === true,
      text,
      denialKind: stringField(value, 'toolDenialKind') ?? stringField(block, 'non_execution_kind')
        ?? stringField(value, 'non_execution_kind') ?? (decision?.decision === 'reject' ? 'rejected' : undefined),
      interrupted: details?.interrupted === true,
    });
    const kind = call?.kind ?? 'other';
    const tool: Tool = { name: call?.name ?? 'unknown', callId, kind, output: text, status };
    if (call?.mcp) tool.mcp = call.mcp;
    const duration = durationMs(typeof details?.durationMs === 'number' ? details.durationMs : elapsedMs);
    if (duration !== undefined) tool.durationMs = duration;
    const exitCode = exitCodeOf(kind, status, text);
    if (exitCode !== undefined) tool.exitCode = exitCode;
    const path = stringField(details, 'filePath');
    if (path && (kind === 'edit' || kind === 'write')) {
      const diff = diffFromPatch(details?.structuredPatch);
      tool.files = [{ path, action: kind, ...(diff ? { diff } : {}) }];
    }
    const agentId = stringField(details, 'agentId');
    if (agentId && kind === 'task') {
      this.subagentParents.set(agentId, callId);
      this.progressCopies.taskReported(asRecord(details));
    }
    if (kind === 'task') this.inlineSidechains.taskAnswered(callId);
    if (call?.name === 'Workflow') this.workflow.noteLaunch(callId, asRecord(details));
    const background = backgroundTaskOf(details);
    this.out.emit({
      ...base, type: 'tool_result', role: 'tool', tool, ...(attachments.length > 0 ? { attachments } : {}),
      ...(background?.text ? { text: background.text } : {}), ...(background ? { meta: background.meta } : {}),
    });
    const answers = kind === 'question' ? answersOf(details) : undefined;
    if (answers) this.out.emit({ ...base, type: 'user_message', role: 'user', text: answers, meta: { kind: 'answer', callId } });
  }

  private assistant(value: Record_): HandlerResult {
    const message = nativeOf<Message>(value.message);
    // The Messages API takes an assistant turn's content as one string too (histories other tools write)
    const content = typeof message?.content === 'string' ? [{ type: 'text', text: message.content }] : message?.content;
    if (!message || !Array.isArray(content)) return unknown('assistant record without message content');
    if (this.awaitingPrompt && !this.parentOf(value)) {
      this.awaitingPrompt = false;
      this.out.emit({
        timestamp: stringField(value, 'timestamp') ?? null, type: 'meta', role: 'system', synthetic: true,
        text: 'The user prompt of this turn is not in the stream (claude -p prints it only with --replay-user-messages).',
        meta: { kind: 'missing-user-prompt' },
      });
    }
    const messageId = stringField(message, 'id');
    const model = stringField(message, 'model');
    const usage = mapUsage(message.usage, ANTHROPIC_USAGE);
    const firstOfMessage = messageId === undefined || messageId !== this.currentMessageId;
    this.currentMessageId = messageId;
    this.stream.completed(messageId);
    if (usage && messageId) this.out.usage(messageId, usage);

    const base: DraftEvent = { ...this.envelope(value), ...(messageId ? { nativeId: messageId } : {}), ...(model && model !== '<synthetic>' ? { model } : {}) };
    // Session files write the final usage on every line of a message; stream lines carry a provisional count.
    const withUsage = firstEventCarries(firstOfMessage && !this.streamFormat ? usage : undefined);
    for (const block of content) {
      const b = nativeOf<ContentBlock>(block);
      if (!b) continue;
      const event = this.assistantBlock(b, base, value);
      if (!event) continue;
      this.out.emit(withUsage(event));
    }
    if (value.isApiErrorMessage === true || stringField(value, 'error')) {
      this.out.emit({ ...base, type: 'system', role: 'system', text: stringField(value, 'error') ?? 'API error', meta: { kind: 'error' } });
    }
    // the API stopped the answer as a refusal: the text before it is not a finished answer
    if (stringField(message, 'stop_reason') === 'refusal' && !this.refusals.has(messageId ?? '')) {
      if (messageId) this.refusals.add(messageId);
      this.out.emit({ ...base, type: 'system', role: 'system', text: 'The model refused to continue (stop_reason: refusal)', meta: { kind: 'refusal', stopReason: 'refusal' } });
    }
  }

  private assistantBlock(block: Native<ContentBlock>, base: DraftEvent, value: Record_): DraftEvent | undefined {
    switch (block.type) {
      case 'text':
        return { ...base, type: 'assistant_message', role: 'assistant', text: String(block.text ?? '') };
      case 'thinking':
        return { ...base, type: 'reasoning', role: 'assistant', text: String(block.thinking ?? '') };
      case 'redacted_thinking':
        return { ...base, type: 'reasoning', role: 'assistant', text: '', meta: { kind: 'redacted-thinking', reason: 'the model returned encrypted thinking' } };
      case 'tool_use':
      case 'server_tool_use': {
        const name = String(block.name ?? 'unknown');
        const identity = identifyTool(name);
        const callId = this.calls.openCall(typeof block.id === 'string' ? block.id : undefined, name, { name, ...identity }, stringField(value, 'timestamp'));
        const taskPrompt = identity.kind === 'task' ? stringField(asRecord(block.input), 'prompt') : undefined;
        if (taskPrompt) this.inlineSidechains.taskStarted(taskPrompt, callId);
        const tool: Tool = { name, callId, ...identity, input: block.input ?? {} };
        const files = filesFromInput(identity.kind, block.input);
        if (files) tool.files = files;
        return { ...base, type: 'tool_call', role: 'assistant', tool };
      }
      default: {
        if (typeof block.type === 'string' && block.type.endsWith('_tool_result')) {
          // server-side tool results (web search) arrive inside the assistant message
          const callId = this.calls.resultId(typeof block.tool_use_id === 'string' ? block.tool_use_id : undefined);
          const { call } = this.calls.answer(callId);
          const text = JSON.stringify(block.content ?? null);
          return { ...base, type: 'tool_result', role: 'tool', tool: { name: call?.name ?? block.type, callId, kind: call?.kind ?? 'web', output: text, status: 'ok' } };
        }
        return unmappedBlockEvent(block, base, `Assistant block of type ${String(block.type)}`);
      }
    }
  }

  private system(value: Record_): HandlerResult {
    const subtype = stringField(value, 'subtype') ?? '(none)';
    const type = `system/${subtype}`;
    const base = this.envelope(value);
    if (subtype === 'init') {
      this.streamFormat = true;
      this.awaitingPrompt = true;
      const tools = Array.isArray(value.tools) ? value.tools.length : 0;
      const version = stringField(value, 'claude_code_version');
      this.out.session({
        nativeSessionId: stringField(value, 'session_id'),
        agentVersion: version,
        model: stringField(value, 'model'),
        environment: { cwd: stringField(value, 'cwd') ?? null },
      });
      const model = stringField(value, 'model');
      this.out.emit({
        ...base, type: 'system', role: 'system',
        text: `Session started${model ? ` with model ${model}` : ''}, ${tools} tools, permission mode ${stringField(value, 'permissionMode') ?? 'unknown'}`,
        meta: { kind: 'init', tools: Array.isArray(value.tools) ? value.tools : [], permissionMode: value.permissionMode ?? null },
      });
      return { outcome: 'mapped', type };
    }
    if (SKIPPED_SYSTEM_SUBTYPES.has(subtype)) return { outcome: 'skipped', type };
    if (subtype === 'stop_hook_summary') {
      this.out.emit({ ...base, type: 'system', role: 'system', text: hookSummaryText(value), meta: { kind: subtype, preventedContinuation: value.preventedContinuation === true } });
      return { outcome: 'mapped', type };
    }
    if (subtype === 'compact_boundary') {
      if (!base.parentId) this.summaryDue = true;
      this.out.emit({ ...base, type: 'meta', role: 'system', text: textField(value, 'content') ?? 'Conversation compacted', meta: { kind: 'compaction', ...compactMetadata(value) } });
      return { outcome: 'mapped', type };
    }
    const failure = apiFailure(value, subtype);
    if (failure) {
      const { text, ...details } = failure;
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'error', subtype, ...details } });
      return { outcome: 'mapped', type };
    }
    const text = textField(value, 'content') ?? stringField(value, 'description') ?? textField(value, 'summary') ?? textField(value, 'output')
      ?? textField(value, 'stdout') ?? stringField(value, 'error') ?? subtype;
    const isError = subtype.includes('error') || value.level === 'error';
    this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: isError ? 'error' : subtype } });
    return { outcome: 'mapped', type };
  }

  // ---- helpers -------------------------------------------------------------------------

  /** Fields every event of a record shares: time, native id, subagent grouping. */
  private envelope(value: Record_): DraftEvent {
    const base = { timestamp: stringField(value, 'timestamp') ?? null } as DraftEvent;
    const nativeId = stringField(value, 'uuid');
    if (nativeId) base.nativeId = nativeId;
    const parentId = this.parentOf(value);
    if (parentId) base.parentId = parentId;
    return base;
  }

  private parentOf(value: Record_): string | undefined {
    const parentToolUse = stringField(value, 'parent_tool_use_id');
    if (parentToolUse) return parentToolUse;
    if (value.isSidechain !== true) return undefined;
    const agentId = stringField(value, 'agentId');
    if (!agentId) {
      return this.inlineSidechains.parentOf(stringField(value, 'uuid'), stringField(value, 'parentUuid'), nativeOf<Message>(value.message)?.content);
    }
    return this.subagentParents.get(agentId) ?? this.workflow.callOfFile(this.currentFile) ?? `agent-${agentId}`;
  }

  private noteSessionFacts(value: Record_): void {
    const sessionId = stringField(value, 'sessionId') ?? stringField(value, 'session_id');
    const version = stringField(value, 'version');
    const cwd = stringField(value, 'cwd');
    if (!sessionId) return;
    this.out.session({
      nativeSessionId: sessionId,
      ...(version ? { agentVersion: version } : {}),
      environment: { cwd: cwd ?? null, ...(stringField(value, 'gitBranch') ? { repo: { branch: stringField(value, 'gitBranch') } } : {}) },
    });
    // Session files name version and cwd on message lines; stream lines never do: stop looking soon.
    this.factRecords += 1;
    this.haveFacts = (version !== undefined && cwd !== undefined) || this.factRecords >= FACT_RECORDS;
  }


}

/** A user line the person typed (or a program sent as the prompt), not a tool result or an injected note. */
function isPrompt(value: Native<Line>): boolean {
  if (value.isMeta === true || value.isSynthetic === true || value.isCompactSummary === true) return false;
  const content = nativeOf<Message>(value.message)?.content;
  return typeof content === 'string' || (Array.isArray(content) && content.length > 0 && content.every(isTextLike));
}

/** A user content block that stands in the user's text (as itself or a placeholder). */
function isTextLike(block: unknown): boolean {
  const type = asRecord(block)?.type;
  return asRecord(block) !== undefined && type !== 'tool_result' && type !== 'image' && type !== 'document';
}

/** A tool result's content: text blocks, images described, any other block as its JSON. */
function resultContent(content: unknown): { text: string; attachments: Attachment[] } {
  return contentToText(content, {
    attachment: (b) => (b.type === 'image' ? imageAttachment(b) : undefined),
    other: (b) => JSON.stringify(b),
  });
}

/** An image is described (mime, decoded size), never inlined: base64 bodies stay out of the Transcript. */
function imageAttachment(block: Json): Attachment {
  const source = nativeOf<ContentBlock['source']>(asRecord(block.source));
  const attachment = base64Image(mimeOf(block), source?.data);
  const url = stringField(source, 'url');
  if (url) attachment.path = url;
  return attachment;
}

function mimeOf(block: Json): string | undefined {
  return stringField(asRecord(block.source), 'media_type');
}

/**
 * The user's answers to AskUserQuestion (`toolUseResult.answers`: question text → answer, several
 * choices joined by commas), one line each in the order of `toolUseResult.questions`: the human's
 * words. The questions themselves are the call's input.
 */
function answersOf(details: Native<ToolRun> | undefined): string | undefined {
  const answers = asRecord(details?.answers);
  if (!answers) return undefined;
  const asked = (Array.isArray(details?.questions) ? details.questions : []).map((question) => stringField(asRecord(question), 'question'));
  const order = [...new Set([...asked.filter((question) => question !== undefined && question in answers), ...Object.keys(answers)])] as string[];
  const lines = order.map((question) => answers[question]).map((answer) => (Array.isArray(answer) ? answer.join(', ') : typeof answer === 'string' ? answer : '')).filter((answer) => answer !== '');
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** A `stop_hook_summary` line: the hook commands that ran when the turn stopped, their errors, and whether they stopped it. */
function hookSummaryText(value: Record_): string {
  const commands = (Array.isArray(value.hookInfos) ? value.hookInfos : []).map((info) => stringField(asRecord(info), 'command')).filter((command) => command !== undefined);
  const errors = (Array.isArray(value.hookErrors) ? value.hookErrors : []).map((error) => (typeof error === 'string' ? error : JSON.stringify(error)));
  const lines = [`Stop hooks ran${commands.length > 0 ? `: ${commands.join('; ')}` : ''}`];
  if (errors.length > 0) lines.push(`Hook errors: ${errors.join('\n')}`);
  if (value.preventedContinuation === true) lines.push(`A hook stopped the turn${stringField(value, 'stopReason') ? `: ${stringField(value, 'stopReason')}` : ''}`);
  return lines.join('\n');
}

function compactMetadata(value: Record_): Record<string, unknown> {
  const metadata = asRecord(value.compactMetadata) ?? asRecord(value.compact_metadata);
  if (!metadata) return {};
  const out: Record<string, unknown> = {};
  if (typeof metadata.trigger === 'string') out.trigger = metadata.trigger;
  const tokens = metadata.preTokens ?? metadata.pre_tokens;
  if (typeof tokens === 'number') out.preTokens = tokens;
  return out;
}
