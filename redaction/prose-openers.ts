/**
 * Bare words after a name that open a sentence rather than give a value: changelogs
 * (`psk: added checks so the analyzer passes`), release notes and man pages (`--root-pin= but
 * reads a hash`, `password=\tThe account's password`). isNaturalLanguage reads a whole phrase of
 * words; these lines hold file names, underscores and commas, so only their first words are read.
 */

/** Words that tie a sentence together: a password is almost never one, nor followed by one. */
const FUNCTION_WORD = /^(?:the|a|an|and|or|but|nor|to|of|in|on|at|by|for|from|with|into|onto|than|as|is|are|was|were|be|been|can|could|will|would|should|may|must|which|that|this|these|those|it|its|so|if|when|then|not|also|like)$/i;
/** One word as a word is written: lower-case, or capitalised; maybe a possessive (`backup's`). */
const WORD = /^[A-Za-z][a-z]*(?:'s)?$/;

/**
 * Does `phrase` (a bare value and the rest of its line) open a sentence? Its first token is a
 * word, and either a function word itself, or one of the next three words is one (`setting in
 * the`, `Add _sync user, so`). A passphrase of plain words (`velvet orchid lantern`) has none.
 */
export function opensProse(phrase: string): boolean {
  const words = phrase.trim().split(/[ \t\u00a0]+/);
  const first = words[0]!;
  if (!WORD.test(first)) return false;
  if (FUNCTION_WORD.test(first)) return true;
  for (let i = 1; i < Math.min(words.length, 4); i++) if (FUNCTION_WORD.test(words[i]!.replace(/[,.;:!?)]+$/, ''))) return true;
  return false;
}

/** The identifier a name or a bare value ends in, without its owner (`self.`, `opts->`), sigils and separators: `_PassPhrase` → `passphrase`. */
function coreIdentifier(name: string): string {
  const last = name.split(/\.|->|::/).pop()!;
  return last.replace(/^[_$@]+/, '').replace(/[-_]/g, '').toLowerCase();
}

/** A variable handed on under its own name (`pwd=pwd`, `self._passphrase = passphrase`): code, not a value written out. */
export function sameIdentifier(name: string, value: string): boolean {
  if (!/^[A-Za-z_$@][\w$]*(?:(?:\.|->)[A-Za-z_]\w*)*$/.test(value)) return false;
  const core = coreIdentifier(value);
  return core.length > 0 && core === coreIdentifier(name);
}
