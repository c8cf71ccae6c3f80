/** Cline's token counts (`metrics` of a stored message, `usage` events and results). */
import type { Usage } from '../../src/transcript/index.js';
import { mapUsage, type UsageFields } from '../shared/usage.js';

/**
 * OpenAI-compatible providers report `inputTokens` with the cached tokens inside (the recorded
 * runs: inputTokens 5549 with cacheReadTokens 5402 on a 5549-token prompt).
 */
const CLINE_USAGE: UsageFields = {
  input: ['inputTokens'],
  output: ['outputTokens'],
  cacheRead: ['cacheReadTokens'],
  cacheWrite: ['cacheWriteTokens'],
  inputIncludesCache: true,
};

export const clineUsage = (raw: unknown): Usage | undefined => mapUsage(raw, CLINE_USAGE);
