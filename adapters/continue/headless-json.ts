/**
 * `cn -p --format json` stdout: the final answer only, one JSON line. An answer that is not JSON
 * itself is wrapped as {response, status: "success", note}; an answer that is JSON is printed as
 * it is. Compaction prints {status: info|success|warning|error, message, ...} lines before it.
 * Neither the prompt nor the tool calls are in the stream: the session file has them.
 */
import type { ConverterOutput, NativeRecord } from '../types.js';
import { RecordDispatch, unknown, type HandlerTable } from '../shared/dispatch.js';
import { nativeOf, stringField } from '../shared/json.js';
import { WRAPPED_NOTE } from './detect.js';
import type { HeadlessLine } from './records.js';
import { textField } from '../shared/content.js';

const NOTICE_STATUSES = new Set(['info', 'success', 'warning', 'error']);

/** Which kind of line this is: a wrapped answer, a status notice, or the model's own JSON answer. */
export function headlessLineKind(value: Record<string, unknown>): 'wrapped-answer' | 'notice' | 'json-answer' {
  if (value.note === WRAPPED_NOTE || ('response' in value && 'note' in value)) return 'wrapped-answer';
  if (typeof value.status === 'string' && NOTICE_STATUSES.has(value.status) && typeof value.message === 'string') return 'notice';
  return 'json-answer';
}

export class HeadlessConverter {
  private readonly lines: RecordDispatch<HeadlessLine>;
  private started = false;

  constructor(private readonly out: ConverterOutput) {
    const table: HandlerTable<HeadlessLine> = {
      'wrapped-answer': (line) => {
        if (typeof line.response !== 'string') return unknown('wrapped answer without a response text');
        this.answer(line.response, {});
        return undefined;
      },
      notice: (line) => {
        const status = stringField(line, 'status') ?? 'info';
        const message = textField(line, 'message') ?? '';
        this.start();
        this.out.emit({ timestamp: null, type: 'system', role: 'system', text: message, meta: { kind: 'headless-notice', status } });
      },
      'json-answer': (_line, context) => {
        this.answer(JSON.stringify(context.record.value), { kind: 'json-answer' });
      },
    };
    this.lines = new RecordDispatch(table, { unknownReason: (kind) => `cn headless line of kind "${kind}"` });
  }

  push(record: NativeRecord): void {
    const value = record.value;
    this.lines.dispatch(this.out, record, headlessLineKind(value), nativeOf<HeadlessLine>(value) ?? {});
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.out.session({ format: 'continue/headless-json' });
    this.out.emit({
      timestamp: null, type: 'meta', role: 'system', synthetic: true,
      text: 'The user prompt and the tool calls of this run are not in the stream (cn -p --format json prints the final answer only).',
      meta: { kind: 'missing-user-prompt' },
    });
  }

  private answer(text: string, meta: { kind?: string }): void {
    this.start();
    this.out.emit({ timestamp: null, type: 'assistant_message', role: 'assistant', text, ...(meta.kind ? { meta: { kind: meta.kind } } : {}) });
  }
}
