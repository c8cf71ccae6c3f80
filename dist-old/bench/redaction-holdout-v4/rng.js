/**
 * Seeded randomness and checksums for the blind v4 holdout. Its own generator (xoshiro128**,
 * seeded by sha256 of a label through splitmix32), shared with no other corpus and not the engine.
 */
import { createHash } from 'node:crypto';
function splitmix32(state) {
    state.s = (state.s + 0x9e3779b9) | 0;
    let z = state.s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
}
export class Rng {
    s;
    constructor(label) {
        const seed = { s: createHash('sha256').update(label).digest().readInt32LE(0) };
        this.s = new Uint32Array([splitmix32(seed), splitmix32(seed), splitmix32(seed), splitmix32(seed) | 1]);
    }
    nextU32() {
        let [a, b, c, d] = [this.s[0], this.s[1], this.s[2], this.s[3]];
        const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
        const t = b << 9;
        c ^= a;
        d ^= b;
        b ^= c;
        a ^= d;
        c ^= t;
        d = rotl(d, 11);
        this.s.set([a, b, c, d]);
        return result;
    }
    /** A float in [0, 1). */
    float() {
        return this.nextU32() / 4294967296;
    }
    /** An integer in [lo, hi], both included. */
    between(lo, hi) {
        return lo + Math.floor(this.float() * (hi - lo + 1));
    }
    one(xs) {
        return xs[Math.floor(this.float() * xs.length)];
    }
    coin(p = 0.5) {
        return this.float() < p;
    }
    chars(alphabet, n) {
        return Array.from({ length: n }, () => alphabet[Math.floor(this.float() * alphabet.length)]).join('');
    }
    bytes(n) {
        return Buffer.from(Array.from({ length: n }, () => this.between(0, 255)));
    }
}
function rotl(x, k) {
    return ((x << k) | (x >>> (32 - k))) >>> 0;
}
function charRange(from, to) {
    const start = from.charCodeAt(0);
    return String.fromCharCode(...Array.from({ length: to.charCodeAt(0) - start + 1 }, (_, k) => start + k));
}
export const NUM = charRange('0', '9');
export const UP = charRange('A', 'Z');
export const LOW = charRange('a', 'z');
export const HEXL = NUM + charRange('a', 'f');
export const AN = UP + LOW + NUM;
export const AN_UP = UP + NUM;
export const URLSAFE = AN + '-_';
/**
 * `n` characters of `alphabet`, with at least one of each of its classes (upper, lower, digit):
 * one character of each class is put into its own slice of the token.
 */
export function token(rng, n, alphabet = AN) {
    const chars = rng.chars(alphabet, n).split('');
    const classes = [UP, LOW, NUM].map((cls) => [...cls].filter((c) => alphabet.includes(c)).join('')).filter(Boolean);
    const span = Math.floor(n / classes.length);
    classes.forEach((cls, k) => {
        chars[k * span + rng.between(0, span - 1)] = rng.chars(cls, 1);
    });
    return chars.join('');
}
export function hex(rng, n) {
    return token(rng, n, HEXL);
}
export function base64Of(rng, bytes) {
    return rng.bytes(bytes).toString('base64');
}
export function base64UrlOf(rng, bytes) {
    return rng.bytes(bytes).toString('base64url');
}
export function uuid4(rng) {
    const h = rng.chars(HEXL, 32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${rng.one(['8', '9', 'a', 'b'])}${h.slice(17, 20)}-${h.slice(20)}`;
}
/** CRC-32 (IEEE), bit by bit: only a few short strings are checksummed. */
export function crc32(s) {
    let c = ~0;
    for (const byte of Buffer.from(s, 'utf8')) {
        c ^= byte;
        for (let k = 0; k < 8; k++)
            c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
}
const BASE62 = NUM + UP + LOW;
/** `n` base62 digits of a number, zero-padded (the checksum tail of GitHub and npm tokens). */
export function base62(value, n) {
    return Array.from({ length: n }, (_, i) => BASE62[Math.floor(value / 62 ** (n - 1 - i)) % 62]).join('');
}
export function luhnCheckDigit(body) {
    const sum = [...body].reverse().reduce((acc, ch, i) => {
        const d = Number(ch) * (i % 2 === 0 ? 2 : 1);
        return acc + (d > 9 ? d - 9 : d);
    }, 0);
    return String((10 - (sum % 10)) % 10);
}
/** ISO 13616 mod-97 check digits. */
export function ibanCheckDigits(country, bban) {
    const digits = (bban + country + '00').toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    return String(98n - (BigInt(digits) % 97n)).padStart(2, '0');
}
const PASS_WORDS = ['orbit', 'canyon', 'velvet', 'prairie', 'lichen', 'basalt', 'monsoon', 'tangelo', 'heron', 'sequoia', 'kestrel', 'fjord', 'obsidian', 'marigold', 'tamarind', 'borealis', 'umber', 'quill'];
/** A password a person or a generator chose; `punct` allows characters that need quoting. */
export function passphrase(rng, punct = true) {
    const cap = (w) => w[0].toUpperCase() + w.slice(1);
    switch (rng.between(0, 2)) {
        case 0: return `${cap(rng.one(PASS_WORDS))}${rng.chars(NUM, rng.between(2, 4))}${rng.one(punct ? ['!', '%', '@', '.'] : ['_', '-', '.'])}${cap(rng.one(PASS_WORDS))}`;
        case 1: return token(rng, rng.between(20, 32));
        default: return token(rng, 6) + rng.one(punct ? ['!', '@'] : ['_']) + token(rng, rng.between(10, 16)) + rng.one(['.', '-']) + rng.chars(NUM, 2);
    }
}
//# sourceMappingURL=rng.js.map