import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

interface Line {
  type?: string;
  role?: string;
  text?: string;
  message?: { role?: string; content?: unknown };
  usage?: Record<string, number>;
}

const lines = (path: string): Line[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);

/** The text blocks of a saved assistant message. */
function savedTexts(line: Line): string[] {
  const content = line.message?.content;
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.filter((b: { type?: string; text?: unknown }) => b?.type === 'text' && typeof b.text === 'string').map((b: { text: string }) => b.text);
}

export const facts: FixtureFacts = {
  /** exec stdout prints each assistant text as a `message` line; the saved session keeps text blocks */
  assistantTexts(path) {
    return lines(path).flatMap((l) => {
      if (l.type !== 'message') return [];
      if (l.role === 'assistant' && typeof l.text === 'string') return [l.text];
      return l.message?.role === 'assistant' ? savedTexts(l) : [];
    });
  },
  /** the completion line of exec stdout carries the run's totals; input leaves the cache reads out */
  reportedTokens(path) {
    const usage = lines(path).find((l) => l.type === 'completion')?.usage;
    if (!usage) return undefined;
    const totals: TokenTotals = { input: usage.input_tokens ?? 0, output: usage.output_tokens ?? 0 };
    if (usage.cache_read_input_tokens) totals.cacheRead = usage.cache_read_input_tokens;
    if (usage.cache_creation_input_tokens) totals.cacheWrite = usage.cache_creation_input_tokens;
    return totals;
  },
};
