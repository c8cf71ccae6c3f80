/**
 * Stand-ins: values written in place of a secret by documentation and tests. `changeme_please`,
 * `fake-api-key-12345`, `sk_test_fake_4242…`, `yourpassword`, `invalid_password`, `123456789`.
 * A value with a random-looking run in it is never a stand-in, whatever words surround it: a real
 * vendor key in a test file (`sk_test_4eC39H…`) is still a secret.
 */

/** Enough on their own: nobody names a real secret this way. */
const FAKE_WORD = /^(?:fake|dummy|mock|mocked|stub|bogus|placeholder|example|sample|notreal|changeme|changeit)s?$/i;
/** Only next to a word for a secret (`bad-password`, `test_api_key`, `your-app-key`). */
const HINT_WORD = /^(?:test|testing|demo|bad|wrong|invalid|incorrect|expired|revoked|your|my|some)$/i;
const SECRET_WORD = /^(?:pass|password|passwd|pwd|secret|token|key|apikey|api|credential|creds)s?$/i;
/** `changeme…`, `change-this-password`, `replace_me_before_deploy`, `please-change`, `not_a_real_token`, `this-is-not-a-secret` */
const INSTRUCTION = /^(?:please[-_ ]?)?(?:change|replace|update|rotate|generate)[-_ ]?(?:me|it|this|with|before|in)(?![a-z])|^(?:this[-_ ]is[-_ ])?not[-_ ]?(?:a[-_ ]?)?(?:real|valid|actual|secret)(?![a-z])/i;
/** one word glued to a secret word: `testpass`, `yourpassword`, `dummysecret1` */
const GLUED = /^(?:test|demo|dummy|fake|mock|sample|example|your|my|bad|wrong)(?:db|api|app|auth|access|secret)?(?:pass|password|passwd|pwd|secret|token|key)s?\d{0,4}$/i;
/** a name that ends in a secret word and holds nothing else: `app_password`, `smtp-secret` */
const NAME_OF_A_SECRET = /^[a-z]+(?:[-_][a-z]+)*[-_](?:password|passwd|pwd|secret|token|api[-_]?key)$/i;
/** A tool's prefix on a value (Laravel's `APP_KEY=base64:…`). */
const VALUE_PREFIX = /^base64:/;

/** A stretch a generator made: 12+ letters and digits mixed, or 16+ letters whose case is not a word's. */
function hasRandomRun(value: string): boolean {
  for (const run of value.match(/[A-Za-z0-9]{12,}/g) ?? []) {
    if (isCountingOrRepeated(run)) continue;
    if (/\d/.test(run) && /[A-Za-z]/.test(run)) {
      // letters then digits (`FAKETOKEN000001`, `testkey1234567`): a word and a number
      if (/^[A-Za-z]+\d+$|^\d+[A-Za-z]+$/.test(run) && !/[a-z][A-Z]|[A-Z]{2}[a-z]/.test(run)) continue;
      return true;
    }
    if (run.length >= 16 && !/^(?:[A-Z]?[a-z]+|[A-Z]+)+$/.test(run)) return true;
  }
  return false;
}

/** `123456789`, `abcdef`, `0000`, `42424242`, `abcdabcd`: counted or repeated, not drawn. */
export function isCountingOrRepeated(value: string): boolean {
  const chars = value.replace(/[-_.: ]/g, '');
  if (chars.length < 4) return false;
  let ascending = true;
  for (let i = 1; i < chars.length && ascending; i += 1) {
    const step = chars.charCodeAt(i) - chars.charCodeAt(i - 1);
    ascending = step === 1 || (chars[i - 1] === '9' && chars[i] === '0');
  }
  return ascending || repeatsAShortUnit(chars);
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
const WORD_OR_NUMBER = /^(?:[A-Z]{2,}|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*|\d+)$/;

/**
 * Written by a person: words and numbers between separators, letters meeting digits twice at
 * most (`test-api-key-abc123`), not `Kq9#vL2x` or `Zp4Qx8`.
 */
function looksWritten(value: string): boolean {
  if (!WRITTEN_CHARS.test(value)) return false;
  if ((value.match(/[A-Za-z](?=\d)|\d(?=[A-Za-z])/g) ?? []).length > 2) return false;
  return value.split(/[^A-Za-z0-9]+|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/).filter(Boolean).every((part) => WORD_OR_NUMBER.test(part));
}

/** The value's words: split on punctuation and where letters meet digits or a capital starts a word. */
function segments(value: string): string[] {
  return value.split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/).filter(Boolean);
}

/** True when `value` is a documentation placeholder or a test fake, not a secret. */
export function isStandIn(raw: string): boolean {
  const value = raw.replace(VALUE_PREFIX, '');
  if (value.length === 0 || value.length > 80 || !looksWritten(value) || hasRandomRun(value)) return false;
  if (isCountingOrRepeated(value) || INSTRUCTION.test(value) || GLUED.test(value) || NAME_OF_A_SECRET.test(value)) return true;
  const words = segments(value);
  if (words.some((word) => FAKE_WORD.test(word))) return true;
  return words.some((word) => HINT_WORD.test(word)) && words.some((word) => SECRET_WORD.test(word));
}
