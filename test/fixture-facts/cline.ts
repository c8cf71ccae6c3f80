import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

interface Line { type?: string; say?: string; text?: string; partial?: boolean; event?: { type?: string; contentType?: string; text?: string }; aggregateUsage?: Record<string, number>; usage?: Record<string, number> }

const lines = (path: string): Line[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);

interface SavedMessage { role?: string; content?: { type?: string; text?: string }[] | string; metadata?: { displayRole?: string } }

/** `<id>.messages.json`: the text blocks of the assistant's messages (not the run's error, which Cline saves as an assistant message shown as `displayRole: "error"`) */
const savedAssistantTexts = (path: string): string[] =>
  ((JSON.parse(readFileSync(path, 'utf8')) as { messages?: SavedMessage[] }).messages ?? [])
    .filter((m) => m.role === 'assistant' && m.metadata?.displayRole === undefined)
    .flatMap((m) => (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content ?? []))
    .filter((block) => block.type === 'text' && typeof block.text === 'string' && block.text !== '')
    .map((block) => block.text!);

export const facts: FixtureFacts = {
  /** `cline --json` stdout: the whole text of each text block is on its content_end event */
  assistantTexts(path) {
    if (path.endsWith('.messages.json')) return savedAssistantTexts(path);
    const all = lines(path);
    // 2.x stdout: the panel's say lines; the assistant's words are `text` and the final `completion_result`
    if (all[0]?.type === 'task_started') {
      return all.filter((l) => l.type === 'say' && (l.say === 'text' || l.say === 'completion_result') && l.partial !== true && l.text).map((l) => l.text!);
    }
    return all
      .filter((l) => l.type === 'agent_event' && l.event?.type === 'content_end' && l.event.contentType === 'text' && typeof l.event.text === 'string' && l.event.text !== '')
      .map((l) => l.event!.text!);
  },
  /** run_result carries the run's totals; `inputTokens` includes the cached tokens (OpenAI-compatible provider) */
  reportedTokens(path) {
    if (path.endsWith('.json')) return undefined;
    const result = lines(path).find((l) => l.type === 'run_result');
    const usage = result?.aggregateUsage ?? result?.usage;
    if (!usage) return undefined;
    const cacheRead = usage.cacheReadTokens ?? 0;
    const cacheWrite = usage.cacheWriteTokens ?? 0;
    const totals: TokenTotals = { input: (usage.inputTokens ?? 0) - cacheRead - cacheWrite, output: usage.outputTokens ?? 0 };
    if (cacheRead) totals.cacheRead = cacheRead;
    if (cacheWrite) totals.cacheWrite = cacheWrite;
    return totals;
  },
};
