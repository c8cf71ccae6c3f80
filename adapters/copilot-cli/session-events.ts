/**
 * Handlers for the session events Copilot CLI persists to events.jsonl (every non-ephemeral type
 * of schemas/session-events.schema.json in 1.0.102). The same records are printed on stdout by
 * `--output-format json`.
 */
import type { Attachment, Environment } from '../../src/transcript/index.js';
import type { CopilotEvent, ConverterState, Handler, Outcome } from './converter.js';
import {
  asRecord, filesFromCompletion, isoTime, numberField, resultStatus, resultText, stringField, usageOf, type Json,
} from './tools.js';

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

function attachmentsOf(data: Json): Attachment[] | undefined {
  if (!Array.isArray(data.attachments)) return undefined;
  const found: Attachment[] = [];
  for (const item of data.attachments.map(asRecord)) {
    const path = stringField(item, 'path') ?? stringField(item, 'filePath');
    const mime = stringField(item, 'mimeType');
    const bytes = numberField(item, 'byteLength');
    if (!item || (!path && !mime)) continue;
    found.push({ kind: mime?.startsWith('image/') ? 'image' : 'file', ...(mime ? { mime } : {}), ...(path ? { path } : {}), ...(bytes !== undefined ? { bytes } : {}) });
  }
  return found.length ? found : undefined;
}

const userMessage: Handler = (event, state) => {
  const text = event.data.content;
  if (typeof text !== 'string') return { unknown: 'user.message without a "content" string' };
  const attachments = attachmentsOf(event.data);
  state.emit(event, {
    type: 'user_message', role: 'user', text,
    ...(stringField(event.data, 'messageId') ? { nativeId: stringField(event.data, 'messageId') } : {}),
    ...(attachments ? { attachments } : {}),
  });
  return 'mapped';
};

const assistantMessage: Handler = (event, state) => {
  const { data } = event;
  const requests = Array.isArray(data.toolRequests) ? data.toolRequests.map(asRecord) : [];
  if (typeof data.content !== 'string' && requests.length === 0) return { unknown: 'assistant.message with neither "content" nor "toolRequests"' };
  const model = stringField(data, 'model');
  if (model) state.out.session({ model });
  const nativeId = stringField(data, 'messageId');
  const shared = { ...(nativeId ? { nativeId } : {}), ...(model ? { model } : {}) };
  const reasoning = stringField(data, 'reasoningText');
  if (reasoning && !state.turnReasoning.has(reasoning)) {
    state.turnReasoning.add(reasoning);
    state.emit(event, { type: 'reasoning', role: 'assistant', text: reasoning, ...shared });
  }
  if (typeof data.content === 'string' && data.content.length > 0) state.emit(event, { type: 'assistant_message', role: 'assistant', text: data.content, ...shared });
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
  const text = stringField(event.data, 'content');
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
  state.emit(event, {
    type: 'tool_result', role: 'tool',
    tool: {
      name: open.name, callId, kind: open.kind, output: resultText(event.data), status: open.denied ? 'denied' : resultStatus(event.data),
      ...(durationMs !== undefined ? { durationMs } : {}), ...(exitCode !== undefined ? { exitCode } : {}), ...(files ? { files } : {}),
    },
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

/** A notice whose text is one field of `data` (skipped when that field is empty). */
const textNotice = (field: string, kind: string, prefix = ''): Handler => (event, state) => {
  const text = stringField(event.data, field);
  if (!text) return 'skipped';
  state.notice(event, `${prefix}${text}`, kind);
  return 'mapped';
};

/** A notice made from a few fields. */
const notice = (kind: string, describe: (data: Json) => string | undefined): Handler => (event, state) => {
  const text = describe(event.data);
  if (!text) return 'skipped';
  state.notice(event, text, kind);
  return 'mapped';
};

const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(': ');

const permissionCompleted: Handler = (event, state) => {
  const result = stringField(asRecord(event.data.result), 'kind') ?? 'unknown';
  const callId = stringField(event.data, 'toolCallId');
  if (callId && /denied|reject/.test(result)) state.deny(callId);
  state.notice(event, `Permission ${result}${callId ? ` for ${callId}` : ''}`, 'permission', { decision: result });
  return 'mapped';
};

const permissionRequested: Handler = (event, state) => {
  const request = asRecord(event.data.permissionRequest);
  const kind = stringField(request, 'kind') ?? 'unknown';
  const what = stringField(request, 'intention') ?? stringField(request, 'fullCommandText') ?? stringField(request, 'fileName') ?? stringField(request, 'path')
    ?? stringField(request, 'url') ?? stringField(request, 'toolName');
  state.notice(event, `Permission requested (${kind})${what ? `: ${what}` : ''}`, 'permission', { request: kind });
  return 'mapped';
};

const compactionComplete: Handler = (event, state) => {
  const summary = stringField(event.data, 'summaryContent');
  const ok = event.data.success === true;
  state.emit(event, {
    type: 'meta', role: 'system',
    text: summary ?? (ok ? 'Conversation compacted' : `Compaction failed${stringField(event.data, 'error') ? `: ${stringField(event.data, 'error')}` : ''}`),
    meta: {
      kind: 'compaction', recordType: event.type, success: ok,
      ...(numberField(event.data, 'tokensRemoved') !== undefined ? { tokensRemoved: numberField(event.data, 'tokensRemoved') } : {}),
      // the summary's own model call, which Copilot leaves out of the session's token totals
      ...(usageOf(asRecord(event.data.compactionTokensUsed)) ? { summaryUsage: usageOf(asRecord(event.data.compactionTokensUsed)) } : {}),
    },
  });
  return 'mapped';
};

const truncation: Handler = (event, state) => {
  const removed = numberField(event.data, 'messagesRemovedDuringTruncation') ?? 0;
  state.emit(event, { type: 'meta', role: 'system', text: `Context truncated by ${stringField(event.data, 'performedBy') ?? 'the runtime'}: ${removed} message(s) removed`, meta: { kind: 'truncation', recordType: event.type, messagesRemoved: removed } });
  return 'mapped';
};

const subagent = (verb: string): Handler => (event, state) => {
  const name = stringField(event.data, 'agentDisplayName') ?? stringField(event.data, 'agentName') ?? 'subagent';
  const callId = stringField(event.data, 'toolCallId');
  const error = stringField(event.data, 'error');
  const text = `Subagent ${name} ${verb}${error ? `: ${error}` : ''}`;
  if (callId) state.emit(event, { parentId: callId, type: 'system', role: 'system', text, meta: { kind: 'subagent', recordType: event.type, callId } });
  else state.notice(event, text, 'subagent');
  return 'mapped';
};

const hookEnd: Handler = (event, state) => {
  const output = event.data.output;
  const error = stringField(event.data, 'error');
  const body = typeof output === 'string' ? output : output !== undefined && output !== null ? JSON.stringify(output) : undefined;
  state.notice(event, [`Hook ${stringField(event.data, 'hookType') ?? ''} ${event.data.success === false ? 'failed' : 'ran'}`.replace(/\s+/g, ' '), error, body].filter(Boolean).join('\n'), 'hook');
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

const fusionPhase: Handler = (event, state) => {
  const text = stringField(event.data, 'content') ?? stringField(event.data, 'errorMessage') ?? stringField(event.data, 'reason');
  if (!text) return 'skipped';
  // an intermediate phase of a multi-model ("fusion") turn: the model's working, not its answer
  state.emit(event, { type: 'reasoning', role: 'assistant', text, ...(stringField(event.data, 'model') ? { model: stringField(event.data, 'model') } : {}) });
  return 'mapped';
};

/** Every persisted event type of 1.0.102, by name. */
export const SESSION_EVENT_HANDLERS: Record<string, Handler> = {
  'session.start': sessionStart,
  'session.resume': sessionResume,
  'session.context_changed': contextChanged,
  'session.model_change': modelChange,
  'user.message': userMessage,
  'system.message': textNotice('content', 'system-prompt'),
  'system.notification': textNotice('content', 'notification'),
  'assistant.message': assistantMessage,
  'assistant.reasoning': assistantReasoning,
  'assistant.turn_start': turnStart,
  'assistant.turn_end': skip,
  'session.usage_record': usageRecord,
  'tool.user_requested': toolStart,
  'tool.execution_start': toolStart,
  'tool.execution_complete': toolComplete,
  abort: textNotice('reason', 'abort', 'Aborted: '),
  'session.error': notice('error', (d) => joined(stringField(d, 'errorType'), stringField(d, 'message'))),
  'session.warning': notice('warning', (d) => joined(stringField(d, 'warningType'), stringField(d, 'message'))),
  'session.info': notice('info', (d) => joined(stringField(d, 'infoType'), stringField(d, 'message'))),
  'session.model_deselected': notice('model-change', (d) => joined('Model deselected', stringField(d, 'previousModel'), stringField(d, 'reason'))),
  'session.mode_changed': notice('mode', (d) => `Mode changed from ${stringField(d, 'previousMode') ?? '?'} to ${stringField(d, 'newMode') ?? '?'}`),
  'session.mode_notice_delivered': notice('mode', (d) => stringField(d, 'content') ?? joined('Mode notice', stringField(d, 'mode'))),
  'session.permissions_changed': notice('permission', (d) => joined('Permissions changed', stringField(d, 'mode'))),
  'session.plan_changed': notice('plan', (d) => joined('Plan', stringField(d, 'operation'))),
  'session.workspace_file_changed': notice('workspace-file', (d) => joined(`Workspace file ${stringField(d, 'operation') ?? 'changed'}`, stringField(d, 'path'))),
  'session.handoff': notice('handoff', (d) => [joined('Handed off', stringField(d, 'sourceType')), stringField(d, 'summary')].filter(Boolean).join('\n')),
  'session.truncation': truncation,
  'session.compaction_start': skip, // session.compaction_complete says what happened
  'session.compaction_complete': compactionComplete,
  'session.context_cleared': notice('context-cleared', (d) => `Context cleared (${numberField(d, 'messagesCleared') ?? 0} messages)`),
  'session.task_complete': notice('task-complete', (d) => joined('Task complete', stringField(d, 'summary') ?? stringField(d, 'outcome'))),
  'session.schedule_created': notice('schedule', (d) => joined('Scheduled prompt', stringField(d, 'prompt'))),
  'session.schedule_cancelled': notice('schedule', (d) => joined('Schedule cancelled', stringField(d, 'id'))),
  'session.schedule_rearmed': notice('schedule', (d) => joined('Schedule re-armed', stringField(d, 'id'))),
  'session.autopilot_objective_changed': notice('autopilot', (d) => joined('Autopilot objective', stringField(d, 'operation'), stringField(d, 'status'))),
  'session.permission_recovery': notice('permission', (d) => joined('Permission recovery', stringField(d, 'status'), stringField(d, 'reason'))),
  'skill.invoked': notice('skill', (d) => [joined('Skill invoked', stringField(d, 'name')), stringField(d, 'content')].filter(Boolean).join('\n')),
  'skill.invoked_ref': notice('skill', (d) => joined('Skill invoked', stringField(d, 'name'))),
  'skill.context_delivered': textNotice('content', 'skill'),
  'skill.context_delivered_ref': skip, // a reference to skill text already delivered by skill.invoked
  'subagent.started': subagent('started'),
  'subagent.completed': subagent('completed'),
  'subagent.failed': subagent('failed'),
  'subagent.selected': notice('subagent', (d) => joined('Agent selected', stringField(d, 'agentDisplayName') ?? stringField(d, 'agentName'))),
  'subagent.deselected': notice('subagent', () => 'Agent deselected'),
  'subagent.configured': notice('subagent', (d) => joined('Subagent configured', stringField(d, 'model'))),
  'hook.start': skip, // hook.end carries the hook's outcome and output
  'hook.end': hookEnd,
  'permission.requested': permissionRequested,
  'permission.completed': permissionCompleted,
  'human_response.recorded': humanResponse,
  'assistant.fusion_phase_completed': fusionPhase,
  'assistant.fusion_phase_failed': fusionPhase,
  // bookkeeping with no conversation content
  'session.shutdown': skip, // process totals: the usage records already give the tokens, per call
  'session.usage_checkpoint': skip,
  'session.completion_receipt': skip,
  'session.remote_steerable_changed': skip,
  'session.session_limits_changed': skip,
  'session.request_body_compression_disabled': skip,
  'session.auto_mode_resolved': skip,
  'session.fusion_change_checkpoint': skip,
  'session.fusion_route_failed': skip,
  'session.fusion_resolved': skip,
  'session.fusion_handoff': skip,
  'session.fusion_commit_started': skip,
  'session.fusion_completed': skip,
  'session.binary_asset': skip, // base64 payload of an image a tool produced; not inlined
  'session.canvas.recorded': skip,
  'session.canvas.removed': skip,
  'tool_search.activated': skip,
  'permission.carriedForward': skip,
  'permission.messageAuthorization': skip,
  'permission.messageAuthorizationRead': skip,
  'permission.messageAuthorizationDegraded': skip,
  'permission.assentDetected': skip,
  'permission.contextualAuthorization': skip,
  'mcp.oauth_recovery_completed': skip,
  'external_tool.requested': skip, // the call itself is reported by tool.execution_start/complete
};

export type { CopilotEvent, Outcome };
