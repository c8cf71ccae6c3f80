/** What the chat panel's entries hold, for the task-folder reader and the 2.x stdout alike. */
import type { Usage } from '../../src/transcript/index.js';
import type { ConverterOutput } from '../types.js';
import { asRecord, numberField, stringField, type Json } from '../shared/json.js';
import { mapUsage } from '../shared/usage.js';
import { textField } from '../shared/content.js';
import { isoTime } from '../shared/time.js';

/** Panel entries only the panel shows: problems the conversation does not hold. */
export const PANEL_NOTICES = ['say/error', 'say/error_retry', 'say/diff_error', 'say/clineignore_error', 'say/command_permission_denied', 'say/mcp_notification', 'ask/api_req_failed', 'ask/mistake_limit_reached'];

const API_REQUEST_USAGE = { input: ['tokensIn'], output: ['tokensOut'], cacheRead: ['cacheReads'], cacheWrite: ['cacheWrites'] };

export interface ApiRequest {
  usage: Usage | undefined;
  cost: number;
  /** why the request ended early, with the streaming failure when there was one */
  cancel: string | undefined;
}

/** An `api_req_started` entry: its text is JSON with the request's tokens and cost; undefined when it is not JSON. */
export function readApiRequest(message: Json): ApiRequest | undefined {
  let info: Json | undefined;
  try {
    info = asRecord(JSON.parse((textField(message, 'text') ?? '')) as unknown);
  } catch {
    return undefined;
  }
  const reason = stringField(info, 'cancelReason');
  return {
    usage: mapUsage(info, API_REQUEST_USAGE),
    cost: numberField(info, 'cost') ?? 0,
    cancel: reason ? `${reason}${info?.streamingFailedMessage ? ` (${String(info.streamingFailedMessage)})` : ''}` : undefined,
  };
}

/**
 * An API request's panel line, as the task folder and the 2.x --json stdout both show it: its
 * tokens go to the session's usage and a cancelled request is said through `notice`. Returns its
 * cost, or undefined when its text is not JSON.
 */
export function takeApiRequest(out: ConverterOutput, message: Json, notice: (message: Json, kind: string) => void): number | undefined {
  const request = readApiRequest(message);
  if (!request) return undefined;
  if (request.usage) out.usage(`api-request-${String(message.ts)}`, request.usage);
  if (request.cancel) notice({ ...message, text: `API request ended: ${request.cancel}` }, 'api-request-cancelled');
  return request.cost;
}

/** A line of the extension's own (a notice, a cancelled request) as a system event of kind `panel-<kind>`. */
export function emitPanelNotice(out: ConverterOutput, message: Json, kind: string): undefined {
  out.emit({ timestamp: isoTime(message.ts) ?? null, type: 'system', role: 'system', text: textField(message, 'text') ?? kind, meta: { kind: `panel-${kind.replace('/', '-')}` } });
  return undefined;
}
