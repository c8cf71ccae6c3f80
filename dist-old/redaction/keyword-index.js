/**
 * Aho-Corasick over ASCII, case-insensitive: one pass over a string tells which of hundreds of
 * keywords occur in it, at a cost that does not grow with their number (a regular expression
 * alternation of them does). Keywords are lower-case; characters outside ASCII never match.
 *
 * The automaton is built over character classes (only the few dozen characters that occur in
 * keywords get a class of their own; upper-case letters share their lower-case one) and scanned
 * that way: a character's class, then the next state in a table of 16-bit states, rows padded to
 * a power of two. The table stays small enough for the processor's caches (laid out by character
 * code it took 2 MB and the scan waited on memory).
 *
 * The scan has no branch per character: one table over every UTF-16 code gives a character's
 * class (case folded; 0 outside ASCII, which leads back to the root), whether it is a run
 * character, and whether it is a letter outside ASCII, and the loop only adds and multiplies
 * them (a branch on `code < 128` per character cost twice the time of the whole lookup).
 */
const ASCII = 128;
const CODES = 0x10000;
/** The bits of a code's entry in the table: run character, letter outside ASCII, then the class. */
const RUN_BIT = 1;
const NON_ASCII_LETTER_BIT = 2;
const CLASS_SHIFT = 2;
/** For a scan that does not watch runs: no run is ever this long. */
const NO_RUNS = () => ({ length: Number.POSITIVE_INFINITY, starts: [], nonAscii: false });
export class KeywordIndex {
    keywords;
    /** per state, the ids of the keywords that end there (including through failure links): `outputIds[outputStart[s]..outputStart[s+1])` */
    outputStart;
    outputIds;
    /** per UTF-16 code: its class, run character and letter-outside-ASCII bits (see CLASS_SHIFT) */
    codeInfo;
    /**
     * The automaton, failure links folded in: `state << classBits | class` → next state. States
     * where a keyword ends are numbered last, so one comparison with `firstReporting` says whether to report.
     */
    next;
    classBits;
    firstReporting;
    constructor(keywords, runChars = '') {
        this.keywords = keywords;
        const classOf = new Uint8Array(ASCII);
        let classes = 1;
        for (const keyword of keywords) {
            for (let i = 0; i < keyword.length; i++) {
                const code = keyword.charCodeAt(i);
                if (code >= ASCII)
                    throw new Error(`keyword ${JSON.stringify(keyword)}: only ASCII keywords are supported`);
                if (classOf[code] === 0)
                    classOf[code] = classes++;
            }
        }
        for (let code = 65; code <= 90; code++)
            classOf[code] = classOf[code + 32];
        if (classes > 255)
            throw new Error('too many distinct keyword characters');
        const goto = [new Map()];
        const outputs = [[]];
        keywords.forEach((keyword, id) => {
            let state = 0;
            for (let i = 0; i < keyword.length; i++) {
                const cls = classOf[keyword.charCodeAt(i)];
                let target = goto[state].get(cls);
                if (target === undefined) {
                    target = goto.length;
                    goto.push(new Map());
                    outputs.push([]);
                    goto[state].set(cls, target);
                }
                state = target;
            }
            outputs[state].push(id);
        });
        const next = new Int32Array(goto.length * classes);
        const fail = new Int32Array(goto.length);
        const queue = [];
        for (let cls = 1; cls < classes; cls++) {
            const target = goto[0].get(cls) ?? 0;
            next[cls] = target;
            if (target !== 0)
                queue.push(target);
        }
        for (let head = 0; head < queue.length; head++) {
            const state = queue[head];
            outputs[state].push(...outputs[fail[state]]);
            for (let cls = 1; cls < classes; cls++) {
                const target = goto[state].get(cls);
                if (target === undefined) {
                    next[state * classes + cls] = next[fail[state] * classes + cls];
                }
                else {
                    fail[target] = next[fail[state] * classes + cls];
                    next[state * classes + cls] = target;
                    queue.push(target);
                }
            }
            // class 0 (a character in no keyword) always leads back to the root: next[...] stays 0
        }
        // States where a keyword ends come last (see `next`).
        const order = outputs.map((_ids, state) => state).sort((a, b) => Number(outputs[a].length > 0) - Number(outputs[b].length > 0) || a - b);
        if (order.length > 0xffff)
            throw new Error('too many keyword states for 16-bit states');
        const renumbered = new Int32Array(order.length);
        order.forEach((state, index) => { renumbered[state] = index; });
        const firstReporting = order.findIndex((state) => outputs[state].length > 0);
        this.firstReporting = firstReporting < 0 ? order.length : firstReporting;
        this.classBits = Math.max(1, Math.ceil(Math.log2(classes)));
        this.next = new Uint16Array(order.length << this.classBits);
        for (let state = 0; state < order.length; state++) {
            for (let cls = 0; cls < classes; cls++) {
                this.next[(renumbered[state] << this.classBits) | cls] = renumbered[next[state * classes + cls]];
            }
        }
        this.codeInfo = new Uint16Array(CODES);
        for (let code = 0; code < ASCII; code++)
            this.codeInfo[code] = classOf[code] << CLASS_SHIFT;
        for (const char of runChars)
            this.codeInfo[char.charCodeAt(0)] |= RUN_BIT;
        // letters of other alphabets; not arrows, bullets, box drawing or emoji (0x2000-0x2fff, surrogates)
        this.codeInfo.fill(NON_ASCII_LETTER_BIT, ASCII, 0x2000).fill(NON_ASCII_LETTER_BIT, 0x3000, 0xd800);
        this.outputStart = new Int32Array(order.length + 1);
        order.forEach((state, index) => { this.outputStart[index + 1] = this.outputStart[index] + outputs[state].length; });
        this.outputIds = Int32Array.from(order.flatMap((state) => outputs[state]));
    }
    /**
     * Calls `found` for each occurrence of a keyword in `text`, with its id and the index of its
     * last character. With `runs`, the same pass also notes where each run of at least `runs.length` of
     * the index's run characters starts (the scanner's base64 candidates), since a second pass over
     * every character would cost as much as this one.
     */
    forEachFound(text, found, runs = NO_RUNS()) {
        const { codeInfo, next, classBits, firstReporting } = this;
        const { length, starts } = runs;
        let state = 0;
        let run = 0;
        let seen = 0;
        for (let i = 0; i < text.length; i++) {
            const info = codeInfo[text.charCodeAt(i)];
            state = next[(state << classBits) | (info >> CLASS_SHIFT)];
            run = (run + 1) * (info & RUN_BIT);
            seen |= info;
            if (run === length)
                starts.push(i + 1 - length);
            if (state >= firstReporting)
                this.report(state, i, found);
        }
        if ((seen & NON_ASCII_LETTER_BIT) !== 0)
            runs.nonAscii = true;
    }
    report(state, at, found) {
        const end = this.outputStart[state + 1];
        for (let k = this.outputStart[state]; k < end; k++)
            found(this.outputIds[k], at);
    }
}
//# sourceMappingURL=keyword-index.js.map