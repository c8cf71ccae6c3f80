/**
 * Handlers for the session events Copilot CLI persists to events.jsonl (every non-ephemeral type
 * of schemas/session-events.schema.json in 1.0.102). The same records are printed on stdout by
 * `--output-format json`.
 */
import type { Environment } from '../../src/transcript/index.js';
import type { ConverterState, Handler } from './converter.js';
import { NOTICE_HANDLERS } from './notices.js';
import { attachedItems, resultAttachments } from './attachments.js';
import {
  asRecord, filesFromCompletion, isoTime, numberField, resultStatus, resultText, stringField, usageOf, type Json,
} from './tools.js';
import { textField } from '../shared/content.js';

const skip: Handler = () => 'skipped';

/** cwd and repository from a `context` object (session.start, session.resume, session.context_changed). */
function environmentOf(context: Json | undefined): Environment | undefined {
  const cwd = stringField(context, 'cwd');
  if (!context || !cwd) return undefined;
  const repo = {
    ...(stringField(context, 'repository') ? { name: stringField(context, 'repository') } : {}),
    ...(stringField(context, 'branch') ? { branch: stringField(context, 'branch') } : {}),
    ...(stringField(context, 'headCommit') ? { commit: stringField(context, 'headCommit') } : {}),
  };
  return { cwd, ...(Object.keys(repo).length ? { repo } : {}) };
}

function sessionFacts(data: Json, state: ConverterState): void {
  const environment = environmentOf(asRecord(data.context));
  const model = stringField(data, 'selectedModel');
  state.out.session({ ...(environment ? { environment } : {}), ...(model ? { model } : {}) });
}

const userMessage: Handler = (event, state) => {
  const text = typeof event.data.content === 'string' ? event.data.content : textField(event.data, 'content');
  if (text === undefined) return { unknown: 'user.message without a "content" string' };
  const attached = attachedItems(event.data.attachments);
  state.emit(event, {
    type: 'user_message', role: 'user', text,
    ...(stringField(event.data, 'messageId') ? { nativeId: stringField(event.data, 'messageId') } : {}),
    ...(attached ? { attachments: attached.attachments } : {}),
  });
  // the text an attachment carried (a selection, a commit message) went to the model with the prompt
  for (const attachedText of attached?.texts ?? []) state.notice(event, attachedText, 'attachment-text');
  return 'mapped';
};

const assistantMessage: Handler = (event, state) => {
  const { data } = event;
  const requests = Array.isArray(data.toolRequests) ? data.toolRequests.map(asRecord) : [];
  const content = typeof data.content === 'string' ? data.content : textField(data, 'content');
  if (content === undefined && requests.length === 0) return { unknown: 'assistant.message with neither "content" nor "toolRequests"' };
  const model = stringField(data, 'model');
  if (model) state.out.session({ model });
  const nativeId = stringField(data, 'messageId');
  const shared = { ...(nativeId ? { nativeId } : {}), ...(model ? { model } : {}) };
  const reasoning = stringField(data, 'reasoningText');
  if (reasoning && !state.turnReasoning.has(reasoning)) {
    state.turnReasoning.add(reasoning);
    state.emit(event, { type: 'reasoning', role: 'assistant', text: reasoning, ...shared });
  }
  if (content) state.emit(event, { type: 'assistant_message', role: 'assistant', text: content, ...shared });
  requests.forEach((request, index) => {
    if (!request) return;
    const callId = stringField(request, 'toolCallId') ?? `${nativeId ?? event.id ?? 'message'}#${index}`;
    state.call(event, callId, stringField(request, 'name') ?? 'unknown', request.arguments, {
      mcpServer: stringField(request, 'mcpServerName'), mcpTool: stringField(request, 'mcpToolName'), model,
    });
  });
  return 'mapped';
};

const assistantReasoning: Handler = (event, state) => {
  const text = textField(event.data, 'content');
  if (!text || state.turnReasoning.has(text)) return 'skipped'; // the message's reasoningText already gave it
  state.turnReasoning.add(text);
  state.emit(event, { type: 'reasoning', role: 'assistant', text, ...(stringField(event.data, 'reasoningId') ? { nativeId: stringField(event.data, 'reasoningId') } : {}) });
  return 'mapped';
};

const turnStart: Handler = (_event, state) => {
  state.turnReasoning.clear();
  return 'skipped'; // a turn boundary: the messages inside carry the content
};

/** tool.execution_start and tool.user_requested: the call, unless the assistant message already gave it. */
const toolStart: Handler = (event, state) => {
  const callId = stringField(event.data, 'toolCallId');
  const name = stringField(event.data, 'toolName');
  if (!callId || !name) return { unknown: `${event.type} without "toolCallId" or "toolName"` };
  const seen = state.hasCall(callId);
  state.call(event, callId, name, event.data.arguments, {
    mcpServer: stringField(event.data, 'mcpServerName'), mcpTool: stringField(event.data, 'mcpToolName'), model: stringField(event.data, 'model'),
  });
  return seen ? 'skipped' : 'mapped';
};

const toolComplete: Handler = (event, state) => {
  const callId = stringField(event.data, 'toolCallId');
  if (!callId) return { unknown: 'tool.execution_complete without "toolCallId"' };
  const open = state.takeCall(event, callId);
  const exitCode = numberField(asRecord(event.data.shellExecution), 'exitCode');
  const files = filesFromCompletion(event.data, open.kind, open.input);
  const ended = event.timestamp ? Date.parse(event.timestamp) : undefined;
  const durationMs = open.startedAt !== undefined && ended !== undefined && ended >= open.startedAt ? ended - open.startedAt : undefined;
  // images, audio and resources a tool returned beside its text: described (never inlined), their text kept
  const returned = resultAttachments(asRecord(event.data.result)?.contents);
  const output = resultText(event.data);
  const returnedText = returned?.texts.join('\n');
  state.emit(event, {
    type: 'tool_result', role: 'tool',
    tool: {
      name: open.name, callId, kind: open.kind, output: returnedText ? (output ? `${output}\n${returnedText}` : returnedText) : output,
      status: open.denied ? 'denied' : resultStatus(event.data),
      ...(durationMs !== undefined ? { durationMs } : {}), ...(exitCode !== undefined ? { exitCode } : {}), ...(files ? { files } : {}),
    },
    ...(returned ? { attachments: returned.attachments } : {}),
  });
  return 'mapped';
};

const usageRecord: Handler = (event, state) => {
  const usage = asRecord(event.data.usage);
  const tokens = usageOf(usage);
  if (!tokens) return 'skipped';
  state.out.usage(stringField(usage, 'apiCallId') ?? event.id ?? `usage-${event.timestamp}`, tokens);
  return 'mapped';
};

const humanResponse: Handler = (event, state) => {
  const response = event.data.response;
  const text = typeof response === 'string' ? response : response === undefined ? undefined : JSON.stringify(response);
  if (!text) return 'skipped';
  state.emit(event, { type: 'user_message', role: 'user', text });
  return 'mapped';
};

const sessionStart: Handler = (event, state) => {
  const { data } = event;
  state.out.session({
    ...(stringField(data, 'sessionId') ? { nativeSessionId: stringField(data, 'sessionId') } : {}),
    ...(stringField(data, 'copilotVersion') ? { agentVersion: stringField(data, 'copilotVersion') } : {}),
    ...(isoTime(data.startTime) ? { startedAt: isoTime(data.startTime) } : {}),
  });
  sessionFacts(data, state);
  return 'mapped';
};

const sessionResume: Handler = (event, state) => {
  sessionFacts(event.data, state);
  state.notice(event, 'Session resumed', 'resume');
  return 'mapped';
};

const contextChanged: Handler = (event, state) => {
  const environment = environmentOf(event.data);
  if (!environment) return 'skipped';
  state.out.session({ environment });
  return 'mapped';
};

const modelChange: Handler = (event, state) => {
  const model = stringField(event.data, 'newModel');
  if (!model) return 'skipped';
  state.out.session({ model });
  state.notice(event, `Model changed to ${model}${stringField(event.data, 'previousModel') ? ` (was ${stringField(event.data, 'previousModel')})` : ''}`, 'model-change');
  return 'mapped';
};

/** Every persisted event type of 1.0.102, by name: the conversation here, notices and bookkeeping in notices.ts. */
export const SESSION_EVENT_HANDLERS: Record<string, Handler> = {
  'session.start': sessionStart,
  'session.resume': sessionResume,
  'session.context_changed': contextChanged,
  'session.model_change': modelChange,
  'user.message': userMessage,
  'assistant.message': assistantMessage,
  'assistant.reasoning': assistantReasoning,
  'assistant.turn_start': turnStart,
  'assistant.turn_end': skip,
  'session.usage_record': usageRecord,
  'tool.user_requested': toolStart,
  'tool.execution_start': toolStart,
  'tool.execution_complete': toolComplete,
  'human_response.recorded': humanResponse,
  ...NOTICE_HANDLERS,
};
