/**
 * Dovecot's auth process with `auth_debug_passwords = yes` (and `auth_verbose_passwords`): the
 * SASL response it was sent (`client in: AUTH	1	PLAIN	service=imap	…	resp=<base64>`, and the
 * `CONT` lines of a multi-step mechanism: the second `CONT` of `LOGIN` is the password), the
 * password given and the one stored when a plain scheme compares them
 * (`PLAIN(given) != 'stored'`), and `(given password: X)`. A stored value under a hashing scheme
 * (`SHA512-CRYPT(x) != '$6$…'`) is a hash and stays, as every password hash.
 */
import type { Rule, Span } from '../types.js';
import { decoded } from './mail-auth.js';
import { lineBreakAfter } from '../line-bounds.js';

/** `AUTH	<id>	<mechanism>	…	resp=<base64>` (tabs, or spaces where a log viewer expanded them). */
const AUTH_REQUEST = /\bAUTH[ \t]+(\d+)[ \t]+([A-Z0-9-]+)\b/y;
/** (no match of it holds a line break: the first one after a request is on the request's line when it starts before the line's end) */
const RESPONSE = /[ \t]resp=([A-Za-z0-9+/]+={0,2})/g;
const CONTINUATION = /\bCONT[ \t]+(\d+)[ \t]+([A-Za-z0-9+/]+={0,2})/y;
/** `SCHEME(given) != 'stored'`: a scheme whose stored form is the password itself. */
/** `auth_verbose_passwords = plain`: `Password mismatch (given password: X)` (a `SHA1 of given password` is a digest). */
const GIVEN_PASSWORD = /given password: ([^\n]{1,200})\)[ \t]*(?=\r?\n|$)/y;
const PLAIN_COMPARISON = /\b(?:PLAIN|CLEARTEXT|CLEAR|PLAIN-TRUNC)\(([^\n]{1,200}?)\) != '([^'\n]{1,200})'/y;

interface Pending {
  readonly mechanism: string;
  /** the client's responses so far (an initial `resp=` counts) */
  responses: number;
}

/** What the log shows as given: anything printable but a mask (the debug log holds what was sent, a word included). */
function givenPassword(password: string): boolean {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(password) && !/^(?:\*+|<hidden>|x+)$/i.test(password);
}

/** A SASL PLAIN payload: `[authzid] NUL user NUL password`. */
function plainPayload(base64: string): boolean {
  const parts = decoded(base64)?.split('\0');
  return parts !== undefined && parts.length === 3 && parts[1] !== '' && givenPassword(parts[2]!);
}

/**
 * The first `resp=` at or after a place, remembered for the places after it up to it: requests one
 * after another on a long line do not each search the rest of the line.
 */
interface NextResponse {
  from: number;
  found: RegExpExecArray | null;
}

function responseFrom(text: string, from: number, next: NextResponse): RegExpExecArray | null {
  if (next.from === -1 || from < next.from || (next.found !== null && next.found.index < from)) {
    RESPONSE.lastIndex = from;
    next.from = from;
    next.found = RESPONSE.exec(text);
  }
  return next.found;
}

function* dovecotCredentials(text: string, starts: readonly number[] = []): Iterable<Span> {
  const pending = new Map<string, Pending>();
  const nextResponse: NextResponse = { from: -1, found: null };
  for (const at of starts) {
    const word = text.slice(at, at + 4);
    if (word === 'AUTH') yield* request(text, at, pending, nextResponse);
    else if (word === 'CONT') yield* continuation(text, at, pending);
    else if (word === 'give') yield* givenInMismatch(text, at);
    else yield* comparison(text, at);
  }
}

function* request(text: string, at: number, pending: Map<string, Pending>, nextResponse: NextResponse): Iterable<Span> {
  AUTH_REQUEST.lastIndex = at;
  const match = AUTH_REQUEST.exec(text);
  if (!match) return;
  const mechanism = match[2]!.toUpperCase();
  // the request's other fields: the rest of its line
  const rest = at + match[0].length;
  const found = responseFrom(text, rest, nextResponse);
  const lineBreak = found === null ? -1 : lineBreakAfter(text, rest);
  const response = found !== null && (lineBreak === -1 || found.index < lineBreak) ? found : null;
  pending.set(match[1]!, { mechanism, responses: response ? 1 : 0 });
  if (!response) return;
  const payload = response[1]!;
  const secret = mechanism === 'PLAIN' ? plainPayload(payload) : mechanism === 'LOGIN' ? false : mechanism !== 'EXTERNAL' && mechanism !== 'ANONYMOUS' && isPasswordText(payload);
  if (!secret) return;
  const start = response.index + response[0].length - payload.length;
  yield { start, end: start + payload.length };
}

function* continuation(text: string, at: number, pending: Map<string, Pending>): Iterable<Span> {
  CONTINUATION.lastIndex = at;
  const match = CONTINUATION.exec(text);
  if (!match) return;
  const state = pending.get(match[1]!);
  if (!state) return;
  state.responses += 1;
  const payload = match[2]!;
  const secret = state.mechanism === 'PLAIN' ? plainPayload(payload) : state.mechanism === 'LOGIN' && state.responses === 2 && isPasswordText(payload);
  if (!secret) return;
  const start = at + match[0].length - payload.length;
  yield { start, end: start + payload.length };
}

function isPasswordText(payload: string): boolean {
  const text = decoded(payload);
  return text !== null && givenPassword(text);
}

function* givenInMismatch(text: string, at: number): Iterable<Span> {
  if (text.slice(Math.max(0, at - 8), at).toLowerCase().includes(' of ')) return;
  GIVEN_PASSWORD.lastIndex = at;
  const match = GIVEN_PASSWORD.exec(text);
  if (!match || !givenPassword(match[1]!)) return;
  const start = at + 'given password: '.length;
  yield { start, end: start + match[1]!.length };
}

function* comparison(text: string, at: number): Iterable<Span> {
  PLAIN_COMPARISON.lastIndex = at;
  const match = PLAIN_COMPARISON.exec(text);
  if (!match) return;
  const given = match[1]!;
  const stored = match[2]!;
  const givenStart = text.indexOf('(', at) + 1;
  if (givenPassword(given)) yield { start: givenStart, end: givenStart + given.length };
  const storedStart = at + match[0].length - stored.length - 1;
  if (givenPassword(stored)) yield { start: storedStart, end: storedStart + stored.length };
}

/** No value shield: the log shows what the client sent as its password, a word included. */
export const DOVECOT_AUTH_RULES: readonly Rule[] = [
  {
    id: 'dovecot-auth-debug',
    type: 'secret',
    label: 'password',
    description: "passwords in Dovecot's auth debug log: the SASL response of `client in: AUTH … resp=<base64>` (PLAIN payloads; the password `CONT` of LOGIN), and both sides of a plain scheme's `PLAIN(given) != 'stored'`, the given password of a mismatch",
    keywords: ['auth\t', 'auth ', 'cont\t', 'cont ', 'plain(', 'cleartext(', 'clear(', 'plain-trunc(', 'given password: '],
    keywordStarts: true,
    detector: (text, starts = []) => dovecotCredentials(text, starts),
    examples: {
      match: [
        'Nov 27 15:27:37 auth: Debug: client in: AUTH\t1\tPLAIN\tservice=imap\tsecured\tresp=cmhlYS5xdWludAByaGVhLnF1aW50AEh6NC12ZWxsdW0tT3dsODI= (previous base64 data may contain sensitive data)',
        "Nov 27 15:27:37 auth: Debug: passwd-file(rhea.quint): PLAIN(Wr0ng-guess-55) != 'Hz4-vellum-Owl82'",
        'Nov 27 15:27:37 auth: Info: passwd-file(rhea.quint): Password mismatch (given password: Wr0ng-guess-55)',
        'auth: Debug: client in: AUTH\t2\tLOGIN\tservice=imap\nauth: Debug: client in: CONT\t2\tcmhlYS5xdWludA==\nauth: Debug: client in: CONT\t2\tSHo0LXZlbGx1bS1Pd2w4Mg==',
      ],
      noMatch: [
        'auth: Debug: client in: AUTH\t1\tPLAIN\tservice=imap\tresp=<hidden>',
        'auth: Info: passwd-file(rhea.quint): Password mismatch (SHA1 of given password: 5f1d2a)',
        "auth: Debug: passwd-file(rhea.quint): SHA512-CRYPT(password) != '$6$rounds=5000$Kq2mVx8Lt$Zr7pWq2LxVn9Tk4Yb6Hc1Jd3Fs5Gm8Nq0Rt2Uv4Wx6Yz8Ab0Cd2Ef4Gh6Ij8Kl0Mn2Op4Qr6St8Uv0Wx2Yz4Ab6Cd8'",
        'auth: Debug: client in: AUTH\t2\tLOGIN\tservice=imap\nauth: Debug: client in: CONT\t2\tcmhlYS5xdWludA==',
      ],
    },
  },
];
