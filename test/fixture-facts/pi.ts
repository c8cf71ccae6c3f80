import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

interface Message { role?: string; content?: unknown; usage?: Record<string, unknown> }
interface Line { type?: string; message?: Message }

const lines = (path: string): Line[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);

/**
 * Every assistant message, once: `message` entries of a session file, `message_end` records of
 * `--mode json` / `--mode rpc` output (message_update, turn_end and agent_end repeat them).
 */
function assistantMessages(path: string): Message[] {
  return lines(path)
    .filter((l) => (l.type === 'message' || l.type === 'message_end') && l.message?.role === 'assistant')
    .map((l) => l.message!);
}

export const facts: FixtureFacts = {
  assistantTexts(path) {
    const texts: string[] = [];
    for (const message of assistantMessages(path)) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as { type: string; text?: string }[]) {
        if (block.type === 'text' && block.text) texts.push(block.text);
      }
    }
    return texts;
  },
  /**
   * Pi reports tokens per model response (`usage` on each assistant message); it writes no session
   * total (RPC's get_session_stats sums only the messages still in the context). The total is the
   * sum over every response, abandoned branches and failed attempts included.
   */
  reportedTokens(path) {
    const usages = assistantMessages(path).map((m) => m.usage ?? {});
    if (usages.length === 0) return undefined;
    const sum = (key: string) => usages.reduce((total, u) => total + (typeof u[key] === 'number' ? u[key] : 0), 0);
    const totals: TokenTotals = { input: sum('input'), output: sum('output') };
    if (sum('cacheRead')) totals.cacheRead = sum('cacheRead');
    if (sum('cacheWrite')) totals.cacheWrite = sum('cacheWrite');
    return totals;
  },
};
