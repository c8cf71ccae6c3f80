import { asRecord } from './json.js';
/**
 * Detection over a sample of parsed records. `proof` names a format from one record alone (a
 * document's header, a line only that form writes): the first proof decides. Otherwise `evidence`
 * folds each record into a confidence for `fallbackFormat` (a stream of lines that each only
 * hint); zero means "not ours".
 */
export function detectInSample(sample, proof, evidence, fallbackFormat) {
    let confidence = 0;
    for (const item of sample) {
        const record = asRecord(item);
        if (!record)
            continue;
        const proven = proof(record);
        if (proven)
            return proven;
        confidence = evidence(record, confidence);
    }
    return confidence > 0 ? { confidence, format: fallbackFormat } : null;
}
/** The `evidence` of a stream whose lines each carry their own confidence: the strongest line counts. */
export const strongestLine = (lineConfidence) => (record, soFar) => Math.max(soFar, lineConfidence(record));
//# sourceMappingURL=detect.js.map