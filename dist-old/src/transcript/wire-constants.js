/**
 * The Transcript format's constants that the convert path needs at run time, kept apart from the
 * zod schemas (schema.ts) so that converting does not load zod.
 */
export const SCHEMA_VERSION = '0.1.0';
export const EVENT_TYPES = ['user_message', 'assistant_message', 'reasoning', 'tool_call', 'tool_result', 'system', 'meta'];
//# sourceMappingURL=wire-constants.js.map