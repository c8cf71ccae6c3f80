/**
 * Seeded draws for the blind v5 holdout: bench/random.ts's sfc32, its state taken from the sha256 of
 * a label, so that every category has a sequence of its own. Value helpers live here too.
 */
import { createHash } from 'node:crypto';
import { BASE62, crc32, DIGITS, HEX, LOWER, UPPER, base62 } from '../corpus-kit.js';
import { Sfc32 } from '../random.js';
export function seeded(label) {
    const d = createHash('sha256').update(label).digest();
    return new Sfc32([d.readUInt32LE(0), d.readUInt32LE(4), d.readUInt32LE(8), d.readUInt32LE(12)], 16);
}
export const ALNUM = UPPER + LOWER + DIGITS;
export const URL_SAFE = ALNUM + '-_';
/** `n` characters of `alphabet` holding (from 3 characters on) an upper-case letter, a lower-case letter and a digit, each when the alphabet has them. */
export function mixed(rng, n, alphabet = ALNUM) {
    if (n < 3)
        return rng.str(alphabet, n);
    for (;;) {
        const s = rng.str(alphabet, n);
        const lacks = [UPPER, LOWER, DIGITS].some((cls) => [...cls].some((c) => alphabet.includes(c)) && ![...s].some((c) => cls.includes(c)));
        if (!lacks)
            return s;
    }
}
export function hexOf(rng, n) {
    for (;;) {
        const s = rng.str(HEX, n);
        if (/[a-f]/.test(s) && /\d/.test(s))
            return s;
    }
}
export function randomBytes(rng, n) {
    return Buffer.from(Array.from({ length: n }, () => rng.int(0, 255)));
}
/** A prefix, 30 random base62 characters and the 6-character base62 CRC-32 of them (GitHub and npm tokens). */
export function crcToken(rng, prefix) {
    const body = mixed(rng, 30, BASE62);
    return prefix + body + base62(crc32(body), 6);
}
const WORDS = ['amber', 'quartz', 'tundra', 'saffron', 'pylon', 'cobalt', 'drizzle', 'juniper', 'lantern', 'meadow', 'nimbus', 'oxbow', 'pepper', 'ridge', 'sorrel', 'thistle', 'walnut', 'zephyr'];
/** A password someone picked or a manager generated. */
export function password(rng) {
    const word = () => {
        const w = rng.pick(WORDS);
        return w[0].toUpperCase() + w.slice(1);
    };
    switch (rng.int(0, 3)) {
        case 0: return `${word()}${rng.pick(['#', '!', '$', '%', '&'])}${rng.str(DIGITS, rng.int(3, 4))}${word()}`;
        case 1: return mixed(rng, rng.int(16, 28));
        case 2: return `${mixed(rng, rng.int(5, 8))}${rng.pick(['@', '^', '*', '~'])}${mixed(rng, rng.int(8, 12))}`;
        default: return `${word().toLowerCase()}-${word().toLowerCase()}-${word().toLowerCase()}-${rng.str(DIGITS, 2)}`;
    }
}
/** A lower-case identifier of a service, bucket, database, … */
export function slug(rng) {
    return `${rng.pick(['orders', 'billing', 'ledger', 'search', 'ingest', 'catalog', 'auth', 'notify', 'reports', 'media'])}${rng.pick(['', '-api', '-svc', '-worker', '-db', '-prod', '-stg'])}`;
}
export function hostName(rng) {
    return `${slug(rng)}.${rng.pick(['internal', 'corp.lan', 'prod.acme-logistics.io', 'eu-west-1.rds.amazonaws.com', 'c.fernway.dev', 'svc.cluster.local'])}`;
}
export function isoTime(rng) {
    const pad = (n) => String(n).padStart(2, '0');
    return `2026-${pad(rng.int(1, 11))}-${pad(rng.int(1, 28))}T${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}Z`;
}
//# sourceMappingURL=rng.js.map