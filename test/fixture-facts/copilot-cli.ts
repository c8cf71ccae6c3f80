import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

interface Line { type?: string; data?: Record<string, unknown> }

const lines = (path: string): Line[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);

/** the older flat session file: `{sessionId, chatMessages: [{role, content, tool_calls}]}` */
const historyAssistantTexts = (path: string): string[] =>
  ((JSON.parse(readFileSync(path, 'utf8')) as { chatMessages?: { role?: string; content?: unknown }[] }).chatMessages ?? [])
    .filter((m) => m.role === 'assistant' && typeof m.content === 'string' && m.content !== '')
    .map((m) => m.content as string);

export const facts: FixtureFacts = {
  /** the non-empty `content` of every assistant.message (events.jsonl and stdout alike) */
  assistantTexts(path) {
    if (path.endsWith('.json')) return historyAssistantTexts(path);
    return lines(path)
      .filter((l) => l.type === 'assistant.message' && typeof l.data?.content === 'string' && l.data.content !== '')
      .map((l) => l.data!.content as string);
  },
  /**
   * events.jsonl has one session.usage_record per model call (OpenAI-style: `inputTokens`
   * includes the cached ones). stdout of a BYOK run carries no token counts.
   */
  reportedTokens(path) {
    if (path.endsWith('.json')) return undefined;
    const usages = lines(path).filter((l) => l.type === 'session.usage_record').map((l) => (l.data?.usage ?? {}) as Record<string, number>);
    if (usages.length === 0) return undefined;
    const sum = (key: string) => usages.reduce((total, u) => total + (typeof u[key] === 'number' ? u[key] : 0), 0);
    const cacheRead = sum('cacheReadTokens');
    const cacheWrite = sum('cacheWriteTokens');
    const reasoning = sum('reasoningTokens');
    const totals: TokenTotals = { input: sum('inputTokens') - cacheRead - cacheWrite, output: sum('outputTokens') };
    if (cacheRead) totals.cacheRead = cacheRead;
    if (cacheWrite) totals.cacheWrite = cacheWrite;
    if (reasoning) totals.reasoning = reasoning;
    return totals;
  },
};
