/**
 * Persisted session events that are not the conversation itself: errors, warnings, mode, plan,
 * permission, schedule, skill, hook and subagent notices (system events with `meta.kind`),
 * compaction and truncation markers (meta events), and the bookkeeping counted as skipped.
 */
import type { Handler } from './converter.js';
import { asRecord, numberField, stringField, usageOf, type Json } from './tools.js';
import { textField } from '../shared/content.js';

const skip: Handler = () => 'skipped';

/** A notice whose text is one field of `data` (skipped when that field is empty). */
const textNotice = (field: string, kind: string, prefix = ''): Handler => (event, state) => {
  const text = textField(event.data, field);
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

const fusionPhase: Handler = (event, state) => {
  const text = textField(event.data, 'content') ?? stringField(event.data, 'errorMessage') ?? stringField(event.data, 'reason');
  if (!text) return 'skipped';
  // an intermediate phase of a multi-model ("fusion") turn: the model's working, not its answer
  state.emit(event, { type: 'reasoning', role: 'assistant', text, ...(stringField(event.data, 'model') ? { model: stringField(event.data, 'model') } : {}) });
  return 'mapped';
};

export const NOTICE_HANDLERS: Record<string, Handler> = {
  'system.message': textNotice('content', 'system-prompt'),
  'system.notification': (event, state) => {
    // `kind` says what it is about (agent_completed, shell_completed, new_inbox_message, … , unclassified)
    const text = textField(event.data, 'content');
    if (!text) return 'skipped';
    const about = asRecord(event.data.kind);
    const notificationType = stringField(about, 'type');
    const ids = Object.fromEntries(['agentId', 'shellId', 'runId', 'status'].flatMap((key) => (stringField(about, key) ? [[key, stringField(about, key)]] : [])));
    state.notice(event, text, 'notification', { ...(notificationType ? { notificationType } : {}), ...ids });
    return 'mapped';
  },
  abort: textNotice('reason', 'abort', 'Aborted: '),
  'session.error': notice('error', (d) => joined(stringField(d, 'errorType'), textField(d, 'message'))),
  'session.warning': notice('warning', (d) => joined(stringField(d, 'warningType'), textField(d, 'message'))),
  'session.info': notice('info', (d) => joined(stringField(d, 'infoType'), textField(d, 'message'))),
  'session.model_deselected': notice('model-change', (d) => joined('Model deselected', stringField(d, 'previousModel'), stringField(d, 'reason'))),
  'session.mode_changed': notice('mode', (d) => `Mode changed from ${stringField(d, 'previousMode') ?? '?'} to ${stringField(d, 'newMode') ?? '?'}`),
  'session.mode_notice_delivered': notice('mode', (d) => textField(d, 'content') ?? joined('Mode notice', stringField(d, 'mode'))),
  'session.permissions_changed': notice('permission', (d) => joined('Permissions changed', stringField(d, 'mode'))),
  'session.plan_changed': notice('plan', (d) => joined('Plan', stringField(d, 'operation'))),
  'session.workspace_file_changed': notice('workspace-file', (d) => joined(`Workspace file ${stringField(d, 'operation') ?? 'changed'}`, stringField(d, 'path'))),
  'session.handoff': notice('handoff', (d) => [joined('Handed off', stringField(d, 'sourceType')), textField(d, 'summary')].filter(Boolean).join('\n')),
  'session.truncation': truncation,
  'session.compaction_start': skip, // session.compaction_complete says what happened
  'session.compaction_complete': compactionComplete,
  'session.context_cleared': notice('context-cleared', (d) => `Context cleared (${numberField(d, 'messagesCleared') ?? 0} messages)`),
  'session.task_complete': notice('task-complete', (d) => joined('Task complete', textField(d, 'summary') ?? stringField(d, 'outcome'))),
  'session.schedule_created': notice('schedule', (d) => joined('Scheduled prompt', stringField(d, 'prompt'))),
  'session.schedule_cancelled': notice('schedule', (d) => joined('Schedule cancelled', stringField(d, 'id'))),
  'session.schedule_rearmed': notice('schedule', (d) => joined('Schedule re-armed', stringField(d, 'id'))),
  'session.autopilot_objective_changed': notice('autopilot', (d) => joined('Autopilot objective', stringField(d, 'operation'), stringField(d, 'status'))),
  'session.permission_recovery': notice('permission', (d) => joined('Permission recovery', stringField(d, 'status'), stringField(d, 'reason'))),
  'skill.invoked': notice('skill', (d) => [joined('Skill invoked', stringField(d, 'name')), textField(d, 'content')].filter(Boolean).join('\n')),
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
