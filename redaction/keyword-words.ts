/**
 * What a keyword hit is, read once per hit and shared by every rule behind the keyword: whether
 * the keyword starts a whole word, and which. Most hits of the common keywords (`key`, `pass`,
 * `token`, `auth`) lie inside other words (`bypassPermissions`, `keybindings`, `Co-authored-by`),
 * where no rule that wants the word itself can match; such a rule (Rule.keywordWords) runs only
 * on a text with a hit that is one of its words, and is tried at those hits only.
 *
 * A word is a run of ASCII word characters (`[A-Za-z0-9_]`, as `\b` reads them without the `u`
 * flag), lower-cased; a hit starts one when the character before it is not one of them.
 */

/** Longer words are no rule's word: they are not read (a hit inside a long run costs no more). */
export const MAX_KEYWORD_WORD = 24;

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
}

/** The lower-case word that starts at `start`, or null when `start` is inside a word, starts none or starts one longer than MAX_KEYWORD_WORD. */
export function wordStartingAt(text: string, start: number): string | null {
  if (start > 0 && isWordChar(text.charCodeAt(start - 1))) return null;
  const limit = Math.min(text.length, start + MAX_KEYWORD_WORD + 1);
  let end = start;
  while (end < limit && isWordChar(text.charCodeAt(end))) end += 1;
  if (end === start || end - start > MAX_KEYWORD_WORD) return null;
  return text.slice(start, end).toLowerCase();
}

/** A rule's keyword words as a set, checked against its keywords (each must start with a word character). */
export function keywordWordSet(ruleId: string, keywords: readonly string[], words: readonly string[]): ReadonlySet<string> {
  for (const keyword of keywords) {
    if (!/^[A-Za-z0-9_][\x00-\x7f]*$/.test(keyword)) throw new Error(`rule ${ruleId}: keyword words need keywords of ASCII that start with a word character ('${keyword}')`);
  }
  for (const word of words) {
    if (!/^[a-z0-9_]+$/.test(word) || word.length > MAX_KEYWORD_WORD) throw new Error(`rule ${ruleId}: a keyword word is lower-case ASCII word characters, at most ${MAX_KEYWORD_WORD} ('${word}')`);
  }
  return new Set(words);
}
