import type { Adapter } from '../../adapters/types.js';

/** Below this, a guess is not good enough to convert with: the user is asked to use --from. */
const MIN_CONFIDENCE = 0.5;

/** Picks the adapter most confident about a sample of parsed records; ties go to the earlier one in the table. */
export function detectAdapter(
  adapters: readonly Adapter[],
  sample: readonly unknown[],
): { adapter: Adapter; format: string; confidence: number } | null {
  let best: { adapter: Adapter; format: string; confidence: number } | null = null;
  for (const adapter of adapters) {
    const detection = adapter.detect(sample);
    if (detection && detection.confidence >= MIN_CONFIDENCE && (!best || detection.confidence > best.confidence)) {
      best = { adapter, format: detection.format, confidence: detection.confidence };
    }
  }
  return best;
}
