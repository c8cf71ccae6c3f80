/**
 * `cline --json …` stdout: one JSON line per event, each with `ts` and `type`: `agent_event`
 * (the agent loop's AgentEvent: content_start/update/end of text, reasoning, tool and media
 * content, iteration_start/end, usage, notice, done, error), `hook_event` (hook names and ids
 * only), `run_start`, `run_result`, `run_abort_requested`, `run_aborted`, `team_event`,
 * `team_restored` and `zen_dispatched`. The prompt is not printed: its gap is marked.
 */
import type { Tool, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { RecordDispatch, skipped, unknown, type HandlerTable, type RouteContext } from '../shared/dispatch.js';
import { asRecord, nativeOf, numberField, stringField } from '../shared/json.js';
import { REDACTED_THINKING, textField } from '../shared/content.js';
import { isoTime } from '../shared/time.js';
import type { AgentEvent, StdoutLine } from './records.js';
import { calledTool, toolOutcome } from './tools.js';
import { clineUsage } from './usage.js';

interface OpenCall {
  name: string;
  kind: ToolKind;
}

/**
 * An event waiting its turn. Text and reasoning arrive in pieces (content_start) and whole only at
 * their content_end, which may come after a later block's (reasoning ends after the text it
 * precedes): events leave in the order their blocks began.
 */
interface Pending {
  event: DraftEvent;
  /** the content type still being streamed into this event */
  open?: string;
}

export class ClineStdoutConverter {
  private readonly calls = new CallTracker<OpenCall>();
  private readonly lines: RecordDispatch<StdoutLine>;
  private readonly events: RecordDispatch<AgentEvent>;
  private readonly pending: Pending[] = [];
  private iteration = 0;
  private timestamp: string | null = null;
  private promptGapMarked = false;

  constructor(private readonly out: ConverterOutput) {
    const lines: HandlerTable<StdoutLine> = {
      agent_event: (line, context) => this.agentEvent(line, context),
      hook_event: (line) => this.hookEvent(line),
      run_start: (line) => this.runStart(line),
      run_result: (line) => this.runResult(line),
      run_abort_requested: (line) => this.system(`Abort requested${line.reason ? `: ${String(line.reason)}` : ''}`, 'abort-requested'),
      run_aborted: (line) => this.system(textField(line, 'message') ?? `Run aborted (${String(line.reason ?? 'unknown')})`, 'aborted'),
      team_event: (line) => this.system(`Team event: ${JSON.stringify(line.event ?? {})}`, 'team-event'),
      team_restored: (line) => this.system(`Team ${String(line.teamName ?? '')} restored`, 'team-restored'),
      zen_dispatched: (line) => this.system(`Session dispatched to the background hub${line.sessionId ? ` (${String(line.sessionId)})` : ''}`, 'zen-dispatched'),
    };
    this.lines = new RecordDispatch(lines, { unknownReason: (type) => `unknown Cline --json line type "${type}"` });
    const events: HandlerTable<AgentEvent> = {
      content_start: (event) => this.contentStart(event),
      content_update: () => skipped(), // a running tool's output pieces: its content_end carries the whole
      content_end: (event) => this.contentEnd(event),
      iteration_start: (event) => {
        this.iteration = numberField(event, 'iteration') ?? this.iteration + 1;
        return skipped();
      },
      iteration_end: () => skipped(), // bookkeeping: how many calls the iteration made
      usage: (event) => this.usage(event),
      // why (AgentNoticeEvent.reason, or the runtime's metadata.reason: context_overflow_recovery, provider_error_retry, …)
      notice: (event) => {
        const reason = stringField(event, 'reason') ?? stringField(asRecord(event.metadata), 'reason');
        return this.system(textField(event, 'message') ?? 'notice', `notice/${String(event.noticeType ?? 'status')}`, reason ? { reason } : {});
      },
      done: (event) => this.done(event),
      error: (event) => this.error(event),
    };
    this.events = new RecordDispatch(events, { unknownReason: (type) => `unknown Cline agent event "${type}"` });
  }

  push(record: NativeRecord): void {
    const line = nativeOf<StdoutLine>(record.value) ?? {};
    this.timestamp = isoTime(line.ts) ?? null;
    this.lines.dispatchByType(this.out, record, line);
  }

  flush(): void {
    for (const item of this.pending) {
      if (!item.open) continue;
      item.open = undefined;
      item.event.meta = { kind: 'incomplete', reason: 'the stream ended before this text was complete' };
    }
    this.release();
    closeUnanswered(this.out, this.calls, 'the run ended before this call finished');
  }

  private agentEvent(line: StdoutLine, context: RouteContext) {
    const event = nativeOf<AgentEvent>(line.event);
    const type = stringField(event, 'type') ?? '(no type)';
    if (!event) return unknown('agent_event without an event', 'agent_event');
    const verdict = this.events.route(type, event, context, `agent_event/${type}`);
    return verdict;
  }

  private hookEvent(line: StdoutLine) {
    const name = stringField(line, 'hookEventName') ?? '(none)';
    // agent_start of the lead agent opens a run whose prompt is never printed
    if (name === 'agent_start' && !line.parentAgentId) this.markPromptGap();
    // the hooks print only their name and ids: the agent events around them carry the content
    return skipped(`hook_event/${name}`);
  }

  private markPromptGap(): void {
    if (this.promptGapMarked) return;
    this.promptGapMarked = true;
    this.emit({
      timestamp: this.timestamp, type: 'meta', role: 'system', synthetic: true,
      text: 'The user prompt of this run is not in the stream (cline --json does not print it).',
      meta: { kind: 'missing-user-prompt' },
    });
  }

  private runStart(line: StdoutLine) {
    const model = stringField(line, 'modelId');
    this.out.session({ format: 'cline/json', nativeSessionId: stringField(line, 'sessionId'), ...(model ? { model } : {}), ...(this.timestamp ? { startedAt: this.timestamp } : {}) });
    this.markPromptGap();
  }

  private runResult(line: StdoutLine) {
    const model = stringField(asRecord(line.model), 'id');
    const usage = clineUsage(line.aggregateUsage ?? line.usage);
    const cost = numberField(asRecord(line.aggregateUsage ?? line.usage), 'totalCost');
    const duration = numberField(line, 'durationMs');
    this.out.session({
      ...(model ? { model } : {}),
      ...(usage ? { totalUsage: usage } : {}),
      ...(cost !== undefined ? { costUsd: cost } : {}),
      ...(duration !== undefined ? { durationMs: duration } : {}),
    });
    const reason = stringField(line, 'finishReason');
    if (reason && reason !== 'completed') this.system(`Run finished: ${reason}`, 'run-end');
  }

  private contentStart(event: AgentEvent) {
    const contentType = stringField(event, 'contentType');
    if (contentType === 'tool') {
      const tool = calledTool(stringField(event, 'toolName') ?? 'unknown', stringField(event, 'toolCallId') ?? '', event.input);
      tool.callId = this.calls.openCall(tool.callId, tool.name, { name: tool.name, kind: tool.kind }, this.timestamp);
      this.emit(this.base({ type: 'tool_call', role: 'assistant', tool }));
      return undefined;
    }
    if (contentType === 'text' || contentType === 'reasoning') {
      const piece = stringField(event, contentType === 'text' ? 'text' : 'reasoning') ?? '';
      let item = this.pending.find((p) => p.open === contentType);
      if (!item) {
        item = { event: { timestamp: this.timestamp, type: contentType === 'text' ? 'assistant_message' : 'reasoning', role: 'assistant', text: '' }, open: contentType };
        this.pending.push(item);
      }
      item.event.text = stringField(event, 'accumulated') ?? `${item.event.text ?? ''}${piece}`;
      return skipped(); // a piece of text: its content_end brings the whole
    }
    return skipped(); // media begins: its content_end carries it
  }

  private contentEnd(event: AgentEvent) {
    const contentType = stringField(event, 'contentType');
    if (contentType === 'tool') return this.toolEnd(event);
    if (contentType === 'text' || contentType === 'reasoning') {
      const whole = stringField(event, contentType === 'text' ? 'text' : 'reasoning');
      const item = this.pending.find((p) => p.open === contentType);
      if (item) {
        item.open = undefined;
        if (whole !== undefined) item.event.text = whole;
        if (event.redacted === true) item.event.meta = { ...REDACTED_THINKING };
        this.release();
      } else {
        this.emit(this.base({ type: contentType === 'text' ? 'assistant_message' : 'reasoning', role: 'assistant', text: whole ?? '', ...(event.redacted === true ? { meta: { ...REDACTED_THINKING } } : {}) }));
      }
      return undefined;
    }
    if (contentType === 'media') {
      this.emit(this.base({ type: 'meta', role: 'assistant', text: '[media generated by the model]', meta: { kind: 'assistant-media' } }));
      return undefined;
    }
    return unknown(`content_end of unknown content type "${String(contentType)}"`);
  }

  private toolEnd(event: AgentEvent) {
    const callId = this.calls.resultId(stringField(event, 'toolCallId'), stringField(event, 'toolName'));
    const { call } = this.calls.answer(callId, this.timestamp);
    const name = call?.name ?? stringField(event, 'toolName') ?? 'unknown';
    const kind = call?.kind ?? calledTool(name, callId, {}).kind;
    const outcome = toolOutcome(kind, event.output, event.error, event.error !== undefined);
    const duration = numberField(event, 'durationMs');
    const tool: Tool = {
      name, callId, kind, output: outcome.output, status: outcome.status,
      ...(duration !== undefined ? { durationMs: Math.max(0, Math.round(duration)) } : {}),
      ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}),
    };
    this.emit(this.base({ type: 'tool_result', role: 'tool', tool }));
    return undefined;
  }

  private usage(event: AgentEvent) {
    const usage = clineUsage(event);
    if (usage) this.out.usage(`iteration-${this.iteration}`, usage);
    return undefined;
  }

  private done(event: AgentEvent) {
    const reason = stringField(event, 'reason');
    if (reason && reason !== 'completed') this.system(`Agent stopped: ${reason}`, 'agent-done');
    // its text repeats the last answer, already emitted at its content_end
    return undefined;
  }

  private error(event: AgentEvent) {
    const error = asRecord(event.error);
    const text = textField(error, 'message') ?? (typeof event.error === 'string' ? event.error : JSON.stringify(event.error ?? {}));
    this.emit(this.base({ type: 'system', role: 'system', text, meta: { kind: 'error', recoverable: event.recoverable === true } }));
    return undefined;
  }

  private system(text: string, kind: string, facts: Record<string, string> = {}) {
    this.emit(this.base({ type: 'system', role: 'system', text, meta: { kind, ...facts } }));
    return undefined;
  }

  private emit(event: DraftEvent): void {
    this.pending.push({ event });
    this.release();
  }

  /** Emits the waiting events up to the first block still being streamed. */
  private release(): void {
    while (this.pending.length > 0 && !this.pending[0]!.open) this.out.emit(this.pending.shift()!.event);
  }

  private base(event: Omit<DraftEvent, 'timestamp'>): DraftEvent {
    return { ...event, timestamp: this.timestamp } as DraftEvent;
  }
}
