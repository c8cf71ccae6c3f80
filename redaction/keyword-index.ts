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

export class KeywordIndex {
  /** class of each ASCII character; 0 for characters in no keyword */
  private readonly classOf: Uint8Array;
  private readonly classes: number;
  /** the automaton: next state for (state, class), failure links already folded in */
  private readonly next: Int32Array;
  /** per state, the ids of the keywords that end there (including through failure links): `outputIds[outputStart[s]..outputStart[s+1])` */
  private readonly outputStart: Int32Array;
  private readonly outputIds: Int32Array;

  constructor(readonly keywords: readonly string[]) {
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
    this.classOf = classOf;
    this.classes = classes;
    this.next = next;
    this.outputStart = new Int32Array(outputs.length + 1);
    outputs.forEach((ids, state) => { this.outputStart[state + 1] = this.outputStart[state]! + ids.length; });
    this.outputIds = Int32Array.from(outputs.flat());
  }

  /** Calls `found` once for each keyword id that occurs in `text` (maybe more than once; callers dedupe). */
  forEachFound(text: string, found: (id: number) => void): void {
    const { next, outputStart, outputIds, classOf, classes } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const cls = code < ASCII ? classOf[code]! : 0;
      state = next[state * classes + cls]!;
      const end = outputStart[state + 1]!;
      for (let k = outputStart[state]!; k < end; k++) found(outputIds[k]!);
    }
  }
}
