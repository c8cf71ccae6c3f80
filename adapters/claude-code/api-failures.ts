/**
 * A failed model request Claude Code retries: the session file's `system/api_error` line (2.x:
 * `error {status, message, formatted, requestId, …}` beside `retryAttempt`, `maxRetries`,
 * `retryInMs`) and stream-json's `system/api_retry` (`attempt`, `max_retries`, `retry_delay_ms`,
 * `error_status`, `error`: a short error kind). Both read as one sentence naming the failure and
 * the retry, so neither the status nor the server's message is lost to a bare subtype name.
 */
import { textField } from '../shared/content.js';
import { asRecord, numberField, stringField, type Json } from '../shared/json.js';

export interface ApiFailure {
  text: string;
  status?: number;
  attempt?: number;
  maxRetries?: number;
  retryInMs?: number;
}

function retryNote(attempt: number | undefined, maxRetries: number | undefined, delayMs: number | undefined): string {
  if (attempt === undefined) return '';
  const of = maxRetries !== undefined ? ` of ${maxRetries}` : '';
  const wait = delayMs !== undefined ? ` in ${Math.round(delayMs)} ms` : '';
  return `; retry ${attempt}${of}${wait}`;
}

/** The failure a `system` line reports, or undefined when it is not one of these. */
export function apiFailure(value: Json, subtype: string): ApiFailure | undefined {
  if (subtype === 'api_retry') {
    const status = numberField(value, 'error_status');
    const kind = textField(value, 'error');
    const attempt = numberField(value, 'attempt');
    const maxRetries = numberField(value, 'max_retries');
    const retryInMs = numberField(value, 'retry_delay_ms');
    const what = [status, kind].filter((part) => part !== undefined).join(' ');
    return {
      text: `API request failed${what ? ` (${what})` : ''}${retryNote(attempt, maxRetries, retryInMs)}`,
      ...facts(status, attempt, maxRetries, retryInMs),
    };
  }
  const error = asRecord(value.error);
  if (!error) return undefined;
  const status = numberField(error, 'status');
  const formatted = textField(error, 'formatted');
  const message = textField(error, 'message');
  const attempt = numberField(value, 'retryAttempt');
  const maxRetries = numberField(value, 'maxRetries');
  const retryInMs = numberField(value, 'retryInMs');
  // before 2.1 the error was the SDK's error serialized: no message (not enumerable), the API's body as `error`
  const body = asRecord(error.error);
  const inner = asRecord(body?.error) ?? body;
  const bodyText = [stringField(inner, 'type'), textField(inner, 'message')].filter((part) => part !== undefined).join(': ');
  const fromBody = bodyText ? `${status !== undefined ? `${status} ` : ''}${bodyText}` : undefined;
  const said = [...new Set([formatted, message, fromBody].filter((text): text is string => text !== undefined && text.trim() !== ''))];
  const head = said[0] ?? (status !== undefined ? `status ${status}` : subtype);
  const lines = [`API request failed: ${head}${retryNote(attempt, maxRetries, retryInMs)}`, ...said.slice(1)];
  return { text: lines.join('\n'), ...facts(status, attempt, maxRetries, retryInMs) };
}

function facts(status: number | undefined, attempt: number | undefined, maxRetries: number | undefined, retryInMs: number | undefined) {
  return {
    ...(status !== undefined ? { status } : {}),
    ...(attempt !== undefined ? { attempt } : {}),
    ...(maxRetries !== undefined ? { maxRetries } : {}),
    ...(retryInMs !== undefined ? { retryInMs } : {}),
  };
}
