/**
 * Family `generic`: a secret printed alone. A command that reads one secret prints its value and
 * nothing else (`hg config auth.x.password`, `git config --get credential.x.password`,
 * `npm config get //host/:_authToken`, `jq -r .password`, `kubectl get secret … | base64 -d`): the
 * whole output is one token. Such a text is a secret when the token is shaped like a generated
 * password: letters and digits with a password's symbols, or letters of both cases and digits
 * mixed at random. Identifiers that also stand alone stay: prefixed ids (`msg_…`, `req_…`), words
 * in camel case (`HttpClient5Builder`), versions, paths, URLs, addresses, file names, hex digests.
 */
import type { Rule, Span } from '../types.js';
import { caseChanges } from '../validators.js';
import { JOINED_SEPARATOR, SCANNED_ALONE_LENGTH } from '../joined-texts.js';
import { placedSecret } from './placed-secret.js';

const MIN = 10;
const MAX = 128;
/** A password's symbols (not a path's, a URL's, an identifier's or a version's). */
const SYMBOL = /[!#$%^&*?+=~]/;
/** Tokens that are something else: an assignment (a diff's `+NAME=…` too: the assignment rules judge its value), a prefixed id, a file name, a version, a digest, a UUID, a reference or a mask. */
const OTHER_SHAPES = /^[+-]?[A-Za-z_][\w.-]*=|^eyJ|^[A-Za-z0-9+/]+={1,2}$|^[a-z]{2,12}_|\.[A-Za-z]{1,5}$|^v?\d+(?:\.\d+)+|^[0-9a-f]+$|^[0-9A-F]+$|^[0-9a-f]{8}-[0-9a-f]{4}-|^\$|^%[A-Z_]+%$|^\*+$|^<.*>$|^\{.*\}$|^\[.*\]$|^\(.*\)$/;

/** Letters that change case often (`iNfvKSJQHuQ`), unlike words in camel case (`HttpClientBuilder`). */
function randomCase(token: string): boolean {
  const letters = token.replace(/[^A-Za-z]/g, '');
  return caseChanges(letters) >= letters.length / 3;
}

/** A token shaped like a generated password (see the module's comment): also read inside a printed value by go-value-prints.ts. */
export function passwordToken(token: string): boolean {
  if (token.length < MIN || token.length > MAX || /[/:@\\"'`,;|<>()[\]{}]/.test(token) || OTHER_SHAPES.test(token)) return false;
  if (!/[A-Za-z]/.test(token) || !/\d/.test(token)) return false;
  if (SYMBOL.test(token)) return /[a-z]/.test(token) || /[A-Z]/.test(token);
  // digits strewn among the letters (three runs or more), as a generator puts them, not a name's number (`TestParse2Dates`, `Ubuntu2204Server`)
  return token.length >= 14 && /[a-z]/.test(token) && /[A-Z]/.test(token) && /^[A-Za-z0-9_-]+$/.test(token) && (token.match(/\d+/g)?.length ?? 0) >= 3 && randomCase(token);
}

const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;

/**
 * The one token of text[from, to) when that is all it holds: blanks around it and one line end
 * after it allowed. Walks the characters instead of a regex: this rule has no keyword, so it sees
 * every short string of every event.
 */
function lone(text: string, from: number, to: number): Span | undefined {
  if (to - from > MAX + 4 || to - from < MIN) return undefined;
  let end = to;
  if (text.charCodeAt(end - 1) === LF) end -= text.charCodeAt(end - 2) === CR ? 2 : 1;
  while (end > from && (text.charCodeAt(end - 1) === SPACE || text.charCodeAt(end - 1) === TAB)) end -= 1;
  let start = from;
  while (start < end && (text.charCodeAt(start) === SPACE || text.charCodeAt(start) === TAB)) start += 1;
  if (end - start < MIN || !mayBePasswordToken(text, start, end)) return undefined;
  const token = text.slice(start, end);
  if (/\s/.test(token) || !passwordToken(token)) return undefined;
  return { start, end };
}

/** Characters a lone token cannot hold, by code: those passwordToken rejects (its first test) and ASCII blanks (`lone` rejects a token with a space inside). */
const NOT_IN_TOKEN = Uint8Array.from({ length: 128 }, (_, code) => ('/:@\\"\'`,;|<>()[]{} \t\n\r\v\f'.includes(String.fromCharCode(code)) ? 1 : 0));

/**
 * What a lone token needs first, read in one walk without slicing: no blank inside, no character
 * passwordToken rejects, a letter and a digit. Nearly every short string fails here, most at their
 * first space (a sentence, a command line, a log line), before any regular expression runs.
 */
function mayBePasswordToken(text: string, start: number, end: number): boolean {
  let letter = false;
  let digit = false;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && NOT_IN_TOKEN[code] === 1) return false;
    if (code >= 48 && code <= 57) digit = true;
    else if ((code | 32) >= 97 && (code | 32) <= 122) letter = true;
  }
  return letter && digit;
}

const NONE: readonly Span[] = Object.freeze([]);

/** The separator's three characters: its middle one (NUL) is rare in any text. */
const SEPARATOR_MIDDLE = JOINED_SEPARATOR.charAt(1);
const SEPARATOR_BEFORE = JOINED_SEPARATOR.charCodeAt(0);
const SEPARATOR_AFTER = JOINED_SEPARATOR.charCodeAt(2);

/** `text.indexOf(JOINED_SEPARATOR, from)`, found by its middle character: a search for the whole separator stops at every line break. */
function separatorFrom(text: string, from: number): number {
  for (let middle = text.indexOf(SEPARATOR_MIDDLE, from + 1); middle !== -1; middle = text.indexOf(SEPARATOR_MIDDLE, middle + 1)) {
    if (text.charCodeAt(middle - 1) === SEPARATOR_BEFORE && text.charCodeAt(middle + 1) === SEPARATOR_AFTER) return middle - 1;
  }
  return -1;
}

/** An array, not a generator: the rule has no keyword and is asked about every text, nearly always for nothing. */
function loneSecret(text: string): readonly Span[] {
  if (text.length <= MAX + 4 && !text.includes('\u0000')) {
    const span = lone(text, 0, text.length);
    return span ? [span] : NONE;
  }
  // a joined text's first part is short, so its first separator comes early (at SCANNED_ALONE_LENGTH at most): a long text alone is not searched through
  if (separatorFrom(text.slice(0, SCANNED_ALONE_LENGTH + JOINED_SEPARATOR.length), 0) === -1) return NONE;
  const spans: Span[] = [];
  for (let from = 0; from <= text.length; ) {
    const separator = separatorFrom(text, from);
    const to = separator === -1 ? text.length : separator;
    const span = lone(text, from, to);
    if (span) spans.push(span);
    if (separator === -1) break;
    from = separator + JOINED_SEPARATOR.length;
  }
  return spans;
}

export const LONE_SECRET_RULES: readonly Rule[] = [
  // a lone token has a digit (mayBePasswordToken): a text without one is not looked at
  { ...placedSecret(
    'lone-secret-output',
    "a whole output that is one token shaped like a generated password (a command that reads one secret prints it alone: `hg config auth.x.password`, `git config --get …`, `jq -r .password`)",
    { keywords: [], label: 'secret' },
    loneSecret,
    {
      match: ['Qv4#spruce7Lm2\n', 'Hx9!tundra2Kq', 'rT5hKw2PzL9mVx4QnB8y\n', 'bold3-Quartz?lake'],
      noMatch: [
        'HttpClient5Builder\n', 'msg_01XFDUDYJgAACzvnptvVoYEL', 'release-2026.11.3', 'v1.4.2-rc1', '9f2c7e1d4b8a6c30', 'src/main/App2.java', 'https://x.org/a?b=1',
        'ann@example.org', 'glacier-copper-ridge-37', 'state=eyJyZXR1cm5UbyI6Ii9kYXNoYm9hcmQifQ', 'SGVsbG8gV29ybGQgMjAyNg==', 'TestParse2Dates', 'Ubuntu2204Server1', '********', '${DB_PASSWORD}', 'Qv4#spruce7Lm2 is the new one', 'DESKTOP-7GH3K2L', 'main', '-PAYMENT_TOKEN=tok_demo_1234567', '+export_key=Rk8#local2Zq',
      ],
    },
  ), needsDigit: true },
];
