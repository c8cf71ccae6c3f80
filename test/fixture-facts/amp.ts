/**
 * What an Amp fixture says by itself, read without the adapter: the assistant's text and the
 * tokens Amp reported. Reads both forms: `amp -x --stream-json` lines and a thread file
 * (`T-<uuid>.json`, one JSON document).
 */
import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

type Obj = Record<string, unknown>;
interface Block { type?: string; text?: string }

const isThread = (path: string) => path.endsWith('.json');
const lines = (path: string): Obj[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Obj);
const thread = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { messages?: Obj[]; usageLedger?: { events?: Obj[] } };

function texts(content: unknown): string[] {
  if (typeof content === 'string') return content ? [content] : [];
  if (!Array.isArray(content)) return [];
  return (content as Block[]).filter((b) => b.type === 'text' && b.text).map((b) => b.text!);
}

const n = (value: unknown) => (typeof value === 'number' ? value : 0);

function totals(parts: { input: number; output: number; cacheRead: number; cacheWrite: number }[]): TokenTotals | undefined {
  if (parts.length === 0) return undefined;
  const sum = (key: keyof (typeof parts)[number]) => parts.reduce((total, p) => total + p[key], 0);
  const result: TokenTotals = { input: sum('input'), output: sum('output') };
  if (sum('cacheRead')) result.cacheRead = sum('cacheRead');
  if (sum('cacheWrite')) result.cacheWrite = sum('cacheWrite');
  return result;
}

export const facts: FixtureFacts = {
  assistantTexts(path) {
    if (isThread(path)) {
      return (thread(path).messages ?? []).filter((m) => m.role === 'assistant').flatMap((m) => texts(m.content));
    }
    return lines(path)
      .filter((l) => l.type === 'assistant')
      .flatMap((l) => texts((l.message as Obj | undefined)?.content));
  },
  /**
   * Amp reports tokens per model response: `message.usage` on each stream `assistant` line (a
   * repeated message id is the same response), `usage` on each thread message, and the thread's
   * `usageLedger` for responses whose message carries none.
   */
  reportedTokens(path) {
    if (isThread(path)) {
      const doc = thread(path);
      const parts = [];
      const counted = new Set<unknown>();
      for (const m of doc.messages ?? []) {
        const u = m.usage as Obj | undefined;
        if (m.role !== 'assistant' || !u) continue;
        counted.add(m.messageId);
        parts.push({ input: n(u.inputTokens), output: n(u.outputTokens), cacheRead: n(u.cacheReadInputTokens), cacheWrite: n(u.cacheCreationInputTokens) });
      }
      for (const e of doc.usageLedger?.events ?? []) {
        if (counted.has(e.toMessageId)) continue;
        const t = e.tokens as Obj | undefined;
        parts.push({ input: n(t?.input), output: n(t?.output), cacheRead: 0, cacheWrite: 0 });
      }
      return totals(parts);
    }
    const byResponse = new Map<unknown, { input: number; output: number; cacheRead: number; cacheWrite: number }>();
    lines(path).forEach((l, index) => {
      const message = l.message as Obj | undefined;
      const u = message?.usage as Obj | undefined;
      if (l.type !== 'assistant' || !u) return;
      byResponse.set(message?.id ?? `line-${index}`, {
        input: n(u.input_tokens), output: n(u.output_tokens), cacheRead: n(u.cache_read_input_tokens), cacheWrite: n(u.cache_creation_input_tokens),
      });
    });
    return totals([...byResponse.values()]);
  },
};
