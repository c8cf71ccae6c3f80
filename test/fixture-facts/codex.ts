import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

type Json = Record<string, unknown>;
type Counts = Record<string, number | undefined>;

const lines = (path: string): Json[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Json);

const obj = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** A bare or wrapped (`payload`) response item / event, whichever this line is. */
const body = (line: Json): Json => obj(line.payload) ?? obj(line.msg) ?? line;

/**
 * Codex's own token counts, in the Transcript's convention (see adapters/codex/README.md):
 * OpenAI's input_tokens include the cached (and cache-write) tokens, the Transcript counts them apart.
 */
function totals(usage: Counts): TokenTotals {
  const cached = usage.cached_input_tokens ?? 0;
  const write = usage.cache_write_input_tokens ?? 0;
  const result: TokenTotals = { input: (usage.input_tokens ?? 0) - cached - write, output: usage.output_tokens ?? 0 };
  if (cached) result.cacheRead = cached;
  if (write) result.cacheWrite = write;
  if (usage.reasoning_output_tokens) result.reasoning = usage.reasoning_output_tokens;
  return result;
}

export const facts: FixtureFacts = {
  /**
   * every assistant text Codex wrote: assistant message items, agent_message events, exec --json agent_message items;
   * not the model's compaction summary (an item whose line metadata says `compaction_output`)
   */
  assistantTexts(path) {
    const texts: string[] = [];
    for (const line of lines(path)) {
      const b = body(line);
      if (obj(line.metadata)?.compaction_output === true) continue;
      if (b.type === 'message' && b.role === 'assistant' && Array.isArray(b.content)) {
        texts.push((b.content as Json[]).filter((c) => c.type === 'output_text').map((c) => String(c.text)).join(''));
      } else if (b.type === 'agent_message' && typeof b.message === 'string') {
        texts.push(b.message);
      } else if (line.type === 'item.completed' && obj(line.item)?.type === 'agent_message') {
        texts.push(String(obj(line.item)!.text));
      } else if (b.type === 'item_completed' && obj(b.item)?.type === 'AgentMessage') {
        texts.push(((obj(b.item)!.content as Json[]) ?? []).map((c) => String(c.text)).join(''));
      }
    }
    return texts;
  },
  /**
   * Rollouts and 0.3x exec --json: the last cumulative token_count (info.total_token_usage);
   * exec --json: the last turn.completed usage (Codex prints the thread's running total);
   * 0.2x exec --json: the sum of the per-response token_count events. Legacy rollouts have none.
   */
  reportedTokens(path) {
    let last: Counts | undefined;
    let sum: Counts | undefined;
    for (const line of lines(path)) {
      const b = body(line);
      if (line.type === 'turn.completed' && obj(line.usage)) last = obj(line.usage) as Counts;
      if (b.type !== 'token_count') continue;
      const info = obj(b.info);
      if (info && obj(info.total_token_usage)) last = obj(info.total_token_usage) as Counts;
      else if (typeof b.input_tokens === 'number') {
        sum ??= {};
        for (const key of ['input_tokens', 'cached_input_tokens', 'output_tokens', 'reasoning_output_tokens']) {
          sum[key] = (sum[key] ?? 0) + ((b[key] as number | undefined) ?? 0);
        }
      }
    }
    const reported = last ?? sum;
    return reported ? totals(reported) : undefined;
  },
};
