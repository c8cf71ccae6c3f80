/** Shannon entropy in bits per character: a filter after a pattern, never a detector on its own. */
const asciiCounts = new Uint32Array(128);
export function shannonEntropy(text) {
    if (text.length === 0)
        return 0;
    // ASCII in a reused table (candidates are short and many); anything else in a map
    let other = null;
    for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 128)
            asciiCounts[code] += 1;
        else
            (other ??= new Map()).set(code, (other.get(code) ?? 0) + 1);
    }
    let bits = 0;
    const add = (count) => {
        const p = count / text.length;
        bits -= p * Math.log2(p);
    };
    for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 128 && asciiCounts[code] > 0) {
            add(asciiCounts[code]);
            asciiCounts[code] = 0;
        }
    }
    if (other)
        for (const count of other.values())
            add(count);
    return bits;
}
/**
 * Letters and digits as a generator writes them, not as a person names things: at least
 * `minLength` characters with two digits and four letters, high entropy, the class (upper,
 * lower, digit) changing often and the digits in several places. Words joined in camel case
 * (`handleTokenRefreshForUsers2024`) keep to one class for a while and put their digits in one.
 */
export function looksGenerated(body, minLength = 20) {
    if (body.length < minLength || !/^[A-Za-z0-9]+$/.test(body))
        return false;
    let digits = 0;
    let digitRuns = 0;
    let changes = 0;
    for (let i = 0; i < body.length; i++) {
        const cls = classOf(body.charCodeAt(i));
        if (cls === 0) {
            digits += 1;
            if (i === 0 || classOf(body.charCodeAt(i - 1)) !== 0)
                digitRuns += 1;
        }
        if (i > 0 && cls !== classOf(body.charCodeAt(i - 1)))
            changes += 1;
    }
    return digits >= 2 && body.length - digits >= 4 && digitRuns >= 2 && changes >= 0.3 * (body.length - 1) && shannonEntropy(body) >= 3.5;
}
/** 0 digit, 1 lower case, 2 upper case */
function classOf(code) {
    return code <= 57 ? 0 : code >= 97 ? 1 : 2;
}
//# sourceMappingURL=entropy.js.map