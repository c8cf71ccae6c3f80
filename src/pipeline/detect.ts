/**
 * Auto-detection by evidence. Every adapter says how sure it is that a sample of parsed records
 * is its format; formats atx does not read yet are recognised too (adapters/lookalikes.ts), so
 * that a file that only looks like a known format is refused with its real name, and two
 * adapters equally sure of one file are named rather than one picked.
 */
import type { Adapter, Detection } from '../../adapters/types.js';
import { recogniseLookalike } from '../../adapters/lookalikes.js';

/** Below this, a guess is not good enough to convert with: the user is asked to use --from. */
const MIN_CONFIDENCE = 0.5;
/** An adapter this sure has seen a field only its own program writes: it outranks a look-alike. */
const UNIQUE_EVIDENCE = 0.95;
/** Two adapters closer than this are a tie that detection will not break by table order. */
const TIE = 0.05;

export type Candidate = Detection & { adapter: Adapter };

export type DetectionOutcome =
  | ({ kind: 'adapter' } & Candidate)
  | { kind: 'ambiguous'; candidates: Candidate[] }
  | { kind: 'lookalike'; name: string; readOnly?: string }
  | { kind: 'none' };

/** `values` are the sample's non-object JSON values (a Cline task file is one array), for look-alikes only. */
export function detectFormat(adapters: readonly Adapter[], sample: readonly unknown[], values: readonly unknown[] = []): DetectionOutcome {
  const candidates: Candidate[] = [];
  for (const adapter of adapters) {
    const detection = adapter.detect(sample);
    if (detection && detection.confidence >= MIN_CONFIDENCE) candidates.push({ adapter, format: detection.format, confidence: detection.confidence });
  }
  candidates.sort((a, b) => b.confidence - a.confidence);
  const [best, second] = candidates;
  if (!best || best.confidence < UNIQUE_EVIDENCE) {
    const lookalike = recogniseLookalike([...sample, ...values]);
    if (lookalike) return { kind: 'lookalike', name: lookalike.name, ...(lookalike.readOnly ? { readOnly: lookalike.readOnly } : {}) };
  }
  if (!best) return { kind: 'none' };
  if (second && best.confidence - second.confidence < TIE) return { kind: 'ambiguous', candidates: candidates.filter((c) => best.confidence - c.confidence < TIE) };
  return { kind: 'adapter', ...best };
}

/** One phrase for messages: "Claude Code (claude-code/session-jsonl)", "a Qwen Code chat file, which atx does not read yet". */
export function describeDetection(outcome: DetectionOutcome): string {
  switch (outcome.kind) {
    case 'adapter': return `${outcome.adapter.label} (${outcome.format})`;
    case 'ambiguous': return `either ${outcome.candidates.map((c) => `${c.adapter.label} (${c.format})`).join(' or ')}`;
    case 'lookalike': return outcome.readOnly ? `${outcome.name}, which atx reads ${outcome.readOnly}` : `${outcome.name}, which atx does not read yet`;
    case 'none': return 'in no format atx knows';
  }
}
