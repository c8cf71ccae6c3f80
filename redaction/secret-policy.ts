/**
 * The judgement of a value behind redaction/README.md's "What counts as a secret", asked by every
 * rule that judges a value (through `shields.ts`, `value-judge.ts` and the assignment family)
 * instead of lists of their own:
 * - `isStoredHashOrDigest`: what a password became or a digest (rule 3), never the secret;
 * - `isVisiblyNotTheSecret`: a value that shows it is not the secret (rule 2): empty, null, a
 *   boolean, a placeholder, a reference to where the secret lives, a mask or an earlier redaction.
 * Anything else in a secret's place is the secret (rule 1), however weak it looks.
 */
import { isShielded } from './shields.js';

// rule 3 is judged in stored-password-forms.ts, a leaf module, so that the shields (which every rule
// passes) can ask it without a cycle; this module is its public face
export { isStoredHashOrDigest, namesADigest } from './stored-password-forms.js';

const NOTHING = /^(?:|null|nil|none|undefined|true|false|yes|no|on|off)$/i;
/** The words documentation and tests put where a value goes (`"api_key": "demo"`, `secret = "foobar"`): placeholders written as such. */
const STAND_IN_WORD = /^(?:foo|bar|baz|qux|quux|foobar|foo[-_]?bar|whatever|demo|test|testing|tests|example|sample|dummy|fake|mock|stub|placeholder|value|something|anything|xyz|abc|asdf|qwerty)$/i;
/**
 * A word that says where the value is or what became of it (`token: expired`, `password: below`,
 * `auth: failed`), or how it is checked or kept (`auth: basic`, pg_hba's `trust`, `scram-sha-256`,
 * `password -> sha256`, `secret: aes-256-gcm`): about the secret, not the secret.
 */
const ABOUT_THE_SECRET = /^(?:below|above|here|there|follows|following|attached|enclosed|inline|later|pending|missing|present|absent|rotated|expired|revoked|changed|reset|updated|unchanged|removed|incoming|sent|shared|set|unset|provided|supplied|required|optional|accepted|rejected|denied|granted|valid|invalid|correct|incorrect|wrong|ok|okay|failed|failure|success|succeeded|error|unknown|hidden|saved|generated|ignored|disabled|enabled|basic|bearer|digest|oauth|oauth2|ntlm|kerberos|negotiate|gssapi|plain|login|anonymous|local|ldap|pam|sasl|trust|peer|ident|cert|md5|mschapv2|mschap|chap|pap|gtc|peap|ttls|leap|eap-[a-z0-9]{2,8}|scram-sha-256|scram-sha-1|hashed|encrypted|salted|sha-?(?:1|224|256|384|512)|sha3-(?:256|512)|blake2[bs]?|blake3|bcrypt|scrypt|yescrypt|argon2(?:id|i|d)?|pbkdf2(?:-sha(?:1|256|512))?|crypt|hmac-sha(?:1|256|384|512)|aes(?:-(?:128|192|256)(?:-(?:gcm|cbc|ctr))?)?|chacha20(?:-poly1305)?)[:.!]?$/i;

/**
 * A word a program prints in the secret's place to say it hides it: Puppet's `Sensitive [value
 * redacted]`, `password: masked`, `token => filtered`.
 */
const HIDDEN_WORD = /^(?:sensitive|masked|redacted|filtered|omitted|elided|concealed|withheld|protected)(?:[.!]|[ ]?[[(<](?:value[ ])?(?:redacted|hidden|masked|filtered|omitted)[\])>]?)?$/i;

/** A character set's name, what a misplaced argument or an encoding option puts there (`password => 'iso-8859-15'`). */
const CHARACTER_SET = /^(?:utf-?(?:8|16|32)(?:[bl]e)?|iso[-_]?8859[-_]\d{1,2}|latin-?[1-9]|(?:us-)?ascii|cp-?125\d|windows-125\d|koi8-[ru]|shift[-_]jis|euc-(?:jp|kr)|gb(?:k|2312|18030)|big5)$/i;

/**
 * Rule 2: a value that shows it is not the secret: empty, null or a boolean; a word about the
 * secret (`expired`, `basic`); a placeholder; a
 * reference to where the secret is kept (`${X}`, `env:X`, `file:/…`, `%(x)s`, a secret store's
 * address); a mask or an earlier redaction; also written with XML's or HTML's character references.
 * The shields (shields.ts, `isShielded(value, undefined)`) hold the forms, so that every rule skips them.
 */
/** A word a program prints to say it hides the value (HIDDEN_WORD), for judgements that ask only this of the policy. */
export function isHiddenWord(value: string): boolean {
  return HIDDEN_WORD.test(value.trim());
}

export function isVisiblyNotTheSecret(value: string): boolean {
  const trimmed = value.trim();
  return NOTHING.test(trimmed) || STAND_IN_WORD.test(trimmed) || ABOUT_THE_SECRET.test(trimmed) || HIDDEN_WORD.test(trimmed) || CHARACTER_SET.test(trimmed) || isShielded(trimmed, undefined);
}
