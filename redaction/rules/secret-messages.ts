/**
 * A secret quoted in an error or a log message. Written from a grammar before any program's output:
 *
 *   message := verdict-first | kind-first
 *   verdict-first := quoted-value " is not a valid " kind | quoted-value " is an invalid " kind
 *                  | quoted-value " is not a recognized " kind       (C#'s `The value 'x' is not a valid token.`,
 *                                                                      Rails', Django's, Joi's wording)
 *   kind-first := lead words? kind (":" | " ") bare-value end
 *       lead   := invalid bad wrong incorrect unknown unrecognized expired revoked malformed rejected
 *                 rejecting with using for (a verdict or a preposition, a `:` or `,` after it, at most two
 *                 words before the kind), or the kind and its value alone in brackets (`… (token x)`)
 *       end    := the line's end, a blank, or `.` `,` `;` `)` then a blank or the line's end
 *   kind   := words whose name the assignment family classifies as a secret's
 *             (`token`, `API key`, `access token`, `password`, `client secret`, `credentials`)
 *   value  := quoted (`'…'`, `"…"`, `` `…` ``, `“…”`, one line) or bare (no blank, no quote)
 *
 * The quoted kind-first forms (`invalid token "…"`, `password '…' rejected`) are the assignment
 * family's and `prose-credential`'s already; this rule reads the verdict-first forms, and the
 * kind-first ones with a bare value. The value is judged as an assignment's (`sensitiveValue`: code,
 * references, placeholders, masks, hashes, prose left alone); a bare one must also look generated or
 * hold two digits, since a word after a kind is prose (`token expired`, `password required`).
 */
import { matchesAt } from '../anchored.js';
import type { Rule, Span } from '../types.js';
import { VALIDATORS } from '../validators.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakBefore } from '../line-bounds.js';

const VERDICTS = [' is not a valid ', ' is an invalid ', ' is not a recognized ', ' is not a recognised '];
const KINDS = ['token', 'password', 'passphrase', 'secret', 'api key', 'apikey', 'api_key', 'credentials', 'credential', 'access key'];
const LEAD = /(?:^|[\s(:'"])(?:invalid|bad|wrong|incorrect|unknown|unrecogni[sz]ed|expired|revoked|malformed|rejected|rejecting|refused|refusing|with|using|for)[:,]?(?:[ \t]+[A-Za-z-]{1,20}){0,2}[ \t]+$/i;
const CLOSE: Readonly<Record<string, string>> = { "'": "'", '"': '"', '`': '`', '“': '”', '‘': '’' };
/** The words after a verdict (up to three): together they name the kind. */
const WORDS_AFTER = /([A-Za-z][A-Za-z_-]{1,30})(?:[ \t]([A-Za-z][A-Za-z_-]{1,30}))?(?:[ \t]([A-Za-z][A-Za-z_-]{1,30}))?(?![A-Za-z0-9_-])/y;
const SECRET_WORD = /^(?:token|password|passphrase|passwd|secret|key|credentials?|apikey|api_key|pin)$/i;
const SMALL_WORD = /^(?:at|in|on|for|from|and|or|of|to|by|was|were|is|given|provided|supplied|here|there)$/i;
/** A bare value after a kind: no blank, no quote, ending where a word or a sentence does. */
/** (The message may be a string literal itself: `Fail "… with password x" raised`, also JSON-escaped.) */
const BARE_AFTER = /[ \t]*:?[ \t]*([A-Za-z0-9][^\s"'`,;()<>[\]{}]{6,199}?)(?=[.,;:)\]]{0,2}(?:\\{0,3}["'`])?(?:[ \t]|\r?\n|$|\\n))/y;
/** The value as a Scheme error's irritant, quoted in brackets after the message: `Error: bad api key ("x")`. */
const IRRITANT_AFTER = /[ \t]*\(\\{0,3}"([^"\\\n]{6,200})\\{0,3}"\)/y;
/** `Token x has expired`, `token x is not a number` (a parse of it failed): the verdict after the value. */
const TRAILING_VERDICT = /[ \t]+(?:has expired|is expired|is invalid|is not valid|was revoked|is revoked|was rejected|is rejected|not found|does not match|is unknown|is not an? (?:number|integer|numeral)|is not numeric|could not be parsed|cannot be parsed)\b/iy;
const MASKED = /\*{3}|x{4}|•{2}|\.{3}|…/i;

function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** `the value 'x' is not a valid token`: the quoted value before the verdict at `at`, judged under the kind after it. */
function verdictValue(text: string, at: number, verdict: string): Span | undefined {
  const close = text[at - 1];
  const open = Object.entries(CLOSE).find(([, closing]) => closing === close)?.[0];
  if (open === undefined) return undefined;
  const lineStart = lineBreakBefore(text, at - 2) + 1;
  const start = text.lastIndexOf(open, at - 2) + 1;
  if (start <= lineStart && text[lineStart] !== open) return undefined;
  if (start === 0 || at - 1 - start > 200) return undefined;
  WORDS_AFTER.lastIndex = at + verdict.length;
  const words = WORDS_AFTER.exec(text)?.slice(1).filter((word) => word !== undefined);
  if (words === undefined) return undefined;
  // the kind ends with a secret's word and only small words follow it (`access token at auth.pl line 12`):
  // `token hash`, `password reset address` name something about a secret, not one
  let last = words.length - 1;
  while (last >= 0 && SMALL_WORD.test(words[last]!)) last--;
  if (last < 0 || !SECRET_WORD.test(words[last]!)) return undefined;
  const name = words.slice(0, last + 1).join('_');
  if (classifyName(name) === null) return undefined;
  const value = text.slice(start, at - 1);
  return judged(name, value) ? { start, end: at - 1 } : undefined;
}

/** `Invalid API key: x`, `signature with secret x`: a bare value after the kind at `at`, a verdict or a preposition before it. */
function kindFirstValue(text: string, at: number, kind: string): Span | undefined {
  // the kind is a word of its own, or the last word of a compound (`refresh token`, `access_token`)
  const end = at + kind.length;
  if (end < text.length && isWordChar(text.charCodeAt(end))) return undefined;
  let start = at;
  while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
  const name = text.slice(start, end).replace(/ /g, '_');
  if (classifyName(name) === null) return undefined;
  BARE_AFTER.lastIndex = end;
  IRRITANT_AFTER.lastIndex = end;
  const bare = BARE_AFTER.exec(text) ?? IRRITANT_AFTER.exec(text);
  if (bare === null) return undefined;
  const value = bare[1]!;
  // a word after a kind is prose (`token expired`, `password required2`): a bare value looks generated or holds digits
  if (!VALIDATORS['generated-secret'](value) && (value.replace(/\D/g, '').length < 2 || value.length < 8)) return undefined;
  const valueStart = bare.index + bare[0].lastIndexOf(value);
  TRAILING_VERDICT.lastIndex = valueStart + value.length;
  if (!LEAD.test(text.slice(Math.max(0, start - 60), start)) && !TRAILING_VERDICT.test(text) && !bracketed(text, start, valueStart + value.length)) return undefined;
  return judged(name, value) ? { start: valueStart, end: valueStart + value.length } : undefined;
}

/** `rejected for deploy (token x)`: the kind and its value are all a bracket holds, as a message's detail. */
function bracketed(text: string, kindStart: number, valueEnd: number): boolean {
  const open = text[kindStart - 1];
  const close = text[valueEnd];
  return (open === '(' && close === ')') || (open === '[' && close === ']');
}

function judged(name: string, value: string): boolean {
  return value.length >= 6 && !MASKED.test(value) && !value.includes('://') && !/^[~.]?\//.test(value) && sensitiveValue(name, value);
}

function* secretMessages(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    const written = text.slice(at, at + MAX_KEYWORD).toLowerCase();
    const verdict = VERDICTS.find((phrase) => written.startsWith(phrase));
    const kind = verdict === undefined ? KINDS.find((word) => written.startsWith(word)) : undefined;
    const keyword = verdict ?? kind;
    if (keyword === undefined || !mayQuoteSecret(text, at, at + keyword.length)) continue;
    const span = verdict !== undefined ? verdictValue(text, at, verdict) : kindFirstValue(text, at, keyword);
    if (span !== undefined) yield span;
  }
}

const MAX_KEYWORD = Math.max(...[...VERDICTS, ...KINDS].map((keyword) => keyword.length));

/**
 * Cheap and necessary, and the detector's first test at each keyword: a verdict follows a closing
 * quote; a kind is followed by blanks or a `:` (not by `=`, nor `:` after a name's `_`: an assignment), then a bare value of seven characters or more that
 * holds a digit or is twelve long (most `token`s in text are followed by `s`, `_`, `(`, `.`, or a word).
 */
function mayQuoteSecret(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(start) === 32) {
    const close = text[start - 1];
    return close === "'" || close === '"' || close === '`' || close === '”' || close === '’';
  }
  let at = end;
  const after = text.charCodeAt(at);
  // `SLACK_BOT_TOKEN=x`, `db_password: x`, `token=x`: an assignment, the assignment family's
  if (after === 61 || (after === 58 && start > 0 && isWordChar(text.charCodeAt(start - 1)))) return false;
  if (after !== 58 && after !== 32 && after !== 9) return false;
  const stop = Math.min(text.length, at + 16);
  while (at < stop && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9 || text.charCodeAt(at) === 58 || text.charCodeAt(at) === 61)) at++;
  // an irritant: `bad api key ("x")`
  if (text.charCodeAt(at) === 40) {
    at++;
    while (text.charCodeAt(at) === 92) at++;
    if (text.charCodeAt(at) === 34) at++;
  }
  const valueStart = at;
  let digits = 0;
  const limit = Math.min(text.length, at + 200);
  for (; at < limit; at++) {
    const code = text.charCodeAt(at);
    if (code <= 32 || code === 34 || code === 39 || code === 96 || code === 44 || code === 59) break;
    if (code >= 48 && code <= 57) digits++;
  }
  const length = at - valueStart;
  return length >= 7 && (digits > 0 || length >= 12);
}

/**
 * `login rejected: deploy:x`, `authentication failed for ci:x`, `Auth_failed ("ci", "x")`,
 * `authentication rejected: "ci" "x"`: a login's failure quoting the account and its password or
 * token (as `user:value`, or two quoted values), as clients and exceptions write what they sent. The value must
 * look generated or hold two digits (`auth denied: repo:read` is a scope).
 */
const FAILED_LOGIN_PAIR = /(?:\b(?:log[ -]?[io]n|sign[ -]?in|auth(?:entication|orization)?)[ \t_-]?(?:rejected|failed|denied|refused)(?:[ \t]+for)?|\bunauthori[sz]ed|(?<=\b(?:rejected|invalid|bad|wrong)[ \t]+)credentials?|(?<=\b(?:could[ \t]+not|couldn't|cannot|can't|unable[ \t]+to|failed[ \t]+to)[ \t]+)(?:connect|log[ \t]?in|authenticate|bind)[ \t]+as)[:,]?[ \t]*(?:\\{0,3}["'(]?[\w.@-]{1,64}:(?<value>[A-Za-z0-9+/=_.~!#%^*:-]{8,200}?)(?=\\{0,3}["')]?(?:[.,;]?(?:[ \t]|\r?\n|$)|\))|@[\w[])|\(?[ \t]*\\{0,3}(?<q>["'])[^"'\\\n]{1,64}\\{0,3}\k<q>[ \t]*,?[ \t]*\\{0,3}\k<q>(?<quoted>[^"'\\\n]{6,200})\\{0,3}\k<q>)/dyi;

/**
 * `login failed for ann with key "x"`, `login rejected for key x at …`, `auth denied using token x`:
 * a login's failure naming the credential it was given by its kind; in a login's message a bare
 * `key` is the credential too.
 */
const FAILED_LOGIN_KIND = /\b(?:log[ -]?[io]n|sign[ -]?in|auth(?:entication|orization)?)[ \t_-]?(?:rejected|failed|denied|refused)(?:[ \t]+for[ \t]+\\{0,3}["']?[\w.@-]{1,64}\\{0,3}["']?(?=[ \t]+(?:with|using)\b))?[ \t]+(?:with|using|for)[ \t]+(?:the[ \t]+)?(?:(?:api|access|secret|private|auth|session|bearer|login)[ \t_-])?(?:key|password|passphrase|passwd|token|secret|credentials?)[ \t]*:?[ \t]*(?:\\{0,3}(?<q>["'`])(?<kquoted>[^"'`\\\n]{6,200})\\{0,3}\k<q>|(?<kbare>[A-Za-z0-9][^\s"'`,;()<>[\]{}\\]{5,199}?)(?=[.,;:)\]]{0,2}(?:\\{0,3}["'`])?(?:[ \t]|\r?\n|$|\\n)))/dyi;

/** Tried where a keyword starts (the pattern is sticky; the scanner gives the rule its keywords' starts). */
function* failedLoginPairs(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const found of [...matchesAt(FAILED_LOGIN_PAIR, text, keywordStarts ?? []), ...matchesAt(FAILED_LOGIN_KIND, text, keywordStarts ?? [])]) {
    const groups = found.groups!;
    const group = groups.value !== undefined ? 'value' : groups.quoted !== undefined ? 'quoted' : groups.kquoted !== undefined ? 'kquoted' : 'kbare';
    const value = found.groups![group]!;
    if (!VALIDATORS['generated-secret'](value) && value.replace(/\D/g, '').length < 2) continue;
    if (!judged('password', value)) continue;
    const [start, end] = found.indices!.groups![group]!;
    yield { start, end };
  }
}

export const SECRET_MESSAGE_RULES: readonly Rule[] = [
  placedSecret(
    'secret-in-message',
    "a secret an error or a log message quotes: before a verdict on it (`The value 'x' is not a valid token.`, `\"x\" is an invalid API key`), or bare after a verdict or a preposition and its kind (`Invalid API key: x`, `signature with secret x`, `Token x has expired`); judged as an assignment's value",
    { keywords: [...VERDICTS, ...KINDS], keywordStarts: true, keywordGate: mayQuoteSecret, label: 'secret' },
    secretMessages,
    {
      match: [
        "Unhandled Exception: System.FormatException: The value 'q7wz2mfk9x4pvd0' is not a valid token.",
        '"sunflower42" is not a valid password',
        'Error: Invalid API key: q7wz2mfk9x4pvd0',
        'could not verify signature with secret q7wz2mfk9x4pvd0',
        'Invalid bearer token q7wz2mfk9x4pvd0 (401)',
        "ValueError: 'Kq8v2Lm9Zt4W' is an invalid access token",
        'WARN token q7wz2mfk9x4pvd0 has expired',
        'SYNC-REPO: push refused for mirror-bot (token 5e0b9c2d7a41f86e3c5b)',
        'upload rejected: token Wm4qTz8Lk2Vr',
        'credential 3fa9c0d1e7b24a6c8d5e was rejected by the broker',
        'retrying [password hv8Mq2Lz7wTk]',
        'refusing stale credential 5b1e9d0c7a3f42e8 at https://ci.example.net',
        'Error: invalid api key ("Lw8qTz3Vm6Kp")',
      ],
      noMatch: [
        "The value 'abc' is not a valid number.",
        "'********' is not a valid password",
        "The value '${API_TOKEN}' is not a valid token.",
        'Error: Invalid API key: see https://example.com/docs/keys',
        'invalid token expired2 at line 3',
        'Invalid API key: <your-api-key>',
        'Token validation failed for user 42',
        'error: invalid password for user admin',
        "'https://api.example.com/v1' is not a valid token",
        'Invalid token: sk-...abcd',
        'request failed (token expired)',
        'request failed (token count 4821)',
        'rejected: token refresh2 failed',
        'the credential helper store was rejected',
      ],
    },
  ),
  placedSecret(
    'failed-login-pair',
    "the password or token a failed login's message quotes after the account as `user:value` (`login rejected: deploy:x`, `authentication failed for ci:x`) or after its kind (`login failed for ci with key \"x\"`, `auth denied using token x`); also after `Unauthorized`, `rejected credentials` and `could not connect as` (`user:x@host`)",
    { keywords: ['login', 'log-in', 'log in', 'logon', 'signin', 'sign-in', 'sign in', 'auth', 'unauthorized', 'unauthorised', 'credential', 'connect as', 'authenticate as', 'bind as'], keywordStarts: true, label: 'password' },
    failedLoginPairs,
    {
      match: ['panic: login failed for deploy-bot with key "Tn4$vqLz8Wk"', 'fatal: could not connect as relay:Wq6-harbor-29@10.2.0.7', 'Left (Unauthorized "relay" "Vk3Lq8Zt2Wm7")', 'error: rejected credentials ("relay","Hx4-gully-85")', 'login refused for token Rw3-alder-95 at https://id.example.net', 'authentication denied using password 8c1f0e9b2a7d46c3e5b9a0f1d2c3b4a5', 'svc.hs: user error (login rejected: relay:Kq7vTz2mWx9Lp4Rn)', 'ERROR authentication failed for ci-bot:3c9e71a0f4b2d856', 'sign-in denied: "ann:Hv6-ember-48"', 'Fatal error: exception Login_failed("relay-01", "Tq4-bramble-77")', 'scheme@(guile-user)> ERROR: auth refused: "mirror" "Wn5vKq2Lz8x"'],
      noMatch: ['auth denied: repo:read', 'login failed: ann:********', 'authentication failed for user:${PASSWORD}', 'login rejected: deploy:expired', 'auth failed for https://git.example.org:8443/x', 'Login_failed ("ann", "bad password")', 'authentication failed: "ann" "[redacted]"', 'login failed for key rotation reasons', 'login failed with password expired', 'auth denied for token ${SERVICE_TOKEN}', 'login failed using key file /etc/ssh/id_ed25519', 'could not connect as postgres:5432@db.internal', 'Unauthorized "relay" "[redacted]"', 'rejected credentials for relay', 'cannot connect as ops to the cluster'],
    },
  ),
];
