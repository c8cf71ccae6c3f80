import { readFileSync } from 'node:fs';
import type { FixtureFacts } from './types.js';

interface SavedItem { message?: { role?: string; content?: unknown }; conversationSummary?: string }

/** `<id>.json`: the assistant's non-empty string contents (a compaction summary is not an answer) */
const savedAnswers = (path: string): string[] =>
  ((JSON.parse(readFileSync(path, 'utf8')) as { history?: SavedItem[] }).history ?? [])
    .filter((item) => item.message?.role === 'assistant' && item.conversationSummary === undefined)
    .map((item) => item.message?.content)
    .filter((content): content is string => typeof content === 'string' && content !== '');

/** `cn -p --format json` stdout: an answer that is not JSON is wrapped as {response, status, note} */
const headlessAnswers = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { response?: unknown }).response)
    .filter((response): response is string => typeof response === 'string');

export const facts: FixtureFacts = {
  assistantTexts: (path) => (path.endsWith('.jsonl') ? headlessAnswers(path) : savedAnswers(path)),
};
