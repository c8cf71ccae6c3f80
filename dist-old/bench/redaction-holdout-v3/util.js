/**
 * Seeded randomness, alphabets and checksums for the blind v3 holdout. The generator is the bench's
 * sfc32 (bench/random.ts) seeded its own way, from sha256 of a label: nothing here depends on the
 * engine's sources.
 */
import { createHash } from 'node:crypto';
import { DIGITS, HEX, ibanCheckDigits, LOWER, luhnCheckDigit, UPPER } from '../corpus-kit.js';
import { Sfc32 } from '../random.js';
export class Rng extends Sfc32 {
    constructor(seed) {
        const h = createHash('sha256').update(seed).digest();
        super([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12) | 1], 16);
    }
    digits(n) {
        return this.str(DIGITS, n);
    }
}
export { B64, B64URL, BASE32, b64, b64url, DIGITS, groupsOf4 as group4, HEX, LOWER, UPPER, uuid } from '../corpus-kit.js';
/** Letters first: the holdout draws its tokens over this order. */
export const ALNUM = UPPER + LOWER + DIGITS;
export const LOWER_ALNUM = LOWER + DIGITS;
export const UPPER_ALNUM = UPPER + DIGITS;
export const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
/** A random token of `n` characters that mixes upper, lower and digits (retries until it does). */
export function mixed(rng, n, alphabet = ALNUM) {
    for (;;) {
        const s = rng.str(alphabet, n);
        if (/[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s))
            return s;
    }
}
export function hexOf(rng, n) {
    for (;;) {
        const s = rng.str(HEX, n);
        if (/[a-f]/.test(s) && /[0-9]/.test(s))
            return s;
    }
}
/** `bytes` bytes, each drawn as an integer in [0, 255]. */
function drawnBytes(rng, bytes) {
    const buf = Buffer.alloc(bytes);
    for (let i = 0; i < bytes; i++)
        buf[i] = rng.int(0, 255);
    return buf;
}
/** Base64 (standard, padded) of `bytes` random bytes. */
export function b64Bytes(rng, bytes) {
    return drawnBytes(rng, bytes).toString('base64');
}
export function b64urlBytes(rng, bytes) {
    return drawnBytes(rng, bytes).toString('base64url');
}
const WORDS = ['maple', 'harbor', 'copper', 'violet', 'glacier', 'tundra', 'falcon', 'orchid', 'ember', 'quartz', 'lantern', 'meadow', 'saffron', 'thistle', 'cobalt', 'juniper', 'nectar', 'pebble', 'zephyr', 'walnut', 'sparrow', 'cinder', 'marlin', 'opal', 'raven', 'willow'];
const SYMBOLS = '!#%&*+-=?@^_~';
/** A human-chosen-looking password (word, digits, symbol), or a generated one. */
export function password(rng) {
    const cap = (w) => w[0].toUpperCase() + w.slice(1);
    switch (rng.int(0, 3)) {
        case 0: return `${cap(rng.pick(WORDS))}${rng.pick(SYMBOLS.split(''))}${cap(rng.pick(WORDS))}${rng.digits(rng.int(2, 4))}`;
        case 1: return `${cap(rng.pick(WORDS))}${rng.digits(3)}${rng.pick(['!', '#', '$', '%'])}${rng.str(LOWER, 3)}`;
        case 2: return mixed(rng, rng.int(18, 28));
        default: {
            for (;;) {
                const s = rng.str(ALNUM + '!#%*-_=+', rng.int(14, 22));
                if (/[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s) && /[^A-Za-z0-9]/.test(s))
                    return s;
            }
        }
    }
}
/** A password safe inside URLs, shells and quotes without escaping. */
export function urlSafePassword(rng) {
    const cap = (w) => w[0].toUpperCase() + w.slice(1);
    return rng.chance(0.5) ? `${cap(rng.pick(WORDS))}${rng.digits(rng.int(2, 4))}${rng.pick(['_', '-', '.', '~'])}${cap(rng.pick(WORDS))}` : mixed(rng, rng.int(16, 26));
}
/** The Luhn digit that completes `partial`, as a character. */
export function luhnDigit(partial) {
    return String(luhnCheckDigit(partial));
}
export function luhnValid(n) {
    return luhnDigit(n.slice(0, -1)) === n.slice(-1);
}
/** ISO 13616 check digits for a country code and BBAN. */
export function ibanCheck(country, bban) {
    return ibanCheckDigits(country.toUpperCase(), bban.toUpperCase());
}
export const FIRST = ['Amelia', 'Bruno', 'Chiara', 'Dmitri', 'Elif', 'Farid', 'Greta', 'Hiroshi', 'Ines', 'Jonas', 'Kavya', 'Lucas', 'Maren', 'Nikolai', 'Olga', 'Priya', 'Rafael', 'Sofia', 'Tomasz', 'Ulrike', 'Valentina', 'Wei', 'Yusuf', 'Zofia', 'Mateo', 'Aoife', 'Sipho', 'Leilani'];
export const LAST = ['Andersson', 'Bianchi', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Gallagher', 'Haddad', 'Ivanova', 'Jansen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rossi', 'Schneider', 'Tanaka', 'Urbina', 'Varga', 'Whitfield', 'Yilmaz', 'Zimmermann', 'Brennan', 'Mensah', 'Kealoha'];
/** A category of `count` cases, each drawn from one of `templates` (declared where the templates are). */
export function anyOf(category, count, templates) {
    return { category, count, gen: (r) => r.pick(templates)(r) };
}
//# sourceMappingURL=util.js.map