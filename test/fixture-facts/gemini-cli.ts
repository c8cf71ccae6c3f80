import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

/**
 * Read straight from Gemini CLI's native files, independently of the adapter:
 * - chat JSONL / legacy chat document: every `gemini` message's text (appended lines and `$set`
 *   checkpoints alike), and the token counts of each message id (its last version with counts);
 * - stream-json: the assistant deltas joined between two other lines, and the `result` stats;
 * - --output-format json: `response`, and the per-model token stats.
 */
type Json = Record<string, unknown>;

const STREAM_TYPES = new Set(['init', 'message', 'tool_use', 'tool_result', 'error', 'result']);

function read(path: string): { kind: 'document'; value: Json } | { kind: 'lines'; lines: Json[] } {
  const text = readFileSync(path, 'utf8');
  if (text.startsWith('{\n')) return { kind: 'document', value: JSON.parse(text) as Json };
  return { kind: 'lines', lines: text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Json) };
}

const isStream = (lines: Json[]) => lines.some((l) => typeof l.type === 'string' && STREAM_TYPES.has(l.type) && !('id' in l));

/** A message's text: the string, or its non-thought text parts joined as the CLI joins them. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p: { text?: unknown; thought?: unknown }) => (typeof p?.text === 'string' && p.thought !== true ? p.text : ''))
    .join('');
}

/** Every message record of a chat, in file order: appended lines, `$set.messages` checkpoints, a document's list. */
function chatMessages(path: string): Json[] {
  const file = read(path);
  if (file.kind === 'document') return (file.value.messages as Json[] | undefined) ?? [];
  const out: Json[] = [];
  for (const line of file.lines) {
    if (typeof line.id === 'string') out.push(line);
    const set = line.$set as Json | undefined;
    if (Array.isArray(set?.messages)) out.push(...(set.messages as Json[]));
    if (Array.isArray(line.messages)) out.push(...(line.messages as Json[]));
  }
  return out;
}

function addTokens(totals: Required<TokenTotals>, t: Json): void {
  const n = (k: string) => (typeof t[k] === 'number' ? (t[k] as number) : 0);
  totals.input += n('input') - n('cached');
  totals.output += n('output') + n('thoughts');
  totals.cacheRead += n('cached');
  totals.reasoning += n('thoughts');
}

function compact(totals: Required<TokenTotals>): TokenTotals {
  const out: TokenTotals = { input: totals.input, output: totals.output };
  if (totals.cacheRead) out.cacheRead = totals.cacheRead;
  if (totals.reasoning) out.reasoning = totals.reasoning;
  return out;
}

export const facts: FixtureFacts = {
  assistantTexts(path) {
    const file = read(path);
    if (file.kind === 'document' && !Array.isArray(file.value.messages)) {
      return typeof file.value.response === 'string' && file.value.response ? [file.value.response] : [];
    }
    if (file.kind === 'lines' && isStream(file.lines)) {
      const texts: string[] = [];
      let current: string | undefined;
      for (const line of file.lines) {
        if (line.type === 'message' && line.role === 'assistant' && line.delta === true) {
          current = (current ?? '') + String(line.content ?? '');
          continue;
        }
        if (current) texts.push(current);
        current = undefined;
        if (line.type === 'message' && line.role === 'assistant' && typeof line.content === 'string' && line.content) texts.push(line.content);
      }
      if (current) texts.push(current);
      return texts;
    }
    const texts = new Set<string>();
    const messages = chatMessages(path);
    for (const [index, m] of messages.entries()) {
      const text = m.type === 'gemini' ? contentText(m.content) : '';
      // the model message right after a compression's <state_snapshot> is the CLI's fixed acknowledgement, not the model's
      const previous = messages[index - 1];
      if (previous?.type === 'user' && /^\s*<state_snapshot>/.test(contentText(previous.content))) continue;
      if (text) texts.add(text);
    }
    return [...texts];
  },

  reportedTokens(path) {
    const totals: Required<TokenTotals> = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
    const file = read(path);
    if (file.kind === 'document' && !Array.isArray(file.value.messages)) {
      // --output-format json: stats.models.<model>.tokens
      const models = (file.value.stats as Json | undefined)?.models as Record<string, { tokens?: Json }> | undefined;
      if (!models) return undefined;
      for (const m of Object.values(models)) if (m.tokens) addTokens(totals, { ...m.tokens, input: m.tokens.prompt, output: m.tokens.candidates });
      return compact(totals);
    }
    if (file.kind === 'lines' && isStream(file.lines)) {
      // stream-json: the result stats; output = everything that is not prompt (answer + thinking)
      const results = file.lines.filter((l) => l.type === 'result' && l.stats);
      if (results.length === 0) return undefined;
      for (const r of results) {
        const s = r.stats as Record<string, number>;
        totals.input += s.input ?? s.input_tokens! - (s.cached ?? 0);
        totals.output += s.total_tokens! - s.input_tokens!;
        totals.cacheRead += s.cached ?? 0;
      }
      return compact(totals);
    }
    // chat: each message id's last version that carries token counts
    const byId = new Map<string, Json>();
    for (const m of chatMessages(path)) if (m.tokens && typeof m.id === 'string') byId.set(m.id, m.tokens as Json);
    if (byId.size === 0) return undefined;
    for (const t of byId.values()) addTokens(totals, t);
    return compact(totals);
  },
};
