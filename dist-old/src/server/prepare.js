/**
 * The CPU-heavy part of an upload once its bytes passed the budget scanner: parse (once), validate
 * against the Transcript schema and its consistency rules, re-serialize what is stored, and hash it.
 * A pure function of the bytes, so it runs the same in a worker thread (document-pool.ts) or inline.
 */
import { createHash } from 'node:crypto';
import { contentDigest } from '../api/contract.js';
import { checkConsistency, eventsSha256, TranscriptSchema } from '../transcript/index.js';
const MAX_FAILING_PATHS = 50;
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
export function prepareDocument(json) {
    let document;
    try {
        document = JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8'));
    }
    catch {
        return { kind: 'not_json' }; // the scanner accepted it, so this is only a safety net
    }
    const parsed = TranscriptSchema.safeParse(document);
    if (!parsed.success) {
        const failing = parsed.error.issues.map((issue) => ({
            path: issue.path.length === 0 ? '(document)' : issue.path.map(String).join('.'),
            message: issue.message,
        }));
        const first = failing[0];
        return {
            kind: 'invalid',
            message: `the body is not a valid Transcript: ${failing.length} problem(s), the first at ${first.path}: ${first.message}`,
            failing: failing.slice(0, MAX_FAILING_PATHS),
        };
    }
    const transcript = parsed.data;
    const disagreements = checkConsistency(transcript);
    if (disagreements.length > 0) {
        const first = disagreements[0];
        return {
            kind: 'invalid',
            message: `the Transcript's parts disagree: ${disagreements.length} problem(s), the first at ${first.path}: ${first.message}`,
            failing: disagreements.slice(0, MAX_FAILING_PATHS),
        };
    }
    const eventsHash = eventsSha256(document.events);
    const claimed = transcript.metrics.eventsSha256;
    if (claimed !== undefined && claimed !== eventsHash) {
        const message = 'is not the SHA-256 of the events as JSON Lines (each event as JSON.stringify writes it, then a newline)';
        return { kind: 'invalid', message: `the Transcript's parts disagree: metrics.eventsSha256 ${message}`, failing: [{ path: 'metrics.eventsSha256', message }] };
    }
    const bytes = Buffer.from(JSON.stringify(document));
    return {
        kind: 'ok',
        transcriptId: transcript.transcriptId,
        agent: transcript.source.agent,
        startedAt: transcript.session.startedAt,
        eventCount: transcript.events.length,
        submitterKeyId: transcript.submitter.keyId,
        sessionId: transcript.source.nativeSessionId ?? null,
        eventsSha256: eventsHash,
        profile: transcript.privacy.profile,
        digest: contentDigest(document, sha256),
        bytes,
        blob: sha256(bytes),
    };
}
//# sourceMappingURL=prepare.js.map