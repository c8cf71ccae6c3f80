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
 * A space between two words of a keyword (`gh secret set`, `you have`) matches any run of spaces
 * and tabs, as the rules' patterns take `[ \t]+` there: such keywords have an automaton of their
 * own that reads each run of blanks as one space, and the table runs both at once (a state per
 * pair of theirs), so the scan still makes one lookup a character. An occurrence is reported
 * with where it starts, which is no longer its end less its length.
 *
 * The scan has no branch per character: one table over every UTF-16 code gives a character's
 * class (case folded; 0 for a character in no keyword, which leads back to the root), whether it
 * is a run character, and whether it is a letter outside ASCII, and the loop only adds and
 * multiplies them (a branch on `code < 128` per character cost twice the time of the whole lookup).
 */
import { escapeRegExp } from './literals.js';

const ASCII = 128;
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

/** Told of a keyword's occurrence: its id, the index of its last character and of its first. */
export type KeywordFound = (id: number, end: number, start: number) => void;

/**
 * The blanks a space inside a keyword stands for, any number of them in a row (`gh secret  set`,
 * `you\thave`): the rules' patterns take `[ \t]+` between a command's or a phrase's words. Not
 * line breaks: no pattern behind such a keyword takes one there.
 */
const BLANKS = ' \t';
const BLANK_RUN = '[ \\t]+';
/**
 * A keyword whose spaces match runs of blanks: its only blanks are single spaces between other
 * characters. A space at a keyword's edge (`bot `, ` st `) or next to another blank (`-- \n`,
 * `  [ `) stays one space: it says what is beside the word, not what separates two.
 */
const SPACED = /^[^\s]+(?: [^\s]+)+$/;

/** For a scan that does not watch runs: no run is ever this long. */
const NO_RUNS = (): RunWatch => ({ length: Number.POSITIVE_INFINITY, starts: [], nonAscii: false });

/**
 * The automaton as a scan reads it: built from the keywords (buildKeywordTables), or read back from
 * the file the build wrote for a built-in profile's keywords (keyword-tables.ts), which saves a
 * process the build (tens of ms of CPU in a fresh process, before the JIT has warmed up).
 */
export interface KeywordTables {
  /** per state, the ids of the keywords that end there (including through failure links): `outputIds[outputStart[s]..outputStart[s+1])` */
  readonly outputStart: Int32Array;
  readonly outputIds: Int32Array;
  /** per UTF-16 code: its class, run character, letter-outside-ASCII and digit bits (see CLASS_SHIFT) */
  readonly codeInfo: Uint16Array;
  /**
   * The automaton, failure links folded in: `state << classBits | class` → next state. States
   * where a keyword ends are numbered last, so one comparison with `firstReporting` says whether to report.
   */
  readonly next: Uint16Array;
  readonly classBits: number;
  readonly firstReporting: number;
}

/** How many entries `codeInfo` has: one per UTF-16 code. */
export const KEYWORD_CODES = 0x10000;

export class KeywordIndex {
  private readonly outputStart: Int32Array;
  private readonly outputIds: Int32Array;
  private readonly codeInfo: Uint16Array;
  private readonly next: Uint16Array;
  private readonly classBits: number;
  private readonly firstReporting: number;

  /** per keyword outside ASCII, the check of an occurrence the automaton reports (null for an ASCII keyword) */
  private readonly exact: ReadonlyArray<RegExp | null>;
  /** the text being scanned, for those checks */
  private scanned = '';
  private readonly lengths: Int32Array;
  /** per keyword, 1 when its spaces match runs of blanks (see SPACED): its occurrences vary in length */
  private readonly spaced: Uint8Array;

  /** `tables` must be those buildKeywordTables gives for the same keywords and run characters. */
  constructor(
    readonly keywords: readonly string[],
    readonly runChars = '',
    readonly tables: KeywordTables = buildKeywordTables(keywords, runChars),
  ) {
    this.outputStart = tables.outputStart;
    this.outputIds = tables.outputIds;
    this.codeInfo = tables.codeInfo;
    this.next = tables.next;
    this.classBits = tables.classBits;
    this.firstReporting = tables.firstReporting;
    // an occurrence found through a shared class may hold another character of that class
    this.exact = keywords.map((keyword) =>
      /^[\x00-\x7f]*$/.test(keyword) ? null : new RegExp((SPACED.test(keyword) ? keyword.split(' ') : [keyword]).map(escapeRegExp).join(BLANK_RUN), 'iy'),
    );
    this.lengths = Int32Array.from(keywords, (keyword) => keyword.length);
    this.spaced = Uint8Array.from(keywords, (keyword) => (SPACED.test(keyword) ? 1 : 0));
  }

  /**
   * Calls `found` for each occurrence of a keyword in `text`, with its id and the index of its
   * last character. With `runs`, the same pass also notes where each run of at least `runs.length` of
   * the index's run characters starts (the scanner's base64 candidates), since a second pass over
   * every character would cost as much as this one.
   */
  forEachFound(text: string, found: KeywordFound, runs: RunWatch = NO_RUNS()): void {
    const { codeInfo, next, classBits, firstReporting } = this;
    const { length, starts } = runs;
    const end = text.length;
    this.scanned = text;
    let state = 0;
    let run = 0;
    let seen = 0;
    let i = 0;
    while (i < end) {
      // the steps between two events make a loop with no call in it, which the compiler keeps lean
      for (; i < end; i++) {
        const info = codeInfo[text.charCodeAt(i)]!;
        state = next[(state << classBits) | (info >> CLASS_SHIFT)]!;
        run = (run + 1) * (info & RUN_BIT);
        seen |= info;
        if (run === length || state >= firstReporting) break;
      }
      if (i === end) break;
      if (run === length) starts.push(i + 1 - length);
      if (state >= firstReporting) this.report(state, i, found);
      i += 1;
    }
    this.scanned = '';
    if ((seen & NON_ASCII_LETTER_BIT) !== 0) runs.nonAscii = true;
    if ((seen & DIGIT_BIT) !== 0) runs.digit = true;
  }

  private report(state: number, at: number, found: KeywordFound): void {
    const end = this.outputStart[state + 1]!;
    for (let k = this.outputStart[state]!; k < end; k++) {
      const id = this.outputIds[k]!;
      const start = this.spaced[id] === 1 ? spacedStart(this.keywords[id]!, this.scanned, at) : at + 1 - this.lengths[id]!;
      const exact = this.exact[id];
      if (exact) {
        exact.lastIndex = start;
        if (!exact.test(this.scanned)) continue;
      }
      found(id, at, start);
    }
  }
}

/** The automaton of `keywords` (see KeywordIndex), with `runChars` marked for the scan's run watch. */
export function buildKeywordTables(keywords: readonly string[], runChars = ''): KeywordTables {
  const classOf = new Uint8Array(ASCII);
  let classes = 1;
  const outside = new Set<string>();
  // a tab in a keyword's blank run needs a class of its own even when no keyword holds one
  for (const keyword of [...keywords, keywords.some((keyword) => SPACED.test(keyword)) ? BLANKS : '']) {
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

  const classBits = Math.max(1, Math.ceil(Math.log2(classes)));
  const plainIds: number[] = [];
  const spacedIds: number[] = [];
  keywords.forEach((keyword, id) => (SPACED.test(keyword) ? spacedIds : plainIds).push(id));
  const sequences = (ids: readonly number[]) => ids.map((id) => ({ id, classes: Array.from(keywords[id]!, (_, i) => classAt(keywords[id]!, i)) }));
  let dfa = ahoCorasick(sequences(plainIds), classes);
  if (spacedIds.length > 0) dfa = product(dfa, blankRunsCollapsed(ahoCorasick(sequences(spacedIds), classes), classOf[32]!, classOf[9]!));

  // States where a keyword ends come last (see `next`); each group breadth first, so that the
  // rows of the states near the root, where a scan spends most of its time, lie together.
  const states = dfa.states;
  if (states > 0xffff) throw new Error('too many keyword states for 16-bit states');
  const order: number[] = [];
  for (let state = 0; state < states; state++) if (!dfa.outputs[state]) order.push(state);
  const firstReporting = order.length;
  for (let state = 0; state < states; state++) if (dfa.outputs[state]) order.push(state);
  const renumbered = new Int32Array(states);
  for (let index = 0; index < states; index++) renumbered[order[index]!] = index;
  const next = new Uint16Array(states << classBits);
  const rows = dfa.rows;
  for (let state = 0; state < states; state++) {
    const row = renumbered[state]! << classBits;
    const from = state * classes;
    for (let cls = 0; cls < classes; cls++) next[row | cls] = renumbered[rows[from + cls]!]!;
  }
  const outputs = dfa.outputs;
  const codeInfo = new Uint16Array(KEYWORD_CODES);
  for (let code = 0; code < ASCII; code++) codeInfo[code] = (classOf[code]! << CLASS_SHIFT) | (code >= 48 && code <= 57 ? DIGIT_BIT : 0);
  for (const char of runChars) codeInfo[char.charCodeAt(0)]! |= RUN_BIT;
  // letters of other alphabets; not arrows, bullets, box drawing or emoji (0x2000-0x2fff, surrogates)
  codeInfo.fill(NON_ASCII_LETTER_BIT, ASCII, 0x2000).fill(NON_ASCII_LETTER_BIT, 0x3000, 0xd800);
  for (const [code, cls] of folding.classOf) codeInfo[code]! |= cls << CLASS_SHIFT;
  const outputStart = new Int32Array(states + 1);
  for (let index = 0; index < states; index++) outputStart[index + 1] = outputStart[index]! + (outputs[order[index]!]?.length ?? 0);
  const outputIds = new Int32Array(outputStart[states]!);
  for (let index = firstReporting; index < states; index++) outputIds.set(outputs[order[index]!]!, outputStart[index]!);
  return { outputStart, outputIds, codeInfo, next, classBits, firstReporting };
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

/** Where an occurrence of a spaced keyword that ends at `end` starts: each of its spaces took a whole run of blanks. */
function spacedStart(keyword: string, text: string, end: number): number {
  let at = end;
  for (let i = keyword.length - 1; i >= 0; i--) {
    if (keyword.charCodeAt(i) !== 32) at -= 1;
    else while (at >= 0 && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at -= 1;
  }
  return at + 1;
}

/** A complete automaton: `rows[state * classes + class]` → next state, states breadth first from the root (0). */
interface Automaton {
  readonly states: number;
  readonly rows: Int32Array;
  /** the ids of the keywords that end at each state (through failure links too) */
  readonly outputs: ReadonlyArray<readonly number[] | undefined>;
  /** the class of the edge into each state of the trie (-1 for the root) */
  readonly entered: Int32Array;
}

/**
 * The Aho-Corasick automaton of keywords given as class sequences, failure links folded in. Built
 * once per process that has no tables from the build (keyword-tables.ts), so in time linear in the keywords' characters: the trie in a flat
 * table, failure links along its edges only, then each row is its failure state's row (copied)
 * with the state's own edges written over it.
 */
function ahoCorasick(keywords: ReadonlyArray<{ readonly id: number; readonly classes: readonly number[] }>, classes: number): Automaton {
  const width = classes;
  let maxStates = 1;
  for (const keyword of keywords) maxStates += keyword.classes.length;
  const trie = new Int32Array(maxStates * width);
  /** each state's first child and next sibling (0: none), and the class of the edge into it */
  const firstChild = new Int32Array(maxStates);
  const sibling = new Int32Array(maxStates);
  const edgeClass = new Int32Array(maxStates);
  const outputs: Array<number[] | undefined> = [];
  let states = 1;
  for (const { id, classes } of keywords) {
    let state = 0;
    for (const cls of classes) {
      const slot = state * width + cls;
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
  }

  // Breadth first from the root; every keyword character has a class of 1 or more (class 0, a
  // character in no keyword, always leads back to the root).
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
      if (state !== 0) {
        let f = fail[state]!;
        while (f !== 0 && trie[f * width + cls] === 0) f = fail[f]!;
        fail[child] = trie[f * width + cls]!;
      }
      queue[tail++] = child;
    }
  }
  const numbered = new Int32Array(states);
  for (let index = 0; index < tail; index++) numbered[queue[index]!] = index;
  const rows = new Int32Array(tail * width);
  const entered = new Int32Array(tail).fill(-1);
  const ordered: Array<number[] | undefined> = [];
  for (let index = 0; index < tail; index++) {
    const state = queue[index]!;
    const row = index * width;
    if (state !== 0) {
      const failRow = numbered[fail[state]!]! * width;
      rows.copyWithin(row, failRow, failRow + width);
      entered[index] = edgeClass[state]!;
    }
    for (let child = firstChild[state]!; child !== 0; child = sibling[child]!) rows[row + edgeClass[child]!] = numbered[child]!;
    ordered[index] = outputs[state];
  }
  return { states: tail, rows, outputs: ordered, entered };
}

/**
 * The automaton of keywords whose spaces stand for runs of blanks, from the one of the same
 * keywords read as written: a tab goes where a space goes, and a state entered by a space stays
 * where it is on more blanks. It reads the text with each run of blanks as one space, so it is in
 * the state of that text. (The state a blank leads to is always one entered by a space, or the
 * root when no keyword starts with one: the root stays too.)
 */
function blankRunsCollapsed(automaton: Automaton, space: number, tab: number): Automaton {
  const { rows, entered } = automaton;
  const width = rows.length / automaton.states;
  for (let state = 0; state < automaton.states; state++) {
    const row = state * width;
    rows[row + tab] = rows[row + space]!;
    if (entered[state] === space) rows[row + space] = rows[row + tab] = state;
  }
  return automaton;
}

/**
 * The automaton that runs two at once (a state per pair of theirs that a text reaches) and
 * reports what either reports: one table lookup per character, as for one.
 */
function product(first: Automaton, second: Automaton): Automaton {
  const classes = first.rows.length / first.states;
  const width = classes;
  const rowsA = first.rows;
  const rowsB = second.rows;
  if (first.states > 0xffff || second.states > 0xffff) throw new Error('too many keyword states for 16-bit states');
  // Most pairs have the second at its root: those are numbered in an array. The others in an
  // open-addressing table keyed by both states in 32 bits, at most a quarter full (a Map took
  // a third of the build's time).
  const withSecondAtRoot = new Int32Array(first.states).fill(-1);
  const keys = new Int32Array(PAIR_SLOTS).fill(-1);
  const ids = new Int32Array(PAIR_SLOTS);
  const pairs: number[] = [0, 0];
  withSecondAtRoot[0] = 0;
  let count = 1;
  let rows = new Int32Array((first.states + second.states) * width * 2);
  const outputs: Array<number[] | undefined> = [];
  for (let pair = 0; pair < count; pair++) {
    const a = pairs[pair * 2]!;
    const b = pairs[pair * 2 + 1]!;
    if ((pair + 1) * width > rows.length) {
      const grown = new Int32Array(rows.length * 2);
      grown.set(rows);
      rows = grown;
    }
    const rowA = a * width;
    const rowB = b * width;
    const row = pair * width;
    for (let cls = 0; cls < classes; cls++) {
      const nextA = rowsA[rowA + cls]!;
      const nextB = rowsB[rowB + cls]!;
      let id: number;
      if (nextB === 0) {
        id = withSecondAtRoot[nextA]!;
        if (id === -1) {
          id = withSecondAtRoot[nextA] = count++;
          pairs.push(nextA, nextB);
        }
      } else {
        const key = nextA | (nextB << 16);
        let slot = Math.imul(key, 0x9e3779b1) >>> (32 - PAIR_SLOT_BITS);
        while (keys[slot] !== -1 && keys[slot] !== key) slot = (slot + 1) & (PAIR_SLOTS - 1);
        if (keys[slot] === key) id = ids[slot]!;
        else {
          if (count > 0xffff) throw new Error('too many keyword states for 16-bit states');
          keys[slot] = key;
          id = ids[slot] = count++;
          pairs.push(nextA, nextB);
        }
      }
      rows[row + cls] = id;
    }
    const fromFirst = first.outputs[a];
    const fromSecond = second.outputs[b];
    outputs[pair] = fromFirst && fromSecond ? [...fromFirst, ...fromSecond] : (fromFirst ?? fromSecond)?.slice();
  }
  return { states: count, rows: rows.subarray(0, count * width), outputs, entered: new Int32Array(count).fill(-1) };
}

/** Four slots for each of the 2^16 states a table can number. */
const PAIR_SLOT_BITS = 18;
const PAIR_SLOTS = 1 << PAIR_SLOT_BITS;
