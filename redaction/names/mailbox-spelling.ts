/**
 * Does a mailbox's local part spell a person's name? A name and its owner's own address side by
 * side vouch for each other whatever the print format around them (a changelog trailer, a CSV row,
 * an R list, a Racket struct, a unit file's description): `helge.deller@…` spells `Helge Deller`,
 * `hdeller@…` and `deller.h@…` do too; `deller@…` spells one of its words only, weaker evidence.
 */

/** Letters a mailbox spells in ASCII that Unicode does not decompose (`ø`, `æ`, `ß`, `ł`). */
const PLAIN: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', þ: 'th', ı: 'i' };
/** The same with the German and Scandinavian two-letter spellings (`Øverby` → `oeverby`, `Müller` → `mueller`). */
const DIGRAPH: Record<string, string> = { ...PLAIN, ø: 'oe', ö: 'oe', ü: 'ue', ä: 'ae', å: 'aa' };

function spelled(word: string, letters: Record<string, string>): string {
  const lower = word.toLowerCase().replace(/['’-]/g, '');
  return [...lower].map((char) => letters[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '')).join('');
}

/** Words spelled lately: the same words come back around every mailbox of a text (bounded, then started afresh). */
const spelledWords = new Map<string, Set<string>>();

/** How a mailbox may spell a word: plain letters, or two-letter umlauts. */
export function spellings(word: string): Set<string> {
  let forms = spelledWords.get(word);
  if (forms === undefined) {
    if (spelledWords.size >= 10_000) spelledWords.clear();
    forms = new Set([spelled(word, PLAIN), spelled(word, DIGRAPH)]);
    spelledWords.set(word, forms);
  }
  return forms;
}

/** The letters-only parts of a local part: no `+tag`, split at `.`, `_`, `-`, digits dropped (`h.deller42` → `h`, `deller`). */
export function localParts(local: string): string[] {
  return local
    .toLowerCase()
    .replace(/\+.*$/, '')
    .split(/[._-]+/)
    .map((part) => part.replace(/\d+/g, ''))
    .filter(Boolean);
}

/**
 * How much of the name `words` (its first and last word count) the local part's `parts` spell:
 * `full` when both words are in it (whole or as an initial: `helge.deller`, `hdeller`, `deller.h`,
 * `dellerh`, `helged`), `one` when the local part is one of the words alone (`deller`, 4 letters or more).
 */
export function mailboxSpells(parts: readonly string[], words: readonly string[]): 'full' | 'one' | undefined {
  if (parts.length === 0 || words.length < 2) return undefined;
  let one = false;
  for (const first of spellings(words[0]!)) {
    for (const last of spellings(words.at(-1)!)) {
      if (first.length < 2 || last.length < 2) continue;
      if (parts.length >= 2) {
        const [a, b] = [parts[0]!, parts.at(-1)!];
        if ((a === first && (b === last || b === last[0])) || (a === last && (b === first || b === first[0])) || (a === first[0] && b === last)) return 'full';
        continue;
      }
      const whole = parts[0]!;
      if (whole === first + last || whole === first[0] + last || whole === last + first || whole === last + first[0] || (whole.length >= 4 && whole === first + last[0])) return 'full';
      if (whole.length >= 4 && (whole === last || whole === first)) one = true;
    }
  }
  return one ? 'one' : undefined;
}
