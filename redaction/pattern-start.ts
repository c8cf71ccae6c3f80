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
 * with, it reads a run of literal characters, and nothing can match instead of it or skip it (no
 * `|` at its level or around it, no quantifier on it or on a group that holds it). Anything this
 * reading does not understand answers false, and the pattern is searched as before.
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
  let literal = '';
  while (at < source.length) {
    if (LITERAL_CHAR.test(source[at]!)) {
      literal += source[at];
      at += 1;
    } else if (source[at] === '\\' && ESCAPED_LITERAL.test(source[at + 1] ?? '')) {
      literal += source[at + 1];
      at += 2;
    } else {
      break;
    }
  }
  // a quantifier after the literal applies to its last character
  if (QUANTIFIER.test(source[at] ?? '')) literal = literal.slice(0, -1);
  if (literal.length === 0) return false;
  const prefix = literal.toLowerCase();
  if (!keywords.some((keyword) => /^[\x00-\x7f]+$/.test(keyword) && prefix.startsWith(keyword.toLowerCase()))) return false;
  return !alternativeOrQuantifierAround(source, entered);
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
