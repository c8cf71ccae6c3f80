import { recogniseLookalike } from '../../adapters/lookalikes.js';
/** Below this, a guess is not good enough to convert with: the user is asked to use --from. */
const MIN_CONFIDENCE = 0.5;
/** An adapter this sure has seen a field only its own program writes: it outranks a look-alike. */
const UNIQUE_EVIDENCE = 0.95;
/** Two adapters closer than this are a tie that detection will not break by table order. */
const TIE = 0.05;
/** `values` are the sample's non-object JSON values (a Cline task file is one array), for look-alikes only. */
export function detectFormat(adapters, sample, values = []) {
    const candidates = [];
    for (const adapter of adapters) {
        const detection = adapter.detect(sample);
        if (detection && detection.confidence >= MIN_CONFIDENCE)
            candidates.push({ adapter, format: detection.format, confidence: detection.confidence });
    }
    candidates.sort((a, b) => b.confidence - a.confidence);
    const [best, second] = candidates;
    if (!best || best.confidence < UNIQUE_EVIDENCE) {
        const lookalike = recogniseLookalike([...sample, ...values]);
        if (lookalike)
            return { kind: 'lookalike', name: lookalike.name };
    }
    if (!best)
        return { kind: 'none' };
    if (second && best.confidence - second.confidence < TIE)
        return { kind: 'ambiguous', candidates: candidates.filter((c) => best.confidence - c.confidence < TIE) };
    return { kind: 'adapter', ...best };
}
/** One phrase for messages: "Claude Code (claude-code/session-jsonl)", "a Qwen Code chat file, which atx does not read yet". */
export function describeDetection(outcome) {
    switch (outcome.kind) {
        case 'adapter': return `${outcome.adapter.label} (${outcome.format})`;
        case 'ambiguous': return `either ${outcome.candidates.map((c) => `${c.adapter.label} (${c.format})`).join(' or ')}`;
        case 'lookalike': return `${outcome.name}, which atx does not read yet`;
        case 'none': return 'in no format atx knows';
    }
}
//# sourceMappingURL=detect.js.map