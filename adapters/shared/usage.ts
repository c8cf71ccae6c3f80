import type { Usage } from '../../src/transcript/index.js';

/** The sum of two token counts; optional counters appear only when non-zero. */
export function addUsage(a: Usage | undefined, b: Usage): Usage {
  if (!a) return b;
  const sum: Usage = { input: a.input + b.input, output: a.output + b.output };
  const cacheRead = (a.cacheRead ?? 0) + (b.cacheRead ?? 0);
  const cacheWrite = (a.cacheWrite ?? 0) + (b.cacheWrite ?? 0);
  const reasoning = (a.reasoning ?? 0) + (b.reasoning ?? 0);
  if (cacheRead) sum.cacheRead = cacheRead;
  if (cacheWrite) sum.cacheWrite = cacheWrite;
  if (reasoning) sum.reasoning = reasoning;
  return sum;
}
