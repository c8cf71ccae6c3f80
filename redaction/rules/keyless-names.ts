/**
 * A person's name with no key, label or title beside it (research and public profiles only): a run
 * of two or three capitalised words (Title or ALL CAPS) that the name judge (../names/name-judge.ts)
 * calls a name with high confidence, in any text: a fixed-width record (`00042MIRELA OSTERKAMP
 * BERGEN`), a positional argument (`person('Ann Lee', 41)`), a CSV row without a header, prose.
 *
 * High confidence: one word is a given name on the public lists (no everyday word: not `Will`,
 * `Mark`), and the other is a family name on the lists, or a word whose letters look like a name
 * (`Osterkamp`) and is no English or technical word, no place; surname first with a comma
 * (`OSTERKAMP, MIRELA`) is the same. Particles and initials may stand between (`Pieter van der
 * Berg`, `Ann J. Lee`). A run of four or more capitalised words is a heading or a title
 * (`Daniel Craig Movie Night`), and a run glued to an identifier, a path or an address is code.
 */
import { isEverydayName, isGivenName, isListedName, judgePhrase, NAME_PARTICLES, tokenNameOdds } from '../names/name-judge.js';
import type { Rule, Span } from '../types.js';
import { GIVEN_NAMES } from './given-names.js';
import { isPersonName } from './person-name-shape.js';

/** Letters of the scripts with case that the name lists cover (Latin, Greek, Cyrillic). */
const L = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF\\u1E00-\\u1EFF';
const UPPER = 'A-Z\\u00C0-\\u00D6\\u00D8-\\u00DE\\u0100-\\u024F\\u0386-\\u03AB\\u0400-\\u042F\\u1E00-\\u1EFF';
const WORD = `[${UPPER}](?:[${L}]|['’][${L}])*(?:-[${L}]+)?`;
const PARTICLE = `(?:${[...NAME_PARTICLES].filter((particle) => /^[a-z]+$/.test(particle)).join('|')})`;
/**
 * A run of capitalised words, one space apart (a wider gap ends a fixed-width field), particles and
 * initials between them. It starts with its capital: what stands before is checked apart (a
 * leading alternative would be tried at every character of every text).
 */
const RUN = new RegExp(`${WORD}(?:,?[ ](?:[A-Z]\\.[ ])?(?:${PARTICLE}[ ]){0,2}${WORD}){1,3}(?![${L}0-9_@/\\\\$#&%=+(]|[.-][${L}0-9])`, 'g');
/** Before a run: no letter, `_`, `.`, `@`, `/`, `\`, `$`, `#`, `-`, `=`, `&`, `+` or `%` (a quote or a digit may: `'Ann Lee'`, `00042MIRELA`). */
const GLUED_BEFORE = /[\p{L}\p{M}_.@/\\$#&%=+-]/u;

const TITLE_WORD = /^\p{Lu}[\p{Ll}\p{M}'’]+(?:-\p{Lu}?[\p{Ll}\p{M}]+)?$/u;
const UPPER_WORD = /^\p{Lu}[\p{Lu}\p{M}'’]+(?:-\p{Lu}+)?$/u;
const INITIAL = /^\p{Lu}\.$/u;

/** The judged words of a candidate: all Title or all ALL CAPS (initials and particles aside), else undefined. */
function nameWords(words: readonly string[]): string[] | undefined {
  const judged = words.filter((word) => !INITIAL.test(word) && !NAME_PARTICLES.has(word.toLowerCase())).map((word) => word.replace(/,$/, ''));
  if (judged.length < 2 || judged.length > 3) return undefined;
  if (!judged.every((word) => TITLE_WORD.test(word)) && !judged.every((word) => UPPER_WORD.test(word))) return undefined;
  return judged;
}

/** The other word of a name beside a given name: a listed name, or name-like letters that are no word or place. */
const OTHER_WORD_ODDS = -1;

/**
 * A name whose every word is also an everyday word (`Rose Hill`, `Grant Wood`, `Amber Field`,
 * `Mark Twain`): with no key it is more often a place, a thing or a heading than a person. The
 * common given names chosen to be no everyday word (given-names.ts: `John`, `Daniel`) still count.
 */
function everydayWords(judged: readonly string[]): boolean {
  return judged.every((word) => (isEverydayName(word) && !GIVEN_NAMES.has(word.toLowerCase())) || tokenNameOdds(word) <= WORD_ODDS);
}
const WORD_ODDS = -3;

/**
 * `Vik, Torbjørn`, `OSTERKAMP, MIRELA`, `Lindqvist, Tarjei`: surname first with a comma, a listed
 * name on either side and the other name-like by its letters too (no word, no place).
 */
function confidentInverted(words: readonly string[]): boolean {
  const judged = nameWords(words);
  if (judged?.length !== 2) return false;
  // `Paris, France`, `Jordan, Georgia`: a name that is also a word or a country on either side makes it no inverted name
  if (!judged.some((word) => isListedName(word)) || judged.some((word) => everydayWords([word]))) return false;
  const { sum, min } = judgePhrase(judged);
  return min >= 0 && sum >= 3;
}

/** True when the words (2 or 3, one case) are a person's name beyond doubt. */
export function confidentName(phrase: string): boolean {
  const words = phrase.split(' ');
  if (phrase.includes(',') && confidentInverted(words)) return true;
  // most runs hold no given name at either end (`Read File`, `The Bash`): one look-up each turns them away
  if (!isGivenName(words[0]!.replace(/,$/, '')) && !isGivenName(words.at(-1)!)) return false;
  const judged = nameWords(words);
  if (!judged) return false;
  const inverted = phrase.includes(',');
  // surname first with a comma: the given name is the last word; otherwise the first, or (records in capitals) either
  const givenAt = inverted ? [judged.length - 1] : UPPER_WORD.test(judged[0]!) ? [0, judged.length - 1] : [0];
  if (everydayWords(judged)) return false;
  for (const at of givenAt) {
    if (!isGivenName(judged[at]!)) continue;
    const others = judged.filter((_, index) => index !== at);
    if (others.every((word) => tokenNameOdds(word) >= OTHER_WORD_ODDS) && judgePhrase(judged).sum >= 2.5) return true;
  }
  return false;
}

const judgedCount = (words: readonly string[]) => words.filter((word) => !INITIAL.test(word) && !NAME_PARTICLES.has(word.toLowerCase())).length;

/** The name in one comma-free part of a run (`Hello Mirela Osterkamp` → `Mirela Osterkamp`): [offset, length] in the part. */
function nameInPart(part: string): [number, number] | undefined {
  const words = part.split(' ');
  // a title or a heading (`Daniel Craig Movie Night`), not a name
  if (judgedCount(words) > 3) return undefined;
  for (const from of [0, 1]) {
    // after a word that leads in (`Hello Mirela Osterkamp`): the name is the rest
    if (from === 1 && (words.length < 3 || tokenNameOdds(words[0]!) > -2)) break;
    const phrase = words.slice(from).join(' ');
    if (confidentName(phrase) && isPersonName(phrase, { upper: true })) return [part.length - phrase.length, phrase.length];
  }
  return undefined;
}

/** Lower-case particles right before a surname written first (`van der Berg, Heidi`): part of the name. */
const PARTICLES_BEFORE = new RegExp(`(?:^|[\\s"'(\\[,;:|])((?:${PARTICLE}[ ]){1,3})$`);

function particlesBefore(text: string, start: number): number {
  const found = PARTICLES_BEFORE.exec(text.slice(Math.max(0, start - 16), start));
  return found ? start - found[1]!.length : start;
}

/** A run of capitalised words (RUN) at `index`; `glued` when a letter, an identifier's or a path's character stands right before it. */
export interface CapitalisedRun {
  readonly index: number;
  readonly text: string;
  readonly glued: boolean;
}

const NO_RUNS: readonly CapitalisedRun[] = [];
/** The last text's runs: the key-less and the prose rule look at the same runs of the same string, one after the other. */
let runsOf: { text: string; runs: readonly CapitalisedRun[] } = { text: '', runs: NO_RUNS };

/** Every run of two or more capitalised words in `text` (found once a string for the rules that judge them). */
export function capitalisedRuns(text: string): readonly CapitalisedRun[] {
  // a name of two words needs a space and a few letters: ids, paths and single words need no regex
  if (text.length < 6 || !text.includes(' ')) return NO_RUNS;
  if (runsOf.text === text) return runsOf.runs;
  const runs: CapitalisedRun[] = [];
  RUN.lastIndex = 0;
  for (let match = RUN.exec(text); match; match = RUN.exec(text)) {
    const glued = match.index > 0 && GLUED_BEFORE.test(text[match.index - 1]!);
    runs.push({ index: match.index, text: match[0], glued });
    // glued to what stands before: the next run may start inside this one (`x.Priya Raman Osterkamp`)
    if (glued) RUN.lastIndex = match.index + 1;
  }
  runsOf = { text, runs };
  return runs;
}

/** An array, not a generator: the rule runs on every string, and most give nothing. */
function keylessNames(text: string): Span[] {
  const spans: Span[] = [];
  for (const { index: runStart, text: found, glued } of capitalisedRuns(text)) {
    if (glued) continue;
    // most runs hold no given name at all (`Read File`, `The Bash Tool`): one look-up a word turns them away
    const inverted = found.includes(', ');
    if (!found.split(' ').some((word) => isGivenName(word.replace(/,$/, '')) || (inverted && isListedName(word.replace(/,$/, ''))))) continue;
    // a possessive is not part of the name (`Priya Raman's branch`)
    const run = found.replace(/['’]s$/, '');
    const parts = run.split(', ');
    // surname first (`OSTERKAMP, MIRELA`), else each part alone (`Иван Петров, Москва`, `Paris, France`)
    if (parts.length === 2 && judgedCount(run.split(/,? /)) <= 3 && confidentName(run) && isPersonName(run, { upper: true })) {
      spans.push({ start: particlesBefore(text, runStart), end: runStart + run.length });
      continue;
    }
    let offset = 0;
    for (const part of parts) {
      const name = nameInPart(part);
      if (name) spans.push({ start: runStart + offset + name[0], end: runStart + offset + name[0] + name[1] });
      offset += part.length + 2;
    }
  }
  return spans;
}

export const KEYLESS_NAME_RULE: Rule = {
  id: 'person-name-keyless',
  type: 'pii',
  label: 'name',
  description:
    'a person\'s name with no key beside it: two or three capitalised words (Title or ALL CAPS) that the name judge learned from public name and word lists calls a name beyond doubt (a listed given name and a name-like other word)',
  keywords: [],
  detector: keylessNames,
  examples: {
    match: [
      '00042MIRELA OSTERKAMP   BERGEN      0001250',
      "person('Ann Lee', 41).",
      '1042,Tomasz Nowak,tomek,2021-03-04',
      'OSTERKAMP, MIRELA    1977-05-02',
      '{ name = "x", owner = Kenji Watanabe }',
      'Hello Priya Raman, your build is ready',
    ],
    noMatch: [
      'name: Hello World',
      '[name] => Laravel Framework',
      "display_name: 'Your Name'",
      'CN=Board Room West',
      'Daniel Craig Movie Night',
      'import { Sarah } from "./Sarah.Component"',
      'Victoria Station is closed',
      'Release Notes for Version 2',
      'GRACE PERIOD EXCEEDED',
      'the daniel-smith branch',
    ],
  },
};
