/**
 * The 0.0.x history file, one JSON document per session:
 * `~/.copilot/history-session-state/session_<id>_<epoch ms>.json` (XDG_STATE_HOME when set),
 * `{sessionId, startTime, selectedModel?, chatMessages: [OpenAI chat messages], timeline: [...]}`.
 * The timeline is what the CLI showed, with times: `user`, `copilot`, `info`, `error`,
 * `tool_call_requested` and `tool_call_completed` entries. It is read as the conversation;
 * `chatMessages` is the model's copy of the same turns (plus the system prompt) and is counted
 * as skipped.
 */
import type { NativeRecord } from '../types.js';
import type { ConverterState, CopilotEvent } from './converter.js';
import { asRecord, isoTime, stringField, type Json } from './tools.js';
import { parsedJson } from '../shared/json.js';

const RESULT_STATUS: Record<string, 'ok' | 'error' | 'denied'> = { success: 'ok', failure: 'error', rejected: 'denied', denied: 'denied' };

export function convertHistoryDocument(doc: Json, record: NativeRecord, state: ConverterState): void {
  const model = stringField(doc, 'selectedModel');
  state.out.session({
    nativeSessionId: stringField(doc, 'sessionId'),
    format: 'copilot-cli/history-json',
    ...(isoTime(doc.startTime) ? { startedAt: isoTime(doc.startTime) } : {}),
    ...(model ? { model } : {}),
  });
  state.out.count('history-document', 'mapped');
  for (const _ of doc.chatMessages as unknown[]) state.out.count('chatMessages[] (the model\'s copy of the timeline)', 'skipped');
  (doc.timeline as unknown[]).forEach((item, index) => {
    const entry = asRecord(item);
    const type = stringField(entry, 'type') ?? '(none)';
    const counted = `timeline/${type}`;
    if (!entry || !timelineEntry(entry, type, state)) {
      state.out.unknown({ ...record, value: entry ?? { value: item } }, counted, `timeline entry #${index} of type "${type}" could not be read`);
      return;
    }
    state.out.count(counted, 'mapped');
  });
}

/** Emits one timeline entry; false when it lacks what its type needs. */
function timelineEntry(entry: Json, type: string, state: ConverterState): boolean {
  const event: CopilotEvent = { type, data: entry, timestamp: isoTime(entry.timestamp) ?? null, id: stringField(entry, 'id') };
  const text = typeof entry.text === 'string' ? entry.text : undefined;
  switch (type) {
    case 'user':
      if (text === undefined) return false;
      state.emit(event, { type: 'user_message', role: 'user', text, ...(event.id ? { nativeId: event.id } : {}) });
      return true;
    case 'copilot':
      if (text === undefined) return false;
      state.emit(event, { type: 'assistant_message', role: 'assistant', text, ...(event.id ? { nativeId: event.id } : {}) });
      return true;
    case 'info':
    case 'error':
      if (text === undefined) return false;
      state.notice(event, text, type);
      return true;
    case 'tool_call_requested':
    case 'tool_call_completed': {
      const callId = stringField(entry, 'callId');
      const name = stringField(entry, 'name');
      if (!callId || !name) return false;
      // arguments are a JSON string in some releases, an object in others
      state.call(event, callId, name, parsedJson(entry.arguments));
      if (type === 'tool_call_requested') return true;
      const result = asRecord(entry.result);
      const open = state.takeCall(event, callId);
      state.emit(event, {
        type: 'tool_result', role: 'tool',
        tool: { name: open.name, callId, kind: open.kind, output: stringField(result, 'log') ?? null, status: RESULT_STATUS[stringField(result, 'type') ?? ''] ?? 'error' },
      });
      return true;
    }
    default:
      return false;
  }
}
