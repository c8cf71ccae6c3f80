/**
 * Handlers for what only `copilot -p --output-format json` prints: the ephemeral session events
 * (never written to events.jsonl) and the closing `result` line. Most are streaming deltas or UI
 * notices that the persisted events repeat whole; those are counted as skipped.
 */
import type { Handler } from './converter.js';
import { asRecord, numberField, stringField, usageOf } from './tools.js';
import { textField } from '../shared/content.js';

const skip: Handler = () => 'skipped';

/** Ephemeral types that only redraw the screen or stream what a persisted event later carries whole. */
const STREAM_OR_UI = [
  'assistant.message_start', 'assistant.message_delta', 'assistant.reasoning_delta', 'assistant.tool_call_delta',
  'assistant.streaming_delta', 'assistant.idle', 'assistant.intent', 'assistant.turn_retry', 'assistant.server_tool_progress',
  'assistant.fusion_phase_started', 'assistant.fusion_phase_activity',
  'tool.execution_partial_result', 'tool.execution_progress', 'tool.shell_output',
  'model.call_start', 'model.call_finished', 'model.call_final_result', 'model.call_failure',
  'session.idle', 'session.usage_info', 'session.todos_changed', 'session.memory_changed', 'session.indexed_search',
  'session.background_tasks_changed', 'session.skills_loaded', 'session.custom_agents_updated', 'session.mcp_servers_loaded',
  'session.mcp_server_status_changed', 'session.mcp_server_tools_loaded', 'session.mcp_server_removed', 'session.mcp_server_needs_reconnect',
  'session.extensions_loaded', 'session.extensions.attachments_pushed', 'session.tools_updated', 'session.quota_observation',
  'session.auto_tier_recommendation', 'session.auto_tier_switch_failed', 'session.autopilot_stopped', 'session.fusion_route_started',
  'session.managed_plugin_progress', 'session.managed_settings_resolved', 'session.managed_settings_enforced', 'session.custom_notification',
  'session.canvas.opened', 'session.canvas.registry_changed', 'session.canvas.closed', 'session.canvas.unavailable',
  'pending_messages.modified', 'prompt_cache_break', 'sandbox.decision', 'hook.progress', 'commands.changed', 'capabilities.changed',
  'mcp.tools.list_changed', 'mcp.resources.list_changed', 'mcp.prompts.list_changed', 'mcp_app.tool_call_complete',
  'mcp.oauth_required', 'mcp.oauth_completed', 'mcp.headers_refresh_required', 'mcp.headers_refresh_completed',
  'sampling.requested', 'sampling.completed', 'external_tool.completed', 'command.queued', 'command.execute', 'command.completed',
  'auto_mode_switch.requested', 'auto_mode_switch.completed', 'session_limits_exhausted.requested', 'session_limits_exhausted.completed',
  'workflow.run_started', 'workflow.run_updated', 'workflow.run_settled', 'ui.ephemeral_query',
] as const;

export const LIVE_EVENT_HANDLERS: Record<string, Handler> = {
  ...Object.fromEntries(STREAM_OR_UI.map((type) => [type, skip])),

  /** tokens of one model call (stdout has no session.usage_record) */
  'assistant.usage': (event, state) => {
    const tokens = usageOf(event.data);
    if (!tokens) return 'skipped';
    state.out.usage(event.id ?? `usage-${event.timestamp}`, tokens);
    return 'mapped';
  },
  'session.title_changed': (event, state) => {
    const title = stringField(event.data, 'title');
    if (!title) return 'skipped';
    state.out.session({ title });
    return 'mapped';
  },
  'session.snapshot_rewind': (event, state) => {
    const removed = numberField(event.data, 'eventsRemoved') ?? 0;
    state.emit(event, { type: 'meta', role: 'system', text: `Rewound to event ${stringField(event.data, 'upToEventId') ?? '?'}: ${removed} event(s) removed`, meta: { kind: 'rewind', recordType: event.type, eventsRemoved: removed } });
    return 'mapped';
  },
  'agent.interrupted': (event, state) => {
    state.notice(event, `Interrupted while ${stringField(event.data, 'activity') ?? 'working'}`, 'interrupted');
    return 'mapped';
  },
  'user_input.requested': (event, state) => {
    const question = stringField(event.data, 'question');
    if (!question) return 'skipped';
    const choices = Array.isArray(event.data.choices) ? event.data.choices.filter((c): c is string => typeof c === 'string') : [];
    state.notice(event, choices.length ? `${question}\n${choices.map((c) => `- ${c}`).join('\n')}` : question, 'question');
    return 'mapped';
  },
  'user_input.completed': (event, state) => {
    const answer = stringField(event.data, 'answer');
    if (!answer) return 'skipped';
    state.emit(event, { type: 'user_message', role: 'user', text: answer });
    return 'mapped';
  },
  'elicitation.requested': (event, state) => {
    const message = textField(event.data, 'message');
    if (!message) return 'skipped';
    state.notice(event, message, 'question');
    return 'mapped';
  },
  'elicitation.completed': (event, state) => {
    const action = stringField(event.data, 'action') ?? 'answered';
    const content = event.data.content;
    state.emit(event, { type: 'user_message', role: 'user', text: content === undefined ? action : `${action}: ${JSON.stringify(content)}` });
    return 'mapped';
  },
  'exit_plan_mode.requested': (event, state) => {
    const plan = stringField(event.data, 'planContent') ?? textField(event.data, 'summary');
    if (!plan) return 'skipped';
    state.notice(event, plan, 'plan');
    return 'mapped';
  },
  'exit_plan_mode.completed': (event, state) => {
    state.notice(event, `Plan ${event.data.approved === true ? 'approved' : 'not approved'}${stringField(event.data, 'feedback') ? `: ${stringField(event.data, 'feedback')}` : ''}`, 'plan');
    return 'mapped';
  },
  /** stdout's last line: `{type: "result", sessionId, exitCode, usage: {sessionDurationMs, ...}}` */
  result: (event, state) => {
    const value = event.data;
    const durationMs = numberField(asRecord(value.usage), 'sessionDurationMs');
    state.out.session({
      ...(stringField(value, 'sessionId') ? { nativeSessionId: stringField(value, 'sessionId') } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
    });
    const exitCode = numberField(value, 'exitCode');
    if (exitCode !== undefined && exitCode !== 0) state.notice(event, `copilot exited with code ${exitCode}`, 'exit', { exitCode });
    return 'mapped';
  },
};
