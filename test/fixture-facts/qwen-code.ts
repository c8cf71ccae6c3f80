import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

interface Line {
  type?: string;
  message?: { parts?: { text?: string; thought?: boolean }[]; content?: { type: string; text?: string }[] };
  usage?: Record<string, number>;
}

const lines = (path: string): Line[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);

export const facts: FixtureFacts = {
  /** chat files: text parts of assistant records that are not thoughts; stdout: text blocks of assistant records */
  assistantTexts(path) {
    const texts: string[] = [];
    for (const record of lines(path)) {
      if (record.type !== 'assistant') continue;
      for (const part of record.message?.parts ?? []) if (part.text && part.thought !== true) texts.push(part.text);
      for (const block of record.message?.content ?? []) if (block.type === 'text' && block.text) texts.push(block.text);
    }
    return texts;
  },
  /** stdout: the last `result` record's usage, a running total of the session (input_tokens includes the cached part) */
  reportedTokens(path) {
    const last = lines(path).filter((l) => l.type === 'result' && l.usage).at(-1)?.usage;
    if (!last) return undefined;
    const cached = last.cache_read_input_tokens ?? 0;
    const totals: TokenTotals = { input: (last.input_tokens ?? 0) - cached, output: last.output_tokens ?? 0 };
    if (cached) totals.cacheRead = cached;
    return totals;
  },
};
