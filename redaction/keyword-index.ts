/**
 * Aho-Corasick, case-insensitive: one pass over a string tells which of hundreds of keywords
 * occur in it, at a cost that does not grow with their number (a regular expression alternation
 * of them does).
 *
 * The automaton is built over character classes (only the few dozen characters that occur in
 * keywords get a class of their own; upper-case letters share their lower-case one) and scanned
 * that way: a character's class, then the next state in a table of 16-bit states, rows padded to
 * a power of two. The table stays small enough for the processor's caches (laid out by character
 * code it took 2 MB and the scan waited on memory).
 *
 * Keywords outside ASCII (`contraseña`, `пароль`, `密码`) are found in the same pass: their
 * characters outside ASCII share the classes left over in the rows' padding (so the table does
 * not grow), and a keyword found that way is checked against the text before it is reported.
 * Case is folded as a case-insensitive regular expression folds it (without the `u` flag).
 *
 * The scan has no branch per character: one table over every UTF-16 code gives a character's
 * class (case folded; 0 for a character in no keyword, which leads back to the root), whether it
 * is a run character, and whether it is a letter outside ASCII, and the loop only adds and
 * multiplies them (a branch on `code < 128` per character cost twice the time of the whole lookup).
 */
import { escapeRegExp } from './literals.js';

const ASCII = 128;
const CODES = 0x10000;
/** The bits of a code's entry in the table: run character, letter outside ASCII, ASCII digit, then the class. */
const RUN_BIT = 1;
const NON_ASCII_LETTER_BIT = 2;
const DIGIT_BIT = 4;
const CLASS_SHIFT = 3;

/** Where runs of the index's run characters (at least `length` in a row) start: see forEachFound. */
export interface RunWatch {
  readonly length: number;
  /** filled by the scan */
  readonly starts: number[];
  /** set by the scan: the text has a letter outside ASCII (of any alphabet; symbols and emoji do not count) */
  nonAscii: boolean;
  /** set (to true) by the scan when the text has an ASCII digit */
  digit?: boolean;
}

/** For a scan that does not watch runs: no run is ever this long. */
const NO_RUNS = (): RunWatch => ({ length: Number.POSITIVE_INFINITY, starts: [], nonAscii: false });

export class KeywordIndex {
  /** per state, the ids of the keywords that end there (including through failure links): `outputIds[outputStart[s]..outputStart[s+1])` */
  private readonly outputStart: Int32Array;
  private readonly outputIds: Int32Array;
  /** per UTF-16 code: its class, run character, letter-outside-ASCII and digit bits (see CLASS_SHIFT) */
  private readonly codeInfo: Uint16Array;
  /**
   * The automaton, failure links folded in: `state << classBits | class` → next state. States
   * where a keyword ends are numbered last, so one comparison with `firstReporting` says whether to report.
   */
  private readonly next: Uint16Array;
  private readonly classBits: number;
  private readonly firstReporting: number;

  /** per keyword outside ASCII, the check of an occurrence the automaton reports (null for an ASCII keyword) */
  private readonly exact: ReadonlyArray<RegExp | null>;
  /** the text being scanned, for those checks */
  private scanned = '';

  constructor(readonly keywords: readonly string[], runChars = '') {
    const classOf = new Uint8Array(ASCII);
    let classes = 1;
    const outside = new Set<string>();
    for (const keyword of keywords) {
      for (let i = 0; i < keyword.length; i++) {
        const code = keyword.charCodeAt(i);
        if (code >= ASCII) outside.add(keyword[i]!);
        else if (classOf[code] === 0) classOf[code] = classes++;
      }
    }
    renumberByFrequency(classOf, classes);
    for (let code = 65; code <= 90; code++) classOf[code] = classOf[code + 32]!;
    const folding = outsideFolding([...outside].sort(), classes, Math.max(1, Math.ceil(Math.log2(classes))));
    classes += folding.classes;
    if (classes > 255) throw new Error('too many distinct keyword characters');
    const classAt = (keyword: string, i: number): number => {
      const code = keyword.charCodeAt(i);
      return code < ASCII ? classOf[code]! : folding.classOf.get(code)!;
    };
    // an occurrence found through a shared class may hold another character of that class
    this.exact = keywords.map((keyword) => (/^[\x00-\x7f]*$/.test(keyword) ? null : new RegExp(escapeRegExp(keyword), 'iy')));

    // Built once per worker at start-up, so in time linear in the keywords' characters: the trie
    // in a flat table (`state * classes + class` → child, 0 for none: the root is never a child),
    // failure links along its edges only, then each row of the automaton is its failure state's
    // row (copied) with the state's own edges written over it.
    let maxStates = 1;
    for (const keyword of keywords) maxStates += keyword.length;
    const trie = new Int32Array(maxStates * classes);
    /** each state's first child and next sibling (0: none), and the class of the edge into it */
    const firstChild = new Int32Array(maxStates);
    const sibling = new Int32Array(maxStates);
    const edgeClass = new Int32Array(maxStates);
    const outputs: Array<number[] | undefined> = [];
    let states = 1;
    keywords.forEach((keyword, id) => {
      let state = 0;
      for (let i = 0; i < keyword.length; i++) {
        const cls = classAt(keyword, i);
        const slot = state * classes + cls;
        if (trie[slot] === 0) {
          const child = states++;
          trie[slot] = child;
          edgeClass[child] = cls;
          sibling[child] = firstChild[state]!;
          firstChild[state] = child;
        }
        state = trie[slot]!;
      }
      (outputs[state] ??= []).push(id);
    });

    // Breadth first from the root, along edges of class 1 and up (class 0, a character in no
    // keyword, always leads back to the root: what hangs below it is never reached).
    const fail = new Int32Array(states);
    const queue = new Int32Array(states);
    let tail = 0;
    queue[tail++] = 0;
    for (let head = 0; head < tail; head++) {
      const state = queue[head]!;
      if (state !== 0) {
        const inherited = outputs[fail[state]!];
        if (inherited) (outputs[state] ??= []).push(...inherited);
      }
      for (let child = firstChild[state]!; child !== 0; child = sibling[child]!) {
        const cls = edgeClass[child]!;
        if (cls === 0) continue;
        if (state !== 0) {
          let f = fail[state]!;
          while (f !== 0 && trie[f * classes + cls] === 0) f = fail[f]!;
          fail[child] = trie[f * classes + cls]!;
        }
        queue[tail++] = child;
      }
    }

    // States where a keyword ends come last (see `next`); each group breadth first, so that the
    // rows of the states near the root, where a scan spends most of its time, lie together.
    if (states > 0xffff) throw new Error('too many keyword states for 16-bit states');
    const breadthFirst = Array.from(queue.subarray(0, tail));
    const reached = new Uint8Array(states);
    for (const state of breadthFirst) reached[state] = 1;
    for (let state = 0; state < states; state++) if (reached[state] === 0) breadthFirst.push(state);
    const order = breadthFirst.filter((state) => !outputs[state]);
    this.firstReporting = order.length;
    for (const state of breadthFirst) if (outputs[state]) order.push(state);
    const renumbered = new Int32Array(states);
    for (let index = 0; index < states; index++) renumbered[order[index]!] = index;
    const classBits = Math.max(1, Math.ceil(Math.log2(classes)));
    this.classBits = classBits;
    const width = 1 << classBits;
    const table = new Uint16Array(states << classBits);
    for (let head = 0; head < tail; head++) {
      const state = queue[head]!;
      const row = renumbered[state]! << classBits;
      if (state === 0) table.fill(renumbered[0]!, row, row + width);
      else {
        const failRow = renumbered[fail[state]!]! << classBits;
        table.copyWithin(row, failRow, failRow + width);
      }
      for (let child = firstChild[state]!; child !== 0; child = sibling[child]!) {
        if (edgeClass[child] !== 0) table[row | edgeClass[child]!] = renumbered[child]!;
      }
    }
    this.next = table;
    this.codeInfo = new Uint16Array(CODES);
    for (let code = 0; code < ASCII; code++) this.codeInfo[code] = (classOf[code]! << CLASS_SHIFT) | (code >= 48 && code <= 57 ? DIGIT_BIT : 0);
    for (const char of runChars) this.codeInfo[char.charCodeAt(0)]! |= RUN_BIT;
    // letters of other alphabets; not arrows, bullets, box drawing or emoji (0x2000-0x2fff, surrogates)
    this.codeInfo.fill(NON_ASCII_LETTER_BIT, ASCII, 0x2000).fill(NON_ASCII_LETTER_BIT, 0x3000, 0xd800);
    for (const [code, cls] of folding.classOf) this.codeInfo[code]! |= cls << CLASS_SHIFT;
    this.outputStart = new Int32Array(states + 1);
    for (let index = 0; index < states; index++) this.outputStart[index + 1] = this.outputStart[index]! + (outputs[order[index]!]?.length ?? 0);
    this.outputIds = new Int32Array(this.outputStart[states]!);
    for (let index = this.firstReporting; index < states; index++) this.outputIds.set(outputs[order[index]!]!, this.outputStart[index]!);
  }

  /**
   * Calls `found` for each occurrence of a keyword in `text`, with its id and the index of its
   * last character. With `runs`, the same pass also notes where each run of at least `runs.length` of
   * the index's run characters starts (the scanner's base64 candidates), since a second pass over
   * every character would cost as much as this one.
   */
  forEachFound(text: string, found: (id: number, end: number) => void, runs: RunWatch = NO_RUNS()): void {
    const { codeInfo, next, classBits, firstReporting } = this;
    const { length, starts } = runs;
    this.scanned = text;
    let state = 0;
    let run = 0;
    let seen = 0;
    for (let i = 0; i < text.length; i++) {
      const info = codeInfo[text.charCodeAt(i)]!;
      state = next[(state << classBits) | (info >> CLASS_SHIFT)]!;
      run = (run + 1) * (info & RUN_BIT);
      seen |= info;
      if (run === length) starts.push(i + 1 - length);
      if (state >= firstReporting) this.report(state, i, found);
    }
    this.scanned = '';
    if ((seen & NON_ASCII_LETTER_BIT) !== 0) runs.nonAscii = true;
    if ((seen & DIGIT_BIT) !== 0) runs.digit = true;
  }

  private report(state: number, at: number, found: (id: number, end: number) => void): void {
    const end = this.outputStart[state + 1]!;
    for (let k = this.outputStart[state]!; k < end; k++) {
      const id = this.outputIds[k]!;
      const exact = this.exact[id];
      if (exact) {
        exact.lastIndex = at + 1 - this.keywords[id]!.length;
        if (!exact.test(this.scanned)) continue;
      }
      found(id, at);
    }
  }
}

/**
 * The ASCII characters most frequent in what agents write (lower case stands for both cases),
 * most frequent first. A row of the automaton's table spans several cache lines; numbering
 * these characters' classes first puts the entries a scan reads nearly always into one line of
 * each row. (Only the numbering changes: which characters share a class does not.)
 */
const FREQUENT = ' etaoinsrlcdupmhgfbywvkxjqz".-_/:,=\n0123456789()';

/** Renumbers the ASCII classes 1..classes-1 of `classOf` (in place): those of FREQUENT's characters first, in its order. */
function renumberByFrequency(classOf: Uint8Array, classes: number): void {
  const renumbered = new Uint8Array(classes);
  let next = 1;
  for (const char of FREQUENT) {
    const cls = classOf[char.charCodeAt(0)]!;
    if (cls !== 0 && renumbered[cls] === 0) renumbered[cls] = next++;
  }
  for (let cls = 1; cls < classes; cls++) if (renumbered[cls] === 0) renumbered[cls] = next++;
  for (let code = 0; code < ASCII; code++) classOf[code] = renumbered[classOf[code]!]!;
}

/**
 * Classes for the characters outside ASCII of the keywords, from `first` on: characters that a
 * case-insensitive regular expression (without `u`) takes for one another share a class, and
 * when there are more of them than the classes the rows' padding leaves (`asciiBits` wide),
 * several share one. `classOf` holds every UTF-16 code that is taken for one of `chars`.
 */
function outsideFolding(chars: readonly string[], first: number, asciiBits: number): { classes: number; classOf: Map<number, number> } {
  const classOf = new Map<number, number>();
  if (chars.length === 0) return { classes: 0, classOf };
  const folded = [...new Set(chars.map((char) => caseFolded(char.charCodeAt(0))))];
  const classes = Math.max(1, Math.min(folded.length, (1 << asciiBits) - first));
  const classOfFolded = new Map(folded.map((code, index) => [code, first + (index % classes)]));
  for (const char of chars) classOf.set(char.charCodeAt(0), classOfFolded.get(caseFolded(char.charCodeAt(0)))!);
  for (const [from, to] of CASED_OUTSIDE_ASCII) {
    for (let code = from; code <= to; code++) {
      const cls = classOfFolded.get(caseFolded(code));
      if (cls !== undefined) classOf.set(code, cls);
    }
  }
  return { classes, classOf };
}

/**
 * The blocks outside ASCII that hold every character with another case (Latin, Greek, Cyrillic,
 * Armenian, Georgian, Cherokee, Glagolitic, Coptic, letterlike symbols, circled and full-width
 * letters, ...): a character elsewhere is taken for itself only. A test checks this against the
 * regular expression engine for every UTF-16 code.
 */
export const CASED_OUTSIDE_ASCII: ReadonlyArray<readonly [number, number]> = [
  [0x00b5, 0x058f], [0x10a0, 0x10ff], [0x13a0, 0x13ff], [0x1c80, 0x1cbf], [0x1d00, 0x1fff],
  [0x2100, 0x218f], [0x24b6, 0x24e9], [0x2c00, 0x2d2f], [0xa640, 0xa7ff], [0xab30, 0xabbf],
  [0xfb00, 0xfb17], [0xff21, 0xff5a],
];

/**
 * The code a case-insensitive regular expression (without `u`) compares a character by: its
 * upper case when that is one code unit, unless that would take a character outside ASCII into it.
 */
export function caseFolded(code: number): number {
  const upper = String.fromCharCode(code).toUpperCase();
  if (upper.length !== 1) return code;
  const folded = upper.charCodeAt(0);
  return code >= ASCII && folded < ASCII ? code : folded;
}
