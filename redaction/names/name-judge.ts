/**
 * Is this string a person's name, or words? A judge learned from public lists (name-model.ts,
 * README.md): per token a log-odds of name against word, per phrase a judgement from its tokens.
 *
 * A token on a name list (given or family, any of faker's locales) is strong evidence, weaker when
 * it is also an everyday English or technical word (`Will`, `Mark`, `West`); an English or technical
 * word that looks like a name, and a place on no name list, count against; any other token is judged
 * by its letters (hashed 3- and 4-grams: `Osterkamp`, `Nwachukwu` look like names, `Framework`,
 * `Deployment` like words). Case does not matter: tokens are judged lower-cased. Scripts the word
 * lists do not cover (Cyrillic, Greek, Arabic, Hebrew, Devanagari, Han, Hangul, ...) are judged by
 * the name lists only: their letters alone say nothing (every n-gram of them was seen in names only).
 */
import { AMBIGUOUS, DICTIONARY, FAMILY, GIVEN, isKnownWord, nameModel, ngramOdds, PLACE } from './name-model.js';

/** Odds of a token on a given-name list, on a family-name list, of a name that is also a word, of a word. */
const GIVEN_ODDS = 3.5;
const FAMILY_ODDS = 3;
const AMBIGUOUS_ODDS = 0.5;
const WORD_ODDS = -3;
/** n-gram log-ratios are per gram: scaled to the lists' range and bounded, letters alone are never certain */
const NGRAM_SCALE = 2;
const NGRAM_BOUND = 2.5;

/** Words between names, not judged: `van der`, `bin`, `Ó`, `de la`. */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'van', 'von', 'der', 'den', 'de', 'del', 'della', 'dei', 'degli', 'los', 'las', 'di', 'da', 'das', 'do', 'dos', 'du', 'la', 'le',
  'bin', 'binti', 'bint', 'ibn', 'al', 'el', 'ter', 'ten', 'y', 'e', 'zu', 'zum', 'zur', 'vom', 'af', 'av', 'ó', 'ní', 'nic', 'uí', 'ua', 'mac', 'ap',
]);

const ASCII = /^[\x20-\x7e]*$/;
const LATIN_ONLY = /^[a-z\u00C0-\u024F\u1E00-\u1EFF]+$/;
/** `o'brien`, `d'souza`, `l'estrange`: the part after the elided particle is the name */
const ELIDED = /^(?:o|d|l|dell|all)['’]/;

const MARKS = /\p{M}+/gu;

/** `lúcia` → `lucia`, `leocádia` → `leocadia`: a token's letters without their accents. */
function unaccented(lower: string): string {
  return lower.normalize('NFD').replace(MARKS, '').normalize('NFC');
}

/**
 * A token's flags on the lists, with the name flags of its unaccented spelling: the lists hold many
 * names only as written in ASCII (`lucia`), and `lúcia` alone is a place there.
 */
function flagsOf(lower: string): number {
  const flags = nameModel().flags.get(lower) ?? 0;
  if (flags & (GIVEN | FAMILY) || ASCII.test(lower)) return flags;
  const plain = unaccented(lower);
  return plain === lower ? flags : flags | ((nameModel().flags.get(plain) ?? 0) & (GIVEN | FAMILY | AMBIGUOUS | DICTIONARY));
}

/**
 * Whether a lower-cased token is an everyday word. The word filter answers yes for about one token
 * in fifty it never held; an accented token must be held unaccented too (`leocádia` was a chance
 * yes, `leocadia` is not), as the few words the filter holds with accents (`café`) also are.
 */
function knownWord(lower: string): boolean {
  if (!isKnownWord(lower)) return false;
  if (ASCII.test(lower)) return true;
  const plain = unaccented(lower);
  return plain === lower || isKnownWord(plain);
}

function partOdds(part: string): number {
  if (part.length < 2) return 0;
  const flags = flagsOf(part);
  if (flags & (GIVEN | FAMILY)) {
    if (flags & AMBIGUOUS) return AMBIGUOUS_ODDS;
    return flags & GIVEN ? GIVEN_ODDS : FAMILY_ODDS;
  }
  if (flags & PLACE) return WORD_ODDS;
  if (!LATIN_ONLY.test(part)) return 0;
  if (knownWord(part)) return WORD_ODDS;
  return Math.max(-NGRAM_BOUND, Math.min(NGRAM_BOUND, ngramOdds(part) * NGRAM_SCALE));
}

/** Tokens judged lately: the same words come back in every string of a session (bounded, then started afresh). */
const judgedTokens = new Map<string, number>();
const JUDGED_TOKENS_KEPT = 20_000;

/** Log-odds that `token` (any case) is a person's name rather than a word: > 0 name-like, < 0 word-like. */
export function tokenNameOdds(token: string): number {
  let odds = judgedTokens.get(token);
  if (odds === undefined) {
    if (judgedTokens.size >= JUDGED_TOKENS_KEPT) judgedTokens.clear();
    odds = judgeToken(token);
    judgedTokens.set(token, odds);
  }
  return odds;
}

function judgeToken(token: string): number {
  const lower = token.normalize('NFC').toLowerCase().replace(ELIDED, '');
  const whole = partOdds(lower.replace(/['’]/g, ''));
  if (!lower.includes('-')) return whole;
  // a double-barrelled name (`Lefèvre-Martin`) is as name-like as its parts on average
  const parts = lower.split('-').filter(Boolean);
  if (parts.length === 0) return 0;
  return parts.reduce((sum, part) => sum + partOdds(part), 0) / parts.length;
}

/** The name lists' flags of `token` (any case; a look-up, no judging). */
function listFlags(token: string): number {
  const lower = token.toLowerCase();
  return flagsOf(ASCII.test(lower) ? lower : lower.normalize('NFC'));
}

/** True when `token` is on a given- or family-name list and is no everyday word. */
function listedName(token: string): boolean {
  const flags = listFlags(token);
  return (flags & (GIVEN | FAMILY)) !== 0 && (flags & AMBIGUOUS) === 0;
}

/** True when `token` is on a given-name list and is no everyday word (`Priya`, `Mirela`; not `Will`). */
export function isGivenName(token: string): boolean {
  const flags = listFlags(token);
  return (flags & GIVEN) !== 0 && (flags & AMBIGUOUS) === 0;
}

/** True when `token` is on a given- or family-name list and no everyday word (`Osterkamp`, `Nowak`; not `Mark`). */
export function isListedName(token: string): boolean {
  return listedName(token);
}

/**
 * True when `token` is on a name list and is also an everyday or dictionary word (`Mark`, `Rose`,
 * `Grant`, `Hill`, `Wood`): a phrase of such names and words (`Rose Hill`) is a name only where its place says so.
 */
export function isEverydayName(token: string): boolean {
  const flags = listFlags(token);
  return (flags & (GIVEN | FAMILY)) !== 0 && (flags & (AMBIGUOUS | DICTIONARY)) !== 0;
}

/** True when `token` is on any name list, everyday words that are names too included (`Mark`, `Rose`). */
export function isAnyName(token: string): boolean {
  return (listFlags(token) & (GIVEN | FAMILY)) !== 0;
}

/** True when a token is an English or technical word or a place, on no name list. */
export function isWordToken(token: string): boolean {
  return tokenNameOdds(token) <= WORD_ODDS;
}

export interface PhraseJudgement {
  /** sum of the judged tokens' odds */
  readonly sum: number;
  /** the least name-like token's odds */
  readonly min: number;
  /** tokens judged (particles and initials are not) */
  readonly judged: number;
  /** judged tokens on a name list that are no everyday word */
  readonly listed: number;
  /** judged tokens that are English or technical words or places (not judged by their letters) */
  readonly words: number;
  /** the most name-like token's odds */
  readonly max: number;
}

const INITIAL = /^\p{L}\.?$/u;

/** Judges the words of a candidate name (`['Mirela', 'Osterkamp']`, `['VAN', 'DER', 'BERG,', 'PIETER']`). */
export function judgePhrase(words: readonly string[]): PhraseJudgement {
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let judged = 0;
  let listed = 0;
  let known = 0;
  for (const raw of words) {
    const word = raw.replace(/[,.]$/, '');
    if (word === '' || INITIAL.test(raw) || NAME_PARTICLES.has(word.toLowerCase())) continue;
    const odds = tokenNameOdds(word);
    sum += odds;
    min = Math.min(min, odds);
    max = Math.max(max, odds);
    judged += 1;
    if (odds >= FAMILY_ODDS) listed += 1;
    if (odds <= WORD_ODDS) known += 1;
  }
  return { sum, min: judged === 0 ? 0 : min, max: judged === 0 ? 0 : max, judged, listed, words: known };
}

/**
 * True when a capitalised phrase is plainly words, not a name: an English or technical word in it
 * and no word that is plainly a name's: a listed name that is no everyday word, or letters that look
 * like a name (`Hello World`, `Laravel Framework`, `Board Room West` are words; `Priya Cloud`,
 * `Ottoline Marsh` names). Letters alone never make a phrase words (`Tarjei Vindenes`).
 */
export function phraseIsWords(words: readonly string[]): boolean {
  // a listed given or family name that is no word settles it without judging the rest
  if (words.some((word) => listedName(word.replace(/[,.]$/, '')))) return false;
  const { max, words: known } = judgePhrase(words);
  return known > 0 && max <= AMBIGUOUS_ODDS;
}

/**
 * True when a phrase in capitals or in lower case is a name beyond doubt (`MIRELA OSTERKAMP`,
 * `john smith`): one word on a name list, none that looks like a word, and the sum well on the name side.
 */
export function phraseIsStronglyName(words: readonly string[]): boolean {
  // most phrases in one case hold no listed name (`error code`, `release notes`): one look-up a word turns them away
  if (!words.some((word) => listedName(word.replace(/[,.]$/, '')))) return false;
  const { sum, min, judged, listed } = judgePhrase(words);
  if (judged < 2 || judged > 4) return false;
  return listed >= 1 && min >= -1 && sum >= 2.5;
}
