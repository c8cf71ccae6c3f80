import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

interface Line { type?: string; message?: { content?: unknown }; usage?: Record<string, number> }

const lines = (path: string): Line[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);

export const facts: FixtureFacts = {
  assistantTexts(path) {
    const texts: string[] = [];
    for (const record of lines(path)) {
      if (record.type !== 'assistant' || !Array.isArray(record.message?.content)) continue;
      for (const block of record.message.content as { type: string; text?: string }[]) {
        if (block.type === 'text' && block.text) texts.push(block.text);
      }
    }
    return texts;
  },
  /** stream-json: the sum of the `result` records' usage (one per turn of the run) */
  reportedTokens(path) {
    const results = lines(path).filter((l) => l.type === 'result' && l.usage);
    if (results.length === 0) return undefined;
    const sum = (key: string) => results.reduce((total, r) => total + (r.usage?.[key] ?? 0), 0);
    const totals: TokenTotals = { input: sum('input_tokens'), output: sum('output_tokens') };
    if (sum('cache_read_input_tokens')) totals.cacheRead = sum('cache_read_input_tokens');
    if (sum('cache_creation_input_tokens')) totals.cacheWrite = sum('cache_creation_input_tokens');
    return totals;
  },
};
