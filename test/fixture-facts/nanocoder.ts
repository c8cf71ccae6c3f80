import { readFileSync } from 'node:fs';
import type { FixtureFacts } from './types.js';

interface Document {
  messages?: Array<{ role?: string; content?: unknown }>;
  finalText?: string;
  usage?: { inputTokens?: number; outputTokens?: number };
}

const read = (path: string): Document => JSON.parse(readFileSync(path, 'utf8')) as Document;

export const facts: FixtureFacts = {
  /** a saved session: the text of each assistant message; a `run --json` report: its finalText (all turns run together) */
  assistantTexts(path) {
    const doc = read(path);
    if (Array.isArray(doc.messages)) {
      return doc.messages.filter((m) => m.role === 'assistant' && typeof m.content === 'string' && m.content !== '').map((m) => m.content as string);
    }
    return doc.finalText ? [doc.finalText] : [];
  },
  /** only the report carries tokens: summed over the turns, input as the provider counted it */
  reportedTokens(path) {
    const usage = read(path).usage;
    if (typeof usage?.inputTokens !== 'number' || typeof usage.outputTokens !== 'number') return undefined;
    return { input: usage.inputTokens, output: usage.outputTokens };
  },
};
