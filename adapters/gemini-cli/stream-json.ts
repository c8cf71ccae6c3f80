/**
 * Format `gemini-cli/stream-json`: the stdout of `gemini -p … --output-format stream-json`: init,
 * message (the deltas of an answer are joined), tool_use / tool_result, error and result lines.
 */
import type { Tool, Usage } from '../../src/transcript/index.js';
import { mapped, type Verdict } from '../shared/dispatch.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import { addUsage } from '../shared/usage.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import type { GeminiLine, SharedCalls } from './converter.js';
import { filesOf, identifyTool, num, splitContent, statusFromStream } from './tools.js';
import { codeExecutionEvents } from '../shared/code-execution.js';
import { textField } from '../shared/content.js';

export class GeminiStream {
  private text: { text: string; timestamp: string | null } | undefined;
  /** `result` totals, summed over the runs of one stream (`gemini -p … --resume` runs, concatenated) */
  private readonly streamTotals: { usage: Usage; durationMs: number } = { usage: { input: 0, output: 0 }, durationMs: 0 };

  constructor(
    private readonly out: ConverterOutput,
    private readonly emit: (event: DraftEvent) => void,
    private readonly shared: SharedCalls,
  ) {}

  /** One stream-json line; the deltas of an answer are joined. */
  read(type: string, value: GeminiLine): Verdict {
    const timestamp = stringField(value, 'timestamp') ?? null;
    if (type === 'message' && value.role === 'assistant' && value.delta === true) {
      const text = textField(value, 'content') ?? '';
      if (this.text) this.text.text += text;
      else this.text = { text, timestamp };
      return mapped('message');
    }
    this.flushText();
    switch (type) {
      case 'init': {
        const model = stringField(value, 'model');
        this.out.session({ nativeSessionId: stringField(value, 'session_id'), model });
        this.emit({ timestamp, type: 'system', role: 'system', text: `Session started${model ? ` with model ${model}` : ''}`, meta: { kind: 'init' } });
        break;
      }
      case 'message': {
        const content = typeof value.content === 'string' ? undefined : splitContent(value.content);
        const text = content?.text ?? (value.content as string);
        if (value.role === 'user') this.emit({ timestamp, type: 'user_message', role: 'user', text });
        else this.emit({ timestamp, type: 'assistant_message', role: 'assistant', text });
        const code = content ? codeExecutionEvents(this.shared.code, this.shared.calls, content.codeParts, { timestamp } as DraftEvent, `message-${timestamp ?? 'undated'}`) : [];
        for (const event of code) this.emit(event);
        break;
      }
      case 'tool_use': {
        const name = stringField(value, 'tool_name') ?? 'unknown';
        const identity = identifyTool(name);
        const callId = this.shared.calls.openCall(stringField(value, 'tool_id'), name, { name, ...identity }, timestamp);
        const input = value.parameters ?? {};
        const files = filesOf(identity.kind, input);
        this.emit({ timestamp, type: 'tool_call', role: 'assistant', tool: { name, callId, ...identity, input, ...(files ? { files } : {}) } });
        break;
      }
      case 'tool_result':
        this.streamResult(value, timestamp);
        break;
      case 'error': {
        const severity = stringField(value, 'severity') ?? 'error';
        this.emit({ timestamp, type: 'system', role: 'system', text: textField(value, 'message') ?? severity, meta: { kind: severity === 'warning' ? 'warning' : 'error' } });
        break;
      }
      case 'result':
        this.streamEnd(value, timestamp);
        break;
    }
    return mapped(type);
  }

  private streamResult(value: Json, timestamp: string | null): void {
    const callId = this.shared.calls.resultId(stringField(value, 'tool_id'));
    const { call, elapsedMs } = this.shared.calls.answer(callId, timestamp);
    this.shared.closed.add(callId);
    const error = asRecord(value.error);
    const output = typeof value.output === 'string' ? value.output : textField(value, 'output') ?? textField(error, 'message') ?? null;
    const status = statusFromStream(stringField(value, 'status'), stringField(error, 'type'), output ?? '');
    const kind = call?.kind ?? 'other';
    const tool: Tool = { name: call?.name ?? 'unknown', callId, kind, ...(call?.mcp ? { mcp: call.mcp } : {}), output, status };
    if (elapsedMs !== undefined) tool.durationMs = elapsedMs;
    this.emit({ timestamp, type: 'tool_result', role: 'tool', tool });
  }

  /** `result`: the run's totals (every model call of the run, the CLI's helper calls included). */
  private streamEnd(value: Json, timestamp: string | null): void {
    const stats = asRecord(value.stats);
    if (stats) {
      const totals = this.streamTotals;
      totals.usage = addUsage(totals.usage, streamUsage(stats));
      totals.durationMs += num(stats.duration_ms);
      this.out.session({ totalUsage: totals.usage, ...(totals.durationMs > 0 ? { durationMs: totals.durationMs } : {}) });
      for (const model of Object.keys(asRecord(stats.models) ?? {})) this.out.session({ model });
    }
    const error = asRecord(value.error);
    if (value.status === 'error' || error) {
      this.emit({ timestamp, type: 'system', role: 'system', text: textField(error, 'message') ?? 'error', meta: { kind: 'error', recordType: `result/${stringField(error, 'type') ?? 'error'}` } });
    }
  }

  flushText(): void {
    const pending = this.text;
    this.text = undefined;
    if (pending && pending.text.length > 0) this.emit({ timestamp: pending.timestamp, type: 'assistant_message', role: 'assistant', text: pending.text });
  }
}

/** stream-json `stats`: input = non-cached prompt tokens, output = everything but the prompt (answer + thinking). */
function streamUsage(stats: Json): Usage {
  const cached = num(stats.cached);
  const prompt = num(stats.input_tokens);
  const input = typeof stats.input === 'number' ? stats.input : Math.max(0, prompt - cached);
  const output = typeof stats.total_tokens === 'number' ? Math.max(0, stats.total_tokens - prompt) : num(stats.output_tokens);
  return { input, output, ...(cached ? { cacheRead: cached } : {}) };
}
