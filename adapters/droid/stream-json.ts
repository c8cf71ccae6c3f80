/**
 * `droid exec -o stream-json` stdout: `system`/`init` (session id, model, tools), `message` (the
 * user's prompt and each assistant text), `reasoning`, `tool_call`, `tool_result`, `error` and a
 * closing `completion` with the run's token totals. `droid exec -o json` prints one `result` line
 * instead. Reasoning is printed twice when a Chat Completions provider returns it (once from the
 * message's reasoning field, once from its thinking block): the repeat is skipped.
 */
import type { Tool } from '../../src/transcript/index.js';
import type { ConverterOutput, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { RecordDispatch, skipped, unknown } from '../shared/dispatch.js';
import { asRecord, nativeOf, numberField, stringField } from '../shared/json.js';
import { closeUnanswered, type NamedCall } from '../shared/unanswered.js';
import { mapUsage, ANTHROPIC_USAGE } from '../shared/usage.js';
import { eventBase, type StreamLine } from './records.js';
import { calledTool, resultText, toolOutcome } from './tools.js';
import { textField } from '../shared/content.js';


/** Droid's usage totals: Anthropic's names, plus `thinking_tokens` and `factory_credits`. */
const DROID_USAGE = { ...ANTHROPIC_USAGE, reasoning: ['thinking_tokens'] };

export class DroidStreamConverter {
  private readonly calls = new CallTracker<NamedCall>();
  private lastReasoning: string | undefined;
  private model: string | undefined;
  private readonly lines = new RecordDispatch<StreamLine>({
    system: (line) => this.system(line),
    message: (line) => this.message(line),
    reasoning: (line) => this.reasoning(line),
    tool_call: (line) => this.toolCall(line),
    tool_result: (line) => this.toolResult(line),
    error: (line) => this.error(line),
    completion: (line) => this.completion(line),
    result: (line) => this.result(line),
  }, { unknownReason: (type) => `unknown droid exec output line type "${type}"` });

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    this.lines.dispatchByType(this.out, record, nativeOf<StreamLine>(record.value) ?? {});
  }

  flush(): void {
    closeUnanswered(this.out, this.calls, 'the run ended before this call was answered');
  }

  private system(line: StreamLine) {
    if (line.subtype !== 'init') return unknown(`system line with subtype "${String(line.subtype)}"`, `system/${String(line.subtype)}`);
    this.model = stringField(line, 'model');
    const cwd = stringField(line, 'cwd');
    this.out.session({
      nativeSessionId: stringField(line, 'session_id') ?? null,
      ...(this.model ? { model: this.model } : {}),
      ...(cwd ? { environment: { cwd } } : {}),
    });
    return { outcome: 'mapped' as const, type: 'system/init' };
  }

  private message(line: StreamLine) {
    const text = textField(line, 'text') ?? '';
    if (line.role === 'user') {
      this.out.emit({ ...eventBase(line), type: 'user_message', role: 'user', text });
      return { outcome: 'mapped' as const, type: 'message/user' };
    }
    if (line.role === 'assistant') {
      this.out.emit({ ...eventBase(line), type: 'assistant_message', role: 'assistant', text, ...(this.model ? { model: this.model } : {}) });
      return { outcome: 'mapped' as const, type: 'message/assistant' };
    }
    return unknown(`message with role "${String(line.role)}"`, `message/${String(line.role)}`);
  }

  private reasoning(line: StreamLine) {
    const text = textField(line, 'text') ?? '';
    const key = `${String(line.id)}\n${text}`;
    if (key === this.lastReasoning) return skipped('reasoning/repeated');
    this.lastReasoning = key;
    this.out.emit({ ...eventBase(line), type: 'reasoning', role: 'assistant', text });
    return undefined;
  }

  private toolCall(line: StreamLine) {
    const name = stringField(line, 'toolName') ?? stringField(line, 'toolId') ?? 'unknown';
    const tool = calledTool(name, stringField(line, 'id') ?? '', line.parameters);
    const base = eventBase(line);
    tool.callId = this.calls.openCall(tool.callId, tool.name, { name: tool.name, kind: tool.kind }, base.timestamp);
    const messageId = stringField(line, 'messageId');
    this.out.emit({ ...base, ...(messageId ? { nativeId: messageId } : {}), type: 'tool_call', role: 'assistant', tool });
  }

  private toolResult(line: StreamLine) {
    const callId = this.calls.resultId(stringField(line, 'id'), stringField(line, 'toolName') ?? stringField(line, 'toolId'));
    const base = eventBase(line);
    const { call, elapsedMs } = this.calls.answer(callId, base.timestamp);
    const name = call?.name ?? stringField(line, 'toolId') ?? 'unknown';
    const kind = call?.kind ?? calledTool(name, callId, {}).kind;
    // a failed call carries its text in error.message and no value
    const errorText = textField(asRecord(line.error), 'message');
    const outcome = toolOutcome(kind, errorText ?? resultText(line.value), line.isError === true || errorText !== undefined);
    const tool: Tool = { name, callId, kind, output: outcome.output, status: outcome.status, ...(elapsedMs !== undefined ? { durationMs: elapsedMs } : {}), ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}) };
    const messageId = stringField(line, 'messageId');
    this.out.emit({ ...base, ...(messageId ? { nativeId: messageId } : {}), type: 'tool_result', role: 'tool', tool });
  }

  private error(line: StreamLine) {
    const source = stringField(line, 'source') ?? 'droid';
    this.out.emit({ ...eventBase(line), type: 'system', role: 'system', text: textField(line, 'message') ?? 'error', meta: { kind: 'error', source } });
  }

  /** The run's end: its duration and token totals (input does not include the cache reads). */
  private completion(line: StreamLine) {
    const usage = mapUsage(line.usage, DROID_USAGE);
    const duration = numberField(line, 'durationMs');
    this.out.session({ ...(usage ? { totalUsage: usage } : {}), ...(duration !== undefined ? { durationMs: duration } : {}) });
  }

  /** `-o json`: the whole run in one line, its final text and totals. */
  private result(line: StreamLine) {
    const usage = mapUsage(line.usage, DROID_USAGE);
    const duration = numberField(line, 'duration_ms');
    this.out.session({ format: 'droid/json', nativeSessionId: stringField(line, 'session_id') ?? null, ...(usage ? { totalUsage: usage } : {}), ...(duration !== undefined ? { durationMs: duration } : {}) });
    this.out.emit({ timestamp: null, type: 'meta', role: 'system', synthetic: true, text: 'droid exec -o json prints only the final answer: the prompt and the steps before it are not in the output.', meta: { kind: 'missing-user-prompt' } });
    const text = textField(line, 'result') ?? '';
    this.out.emit({ timestamp: null, type: line.is_error === true ? 'system' : 'assistant_message', role: line.is_error === true ? 'system' : 'assistant', text, ...(line.is_error === true ? { meta: { kind: 'error', source: 'result' } } : {}) });
  }
}
