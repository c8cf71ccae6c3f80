/**
 * Several rules each search a string for one of their words (a literal alternation, the longest
 * first). Each such search is a pass of the regular expression engine over the string, and an
 * alternation of dozens of words is a slow one. Here the words of every group are found in one
 * pass of one automaton (keyword-index.ts), and each group is then given the matches its own
 * alternation would find: from left to right, at each place the longest of its words that occurs
 * there, none starting inside the one taken. Matching is exact (case-sensitive).
 */
import { KeywordIndex } from './keyword-index.js';

export interface LiteralMatch {
  readonly start: number;
  readonly literal: string;
}

export class LiteralGroups {
  /** every group's words, each once */
  private readonly literals: string[] = [];
  private readonly idOf = new Map<string, number>();
  /** per group, which words (by id) belong to it */
  private readonly members: Array<Set<number>> = [];
  private index: KeywordIndex | null = null;

  /** the string last read, and the words found in it: ids and starts, two numbers each */
  private lastText: string | null = null;
  private found: number[] = [];
  /**
   * The words a rule set's keyword scan found in the text it read last (see noteHit), as `found`
   * would hold them for that text lower-cased; null when that text holds a letter outside ASCII,
   * whose case another reading folds differently.
   */
  private scannedText: string | null = null;
  private scannedFound: number[] = [];
  private readonly byGroup: Array<readonly LiteralMatch[] | undefined> = [];

  /** Adds a group of words; returns its id. */
  add(words: readonly string[]): number {
    const members = new Set<number>();
    for (const word of words) {
      if (word.length === 0) throw new Error('an empty word matches everywhere');
      let id = this.idOf.get(word);
      if (id === undefined) {
        id = this.literals.length;
        this.literals.push(word);
        this.idOf.set(word, id);
        this.index = null;
      }
      members.add(id);
    }
    this.members.push(members);
    this.lastText = null;
    return this.members.length - 1;
  }

  /**
   * The ASCII words (lower case, by id) a rule set's keyword scan can find for these groups
   * (scanner.ts): it reads the original text case-insensitively, which finds in a text with no
   * letter outside ASCII exactly what a search of the lower-cased text finds.
   */
  asciiWords(): Array<[word: string, id: number]> {
    return this.literals.flatMap((word, id) => (/^[\x00-\x7f]+$/.test(word) && word === word.toLowerCase() ? [[word, id] as [string, number]] : []));
  }

  /** A keyword scan of `text` starts: its hits of asciiWords follow (noteHit). */
  beginScan(text: string): void {
    this.scannedText = text;
    this.scannedFound = [];
  }

  /**
   * The scan found word `id` from `start` to `end` (its last character), ignoring case. A space
   * in a word is one space, where the scan takes any run of blanks: such a hit is checked.
   */
  noteHit(id: number, start: number, end: number): void {
    const word = this.literals[id]!;
    if (end + 1 - start !== word.length) return;
    for (let space = word.indexOf(' '); space !== -1; space = word.indexOf(' ', space + 1)) {
      if (this.scannedText!.charCodeAt(start + space) !== 0x20) return;
    }
    this.scannedFound.push(id, start);
  }

  /** The scan's text holds a letter outside ASCII: its hits are not used. */
  dropScan(): void {
    this.scannedText = null;
  }

  /**
   * Whether the words in `text` are those a keyword scan found (then `matches` reads `text`
   * itself, not its lower-cased copy): it read this very text, which holds no letter outside
   * ASCII, nor the Kelvin sign (the one character beyond ASCII besides `İ` that lower-cases into it).
   */
  scanned(text: string): boolean {
    if (text !== this.scannedText || text.includes('\u212a')) return false;
    if (this.lastText !== text) {
      this.found = this.scannedFound;
      this.byGroup.length = 0;
      this.lastText = text;
    }
    return true;
  }

  /** The matches of group `group`'s alternation in `text`, in order. */
  matches(text: string, group: number): readonly LiteralMatch[] {
    if (text !== this.lastText) this.read(text);
    let matches = this.byGroup[group];
    if (!matches) {
      matches = this.select(this.members[group]!);
      this.byGroup[group] = matches;
    }
    return matches;
  }

  private read(text: string): void {
    this.index ??= new KeywordIndex(this.literals);
    const { literals } = this;
    const found: number[] = [];
    this.found = found;
    this.byGroup.length = 0;
    // the automaton folds case: only what is written exactly so is kept
    this.index.forEachFound(text, (id, end) => {
      const start = end + 1 - literals[id]!.length;
      if (text.startsWith(literals[id]!, start)) found.push(id, start);
    });
    this.lastText = text;
  }

  private select(members: ReadonlySet<number>): LiteralMatch[] {
    const { found, literals } = this;
    const hits: LiteralMatch[] = [];
    for (let k = 0; k < found.length; k += 2) {
      if (members.has(found[k]!)) hits.push({ start: found[k + 1]!, literal: literals[found[k]!]! });
    }
    if (hits.length === 0) return hits;
    hits.sort((a, b) => a.start - b.start || b.literal.length - a.literal.length);
    const taken: LiteralMatch[] = [];
    let after = 0;
    for (const hit of hits) {
      if (hit.start < after) continue;
      taken.push(hit);
      after = hit.start + hit.literal.length;
    }
    return taken;
  }
}
