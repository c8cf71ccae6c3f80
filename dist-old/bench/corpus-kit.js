/** A category with its size, so that a corpus declares both where the category's generator is. */
export function defineCorpusCategory(category, count, gen) {
    return { category, count, gen };
}
export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';
export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
/** Base62 in the order GitHub and npm use for their checksums: digits, upper, lower. */
export const BASE62 = DIGITS + UPPER + LOWER;
export const B64 = UPPER + LOWER + DIGITS + '+/';
export const B64URL = UPPER + LOWER + DIGITS + '-_';
export const BASE32 = UPPER + '234567';
const CRC_TABLE = (() => {
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        table[n] = c >>> 0;
    }
    return table;
})();
/** CRC-32 (IEEE) of the UTF-8 bytes of `text`. */
export function crc32(text) {
    let crc = 0xffffffff;
    for (const byte of Buffer.from(text, 'utf8'))
        crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
}
/** `n` in base62 (BASE62 digits), left-padded with 0 to `width`. */
export function base62(n, width) {
    let out = '';
    let v = n;
    while (v > 0) {
        out = BASE62[v % 62] + out;
        v = Math.floor(v / 62);
    }
    return out.padStart(width, '0');
}
/** The Luhn digit that completes `payload` (digits only). */
export function luhnCheckDigit(payload) {
    let sum = 0;
    for (let i = payload.length - 1, double = true; i >= 0; i--, double = !double) {
        let d = payload.charCodeAt(i) - 48;
        if (double) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
    }
    return (10 - (sum % 10)) % 10;
}
/** ISO 13616: letters become 10..35, then the remainder of the number mod 97. */
function ibanMod97(text) {
    let rem = 0;
    for (const ch of text) {
        const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
        for (const digit of digits)
            rem = (rem * 10 + (digit.charCodeAt(0) - 48)) % 97;
    }
    return rem;
}
/** The two IBAN check digits for a country code and BBAN (upper case). */
export function ibanCheckDigits(country, bban) {
    return String(98 - ibanMod97(bban + country + '00')).padStart(2, '0');
}
/** Whether a compact IBAN (no spaces) has valid check digits. */
export function ibanChecksumValid(compact) {
    return ibanMod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}
/** `text` in groups of four characters, separated by spaces (IBANs, card numbers). */
export function groupsOf4(text) {
    return text.replace(/(.{4})/g, '$1 ').trim();
}
export function b64(text) {
    return Buffer.from(text).toString('base64');
}
export function b64url(text) {
    return Buffer.from(text).toString('base64url');
}
/** A random version-4 UUID (32 hex drawn, then the variant). */
export function uuid(rng) {
    const h = rng.str(HEX, 32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${rng.pick(['8', '9', 'a', 'b'])}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
//# sourceMappingURL=corpus-kit.js.map