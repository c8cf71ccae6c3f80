/**
 * `event_msg` records (rollouts) and the `msg` of legacy exec --json events. In a rollout they
 * repeat the response items' texts (see twins.ts) and add details to tool results (results.ts); in
 * legacy exec --json they are the whole conversation.
 */
import { byType, RecordDispatch, unknown, type HandlerResult } from '../shared/dispatch.js';
import { asRecord, nativeOf, numberField, stringField, type Json, type Native } from '../shared/json.js';
import { orphanCommand, orphanMcp, orphanNamedTool, orphanPatch, type OrphanTool } from './orphan-tool-events.js';
import { addUsage } from '../shared/usage.js';
import type { Usage } from '../../src/transcript/index.js';
import type { DraftEvent } from '../types.js';
import { legacyToolCall, legacyToolResult } from './exec-json-legacy.js';
import { COLLAB_BEGIN_EVENTS, COLLAB_END_EVENTS, collabEnd, dynamicToolResponse, extensionItem, goalUpdated, guardianAssessment, subagentActivity } from './collab.js';
import type { CollabEnd, DynamicToolResponse, EventMsg, ExtensionItem, GuardianAssessment, SubAgentActivity, ThreadGoal, TurnItem } from './records.js';
import type { Details } from './results.js';
import type { CodexSession } from './session.js';
import { durationOf, filesFromChanges, usageOf } from './tools.js';
import { textField } from '../shared/content.js';

/** event_msg kinds that only stream progress, acknowledge requests, or repeat what other records say. */
const SKIPPED_EVENTS = new Set([
  'agent_message_delta', 'agent_reasoning_delta', 'agent_reasoning_raw_content_delta', 'agent_reasoning_section_break',
  'agent_message_content_delta', 'reasoning_content_delta', 'reasoning_raw_content_delta', 'plan_delta',
  'exec_command_output_delta', 'terminal_interaction', 'item_started', 'raw_response_item', 'turn_diff', 'plan_update',
  'session_configured', 'thread_settings_applied', 'mcp_startup_update', 'mcp_startup_complete', 'mcp_list_tools_response',
  'list_custom_prompts_response', 'list_skills_response', 'skills_update_available', 'get_history_entry_response',
  'shutdown_complete', 'undo_started', 'hook_started', 'hook_completed', 'view_image_tool_call', 'web_search_begin',
  'web_search_end', 'context_window_warning',
  // 0.146+: UI progress, the queue of pending inputs, voice sessions, moderation bookkeeping
  'patch_apply_updated', 'thread_queue_changed', 'raw_response_completed', 'turn_moderation_metadata', 'safety_buffering',
  'realtime_conversation_started', 'realtime_conversation_sdp', 'realtime_conversation_realtime', 'realtime_conversation_closed',
  'realtime_conversation_list_voices_response', 'elicitation_abandoned',
  // their response item (image_generation_call) or function call is the record
  'image_generation_begin', 'image_generation_end', 'dynamic_tool_call_request', ...COLLAB_BEGIN_EVENTS,
]);
/** event_msg kinds shown as `system` events, with their meta.kind */
const SYSTEM_EVENTS: Record<string, string> = {
  error: 'error', warning: 'warning', stream_error: 'stream-error', background_event: 'background', deprecation_notice: 'warning',
  entered_review_mode: 'review', exited_review_mode: 'review', undo_completed: 'undo', thread_rolled_back: 'rollback',
  exec_approval_request: 'approval-request', apply_patch_approval_request: 'approval-request', elicitation_request: 'approval-request',
  request_user_input: 'question', model_reroute: 'model-reroute', model_rerouted: 'model-reroute',
  guardian_warning: 'warning', request_permissions: 'approval-request', model_verification: 'model-verification',
  environment_connected: 'environment', environment_disconnected: 'environment',
  auth_recovery_started: 'auth', auth_recovery_completed: 'auth',
};
/** How each end event tells a call the rollout never wrote. */
const END_EVENT_ORPHANS: Record<string, (payload: Json) => OrphanTool> = {
  exec_command_end: orphanCommand, patch_apply_end: orphanPatch, mcp_tool_call_end: orphanMcp,
};
/** Turn items whose response item (web_search_call, image_generation_call, compaction, the view_image or function call) is the record of them. */
const SKIPPED_TURN_ITEMS = new Set(['WebSearch', 'ImageGeneration', 'ContextCompaction', 'ImageView', 'FunctionCallOutput']);
/** Turn items shown as `system` events, with their meta.kind */
const SYSTEM_TURN_ITEMS: Record<string, string> = { EnteredReviewMode: 'review', ExitedReviewMode: 'review', HookPrompt: 'hook', Sleep: 'sleep' };

export interface EventInput {
  payload: Native<EventMsg>;
  base: DraftEvent;
}

interface TurnItemInput {
  item: Native<TurnItem>;
  base: DraftEvent;
}

/** The event table of one session: routed by the payload's type, counted as `<prefix>/<type>`. */
export function eventTable(s: CodexSession): RecordDispatch<EventInput> {
  const turnItems = turnItemTable(s);
  const turnEnds = (): void => s.twins.flushPending(Number.POSITIVE_INFINITY);
  return new RecordDispatch<EventInput>({
    user_message: ({ payload, base }) => {
      s.twins.noteUserEvent();
      const text = textField(payload, 'message') ?? '';
      return s.twins.userEvent(text, Array.isArray(payload.images) ? payload.images.length : 0, base);
    },
    agent_message: ({ payload, base }, context) => {
      const text = textField(payload, 'message') ?? '';
      return s.twins.eventTexts([`assistant\0${text}`], [{ ...base, type: 'assistant_message', role: 'assistant', text, ...s.modelField() }], context);
    },
    ...byType(['agent_reasoning', 'agent_reasoning_raw_content'], (type) => ({ payload, base }, context) => {
      const text = textField(payload, 'text') ?? '';
      const raw = type === 'agent_reasoning_raw_content';
      return s.twins.eventTexts([`${raw ? 'raw' : 'reasoning'}\0${text}`], [{
        ...base, type: 'reasoning', role: 'assistant', text, ...s.modelField(), ...(raw ? { meta: { kind: 'raw-reasoning' } } : {}),
      }], context);
    }),
    item_completed: ({ payload, base }, context) => {
      const item = nativeOf<TurnItem>(payload.item);
      const itemType = stringField(item, 'type') ?? '(none)';
      const label = `${context.type}/${itemType}`;
      if (!item) return unknown('item_completed without an item', label);
      return turnItems.route(itemType, { item, base }, context, label);
    },
    token_count: ({ payload }) => tokenCount(s, payload),
    ...byType(['task_started', 'turn_started'], () => () => {
      turnEnds();
      return 'skipped';
    }),
    ...byType(['task_complete', 'turn_complete'], () => ({ payload }) => {
      turnEnds();
      const duration = numberField(payload, 'duration_ms');
      // a joined subagent works while its parent waits: its busy time is inside the parent's
      if (duration !== undefined && !s.parentId) {
        s.turnDurationMs += duration;
        s.out.session({ durationMs: s.turnDurationMs });
      }
    }),
    turn_aborted: ({ payload, base }) => {
      turnEnds();
      const reason = stringField(payload, 'reason') ?? 'interrupted';
      s.out.emit({ ...base, type: 'meta', role: 'system', text: `Turn aborted (${reason})`, meta: { kind: 'interrupted', reason } });
    },
    context_compacted: ({ base }) => {
      s.out.emit({ ...base, type: 'meta', role: 'system', text: 'Conversation compacted', meta: { kind: 'compaction' } });
    },
    guardian_assessment: ({ payload, base }) => guardianAssessment(s, payload as Native<GuardianAssessment>, base),
    thread_goal_updated: ({ payload, base }) => goalUpdated(s, payload as Native<ThreadGoal>, base),
    sub_agent_activity: ({ payload, base }) => subagentActivity(s, payload as Native<SubAgentActivity>, base),
    dynamic_tool_call_response: ({ payload }) => dynamicToolResponse(s, payload as Native<DynamicToolResponse>),
    ...byType(COLLAB_END_EVENTS, (type) => ({ payload, base }) => collabEnd(s, type, payload as Native<CollabEnd>, base)),
    thread_name_updated: ({ payload }) => {
      const title = stringField(payload, 'thread_name') ?? stringField(payload, 'name');
      if (title) s.out.session({ title });
    },
    ...byType(['exec_command_begin', 'patch_apply_begin', 'mcp_tool_call_begin'], (type) => ({ payload, base }) => {
      if (!s.eventsPrimary) return 'skipped';
      legacyToolCall(s, type, payload, base);
      return 'mapped';
    }),
    ...byType(['exec_command_end', 'patch_apply_end', 'mcp_tool_call_end'], (type) => ({ payload, base }) => {
      if (s.eventsPrimary) legacyToolResult(s, type, payload, base);
      else s.results.addDetails(stringField(payload, 'call_id'), detailsFromEndEvent(type, payload), { base, read: () => END_EVENT_ORPHANS[type]!(payload) });
    }),
    ...byType(Object.keys(SYSTEM_EVENTS), (type) => ({ payload, base }) => {
      const text = textField(payload, 'message') ?? stringField(payload, 'reason') ?? stringField(payload, 'user_facing_hint')
        ?? textField(payload, 'summary') ?? type;
      s.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: SYSTEM_EVENTS[type]!, recordType: type } });
    }),
  }, { skip: SKIPPED_EVENTS, unknownReason: (type) => `unknown Codex event_msg type "${type}"` });
}

/** 0.149+: turn items; texts duplicate response items, tool items add details to results. */
function turnItemTable(s: CodexSession): RecordDispatch<TurnItemInput> {
  const parts = (item: Native<TurnItem>) => (Array.isArray(item.content) ? item.content.map(asRecord) : []);
  const strings = (value: unknown) => (Array.isArray(value) ? value : []).filter((t): t is string => typeof t === 'string');
  return new RecordDispatch<TurnItemInput>({
    UserMessage: ({ item, base }) => {
      s.twins.noteUserEvent();
      const content = parts(item);
      const text = content.filter((p) => p?.type === 'text').map((p) => textField(p, 'text') ?? '').join('\n');
      return s.twins.userEvent(text, content.filter((p) => p && p.type !== 'text').length, base);
    },
    AgentMessage: ({ item, base }, context) => {
      const text = parts(item).map((p) => textField(p, 'text') ?? '').join('');
      return s.twins.eventTexts([`assistant\0${text}`], [{ ...base, type: 'assistant_message', role: 'assistant', text, ...s.modelField() }], context);
    },
    Reasoning: ({ item, base }, context) => {
      const summary = strings(item.summary_text);
      const raw = strings(item.raw_content);
      const events: DraftEvent[] = [];
      if (summary.length > 0) events.push({ ...base, type: 'reasoning', role: 'assistant', text: summary.join('\n'), ...s.modelField() });
      if (raw.length > 0) events.push({ ...base, type: 'reasoning', role: 'assistant', text: raw.join('\n'), ...s.modelField(), meta: { kind: 'raw-reasoning' } });
      return s.twins.eventTexts([...summary.map((t) => `reasoning\0${t}`), ...raw.map((t) => `raw\0${t}`)], events, context);
    },
    Plan: ({ item, base }, context) => {
      const text = textField(item, 'text') ?? '';
      return s.twins.eventTexts([`assistant\0${text}`], [{ ...base, type: 'assistant_message', role: 'assistant', text, meta: { kind: 'plan' } }], context);
    },
    CommandExecution: ({ item, base }) => {
      const exitCode = numberField(item, 'exit_code');
      const durationMs = durationOf(item.duration);
      const itemStatus = stringField(item, 'status');
      s.results.addDetails(stringField(item, 'id'), {
        ...(exitCode !== undefined ? { exitCode } : {}), ...(durationMs !== undefined ? { durationMs } : {}), ...(itemStatus ? { itemStatus } : {}),
      }, { base, read: () => orphanCommand(item) });
    },
    FileChange: ({ item, base }) => {
      const files = filesFromChanges(item.changes);
      const itemStatus = stringField(item, 'status');
      s.results.addDetails(stringField(item, 'id'), { ...(files ? { files } : {}), ...(itemStatus ? { itemStatus } : {}) }, { base, read: () => orphanPatch(item) });
    },
    SubAgentActivity: ({ item, base }) => subagentActivity(s, item as Native<SubAgentActivity>, base),
    ...byType(['CollabAgentToolCall', 'DynamicToolCall'], (type) => ({ item, base }) => {
      const itemStatus = stringField(item, 'status');
      const kind = type === 'CollabAgentToolCall' ? 'task' : 'other';
      s.results.addDetails(stringField(item, 'id'), itemStatus ? { itemStatus } : {}, { base, read: () => orphanNamedTool(item, kind) });
    }),
    Extension: ({ item, base }) => extensionItem(s, item as Native<ExtensionItem>, base),
    ...byType(Object.keys(SYSTEM_TURN_ITEMS), (type) => ({ item, base }) => {
      const text = textField(item, 'text') ?? textField(item, 'review') ?? type;
      s.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: SYSTEM_TURN_ITEMS[type]!, recordType: type } });
    }),
    McpToolCall: ({ item, base }) => {
      const server = stringField(item, 'server');
      const tool = stringField(item, 'tool');
      const isError = asRecord(item.result)?.isError === true || item.error != null;
      const durationMs = durationOf(item.duration);
      s.results.addDetails(stringField(item, 'id'), {
        ...(server && tool ? { mcp: { server, tool } } : {}),
        ...(durationMs !== undefined ? { durationMs } : {}),
        itemStatus: isError ? 'failed' : stringField(item, 'status') ?? 'completed',
      }, { base, read: () => orphanMcp(item) });
    },
  }, { skip: SKIPPED_TURN_ITEMS, unknownReason: (type) => `unknown Codex turn item type "${type}"` });
}

function tokenCount(s: CodexSession, payload: Native<EventMsg>): HandlerResult {
  const info = asRecord(payload.info);
  if (info) {
    // total_token_usage is cumulative for the thread: the last one is the thread's total, and the
    // session's is the sum over the threads read (a joined subagent counts its own tokens)
    const total = usageOf(info.total_token_usage);
    if (total) {
      s.threadTotals.set(s.parentId ?? '', total);
      s.out.session({ totalUsage: [...s.threadTotals.values()].reduce<Usage | undefined>((sum, usage) => addUsage(sum, usage), undefined) });
    }
    return total ? 'mapped' : 'skipped';
  }
  const flat = usageOf(payload);
  if (!flat) return 'skipped'; // info: null carries only rate limits
  // ≤ 0.2x exec --json: one count per model response, not cumulative.
  s.legacyUsage = addUsage(s.legacyUsage, flat);
  return 'mapped';
}

export function detailsFromEndEvent(type: string, payload: Native<EventMsg>): Details {
  const details: Details = {};
  const exit = numberField(payload, 'exit_code');
  if (exit !== undefined) details.exitCode = exit;
  const duration = durationOf(payload.duration);
  if (duration !== undefined) details.durationMs = duration;
  const status = stringField(payload, 'status');
  if (status) details.itemStatus = status;
  if (typeof payload.success === 'boolean') details.success = payload.success;
  if (type === 'patch_apply_end') {
    const files = filesFromChanges(payload.changes);
    if (files) details.files = files;
  }
  if (type === 'mcp_tool_call_end') {
    const invocation = asRecord(payload.invocation);
    const server = stringField(invocation, 'server');
    const tool = stringField(invocation, 'tool');
    if (server && tool) details.mcp = { server, tool };
    const result = asRecord(payload.result);
    if (result && ('Err' in result || asRecord(result.Ok)?.isError === true)) details.success = false;
    else if (result) details.success = true;
  }
  return details;
}

