/**
 * The markers of the assignment family's rarer forms (assignment.ts, findOtherForms) and where
 * `pin` starts (a table header word the scanner does not report, header-words.ts), found in one
 * search of a window. Each form is read only when its marker is there.
 *
 * One search finds what the two searches find: a match's characters are never the start of
 * another of its own pattern's (`set -Item ` holds `set -`, not `-Item `), and across the two
 * patterns neither can happen: no marker holds a `p` or `P`, and none starts with an `i` or an `n`
 * in either case, so neither pattern's matches cover a place where the other's would start. A test checks this on the fixtures' windows and on
 * strings made of the markers' pieces.
 */

/**
 * The markers as one pattern: `value` in any case (the name/value lists look for `Value:` and
 * `"value"` too), `(` for a call given a literal (`("`, `('`, `(\\"`), `{` for a pair in braces
 * (`{db_password, "x"}`), `]` for an indexed declaration (`kToken[] = "x"`).
 */
export const FORM_MARKERS = /<(?:\/|!\[CDATA\[|key>)|ENV|ARG|#define|-Item |\{(?=[ \t]*(?:'|\\?")?[A-Za-z_][\w@.-]{0,60}(?:'|\\?")?[ \t]*,)|\((?=\\?["'])|\](?=[ \t]*=)|[Vv][Aa][Ll][Uu][Ee]|va(?:riable|r[ \t])|con(?:tent=|st[ \t])|set(?:x | -)/g;
export const PIN = /[Pp][Ii][Nn]/g;

/** One bit per marker. */
export const Marker = {
  closingTag: 1 << 0, // `</`
  cdata: 1 << 1, // `<![CDATA[`
  plistKey: 1 << 2, // `<key>`
  env: 1 << 3, // `ENV`
  arg: 1 << 4, // `ARG`
  define: 1 << 5, // `#define`
  item: 1 << 6, // `-Item `
  atomPair: 1 << 7, // `{` before a name and a comma
  call: 1 << 8, // `(` before a quote
  indexed: 1 << 9, // `]` before `=`
  value: 1 << 10, // `value` in any case
  variable: 1 << 11, // `variable`
  var: 1 << 12, // `var ` (`var` and a tab sets no bit: only its place is kept)
  content: 1 << 13, // `content=`
  const: 1 << 14, // `const `
  setx: 1 << 15, // `setx `
  setDash: 1 << 16, // `set -`
} as const;

/** The bit of each marker as FORM_MARKERS writes its match (`value` in lower case, `{` as `{`). */
export const MARKER_OF_MATCH: Readonly<Record<string, number>> = {
  '</': Marker.closingTag,
  '<![CDATA[': Marker.cdata,
  '<key>': Marker.plistKey,
  ENV: Marker.env,
  ARG: Marker.arg,
  '#define': Marker.define,
  '-Item ': Marker.item,
  '{': Marker.atomPair,
  '(': Marker.call,
  ']': Marker.indexed,
  value: Marker.value,
  variable: Marker.variable,
  'var ': Marker.var,
  'content=': Marker.content,
  'const ': Marker.const,
  'setx ': Marker.setx,
  'set -': Marker.setDash,
};

export interface FoundMarkers {
  /** the bits of the markers found */
  markers: number;
  /** where `pin` starts, in any case, in order */
  pins: number[];
  /**
   * where `</` starts, in order: all of them (no marker takes a `<` but at its own start, where the
   * next character tells the three apart)
   */
  closings: number[];
  /**
   * where `value` starts, in any case, in order: all of them (the one marker's match a `value` can
   * start inside is `ENV`'s, looked at apart), so the name/value lists' own markers (`value:`,
   * `"value"`, `value =`) are read at these places instead of searched for
   */
  values: number[];
  /** where `var` or `const` and a blank (a space or a tab) start, in order: all of them */
  declarations: number[];
}

/** `value` at `at`, in any case. */
function startsValue(text: string, at: number): boolean {
  return text.length >= at + 5 && text.slice(at, at + 5).toLowerCase() === 'value';
}

/** `var` and `const` before a tab: found for their places (Go's declarations), but no marker (the bit is for a space). */
const DECLARATION_WITH_TAB = new Set(['var\t', 'const\t']);

/** Both patterns as one search (one pass over the window instead of two); `pin` last. */
const MARKERS_AND_PIN = new RegExp(`${FORM_MARKERS.source}|${PIN.source}`, 'g');

/** The markers in `text` and where `pin` starts. */
export function formMarkersIn(text: string): FoundMarkers {
  let markers = 0;
  const pins: number[] = [];
  const closings: number[] = [];
  const values: number[] = [];
  const declarations: number[] = [];
  MARKERS_AND_PIN.lastIndex = 0;
  for (let match = MARKERS_AND_PIN.exec(text); match; match = MARKERS_AND_PIN.exec(text)) {
    const found = match[0];
    const bit = MARKER_OF_MATCH[found];
    if (bit === Marker.closingTag) closings.push(match.index);
    if (bit === Marker.var || bit === Marker.const || DECLARATION_WITH_TAB.has(found)) declarations.push(match.index);
    // (a match with no bit is `pin`, `value` in another case, or `var`/`const` and a tab)
    if (bit === Marker.value || (bit === undefined && found.length === 5)) values.push(match.index);
    // the one marker a `value` can start inside: `ENVALUE` (its place is kept, no bit is set, as before)
    else if (bit === Marker.env && startsValue(text, match.index + 2)) values.push(match.index + 2);
    if (bit !== undefined) markers |= bit;
    else if (found.length === 3) pins.push(match.index);
    else if (!DECLARATION_WITH_TAB.has(found)) markers |= Marker.value; // `Value`, `VALUE`: `value` in another case
  }
  return { markers, pins, closings, values, declarations };
}
