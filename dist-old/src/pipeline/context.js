/**
 * The only place atx reads the clock or makes random ids. Tests inject fixed ones so the
 * same input gives byte-identical output.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
export const systemClock = { now: () => new Date() };
export const fixedClock = (iso) => ({ now: () => new Date(iso) });
/** Formats 16 bytes of a hash as a UUID with the v4 version and RFC 4122 variant bits. */
export function uuidFromHash(hexDigest) {
    const bytes = Buffer.from(hexDigest.slice(0, 32), 'hex');
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
export const randomIds = {
    transcriptId: (contentSha256) => (contentSha256 ? uuidFromHash(contentSha256) : randomUUID()),
    salt: () => randomBytes(16),
    forInput: () => randomIds,
};
/**
 * Repeatable ids for tests and ATX_ID_SEED: the n-th transcript of an input gets the n-th id of the
 * seed, and the i-th input (i > 0) its own seed derived from the run's (the first input keeps the
 * run's seed, so a run of one input is numbered as before inputs had seeds of their own).
 */
export function seededIds(seed) {
    let counter = 0;
    let salts = 0;
    return {
        transcriptId: (contentSha256) => uuidFromHash(contentSha256 ?? createHash('sha256').update(`${seed}:${counter++}`).digest('hex')),
        salt: () => createHash('sha256').update(`${seed}:salt:${salts++}`).digest().subarray(0, 16),
        forInput: (index) => seededIds(index === 0 ? seed : `${seed}#input${index}`),
    };
}
export const defaultContext = () => ({ clock: systemClock, ids: randomIds });
//# sourceMappingURL=context.js.map