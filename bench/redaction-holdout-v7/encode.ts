/**
 * The encodings a value passes through before it reaches an agent's log. Each returns the text as
 * a reader would see it; the holdout's rule is that this encoded form is what must disappear.
 */

/** The body of a JSON string literal (without its quotes). */
export const jsonEscape = (s: string): string => JSON.stringify(s).slice(1, -1);

/** A JSON string escaped `times` times (tool output that is itself JSON, quoted again). */
export function jsonEscapeTimes(s: string, times: number): string {
  let out = s;
  for (let i = 0; i < times; i++) out = jsonEscape(out);
  return out;
}

/** application/x-www-form-urlencoded: spaces become `+`. */
export const formEncode = (s: string): string => encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 3986 percent-encoding of every byte but the unreserved ones. */
export const percentEncode = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** base64 wrapped as GNU `base64` prints it: 76 columns. */
export function base64Wrapped(s: string, width = 76): string {
  return (Buffer.from(s).toString('base64').match(new RegExp(`.{1,${width}}`, 'g')) ?? []).join('\n');
}

export const base64 = (s: string): string => Buffer.from(s).toString('base64');

/** HTML text escaping, with quotes as entities. */
export const htmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Every character as a numeric HTML entity (some mailers and CMSs obfuscate that way). */
export const htmlNumeric = (s: string): string => [...s].map((c) => `&#${c.codePointAt(0)};`).join('');

/** Every UTF-16 unit as a `\uXXXX` escape. */
export const unicodeEscape = (s: string): string => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** Quoted-printable of one line (RFC 2045): `=XX` for `=` and non-ASCII, soft breaks at 76 columns. */
export function quotedPrintable(line: string): string {
  let encoded = '';
  for (const byte of Buffer.from(line, 'utf8')) {
    const c = String.fromCharCode(byte);
    encoded += byte === 61 || byte > 126 || byte < 32 ? `=${byte.toString(16).toUpperCase().padStart(2, '0')}` : c;
  }
  const out: string[] = [];
  let rest = encoded;
  while (rest.length > 76) {
    let cut = 75;
    const eq = rest.lastIndexOf('=', cut - 1);
    if (eq > cut - 3) cut = eq;
    out.push(`${rest.slice(0, cut)}=`);
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out.join('\n');
}

/** A POSIX single-quoted word: `'` becomes `'\''`. */
export const shellSingleQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Bash's `printf %q` style: every shell-special character behind a backslash. */
export const shellBackslash = (s: string): string => s.replace(/([^A-Za-z0-9_\-.,:/@%+=])/g, '\\$1');

/** A Python `repr()` of a str: single quotes unless the text holds one and no double quote. */
export function pythonRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`).replace(/\n/g, '\\n').replace(/\t/g, '\\t');
  return `${quote}${body}${quote}`;
}

/** `xxd` rows of `text`: offset, eight groups of two bytes, the ASCII column. */
export function xxdRows(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const rows: string[] = [];
  for (let off = 0; off < bytes.length; off += 16) {
    const chunk = bytes.subarray(off, off + 16);
    const hex = [...chunk].map((b) => b.toString(16).padStart(2, '0'));
    const groups: string[] = [];
    for (let i = 0; i < 16; i += 2) groups.push((hex[i] ?? '  ') + (hex[i + 1] ?? '  '));
    const asciiCol = [...chunk].map((b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : '.')).join('');
    rows.push(`${off.toString(16).padStart(8, '0')}: ${groups.join(' ')}  ${asciiCol}`);
  }
  return rows;
}

/** `hexdump -C` rows of `text`. */
export function hexdumpRows(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const rows: string[] = [];
  for (let off = 0; off < bytes.length; off += 16) {
    const chunk = [...bytes.subarray(off, off + 16)];
    const hex = chunk.map((b) => b.toString(16).padStart(2, '0'));
    const left = hex.slice(0, 8).join(' ').padEnd(23);
    const right = hex.slice(8).join(' ').padEnd(23);
    const asciiCol = chunk.map((b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : '.')).join('');
    rows.push(`${off.toString(16).padStart(8, '0')}  ${left}  ${right}  |${asciiCol}|`);
  }
  return rows;
}

/** The part of each dump row after its offset, for the rows that hold a byte of `[start, end)`. */
export function dumpRowsCovering(rows: string[], start: number, end: number): string[] {
  const out: string[] = [];
  for (let i = Math.floor(start / 16); i <= Math.floor((end - 1) / 16); i++) {
    const row = rows[i];
    if (row) out.push(row.replace(/^[0-9a-f]{8}:? +/, ''));
  }
  return out;
}

/** `text` hard-wrapped at `width` columns, as a terminal or a mail client shows a long line. */
export function hardWrap(text: string, width: number): string {
  return (text.match(new RegExp(`.{1,${width}}`, 'g')) ?? []).join('\n');
}

/** ANSI SGR colour around `s`. */
export const ansi = (code: number, s: string): string => `\x1b[${code}m${s}\x1b[0m`;
