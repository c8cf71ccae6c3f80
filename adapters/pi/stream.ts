/**
 * Formats `pi/json` and `pi/rpc`: the events `pi --mode json` and `pi --mode rpc` print. Messages
 * are read whole from `message_end` (the `message_update` deltas repeat the partial message and are
 * only kept until it ends); RPC replies and extension UI requests. The session header both forms
 * open with, and the messages themselves, are read by converter.ts.
 */
import { mapped, skipped, unknown, type HandlerResult, type Verdict } from '../shared/dispatch.js';
import { asRecord, numberField, stringField, type Json } from '../shared/json.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import type { Base, PiLine } from './converter.js';
import { isoTime } from './tools.js';
import { textField } from '../shared/content.js';

/** extension UI requests that only decorate Pi's own screen */
const SKIPPED_UI = new Set(['setStatus', 'setWidget', 'setTitle', 'set_editor_text', 'setEditorText', 'setFooter', 'setHeader', 'setWorkingIndicator']);
const DIALOGS = new Set(['select', 'confirm', 'input', 'editor']);
/**
 * RPC commands after which the events belong to another session file (rpc-mode.js rebinds to it and
 * prints no new header); the reply is the only mark of the switch on stdout.
 */
const SESSION_SWITCHES = new Map([
  ['new_session', 'Started a new session: what follows is another session file'],
  ['switch_session', 'Switched to another session: what follows is another session file'],
  ['fork', 'Forked into a new session: what follows is another session file'],
  ['clone', 'Cloned into a new session: what follows is another session file'],
]);

/** What the stream needs from the message reader it shares with session files. */
export interface MessageReader {
  /** the events of one AgentMessage, or the reason it cannot be read */
  events(message: Json, base: Base): DraftEvent[] | string;
  compaction(value: Json, base: Base): DraftEvent[];
  /** a shell command the user ran (RPC `bash`): its reply holds the output, not the command */
  userCommand(result: Json, commandId: string | undefined): DraftEvent[];
}

export class PiStream {
  /** `tool_execution_end` results waiting for their `toolResult` message (which normally follows at once) */
  private readonly executed = new Map<string, Json>();
  /** the assistant message being streamed (message_start / message_update), until its message_end */
  private partial: Json | undefined;

  constructor(
    private readonly out: ConverterOutput,
    private readonly reader: MessageReader,
  ) {}

  messageStart(value: PiLine): HandlerResult {
    this.emitUnfinished();
    const message = asRecord(value.message);
    if (message?.role === 'assistant') this.partial = message;
    return 'skipped';
  }

  messageUpdate(value: PiLine): Verdict {
    const message = asRecord(value.message) ?? asRecord(asRecord(value.assistantMessageEvent)?.partial);
    if (message) this.partial = message;
    const delta = stringField(asRecord(value.assistantMessageEvent), 'type') ?? '(none)';
    return skipped(`message_update/${delta}`);
  }

  toolExecutionEnd(value: PiLine): void {
    const callId = stringField(value, 'toolCallId');
    if (callId) this.executed.set(callId, value);
  }

  /** A toolResult message came: the execution's own result is not needed. */
  answered(callId: string): void {
    this.executed.delete(callId);
  }

  /** Executions whose toolResult message never came, and no longer kept. */
  drainExecuted(): Array<[string, Json]> {
    const left = [...this.executed];
    this.executed.clear();
    return left;
  }

  retryStart(value: PiLine): void {
    const attempt = numberField(value, 'attempt');
    const max = numberField(value, 'maxAttempts');
    const delay = numberField(value, 'delayMs');
    this.out.emit({
      timestamp: null, type: 'system', role: 'system',
      text: `Retrying${attempt !== undefined ? ` (attempt ${attempt}${max !== undefined ? ` of ${max}` : ''}${delay !== undefined ? `, in ${delay} ms` : ''})` : ''} after: ${stringField(value, 'errorMessage') ?? 'a transient error'}`,
      meta: { kind: 'retry', attempt: attempt ?? null, maxAttempts: max ?? null, delayMs: delay ?? null },
    });
  }

  retryEnd(value: PiLine, type: string): void {
    const success = value.success === true;
    const attempt = numberField(value, 'attempt');
    this.out.emit(success
      ? { timestamp: null, type: 'system', role: 'system', text: `Retry succeeded${attempt !== undefined ? ` (attempt ${attempt})` : ''}`, meta: { kind: 'retry-succeeded', attempt: attempt ?? null } }
      : { timestamp: null, type: 'system', role: 'system', text: `Retries gave up: ${stringField(value, 'finalError') ?? 'unknown error'}`, meta: { kind: 'error', recordType: type, attempt: attempt ?? null } });
  }

  extensionError(value: PiLine, type: string): void {
    const where = [stringField(value, 'extensionPath'), stringField(value, 'event')].filter(Boolean).join(', ');
    this.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Extension error${where ? ` (${where})` : ''}: ${stringField(value, 'error') ?? 'unknown'}`, meta: { kind: 'error', recordType: type } });
  }

  messageEnd(value: PiLine): Verdict {
    const message = asRecord(value.message);
    if (!message) return unknown('message_end without a message object');
    if (message.role === 'assistant') this.partial = undefined;
    const events = this.reader.events(message, { timestamp: isoTime(message.timestamp) ?? null });
    if (typeof events === 'string') return unknown(events, `message_end/${stringField(message, 'role') ?? '(none)'}`);
    for (const event of events) this.out.emit(event);
    return mapped(`message_end/${String(message.role)}`);
  }

  compactionEnd(value: PiLine, type: string): void {
    const result = asRecord(value.result);
    const reason = stringField(value, 'reason');
    if (result) {
      for (const event of this.reader.compaction(result, { timestamp: null })) {
        this.out.emit(event.type === 'meta' ? { ...event, meta: { ...event.meta!, ...(reason ? { trigger: reason } : {}) } } : event);
      }
    } else if (stringField(value, 'errorMessage')) {
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Compaction failed: ${stringField(value, 'errorMessage')}`, meta: { kind: 'error', recordType: type } });
    } else {
      this.out.emit({ timestamp: null, type: 'meta', role: 'system', text: 'Compaction was aborted', meta: { kind: 'compaction-aborted', ...(reason ? { trigger: reason } : {}) } });
    }
  }

  /** RPC replies to commands: session facts from get_state / get_session_stats, failures as errors. */
  response(value: PiLine): Verdict {
    const command = stringField(value, 'command') ?? '(none)';
    const type = `response/${command}`;
    const data = asRecord(value.data);
    if (value.success === false) {
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Command ${command} failed: ${stringField(value, 'error') ?? 'unknown error'}`, meta: { kind: 'error', recordType: type } });
      return mapped(type);
    }
    if (command === 'get_session_stats' || command === 'get_state') {
      this.out.session({ nativeSessionId: stringField(data, 'sessionId'), ...(stringField(data, 'sessionName') ? { title: stringField(data, 'sessionName') } : {}) });
      return mapped(type);
    }
    // what only the reply says: no event of the stream repeats these (agent-session.js emits none for them)
    if (command === 'bash' && data) {
      for (const event of this.reader.userCommand(data, stringField(value, 'id'))) this.out.emit(event);
      return mapped(type);
    }
    if ((command === 'set_model' || command === 'cycle_model') && data) {
      const model = asRecord(data.model) ?? data;
      this.modelChange(stringField(model, 'provider'), stringField(model, 'id'), command);
      return mapped(type);
    }
    if (SESSION_SWITCHES.has(command) && data?.cancelled !== true) {
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: SESSION_SWITCHES.get(command)!, meta: { kind: 'session-switch', command, ...(stringField(data, 'text') ? { forkedFromText: stringField(data, 'text') } : {}) } });
      return mapped(type);
    }
    return skipped(type);
  }

  private modelChange(provider: string | undefined, modelId: string | undefined, command: string): void {
    if (modelId) this.out.session({ model: modelId });
    this.out.emit({
      timestamp: null, type: 'system', role: 'system',
      text: `Model set to ${[provider, modelId].filter(Boolean).join('/') || 'unknown'}`,
      meta: { kind: 'model-change', provider: provider ?? null, modelId: modelId ?? null, command },
    });
  }

  uiRequest(value: PiLine): Verdict {
    const method = stringField(value, 'method') ?? '(none)';
    const type = `extension_ui_request/${method}`;
    if (DIALOGS.has(method)) {
      const options = Array.isArray(value.options) ? ` [${value.options.map(String).join(' / ')}]` : '';
      const text = [stringField(value, 'title'), textField(value, 'message'), textField(value, 'prefill')].filter(Boolean).join('\n') + options;
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text, meta: { kind: 'extension-dialog', method } });
    } else if (method === 'notify') {
      const level = stringField(value, 'notifyType') ?? 'info';
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: textField(value, 'message') ?? '', meta: { kind: level === 'error' ? 'error' : 'notification', level } });
    } else if (SKIPPED_UI.has(method)) {
      return skipped(type);
    } else {
      // a request of a kind not known here: whatever it says to the user is kept with it
      const said = [stringField(value, 'title'), textField(value, 'message')].filter(Boolean);
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: [`Extension UI request ${method}`, ...said].join('\n'), meta: { kind: 'extension-ui', method } });
    }
    return mapped(type);
  }

  /** An assistant message whose message_end never came (the stream was cut): what it had said so far. */
  emitUnfinished(): void {
    const partial = this.partial;
    this.partial = undefined;
    if (!partial) return;
    const model = stringField(partial, 'model');
    for (const block of Array.isArray(partial.content) ? partial.content : []) {
      const b = asRecord(block);
      const text = b?.type === 'text' ? b.text : b?.type === 'thinking' ? b.thinking : undefined;
      if (typeof text !== 'string' || text.length === 0) continue;
      this.out.emit({
        timestamp: isoTime(partial.timestamp) ?? null,
        type: b!.type === 'text' ? 'assistant_message' : 'reasoning',
        role: 'assistant',
        text,
        ...(model ? { model } : {}),
        meta: { kind: 'incomplete', reason: 'the stream ended before this message was complete' },
      });
    }
  }
}
