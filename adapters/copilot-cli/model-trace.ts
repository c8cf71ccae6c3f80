/**
 * `model.<kind>` records: a trace of a model loop the runtime runs for itself, persisted to
 * events.jsonl while it compacts a session (seen in 1.0.102, absent from its published schema):
 * model.turn_started, model.model_call_started, model.model_call_success, model.message,
 * model.response, model.turn_ended, model.messages_snapshot. Each names itself again in
 * `data.kind`. The outcome they lead to is session.compaction_complete (with the summary and
 * the tokens it used), so the trace is counted as skipped; a failed call stays visible.
 */
import type { Handler } from './converter.js';
import { asRecord, stringField, type Json } from './tools.js';
import { textField } from '../shared/content.js';

const PREFIX = 'model.';

const failure: Handler = (event, state) => {
  const error = asRecord(event.data.error);
  const detail = textField(error, 'message') ?? stringField(event.data, 'error') ?? textField(event.data, 'message');
  state.notice(event, `Model call failed${detail ? `: ${detail}` : ''}`, 'error');
  return 'mapped';
};

/** The handler for a model-trace record, or undefined when the record is not one. */
export function modelTraceHandler(type: string, value: Json): Handler | undefined {
  const kind = stringField(asRecord(value.data), 'kind');
  if (!type.startsWith(PREFIX) || kind !== type.slice(PREFIX.length)) return undefined;
  return /failure|failed|error/.test(kind) ? failure : () => 'skipped';
}
