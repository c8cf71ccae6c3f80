import { RecordDispatch } from '../shared/dispatch.js';
import { asRecord, nativeOf, numberField, stringField } from '../shared/json.js';
import { mapUsage } from '../shared/usage.js';
import { calledTool, toolOutcome } from './tools.js';
export const REPORT_KINDS = new Set(['success', 'error', 'tool-approval-required']);
export function isRunReport(value) {
    return typeof value.kind === 'string' && typeof value.exitCode === 'number' && typeof value.finalText === 'string'
        && Array.isArray(value.toolCalls) && Array.isArray(value.filesChanged);
}
const textOf = (value) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value));
export class RunReportConverter {
    out;
    reports;
    constructor(out) {
        this.out = out;
        const table = {
            success: (report) => this.report(report),
            error: (report) => this.report(report),
            'tool-approval-required': (report) => this.report(report),
        };
        this.reports = new RecordDispatch(table, { unknownReason: (kind) => `Nanocoder run report of kind "${kind}"` });
    }
    convert(value, record) {
        const report = value;
        this.out.session({ format: 'nanocoder/run-json' });
        this.reports.dispatch(this.out, record, stringField(report, 'kind') ?? '(no kind)', report, `report/${String(report.kind)}`);
    }
    /** the report is whole when read: nothing is held back */
    flush() { }
    report(report) {
        const emit = (event) => this.out.emit(event);
        emit({ timestamp: null, type: 'meta', role: 'system', synthetic: true, text: 'The user prompt is not in `nanocoder run --json` output.', meta: { kind: 'missing-user-prompt' } });
        report.toolCalls.forEach((item, index) => this.toolCall(nativeOf(item) ?? {}, index));
        const reasoning = stringField(report, 'reasoning');
        if (reasoning)
            emit({ timestamp: null, type: 'reasoning', role: 'assistant', text: reasoning });
        const answer = stringField(report, 'finalText');
        if (answer)
            emit({ timestamp: null, type: 'assistant_message', role: 'assistant', text: answer });
        const message = stringField(report, 'message');
        if (message)
            emit({ timestamp: null, type: 'system', role: 'system', text: message, meta: { kind: 'error' } });
        const waiting = Array.isArray(report.toolNames) ? report.toolNames.filter((name) => typeof name === 'string') : [];
        if (report.kind === 'tool-approval-required') {
            emit({ timestamp: null, type: 'system', role: 'system', text: `The run stopped: tool approval required for ${waiting.join(', ') || 'a tool'}.`, meta: { kind: 'approval-required', toolNames: waiting } });
        }
        const files = report.filesChanged.filter((file) => typeof file === 'string');
        emit({
            timestamp: null, type: 'meta', role: 'system', text: `run ${String(report.kind)}, exit code ${String(report.exitCode)}`,
            meta: { kind: 'run-result', exitCode: numberField(report, 'exitCode') ?? null, filesChanged: files },
        });
        const usage = mapUsage(asRecord(report.usage), { input: ['inputTokens'], output: ['outputTokens'] });
        if (usage)
            this.out.session({ totalUsage: usage });
    }
    /** A call as the report lists it: no id of its own, so one is made from its place in the list. */
    toolCall(call, index) {
        const tool = calledTool(stringField(call, 'name') ?? 'unknown', `report-call-${index + 1}`, call.arguments);
        this.out.emit({ timestamp: null, type: 'tool_call', role: 'assistant', tool });
        const failed = call.error !== null && call.error !== undefined;
        const output = failed ? textOf(call.error) : textOf(call.result);
        const result = { name: tool.name, callId: tool.callId, kind: tool.kind, output, ...toolOutcome(tool.kind, output, failed) };
        this.out.emit({ timestamp: null, type: 'tool_result', role: 'tool', tool: result });
    }
}
//# sourceMappingURL=run-json.js.map