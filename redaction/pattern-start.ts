/**
 * Which rules' patterns can only match where one of their keywords starts, read from the
 * pattern's source when the rules are compiled. Such a pattern is tried at those places only (a
 * sticky match at each, see anchored.ts) instead of searching the whole string: most vendor
 * tokens begin with their own prefix (`ghp_`, `glpat-`, `xoxb-`), which is also their keyword.
 */

const QUANTIFIER = /[?*+{]/;
const LITERAL_CHAR = /[A-Za-z0-9_-]/;
/** Escaped characters that stand for themselves in a literal prefix. */
const ESCAPED_LITERAL = /[./_-]/;

/**
 * True when every match of `pattern` starts with a literal that one of the (ASCII) `keywords`
 * begins: after look-behinds (they take no characters) and inside the groups the pattern opens
 * with, it reads literal characters, classes of a few literal characters (`gh[us]_`) and groups
 * of literal alternatives (`(?:cfk|cfut)_`), and every string they can spell must begin with a
 * keyword; nothing can match instead of them or skip them (no `|` at their level or around them,
 * no quantifier on them or on a group that holds them). Anything this reading does not understand
 * answers false, and the pattern is searched as before.
 */
export function startsAtKeyword(pattern: RegExp, keywords: readonly string[]): boolean {
  const { source, flags } = pattern;
  // `v` changes how classes are written; with `iu`, Unicode case folding matches `ſ` for `s`
  if (flags.includes('v') || (flags.includes('i') && flags.includes('u'))) return false;
  const entered = new Set<number>();
  let at = 0;
  while (source[at] === '(') {
    if (source.startsWith('(?<!', at) || source.startsWith('(?<=', at)) {
      const end = groupEnd(source, at);
      if (end < 0) return false;
      at = end + 1;
    } else if (source.startsWith('(?:', at)) {
      if (literalAlternatives(source, at)) break; // `(?:cfk|cfut)_`: read as part of the prefix
      entered.add(at);
      at += 3;
    } else if (/^\(\?<[A-Za-z]/.test(source.slice(at, at + 4))) {
      entered.add(at);
      at = source.indexOf('>', at) + 1;
    } else if (source[at + 1] !== '?') {
      entered.add(at);
      at += 1;
    } else {
      return false;
    }
  }
  const prefixes = literalPrefixes(source, at);
  if (prefixes.some((prefix) => prefix.length === 0)) return false;
  const asciiKeywords = keywords.filter((keyword) => /^[\x00-\x7f]+$/.test(keyword)).map((keyword) => keyword.toLowerCase());
  if (!prefixes.every((prefix) => asciiKeywords.some((keyword) => prefix.toLowerCase().startsWith(keyword)))) return false;
  return !alternativeOrQuantifierAround(source, entered);
}

/** The most strings a prefix is expanded to (`gh[us]_` is two). */
const MAX_PREFIXES = 32;

/**
 * Every string the literal part of `source` from `at` can spell: literal characters, classes of
 * literal characters and groups of literal alternatives, up to the first anything else. A
 * quantifier applies to the part before it, which then is not sure: it and what follows are left out.
 */
function literalPrefixes(source: string, from: number): string[] {
  let prefixes = [''];
  let at = from;
  while (at < source.length) {
    const part = literalPart(source, at);
    if (!part || prefixes.length * part.choices.length > MAX_PREFIXES || QUANTIFIER.test(source[part.end] ?? '')) break;
    prefixes = prefixes.flatMap((prefix) => part.choices.map((choice) => prefix + choice));
    at = part.end;
  }
  return prefixes;
}

/** One literal character, a class of literal characters or a group of literal alternatives at `at`, and where it ends. */
function literalPart(source: string, at: number): { choices: string[]; end: number } | null {
  if (LITERAL_CHAR.test(source[at]!)) return { choices: [source[at]!], end: at + 1 };
  if (source[at] === '\\' && ESCAPED_LITERAL.test(source[at + 1] ?? '')) return { choices: [source[at + 1]!], end: at + 2 };
  if (source[at] === '[') {
    const end = classEnd(source, at);
    const members = literalRun(source.slice(at + 1, end));
    // a `-` between two members is a range, not a member
    if (end >= source.length || !members || members.length === 0 || /.-./.test(source.slice(at + 1, end))) return null;
    return { choices: [...new Set(members)], end: end + 1 };
  }
  const alternatives = source.startsWith('(?:', at) ? literalAlternatives(source, at) : null;
  return alternatives ? { choices: alternatives.choices, end: alternatives.end } : null;
}

/** `(?:cfk|cfut|cfat)`: a group of alternatives that are each a run of literal characters, with where it ends. */
function literalAlternatives(source: string, open: number): { choices: string[]; end: number } | null {
  const end = groupEnd(source, open);
  if (end < 0) return null;
  const choices = source.slice(open + 3, end).split('|').map(literalRun);
  if (choices.some((choice) => choice === null || choice.length === 0)) return null;
  return { choices: choices as string[], end: end + 1 };
}

/** The characters of `text` if it is literal characters only (escaped ones read as themselves), else null. */
function literalRun(text: string): string | null {
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    if (LITERAL_CHAR.test(text[i]!)) literal += text[i];
    else if (text[i] === '\\' && ESCAPED_LITERAL.test(text[i + 1] ?? '')) literal += text[++i];
    else return null;
  }
  return literal;
}

/** The index of the `)` that closes the group opened at `open`, or -1. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i += 1;
    else if (char === '[') i = classEnd(source, i);
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The index of the `]` that closes the class opened at `open` (the end of the source if none). */
function classEnd(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i++) {
    if (source[i] === '\\') i += 1;
    else if (source[i] === ']') return i;
  }
  return source.length;
}

/**
 * A `|` at the top level or directly in one of the `entered` groups (an alternative to what they
 * start with), or a quantifier after one of those groups (it may match nothing).
 */
function alternativeOrQuantifierAround(source: string, entered: ReadonlySet<number>): boolean {
  const open: boolean[] = []; // per group on the stack: is it an entered one?
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      i += 1;
    } else if (char === '[') {
      i = classEnd(source, i);
    } else if (char === '(') {
      open.push(entered.has(i));
    } else if (char === ')') {
      if (open.pop() && QUANTIFIER.test(source[i + 1] ?? '')) return true;
    } else if (char === '|' && open.every((isEntered) => isEntered)) {
      return true;
    }
  }
  return false;
}
