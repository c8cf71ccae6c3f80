import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

interface Line {
  type?: string;
  message?: { parts?: { text?: string; thought?: boolean }[]; content?: { type: string; text?: string }[] };
  usage?: Record<string, number>;
}

/** the fixture's records, one per non-empty line */
function records(path: string): Line[] {
  return readFileSync(path, 'utf8').split('\n').flatMap((text) => (text.trim() ? [JSON.parse(text) as Line] : []));
}

/**
 * 0.1.x documents (Gemini CLI's forms): the legacy chat {sessionId, projectHash, messages}, whose
 * `qwen` messages hold the model's text, and the `--output-format json` object's `response`.
 */
function documentTexts(path: string): string[] | undefined {
  const text = readFileSync(path, 'utf8');
  if (!text.startsWith('{\n')) return undefined;
  const document = JSON.parse(text) as { messages?: { type?: string; content?: unknown }[]; response?: unknown };
  if (!Array.isArray(document.messages)) return typeof document.response === 'string' && document.response ? [document.response] : [];
  return document.messages.filter((m) => m.type === 'qwen' && typeof m.content === 'string' && m.content).map((m) => m.content as string);
}

export const facts: FixtureFacts = {
  /** chat files: text parts of assistant records that are not thoughts; stdout: text blocks of assistant records */
  assistantTexts(path) {
    const fromDocument = documentTexts(path);
    if (fromDocument) return fromDocument;
    return records(path).filter((record) => record.type === 'assistant').flatMap((record) => [
      ...(record.message?.parts ?? []).filter((part) => part.thought !== true).map((part) => part.text),
      ...(record.message?.content ?? []).filter((block) => block.type === 'text').map((block) => block.text),
    ]).filter((text): text is string => Boolean(text));
  },
  /** stdout: the last `result` record's usage, a running total of the session (input_tokens includes the cached part) */
  reportedTokens(path) {
    if (readFileSync(path, 'utf8').startsWith('{\n')) return undefined;
    const last = records(path).filter((l) => l.type === 'result' && l.usage).at(-1)?.usage;
    if (!last) return undefined;
    const cached = last.cache_read_input_tokens ?? 0;
    const totals: TokenTotals = { input: (last.input_tokens ?? 0) - cached, output: last.output_tokens ?? 0 };
    if (cached) totals.cacheRead = cached;
    return totals;
  },
};
