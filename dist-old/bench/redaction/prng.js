/**
 * Seeded pseudo-random numbers for the redaction corpus: cyrb128 hashes the seed string into
 * 128 bits, sfc32 generates from them. Same seed, same sequence, on every platform.
 */
import { Sfc32 } from '../random.js';
function cyrb128(text) {
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    for (let i = 0; i < text.length; i++) {
        const k = text.charCodeAt(i);
        h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
        h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
        h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
        h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
    h1 ^= h2 ^ h3 ^ h4;
    h2 ^= h1;
    h3 ^= h1;
    h4 ^= h1;
    return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
export class Rng extends Sfc32 {
    constructor(seed) {
        super(cyrb128(seed), 16);
    }
    bytes(n) {
        const buf = Buffer.alloc(n);
        for (let i = 0; i < n; i++)
            buf[i] = this.u32() & 0xff;
        return buf;
    }
    shuffle(items) {
        for (let i = items.length - 1; i > 0; i--) {
            const j = Math.floor(this.next() * (i + 1));
            const tmp = items[i];
            items[i] = items[j];
            items[j] = tmp;
        }
        return items;
    }
    /** Up to `n` distinct items in random order. */
    sample(items, n) {
        return this.shuffle([...items]).slice(0, n);
    }
    /** An independent generator derived from this one (the parent advances by one step). */
    fork(label) {
        return new Rng(`${label}:${this.u32()}`);
    }
}
//# sourceMappingURL=prng.js.map