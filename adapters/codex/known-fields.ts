/**
 * Every field name this agent's records hold at their top level and one level down, from its real
 * fixtures: prose in any other field is kept as a meta event (adapters/shared/unread-fields.ts).
 * Add the names of a newly recorded release's fields here once its converter reads them.
 */
export const KNOWN_FIELDS: readonly string[] = ['account_scoped', 'action', 'additional_context_tool_output', 'agent_nickname', 'agent_path', 'agent_statuses', 'agent_thread_id', 'agents_states', 'aggregated_output', 'approval', 'approval_policy', 'approvals_reviewer', 'arguments', 'author', 'auto_approved', 'base_instructions', 'branch', 'cache_write_input_tokens', 'cached_input_tokens', 'call_id', 'changes', 'chunk', 'cli_version', 'client_authored', 'collaboration_mode', 'collaboration_mode_kind', 'command', 'commit_hash', 'comp_hash', 'completed_at', 'completed_at_ms', 'content', 'content_items', 'context_window', 'current_date', 'cwd', 'developer_instructions', 'disabled_plugin_ids', 'duration', 'duration_ms', 'effort', 'encrypted_content', 'error', 'event_id', 'execution', 'exit_code', 'fallback_token_limit_override', 'file_system_sandbox_policy', 'formatted_output', 'full', 'ghost_commit', 'git', 'goal', 'guardian_retained_omissions', 'guardian_source_order_guidance', 'guardian_sources', 'history_mode', 'history_sequence', 'id', 'images', 'info', 'input', 'input_tokens', 'instructions', 'internal_chat_message_metadata_passthrough', 'item', 'items', 'kind', 'last_agent_message', 'local_images', 'mcp_attribution', 'memory_citation', 'message', 'metadata', 'model', 'model_context_window', 'model_provider', 'model_search_state', 'msg', 'multi_agent_version', 'name', 'namespace', 'new_agent_nickname', 'new_thread_id', 'next_item_ordinal', 'observation_clock_floor_ms', 'occurred_at_ms', 'ordinal', 'originator', 'output', 'output_tokens', 'parent_thread_id', 'parsed_cmd', 'payload', 'permission_profile', 'personality', 'phase', 'prompt', 'provider', 'query', 'queue', 'rate_limits', 'rationale', 'realtime_active', 'reason', 'reasoning effort', 'reasoning summaries', 'reasoning_output_tokens', 'receiver_thread_id', 'receiver_thread_ids', 'recipient', 'record_type', 'replacement_history', 'response_id', 'result', 'retained_source', 'revised_prompt', 'risk_level', 'role', 'root_turn_id', 'runtime_workspace_roots', 'sampled_through_sequence', 'sandbox', 'sandbox_policy', 'sender_thread_id', 'server', 'session_id', 'source', 'started_at', 'started_at_ms', 'state', 'status', 'statuses', 'stderr', 'stdout', 'stream', 'success', 'summary', 'target_item_id', 'text', 'text_elements', 'thread_id', 'thread_name', 'thread_settings', 'thread_source', 'thread_token_usage', 'time_to_first_token_ms', 'timestamp', 'timezone', 'tool', 'tools', 'total_tokens', 'trigger_turn', 'truncation_policy', 'turn_attribution', 'turn_id', 'turn_token_usage', 'type', 'unified_diff', 'usage', 'user_authorization', 'user_input_order', 'user_instructions', 'workdir'];

/**
 * The names above that no JSON fixture of this agent holds and no converter here reads by name, with
 * where the real program writes each: serde names in the 0.171.0 binary; the structs in openai/codex
 * `codex-rs/protocol/src/protocol.rs` (checked 2026-11-28). test/adapter-known-fields.test.ts keeps
 * this table and the list in step.
 */
export const FIELDS_FROM_SOURCE: Readonly<Record<string, string>> = {
  content_items: '`event_msg` `dynamic_tool_call_response` (DynamicToolCallResponseEvent `{call_id, turn_id, completed_at_ms, namespace, tool, arguments, content_items, success, error, duration}`)',
  event_id: '`event_msg` `sub_agent_activity` (SubAgentActivityEvent `{event_id, occurred_at_ms, agent_thread_id, agent_path, kind}`)',
  next_item_ordinal: 'rollout line `id_allocation` (RolloutItem::IdAllocation, new in 0.171)',
  observation_clock_floor_ms: 'rollout line `id_allocation` (see `next_item_ordinal`)',
  occurred_at_ms: '`event_msg` `sub_agent_activity` (see `event_id`)',
};
