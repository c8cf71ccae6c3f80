/**
 * `nanocoder --plain --json run "<prompt>"` prints one report when the run ends: its outcome
 * (`kind`: success, error or tool-approval-required), the answer text of every turn run together
 * (`finalText`), the reasoning likewise, each tool call that ran with its result or error, the
 * files the edit tools named, and the summed token counts. No prompt, ids, model or times, and no
 * order between calls and text: the calls come first, then the reasoning and the answer.
 */
import type { Tool } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { RecordDispatch, type HandlerTable } from '../shared/dispatch.js';
import { asRecord, nativeOf, numberField, stringField, type Json } from '../shared/json.js';
import { mapUsage } from '../shared/usage.js';
import type { ReportToolCall, RunReport } from './records.js';
import { calledTool, toolOutcome } from './tools.js';
import { textField } from '../shared/content.js';

const textOf = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value));

export class RunReportConverter {
  private readonly reports: RecordDispatch<RunReport>;

  constructor(private readonly out: ConverterOutput) {
    const table: HandlerTable<RunReport> = {
      success: (report) => this.report(report),
      error: (report) => this.report(report),
      'tool-approval-required': (report) => this.report(report),
    };
    this.reports = new RecordDispatch(table, { unknownReason: (kind) => `Nanocoder run report of kind "${kind}"` });
  }

  convert(value: Json, record: NativeRecord): void {
    const report = value as RunReport;
    this.out.session({ format: 'nanocoder/run-json' });
    this.reports.dispatch(this.out, record, stringField(report, 'kind') ?? '(no kind)', report, `report/${String(report.kind)}`);
  }

  /** the report is whole when read: nothing is held back */
  flush(): void {}

  private report(report: RunReport): void {
    const emit = (event: DraftEvent) => this.out.emit(event);
    emit({ timestamp: null, type: 'meta', role: 'system', synthetic: true, text: 'The user prompt is not in `nanocoder run --json` output.', meta: { kind: 'missing-user-prompt' } });
    (report.toolCalls as unknown[]).forEach((item, index) => this.toolCall(nativeOf<ReportToolCall>(item) ?? {}, index));
    const reasoning = stringField(report, 'reasoning');
    if (reasoning) emit({ timestamp: null, type: 'reasoning', role: 'assistant', text: reasoning });
    const answer = stringField(report, 'finalText');
    if (answer) emit({ timestamp: null, type: 'assistant_message', role: 'assistant', text: answer });
    const message = textField(report, 'message');
    if (message) emit({ timestamp: null, type: 'system', role: 'system', text: message, meta: { kind: 'error' } });
    const waiting = Array.isArray(report.toolNames) ? (report.toolNames as unknown[]).filter((name): name is string => typeof name === 'string') : [];
    if (report.kind === 'tool-approval-required') {
      emit({ timestamp: null, type: 'system', role: 'system', text: `The run stopped: tool approval required for ${waiting.join(', ') || 'a tool'}.`, meta: { kind: 'approval-required', toolNames: waiting } });
    }
    const files = (report.filesChanged as unknown[]).filter((file): file is string => typeof file === 'string');
    emit({
      timestamp: null, type: 'meta', role: 'system', text: `run ${String(report.kind)}, exit code ${String(report.exitCode)}`,
      meta: { kind: 'run-result', exitCode: numberField(report, 'exitCode') ?? null, filesChanged: files },
    });
    const usage = mapUsage(asRecord(report.usage), { input: ['inputTokens'], output: ['outputTokens'] });
    if (usage) this.out.session({ totalUsage: usage });
  }

  /** A call as the report lists it: no id of its own, so one is made from its place in the list. */
  private toolCall(call: ReportToolCall, index: number): void {
    const tool = calledTool(stringField(call, 'name') ?? 'unknown', `report-call-${index + 1}`, call.arguments);
    this.out.emit({ timestamp: null, type: 'tool_call', role: 'assistant', tool });
    const failed = call.error !== null && call.error !== undefined;
    const output = failed ? textOf(call.error) : textOf(call.result);
    const result: Tool = { name: tool.name, callId: tool.callId, kind: tool.kind, output, ...toolOutcome(tool.kind, output, failed) };
    this.out.emit({ timestamp: null, type: 'tool_result', role: 'tool', tool: result });
  }
}
