import { readFileSync } from 'node:fs';
import type { TokenTotals } from '../../src/transcript/index.js';
import type { FixtureFacts } from './types.js';

/**
 * What OpenCode itself wrote, read without the adapter. `run --format json` lines
 * (`run.jsonl`), an export document, or the `{info, parts}` pairs of a store all hold the same
 * Part objects, so the helpers below take parts.
 */
interface Part { type?: string; text?: string; synthetic?: boolean; tokens?: Tokens }
interface Tokens { total?: number; input?: number; output?: number; reasoning?: number; cache?: { read?: number; write?: number } }

const lines = (path: string): { type?: string; part?: Part }[] =>
  readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { type?: string; part?: Part });

/** Assistant text parts (the run output never carries user parts). */
export function assistantTextsOf(parts: readonly Part[]): string[] {
  return parts.filter((p) => p.type === 'text' && !p.synthetic && typeof p.text === 'string').map((p) => p.text!);
}

/**
 * The sum of the step-finish token counts OpenCode reported (the session's own `tokens` are the
 * same sum). OpenCode 1.18 reports `output` without the reasoning tokens (its `total` adds them
 * back); 1.1 reported them inside `output`. Totals here follow the Transcript: output includes
 * reasoning.
 */
export function reportedTokensOf(parts: readonly Part[]): TokenTotals | undefined {
  const steps = parts.filter((p) => p.type === 'step-finish' && p.tokens);
  if (steps.length === 0) return undefined;
  const totals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
  for (const { tokens } of steps) {
    const t = tokens!;
    const [input, output, reasoning, read, write] = [t.input ?? 0, t.output ?? 0, t.reasoning ?? 0, t.cache?.read ?? 0, t.cache?.write ?? 0];
    const outputExcludesReasoning = reasoning > 0 && t.total === input + output + reasoning + read + write;
    totals.input += input;
    totals.output += output + (outputExcludesReasoning ? reasoning : 0);
    totals.reasoning += reasoning;
    totals.cacheRead += read;
    totals.cacheWrite += write;
  }
  const result: TokenTotals = { input: totals.input, output: totals.output };
  if (totals.cacheRead) result.cacheRead = totals.cacheRead;
  if (totals.cacheWrite) result.cacheWrite = totals.cacheWrite;
  if (totals.reasoning) result.reasoning = totals.reasoning;
  return result;
}

const runParts = (path: string): Part[] => lines(path).map((l) => l.part).filter((p): p is Part => p !== undefined);

/** `opencode export` output: `{info, messages: [{info: {role}, parts}]}`; the assistant's parts */
const exportParts = (path: string): Part[] =>
  ((JSON.parse(readFileSync(path, 'utf8')) as { messages?: { info?: { role?: string }; parts?: Part[] }[] }).messages ?? [])
    .filter((m) => m.info?.role === 'assistant')
    .flatMap((m) => m.parts ?? []);

const partsOf = (path: string): Part[] => (path.endsWith('.json') ? exportParts(path) : runParts(path));

export const facts: FixtureFacts = {
  assistantTexts: (path) => assistantTextsOf(partsOf(path)),
  reportedTokens: (path) => reportedTokensOf(partsOf(path)),
};
