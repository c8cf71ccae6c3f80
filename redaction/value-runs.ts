/**
 * Where an unquoted value really ends. A bare value's grammar stops at punctuation that often ends
 * a value in code or markup (`<`, `>`, `&`, quotes, braces), but a password may hold any of them:
 * `password = Hx7<kq>9&Lm2z` cut at the `<` would leave its tail in the text. When the stop is
 * such a character and the same unbroken word goes on past it, the value is the whole word; code
 * and markup around a value (`a && b`, `x<<EOF`, `abc</td>`, `"…TOKEN=abc"`, `a=1&b=2`) do not.
 */

/** Characters that end a bare value in a grammar, but may sit inside a password. */
const INNER_PUNCTUATION = new Set(['<', '>', '&', "'", '"', '`', '{', '}']);
/** A word continued past its cut is this long at least: `a&b` and `i<10` are code. */
const MIN_RUN = 6;
/** A word goes on at most this far: a longer run is not one value. */
const MAX_RUN = 256;

/**
 * The end of the word that the bare value `text[start, end)` was cut from, when the cut is at inner
 * punctuation and the word goes on to a blank or the line's end; otherwise `end`.
 */
export function continuedValueEnd(text: string, start: number, end: number): number {
  if (end >= text.length || !INNER_PUNCTUATION.has(text[end]!)) return end;
  // `%{`, `${`, `#{`, `@{`: a map or an interpolation, not more of a literal
  if (text[end] === '{' && end > start && '%$#@'.includes(text[end - 1]!)) return end;
  // what was read is a name and its operator (`key: NAME=<paste it here>`): what follows is its value, a placeholder or not
  if (text[end - 1] === '=' || text[end - 1] === ':') return end;
  let runEnd = end;
  const limit = Math.min(text.length, start + MAX_RUN);
  while (runEnd < limit && !isBlank(text.charCodeAt(runEnd)) && text.charCodeAt(runEnd) !== 0x5c) runEnd += 1;
  // a backslash starts an escape of the text around (`\n`, `\"` in JSON-escaped text): the word is not read across it
  if (runEnd === limit && runEnd < text.length && !isBlank(text.charCodeAt(runEnd))) return end;
  if (runEnd < text.length && text.charCodeAt(runEnd) === 0x5c) return end;
  const tail = trimClosers(text.slice(end, runEnd));
  // `<` opening a placeholder of several words (`<paste it here>`), closed later on the line
  if (tail[0] === '<' && !tail.includes('>') && /^[^\n>]{0,80}>/.test(text.slice(runEnd, runEnd + 81))) return end;
  if (!continuesAsValue(tail)) return end;
  // a short run is an expression or prose (`a&b`, `x<y`, `i<10`), not a password that holds punctuation
  if (end + tail.length - start < MIN_RUN) return end;
  return end + tail.length;
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** What closes the text around the word (a quote, a bracket, a sentence's stop) is not the value's. */
function trimClosers(tail: string): string {
  let trimmed = tail.replace(/[.,;:]+$/, '');
  for (;;) {
    const last = trimmed[trimmed.length - 1];
    if (last === '"' || last === "'" || last === '`') {
      // a quote the word opened itself stays (`ab"cd"`); one closing the text around goes
      if (count(trimmed, last) % 2 === 1) trimmed = trimmed.slice(0, -1);
      else break;
    } else if ((last === ')' || last === ']' || last === '}') && count(trimmed, last) > count(trimmed, OPENER[last]!)) {
      trimmed = trimmed.slice(0, -1);
    } else break;
    trimmed = trimmed.replace(/[.,;:]+$/, '');
  }
  return trimmed;
}

const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n += 1;
  return n;
}

/**
 * The rest of a word after its cut, still the value: it goes on with a letter or digit after the
 * punctuation, and is not an operator, a here-document, a closing tag, an entity-free query string
 * or a shell redirection.
 */
function continuesAsValue(tail: string): boolean {
  if (tail.length < 2) return false;
  if (!/^[<>&'"`{}][A-Za-z0-9!#$%*+\-./:=?@^_|~<>&'"`{}]/.test(tail)) return false;
  if (!/[A-Za-z0-9]/.test(tail.slice(1))) return false;
  // a map, a block or an interpolation opened after the value (`%{from_env: …}`, `${X}`) is code: a brace inside a password is closed in it
  if (tail[0] === '{' && !tail.includes('}')) return false;
  // a quote inside a word is followed by more of it (`Qx7"kq9`); after a closing quote comes code (`'abc'.strip()`, `"abc"+x`)
  if (/^["'`][^A-Za-z0-9]/.test(tail)) return false;
  // operators and markup: `&&`, `<<`, `>>`, `<=`, `>=`, `->`, `</`, `<!`, `${`
  if (/^(?:&&|<<|>>|<=|>=|<\/|<!|\{\{|\}\})/.test(tail)) return false;
  // a query string's next pair (`&b=2`), not an entity (`&amp;`)
  if (/&[A-Za-z_][\w.-]*=/.test(tail)) return false;
  // a redirection to a file or a descriptor: `>out.log`, `>&2`, `>/dev/null`
  if (/^>(?:&\d|\/|[\w.-]+\.\w{1,5}$)/.test(tail)) return false;
  // markup after the value: a tag alone (`abc<br>`) or before another
  if (/^<[A-Za-z][\w-]*>(?:$|<)/.test(tail)) return false;
  return true;
}
