/**
 * The places where a "value, then the word for it" pattern can match ("Tq8vLm2Kz9 is my api key",
 * "use Rb5!kQz8Lm as the password"), found from the connecting word instead of by a search of the
 * whole text: the value is a run of value characters that ends right before `is`, `was` or `as`
 * (after spaces or tabs), so every match starts in the few characters before such a word. The
 * pattern is then tried there only, sticky, and finds what a search from left to right finds.
 *
 * When the scanner says where the rule's keywords start (the words for a secret the pattern ends
 * with, its start literals among them: see WordAfter), the connecting words are looked for only in
 * the short stretch before each of those words, not in the whole text.
 */
import { matchesAt } from '../anchored.js';
import type { Detector, Span } from '../types.js';

/**
 * A connecting word between spaces or tabs (the look-ahead lets ` is as ` yield both), or what
 * opens an apposition: a bracket, a dash (`X (our api key)`, `X — that's the token`), or a comma
 * (`X, the admin password`). Commas are looked for on their own (a literal search, then
 * APPOSITION at each): in one expression with the rest they made its search twice as slow.
 */
const CONNECTOR = /[ \t](?:is|was|as)(?=[ \t])|[ \t]\((?=(?:the|my|our|your)[ \t])|[ \t][—–](?=[ \t])/g;
/** What follows a comma that opens an apposition. */
const APPOSITION = /[ \t]+(?:the|my|our|your)[ \t]/y;

export interface ValueShape {
  /** the pattern: `(?:(?<![\w\-/.])|\b[Uu]se[ \t]+)(?<secret>value)(?:[ \t]+(?:is|was|as)|,[ \t]+the)…`, value of `minLength`…`maxLength` value characters */
  readonly pattern: RegExp;
  /** the class of one value character (ASCII) */
  readonly valueChar: RegExp;
  readonly minLength: number;
  readonly maxLength: number;
}

/**
 * What stands between a connector and the word for the secret that ends a match. A connector
 * further from every such word than this allows starts no match, so it need not be looked for.
 */
export interface WordAfter {
  /**
   * The words for the secret that none of the rule's keywords starts (`pw`, `passwd`), lower case:
   * the rule's start literals (Rule.startLiterals), so that the scanner tells their places too.
   */
  readonly otherWords: readonly string[];
  /** one character that may stand between a connector and the word (spaces and tabs among them) */
  readonly gapChar: RegExp;
  /** the most characters other than spaces and tabs from a connector (itself included) to where the word's keyword starts */
  readonly maxGap: number;
}

/** A connector's length with what it looks ahead at (` was `, ` (your `): a stretch is searched this much further. */
const CONNECTOR_REACH = 8;

/** The characters before a value that its look-behind `(?<![\w\-/.])` refuses (all ASCII), by code. */
const REFUSED_BEFORE = new Uint8Array(128);
for (let code = 0; code < 128; code++) REFUSED_BEFORE[code] = /[\w\-/.]/.test(String.fromCharCode(code)) ? 1 : 0;
const refusedBefore = (code: number) => code < 128 && REFUSED_BEFORE[code] === 1;

/** The detector keeps its shape, for the test that compares it with a search of the whole text. */
export type ValueThenWordDetector = Detector & { readonly shape: ValueShape };

export function valueThenWord(shape: ValueShape, wordAfter?: WordAfter): ValueThenWordDetector {
  const sticky = new RegExp(shape.pattern.source, `${shape.pattern.flags.replace(/[gy]/g, '')}yd`);
  const isValueChar = new Uint8Array(128);
  for (let code = 0; code < 128; code++) isValueChar[code] = shape.valueChar.test(String.fromCharCode(code)) ? 1 : 0;
  const valueChar = (code: number) => code < 128 && isValueChar[code] === 1;
  const isBlank = (code: number) => code === 32 || code === 9;
  const isGapChar = new Uint8Array(128);
  for (let code = 0; code < 128; code++) isGapChar[code] = wordAfter?.gapChar.test(String.fromCharCode(code)) ? 1 : 0;
  const gapChar = (code: number) => (code < 128 ? isGapChar[code] === 1 : wordAfter!.gapChar.test(String.fromCharCode(code)));

  /** Where a match may start when a value ends at `end` (its run of value characters then spaces, then the connector). */
  function addStarts(text: string, end: number, starts: number[]): void {
    let run = end;
    while (run > 0 && end - run <= shape.maxLength && valueChar(text.charCodeAt(run - 1))) run--;
    for (let at = Math.max(run, end - shape.maxLength); at <= end - shape.minLength; at++) {
      if (at === 0 || !refusedBefore(text.charCodeAt(at - 1))) starts.push(at);
    }
    // `use X as …`: the value is the whole run, after `use` and spaces
    if (end - run > shape.maxLength || end - run < shape.minLength) return;
    let use = run;
    while (use > 0 && isBlank(text.charCodeAt(use - 1))) use--;
    if (use < run && use >= 3 && /^[Uu]se$/.test(text.slice(use - 3, use))) starts.push(use - 3);
  }

  /** The starts for a connector at `connector`: its value ends before the spaces or tabs ahead of it. */
  function addStartsBefore(text: string, connector: number, starts: number[]): void {
    let end = connector;
    while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
    addStarts(text, end, starts);
  }

  /** The starts for the connectors that begin in `[from, to)`. */
  function addConnectorStarts(text: string, from: number, to: number, starts: number[]): void {
    const reach = Math.min(text.length, to + CONNECTOR_REACH);
    const stretch = from === 0 && reach === text.length ? text : text.slice(from, reach);
    CONNECTOR.lastIndex = 0;
    for (let connector = CONNECTOR.exec(stretch); connector && connector.index < to - from; connector = CONNECTOR.exec(stretch)) {
      addStartsBefore(text, from + connector.index, starts);
    }
    // (the starts are sorted below: the commas' may come after the others')
    for (let comma = stretch.indexOf(','); comma !== -1 && comma < to - from; comma = stretch.indexOf(',', comma + 1)) {
      APPOSITION.lastIndex = from + comma + 1;
      if (APPOSITION.test(text)) addStartsBefore(text, from + comma, starts);
    }
  }

  /**
   * The stretches before the words for a secret (`keywordStarts`, the places of the keywords and of
   * `otherWords` in order) where a connector can begin: back from each word over gap characters, at
   * most `maxGap` of them not spaces or tabs. Stretches that meet are one.
   */
  function stretchesBeforeWords(text: string, words: readonly number[], reach: WordAfter): Array<[number, number]> {
    const stretches: Array<[number, number]> = [];
    let covered = 0;
    for (const word of words) {
      if (word <= covered) continue;
      let at = word;
      let others = 0;
      while (at > covered) {
        const code = text.charCodeAt(at - 1);
        if (!gapChar(code)) break;
        if (!isBlank(code)) {
          if (others === reach.maxGap) break;
          others += 1;
        }
        at -= 1;
      }
      const last = stretches[stretches.length - 1];
      if (last && at === covered) last[1] = word;
      else stretches.push([at, word]);
      covered = word;
    }
    return stretches;
  }

  return Object.assign(function valuesThenTheirWord(text: string, keywordStarts?: readonly number[]): Span[] {
    const starts: number[] = [];
    if (keywordStarts && wordAfter) {
      for (const [from, to] of stretchesBeforeWords(text, keywordStarts, wordAfter)) addConnectorStarts(text, from, to, starts);
    } else {
      addConnectorStarts(text, 0, text.length, starts);
    }
    if (starts.length === 0) return [];
    starts.sort((a, b) => a - b);
    const spans: Span[] = [];
    for (const match of matchesAt(sticky, text, starts)) {
      const [start, stop] = match.indices!.groups!.secret!;
      spans.push({ start, end: stop });
    }
    return spans;
  }, { shape });
}
