/**
 * Aho-Corasick over ASCII, case-insensitive: one pass over a string tells which of hundreds of
 * keywords occur in it, at a cost that does not grow with their number (a regular expression
 * alternation of them does). Keywords are lower-case; characters outside ASCII never match.
 *
 * The table is indexed by character class, not by character: only the few dozen characters that
 * occur in keywords get a class of their own (upper-case letters share their lower-case one),
 * every other character is class 0. That keeps the table small enough to stay in cache, which
 * is most of the speed of the scan.
 */
const ASCII = 128;

/** Where runs of the index's run characters (at least `length` in a row) start: see forEachFound. */
export interface RunWatch {
  readonly length: number;
  /** filled by the scan */
  readonly starts: number[];
  /** set by the scan: the text has a letter outside ASCII (of any alphabet; symbols and emoji do not count) */
  nonAscii: boolean;
}



export class KeywordIndex {
  /** class of each ASCII character; 0 for characters in no keyword */
  private readonly classOf: Uint8Array;
  private readonly classes: number;
  /** the automaton: row offset of the next state for (row offset of a state + class), failure links folded in */
  private readonly next: Int32Array;
  /** rows from here on belong to states where a keyword ends */
  private readonly firstReportingRow: number;
  /** per state, the ids of the keywords that end there (including through failure links): `outputIds[outputStart[s]..outputStart[s+1])` */
  private readonly outputStart: Int32Array;
  private readonly outputIds: Int32Array;

  /** the automaton by character code: `state * 128 + code` → `next state * 128`, plus 1 for a run character */
  private readonly byCode: Int32Array;
  private readonly firstReportingCodeRow: number;

  constructor(readonly keywords: readonly string[], runChars = '') {
    const classOf = new Uint8Array(ASCII);
    let classes = 1;
    for (const keyword of keywords) {
      for (let i = 0; i < keyword.length; i++) {
        const code = keyword.charCodeAt(i);
        if (code >= ASCII) throw new Error(`keyword ${JSON.stringify(keyword)}: only ASCII keywords are supported`);
        if (classOf[code] === 0) classOf[code] = classes++;
      }
    }
    for (let code = 65; code <= 90; code++) classOf[code] = classOf[code + 32]!;
    if (classes > 255) throw new Error('too many distinct keyword characters');

    const goto: Array<Map<number, number>> = [new Map()];
    const outputs: number[][] = [[]];
    keywords.forEach((keyword, id) => {
      let state = 0;
      for (let i = 0; i < keyword.length; i++) {
        const cls = classOf[keyword.charCodeAt(i)]!;
        let target = goto[state]!.get(cls);
        if (target === undefined) {
          target = goto.length;
          goto.push(new Map());
          outputs.push([]);
          goto[state]!.set(cls, target);
        }
        state = target;
      }
      outputs[state]!.push(id);
    });

    const next = new Int32Array(goto.length * classes);
    const fail = new Int32Array(goto.length);
    const queue: number[] = [];
    for (let cls = 1; cls < classes; cls++) {
      const target = goto[0]!.get(cls) ?? 0;
      next[cls] = target;
      if (target !== 0) queue.push(target);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      outputs[state]!.push(...outputs[fail[state]!]!);
      for (let cls = 1; cls < classes; cls++) {
        const target = goto[state]!.get(cls);
        if (target === undefined) {
          next[state * classes + cls] = next[fail[state]! * classes + cls]!;
        } else {
          fail[target] = next[fail[state]! * classes + cls]!;
          next[state * classes + cls] = target;
          queue.push(target);
        }
      }
      // class 0 (a character in no keyword) always leads back to the root: next[...] stays 0
    }

    // The scan loop does as little as it can per character: states are renumbered so that those
    // where a keyword ends come last (one comparison says whether to report), and the table holds
    // each target state's row offset (state * classes) instead of its number (no multiplication).
    const order = outputs.map((ids, state) => state).sort((a, b) => Number(outputs[a]!.length > 0) - Number(outputs[b]!.length > 0) || a - b);
    const renumbered = new Int32Array(order.length);
    order.forEach((state, index) => { renumbered[state] = index; });
    const table = new Int32Array(next.length);
    for (let state = 0; state < outputs.length; state++) {
      for (let cls = 0; cls < classes; cls++) table[renumbered[state]! * classes + cls] = renumbered[next[state * classes + cls]!]! * classes;
    }
    this.firstReportingRow = order.findIndex((state) => outputs[state]!.length > 0) * classes;
    if (this.firstReportingRow < 0) this.firstReportingRow = table.length;
    this.classOf = classOf;
    // The same automaton indexed by character code (rows of 128, one lookup per character), each
    // entry's low bit saying whether the character belongs to a run: the scanner's hot loop.
    const isRunChar = new Uint8Array(ASCII);
    for (const char of runChars) isRunChar[char.charCodeAt(0)] = 1;
    const states = order.length;
    this.byCode = new Int32Array(states * ASCII);
    for (let state = 0; state < states; state++) {
      for (let code = 0; code < ASCII; code++) {
        const target = table[state * classes + classOf[code]!]! / classes;
        this.byCode[state * ASCII + code] = target * ASCII + isRunChar[code]!;
      }
    }
    this.firstReportingCodeRow = (this.firstReportingRow / classes) * ASCII;
    this.classes = classes;
    this.next = table;
    this.outputStart = new Int32Array(order.length + 1);
    order.forEach((state, index) => { this.outputStart[index + 1] = this.outputStart[index]! + outputs[state]!.length; });
    this.outputIds = Int32Array.from(order.flatMap((state) => outputs[state]!));
  }

  /**
   * Calls `found` for each occurrence of a keyword in `text`, with its id and the index of its
   * last character. With `runs`, the same pass also notes where each run of at least `runs.length` of
   * the index's run characters starts (the scanner's base64 candidates), since a second pass over
   * every character would cost as much as this one.
   */
  forEachFound(text: string, found: (id: number, end: number) => void, runs?: RunWatch): void {
    const { next, classOf, firstReportingRow } = this;
    let row = 0;
    if (!runs) {
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        row = next[row + (code < ASCII ? classOf[code]! : 0)]!;
        if (row >= firstReportingRow) this.report(row, i, found);
      }
      return;
    }
    const { byCode, firstReportingCodeRow } = this;
    const { length, starts } = runs;
    let codeRow = 0;
    let run = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < ASCII) {
        const entry = byCode[codeRow + code]!;
        codeRow = entry & ~1;
        run = (entry & 1) !== 0 ? run + 1 : 0;
        if (run === length) starts.push(i + 1 - length);
      } else {
        codeRow = 0;
        run = 0;
        // letters of other alphabets; not arrows, bullets, box drawing or emoji (0x2000-0x2fff, surrogates)
        if (code < 0x2000 || (code >= 0x3000 && code < 0xd800)) runs.nonAscii = true;
      }
      if (codeRow >= firstReportingCodeRow) this.report((codeRow / ASCII) * this.classes, i, found);
    }
  }

  private report(row: number, at: number, found: (id: number, end: number) => void): void {
    const state = row / this.classes;
    const end = this.outputStart[state + 1]!;
    for (let k = this.outputStart[state]!; k < end; k++) found(this.outputIds[k]!, at);
  }
}
