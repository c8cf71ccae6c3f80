// Codex's response item types, for detection (detect.ts) and the converter (response-items.ts)

/**
 * Response items that carry nothing for a transcript: undo commits, the tool list a tool search
 * added, configuration notices for the model, the request for a compaction (its result is recorded).
 */
export const SKIPPED_ITEMS = new Set(['ghost_snapshot', 'additional_tools', 'configuration_update', 'compaction_trigger']);
export const COMPACTION_ITEMS = ['compaction', 'compaction_summary', 'context_compaction'];
export const CALL_ITEMS = ['function_call', 'custom_tool_call', 'local_shell_call', 'tool_search_call', 'web_search_call', 'image_generation_call'];
export const OUTPUT_ITEMS = ['function_call_output', 'custom_tool_call_output', 'local_shell_call_output', 'tool_search_output', 'mcp_tool_call_output'];
/** Response item types a legacy (bare-item) rollout line may have. */
export const RESPONSE_ITEM_TYPES = new Set(['message', 'reasoning', ...CALL_ITEMS, ...OUTPUT_ITEMS, ...SKIPPED_ITEMS, ...COMPACTION_ITEMS]);
