/**
 * Aho-Corasick over ASCII, case-insensitive: one pass over a string tells which of hundreds of
 * keywords occur in it, at a cost that does not grow with their number (a regular expression
 * alternation of them does). Keywords are lower-case; characters outside ASCII never match.
 */
const ALPHABET = 128;

export class KeywordIndex {
  /** the automaton: next state for (state, character), failure links already folded in */
  private readonly next: Int32Array;
  /** per state, the ids of the keywords that end there (including through failure links) */
  private readonly outputs: number[][];

  constructor(readonly keywords: readonly string[]) {
    const goto: Array<Map<number, number>> = [new Map()];
    const outputs: number[][] = [[]];
    keywords.forEach((keyword, id) => {
      let state = 0;
      for (let i = 0; i < keyword.length; i++) {
        const code = keyword.charCodeAt(i);
        if (code >= ALPHABET) throw new Error(`keyword ${JSON.stringify(keyword)}: only ASCII keywords are supported`);
        let target = goto[state]!.get(code);
        if (target === undefined) {
          target = goto.length;
          goto.push(new Map());
          outputs.push([]);
          goto[state]!.set(code, target);
        }
        state = target;
      }
      outputs[state]!.push(id);
    });

    const next = new Int32Array(goto.length * ALPHABET);
    const fail = new Int32Array(goto.length);
    const queue: number[] = [];
    for (let code = 0; code < ALPHABET; code++) {
      const target = goto[0]!.get(code) ?? 0;
      next[code] = target;
      if (target !== 0) queue.push(target);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      outputs[state]!.push(...outputs[fail[state]!]!);
      for (let code = 0; code < ALPHABET; code++) {
        const target = goto[state]!.get(code);
        if (target === undefined) {
          next[state * ALPHABET + code] = next[fail[state]! * ALPHABET + code]!;
        } else {
          fail[target] = next[fail[state]! * ALPHABET + code]!;
          next[state * ALPHABET + code] = target;
          queue.push(target);
        }
      }
    }
    this.next = next;
    this.outputs = outputs;
  }

  /** Calls `found` once for each keyword id that occurs in `text` (maybe more than once; callers dedupe). */
  forEachFound(text: string, found: (id: number) => void): void {
    const next = this.next;
    const outputs = this.outputs;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i);
      if (code >= ALPHABET) {
        state = 0;
        continue;
      }
      if (code >= 65 && code <= 90) code += 32; // ASCII upper to lower case
      state = next[state * ALPHABET + code]!;
      const ids = outputs[state]!;
      for (let k = 0; k < ids.length; k++) found(ids[k]!);
    }
  }
}
