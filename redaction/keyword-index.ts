/**
 * Aho-Corasick over ASCII, case-insensitive: one pass over a string tells which of hundreds of
 * keywords occur in it, at a cost that does not grow with their number (a regular expression
 * alternation of them does). Keywords are lower-case; characters outside ASCII never match.
 *
 * The automaton is built over character classes (only the few dozen characters that occur in
 * keywords get a class of their own; upper-case letters share their lower-case one), then laid
 * out by character code for the scan: one table lookup per character, no class lookup.
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

/** For a scan that does not watch runs: no run is ever this long. */
const NO_RUNS = (): RunWatch => ({ length: Number.POSITIVE_INFINITY, starts: [], nonAscii: false });

export class KeywordIndex {
  /** per state, the ids of the keywords that end there (including through failure links): `outputIds[outputStart[s]..outputStart[s+1])` */
  private readonly outputStart: Int32Array;
  private readonly outputIds: Int32Array;
  /**
   * The automaton, failure links folded in: `state * 128 + code` → `next state * 128`, plus 1
   * when the character is a run character. States where a keyword ends are numbered last, so one
   * comparison with `firstReportingRow` says whether to report.
   */
  private readonly byCode: Int32Array;
  private readonly firstReportingRow: number;

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

    // States where a keyword ends come last (see byCode).
    const order = outputs.map((_ids, state) => state).sort((a, b) => Number(outputs[a]!.length > 0) - Number(outputs[b]!.length > 0) || a - b);
    const renumbered = new Int32Array(order.length);
    order.forEach((state, index) => { renumbered[state] = index; });
    const firstReporting = order.findIndex((state) => outputs[state]!.length > 0);
    this.firstReportingRow = (firstReporting < 0 ? order.length : firstReporting) * ASCII;
    const isRunChar = new Uint8Array(ASCII);
    for (const char of runChars) isRunChar[char.charCodeAt(0)] = 1;
    this.byCode = new Int32Array(order.length * ASCII);
    for (let state = 0; state < order.length; state++) {
      for (let code = 0; code < ASCII; code++) {
        this.byCode[renumbered[state]! * ASCII + code] = renumbered[next[state * classes + classOf[code]!]!]! * ASCII + isRunChar[code]!;
      }
    }
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
  forEachFound(text: string, found: (id: number, end: number) => void, runs: RunWatch = NO_RUNS()): void {
    const { byCode, firstReportingRow } = this;
    const { length, starts } = runs;
    let row = 0;
    let run = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < ASCII) {
        const entry = byCode[row + code]!;
        row = entry & ~1;
        run = (entry & 1) !== 0 ? run + 1 : 0;
        if (run === length) starts.push(i + 1 - length);
      } else {
        row = 0;
        run = 0;
        // letters of other alphabets; not arrows, bullets, box drawing or emoji (0x2000-0x2fff, surrogates)
        if (code < 0x2000 || (code >= 0x3000 && code < 0xd800)) runs.nonAscii = true;
      }
      if (row >= firstReportingRow) this.report(row / ASCII, i, found);
    }
  }

  private report(state: number, at: number, found: (id: number, end: number) => void): void {
    const end = this.outputStart[state + 1]!;
    for (let k = this.outputStart[state]!; k < end; k++) found(this.outputIds[k]!, at);
  }
}
