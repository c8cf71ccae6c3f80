/**
 * Stand-ins: values written in place of a secret by documentation and tests. `changeme_please`,
 * `fake-api-key-12345`, `sk_test_fake_4242…`, `yourpassword`, `invalid_password`, `123456789`.
 * A value with a random-looking run in it is never a stand-in, whatever words surround it: a real
 * vendor key in a test file (`sk_test_4eC39H…`) is still a secret.
 */
import { decodedBase64Text } from './base64-text.js';

/** Enough on their own: nobody names a real secret this way. */
const FAKE_WORD = /^(?:fake|dummy|mock|mocked|stub|bogus|placeholder|example|sample|notreal|changeme|changeit|unset|notset|tbd|tbc)s?$/i;
/** Only next to a word for a secret (`bad-password`, `test_api_key`, `your-app-key`). */
const HINT_WORD = /^(?:test|testing|demo|bad|wrong|invalid|incorrect|expired|revoked|your|my|some)$/i;
const SECRET_WORD = /^(?:pass|password|passwd|pwd|secret|token|key|apikey|api|credential|creds)s?$/i;
/**
 * `changeme…`, `change-this-password`, `replace_me_before_deploy`, `generate-a-secret-with-openssl`, `fill-me-in`,
 * `not_a_real_token`, `this-is-not-a-secret`
 */
const INSTRUCTION = /^(?:please[-_ ]?)?(?:change|replace|update|rotate|generate|put|paste|insert|enter|set|fill)[-_ ]?(?:me|it|this|with|before|in|a|an|your)(?![a-z])|^(?:this[-_ ]is[-_ ])?not[-_ ]?(?:a[-_ ]?)?(?:real|valid|actual|secret)(?![a-z])/i;
/** one word glued to a secret word: `testpass`, `yourpassword`, `dummysecret1` */
const GLUED = /^(?:test|demo|dummy|fake|mock|sample|example|your|my|bad|wrong)(?:db|api|app|auth|access|secret)?(?:pass|password|passwd|pwd|secret|token|key)s?\d{0,4}$/i;
/** a name that ends in a secret word and holds nothing else: `app_password`, `smtp-secret` */
const NAME_OF_A_SECRET = /^[a-z]+(?:[-_][a-z]+)*[-_](?:password|passwd|pwd|secret|token|api[-_]?key)$/i;
/** A tool's prefix on a value (Laravel's `APP_KEY=base64:…`). */
const VALUE_PREFIX = /^base64:/;
/** A vendor's prefix (`sk-`, `ghp_`, `xoxb-`, `sk_test_`, `github_pat_`) before the part that must be random. */
const VENDOR_PREFIX = /^(?:[A-Za-z]{2,6}[-_])(?:(?:test|live|proj|pat|ant|api\d{0,2})[-_])*/;
/** A name in a template's brackets: `<<API_KEY>>`, `[[API_KEY]]`, `%%API_KEY%%`, `##API_KEY##`, `[hidden]`, `(hidden)`, `<your-token>`. */
const BRACKETED_NAME = /^(?:<<?|\[\[?|%%|##|\(|@@)\s*([A-Za-z][\w .-]{0,60}?)\s*(?:>>?|\]\]?|%%|##|\)|@@)$/;
/** A private-key block's armour; what lies between must hold something that could be key material (its line ends may be escaped twice, JSON in JSON). */
const KEY_BLOCK = /^-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----([\s\S]{0,200}?)-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----(?:\\+n|\s)*$/;

/** A stretch a generator made: 12+ letters and digits mixed, or 16+ letters whose case is not a word's. */
function hasRandomRun(value: string): boolean {
  for (const run of value.match(/[A-Za-z0-9]{12,}/g) ?? []) {
    if (isCountingOrRepeated(run)) continue;
    if (/\d/.test(run) && /[A-Za-z]/.test(run)) {
      // letters then digits (`FAKETOKEN000001`, `testkey1234567`): a word and a number
      if (/^[A-Za-z]+\d+$|^\d+[A-Za-z]+$/.test(run) && !/[a-z][A-Z]|[A-Z]{2}[a-z]/.test(run)) continue;
      return true;
    }
    if (run.length >= 16 && !casedLikeWords(run)) return true;
  }
  return false;
}

/** `ThisIsASecretKey`, `fakeTokenForTesting`, `API`: lower-case letters come in runs of three on average; `KqVxLmTz` is drawn. */
function casedLikeWords(letters: string): boolean {
  const lowerRuns = letters.match(/[a-z]+/g);
  if (!lowerRuns) return true;
  return lowerRuns.join('').length / lowerRuns.length >= 3;
}

/** `123456789`, `abc123`, `1234567890abcdef`, `0000`, `42424242`: counted or repeated, not drawn. */
export function isCountingOrRepeated(value: string): boolean {
  const chars = value.replace(/[-_.: ]/g, '');
  if (chars.length < 4) return false;
  const groups = value.split(/[-_.: ]+/).flatMap((part) => part.match(/\d+|[A-Za-z]+/g) ?? []);
  if (groups.join('') === chars && groups.length <= 4 && groups.every((group) => group.length >= 3 && (ascends(group) || repeatsAShortUnit(group)))) return true;
  return repeatsAShortUnit(chars);
}

/** Each character one after the previous (`0` may follow `9`). */
function ascends(group: string): boolean {
  for (let i = 1; i < group.length; i += 1) {
    const step = group.toLowerCase().charCodeAt(i) - group.toLowerCase().charCodeAt(i - 1);
    if (step !== 1 && !(group[i - 1] === '9' && group[i] === '0')) return false;
  }
  return true;
}

/** `42424242`, `abcabcabc`: one to six characters, three times over at least (`MapleMaple64` is a password). */
function repeatsAShortUnit(chars: string): boolean {
  for (let period = 1; period <= 6 && period * 3 <= chars.length; period += 1) {
    let repeats = true;
    for (let i = period; i < chars.length && repeats; i += 1) repeats = chars[i] === chars[i - period];
    if (repeats) return true;
  }
  return false;
}

/** Letters, digits and the separators of names; a closing `!` (`ChangeMe123!`). */
const WRITTEN_CHARS = /^[A-Za-z0-9._:/-]+!?$/;
/** a word (`fake`, `API`, `Token`, `fakeTokenForTesting`) or a number */
const WORD_OR_NUMBER = /^(?:[A-Z]{2,}|[A-Z]?[a-z]+(?:[A-Z][a-z]*)*|\d+)$/;

/**
 * Written by a person: words and numbers between separators, letters meeting digits twice at
 * most (`test-api-key-abc123`), not `Kq9#vL2x` or `Zp4Qx8`.
 */
function looksWritten(value: string): boolean {
  if (!WRITTEN_CHARS.test(value)) return false;
  if ((value.match(/[A-Za-z](?=\d)|\d(?=[A-Za-z])/g) ?? []).length > 2) return false;
  const parts = value.split(/[^A-Za-z0-9]+|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/).filter(Boolean);
  return parts.every((part) => WORD_OR_NUMBER.test(part) && (part.length < 6 || casedLikeWords(part)));
}

/** The value's words: split on punctuation and where letters meet digits or a capital starts a word. */
function segments(value: string): string[] {
  return value.split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/).filter(Boolean);
}

/** A password in HTTP Basic credentials that is a word anyone would try: `user:pass`, `test:test`. */
const TRIVIAL_PASSWORD = /^(?:pass|password|passwd|secret|test|testing|admin|guest|demo|example|changeme|[a-z]?123|1234)$/i;

/** `Basic dXNlcjpwYXNz` (user:pass): base64 of `user:password` whose password is trivial or a stand-in. */
function isTrivialBasicCredential(value: string): boolean {
  const decoded = value.length <= 66 ? decodedBase64Text(value) : null;
  const colon = decoded?.indexOf(':') ?? -1;
  if (!decoded || colon <= 0) return false;
  const password = decoded.slice(colon + 1);
  return TRIVIAL_PASSWORD.test(password) || (password.length > 0 && isStandIn(password));
}

/** True when `value` is a documentation placeholder or a test fake, not a secret. */
export function isStandIn(raw: string): boolean {
  const value = raw.replace(VALUE_PREFIX, '');
  if (isTrivialBasicCredential(value)) return true;
  const keyBlock = KEY_BLOCK.exec(value);
  if (keyBlock) return !/[A-Za-z0-9+/]{20,}/.test(keyBlock[1]!.replace(/\\+n/g, '\n'));
  if (value.length === 0 || value.length > 80) return false;
  if (isBracketedName(value)) return true;
  const body = value.replace(VENDOR_PREFIX, '');
  if (body !== value && (body === '' || isBracketedName(body) || /^(?:\.{3}|…)$/.test(body))) return true;
  if (!looksWritten(value) || hasRandomRun(value)) return false;
  return isWrittenStandIn(value) || (body !== value && (isWrittenStandIn(body) || HINT_AND_COUNT.test(body)));
}

/** `<<API_KEY>>`, `[hidden]`, `<your private key here>` */
function isBracketedName(value: string): boolean {
  const name = BRACKETED_NAME.exec(value)?.[1];
  return name !== undefined && looksWritten(name.replace(/ /g, '-')) && !hasRandomRun(name);
}

/** `sk-test123`, `ghp_demo`: a word of tests and a short number after a vendor's prefix. */
const HINT_AND_COUNT = /^(?:test|demo|fake|dummy|mock|sample|example)[-_]?\d{0,4}$/i;

function isWrittenStandIn(value: string): boolean {
  if (isCountingOrRepeated(value) || INSTRUCTION.test(value) || GLUED.test(value) || NAME_OF_A_SECRET.test(value)) return true;
  const words = segments(value);
  if (words.some((word) => FAKE_WORD.test(word))) return true;
  return words.some((word) => HINT_WORD.test(word)) && words.some((word) => SECRET_WORD.test(word));
}
