import { readFileSync } from 'node:fs';
import type { FixtureFacts } from './types.js';

interface Line { type?: string; role?: string; message?: { content?: Array<{ type?: string; text?: string }> } }

const lines = (path: string): Line[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);

const texts = (line: Line) => (line.message?.content ?? []).filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text!);

export const facts: FixtureFacts = {
  /**
   * A transcript's assistant text blocks. In the stream, the last assistant line of each run of
   * them holds the message whole (with --stream-partial-output the lines before it are its pieces).
   */
  assistantTexts(path) {
    const all = lines(path);
    if (all.every((l) => l.type === undefined || l.type === 'turn_ended')) return all.filter((l) => l.role === 'assistant').flatMap(texts);
    return all.filter((l, i) => l.type === 'assistant' && all[i + 1]?.type !== 'assistant').map((l) => texts(l).join(''));
  },
};
