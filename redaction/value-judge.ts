/**
 * Is a value secret-shaped, judged from the value alone? For the generic named-value rule
 * (rules/generic-named-value.ts), which finds a value next to a secret's name in any print format
 * and so knows nothing of the format: the value must carry the proof. A value is refused when it is
 * code, a reference, a placeholder or a mask, a path, a URL, a number, a version or a date, a
 * keyword, an option, a name (the key's own or another identifier), words, or too short or too
 * plain to be drawn; what is left must mix letters with digits or symbols, or be long and random.
 * Each refusal has a reason (`refusalOf`): the tests and the report count them.
 */
import { shannonEntropy } from './entropy.js';
import { decodedBase64Text } from './base64-text.js';
import { base64WithSlashes, isNaturalLanguage, isShielded } from './shields.js';
import { isStoredHashOrDigest, isVisiblyNotTheSecret } from './secret-policy.js';

export type Refusal =
  | 'short'
  | 'long'
  | 'phrase'
  | 'mask'
  | 'code'
  | 'reference'
  | 'url'
  | 'path'
  | 'file-name'
  | 'number'
  | 'keyword'
  | 'option'
  | 'same-name'
  | 'identifier'
  | 'e-mail'
  | 'shielded'
  | 'words'
  | 'plain'
  | 'digest';

const MIN_LENGTH = 8;
const MAX_LENGTH = 256;

/** Masks and stand-ins programs print instead of the value (the shields know most; these are the ones they read only whole: a word, never a word that begins a password such as `Secret.Sauce9`). */
const MASK = /\*{2,}|•{2,}|●{2,}|x{4,}|X{4,}|^\[[^\]]*\]$|^\([^)]*\)$|^<[^>]*>$|^\{[^}]*\}$|^(?:protected|hidden|masked|redacted|filtered|removed|omitted|elided|sensitive|secret|unset|notset|not[-_]set|none|null|nil|undefined|empty|blank|unknown|changeme|change[-_]me|placeholder)[.!]*$/i;
/** Code: a call, an expansion or template (`${…}`, `$VAR`, `%{…}`, `{{…}}`, `<%…%>`, `#{…}`), an operator that only code writes. */
const CODE = /[\w$]\(|\$\{|\$\(|^\$[A-Za-z_{(]|%\{|%\(|\{\{|\}\}|<%|#\{|::|->|=>|&&|\|\||^[A-Za-z_][\w.]*\[|^!|^@[A-Za-z]|^%[A-Za-z_]\w*%$|[,;]$/;
/**
 * A backslash escape (roff's `\\fB`, `\\e`, `\\(aq`; a string's `\\n`), markup or a generic type (`<`, `>`).
 * A leading `+` is code's (`+ suffix`, `+1`) unless a run of base64 with a digit follows: base64 starts with `+` one
 * time in 64 (an AWS secret access key printed by `aws sts … --output table`).
 */
const ESCAPE_OR_MARKUP = /\\|[<>]|&(?:[a-z]{2,8}|#\d+)(?:;|$)|^[&#(@[]|^\+(?!(?=[A-Za-z+/]*\d)[A-Za-z0-9+/]{20,}={0,2}$)|[*@:?]$|^0x/;
/** A regular expression's source: a class, a group's escape, a quantified wildcard, anchors. */
const REGEX_SOURCE = /\\[wdsbWDSB]|\[\^?[^\]]{1,40}\][*+?{]|\(\?|\.[*+]|^\^.*\$$/;
/** Another assignment, a query, an option with its value: `key=value`, `a=b&c=d`. */
const ASSIGNMENT = /^[A-Za-z_][\w.-]*[:=][^=]/;
/** An identifier followed by member steps: `settings.SECRET_KEY`, `self.token`, `api.example.com`. */
const MEMBER_PATH = /^[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*)+[!?]?$/;
/** A secret's address in a store or the environment (`op://`, `env:NAME`, `file:/…`), or a name of one. */
const REFERENCE = /^(?:op|env|file|vault|secret|secrets|secretref|ssm|sm|keyring|keychain|pass|gopass|gcp|aws|azure|kv|k8s|ref|bws|doppler|infisical|awssm|arn|projects|cmd|exec|exe|prompt|stdin|fd|literal-env|sops|age|gpg|kms|keyvault|akv|lp|bw):/i;
const URL = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A host name (`000000000000.dkr.ecr.eu-west-1.amazonaws.com`, `db-01.internal.example.org`), a port after it or not. */
const HOST = /^[a-z0-9](?:[a-z0-9-]{0,62}\.)+[a-z]{2,24}\.?(?::\d{1,5})?$/i;
const PATH = /^(?:~|\.{1,2})?\/|^[A-Za-z]:\\|^\\\\/;
const FILE_NAME = /^[\w./+-]+\.(?:[a-z]{2,5}|[a-z]\d)$/;
/** Numbers, versions, dates, times, addresses, sizes and durations: digits with `.:-/+,_` and a few unit letters. */
const NUMERIC = /^[+-]?[\d.:,_/+-]+(?:[a-z]{1,3})?$|^v?\d+(?:\.\d+)+(?:[-+~][\w.]+)?$|^\d{4}-\d\d-\d\d[T ][\d:.]+(?:Z|[+-]\d\d:?\d\d)?$|^0x[0-9a-f]{1,32}$|^#[0-9a-f]{3,8}$/i;
/** A ticket, an advisory or a bug: `CVE-2019-13117`, `RT#31969`, `JIRA-4521`. */
const TICKET = /^[A-Z]{2,8}[-#]\d+(?:-\d+)?$/;
const KEYWORD = /^(?:true|false|yes|no|on|off|none|null|nil|undefined|nan|required|optional|default|disabled|enabled|unlimited|inherit|auto|automatic|always|never|forbidden|allowed|mandatory|supported|unsupported|string|boolean|integer|bytes|object)$/i;
const OPTION = /^--?[A-Za-z]/;
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
/** Names as code writes them: UPPER_SNAKE, snake_case, kebab-case, camelCase, PascalCase of words (a digit or two at most). */
const IDENTIFIER = /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:[_-][a-z][a-z0-9]*)+|[a-z]+(?:[A-Z][a-z0-9]+)+|(?:[A-Z][a-z0-9]+){2,}|[A-Z]{2,}[a-z]+(?:[A-Z][a-z]+)*|_+[A-Za-z]\w*)$/;
/** Words for the secret a name holds: a value made of them names a secret, it is not one. */
const SECRET_WORDS = /(?:pass(?:word|wd|phrase)?|pwd|secret|token|credential|apikey|api_key|auth|privatekey|private_key|key)/i;

/** Why `value` (found next to the name `name`) is no secret, or null when it is secret-shaped. */
export function refusalOf(written: string, name = '', minLength = MIN_LENGTH): Refusal | null {
  // roff escapes a man page's hyphens (`\\-`): judged as the page reads
  const value = written.includes('\\-') ? written.replaceAll('\\-', '-') : written;
  if (value.length < minLength) return 'short';
  if (value.length > MAX_LENGTH) return 'long';
  // the policy's rule 3 (secret-policy.ts): a stored hash or a digest, by its form or its name's
  if (isStoredHashOrDigest(value, name)) return 'digest';
  if (/\s/.test(value)) return 'phrase';
  if (MASK.test(value)) return 'mask';
  if (CODE.test(value) || REGEX_SOURCE.test(value) || ESCAPE_OR_MARKUP.test(value) || !bracketsBalance(value) || innerEquals(value)) return 'code';
  if (value.includes('%20') || (/[|,]/.test(value) && (!randomStretch(value) || listOfNames(value)))) return 'words';
  // letters of other alphabets or with accents and no digit: a word of some language
  if (/^[\p{L}\p{M}'’-]+$/u.test(value) && /[^\x00-\x7f]/.test(value)) return 'words';
  if (REFERENCE.test(value)) return 'reference';
  if (URL.test(value)) return 'url';
  if ((PATH.test(value) && !base64WithSlashes(value)) || pathOfWords(value)) return 'path';
  if (FILE_NAME.test(value) && !/\d.*\d.*\d/.test(value)) return 'file-name';
  if (HOST.test(value)) return 'url';
  if (NUMERIC.test(value)) return 'number';
  if (KEYWORD.test(value)) return 'keyword';
  // an OpenPGP key's id or fingerprint (`4AEE18F83AFDEB23`): upper-case hex of their lengths
  if (TICKET.test(value) || /^(?:[0-9A-F]{8}|[0-9A-F]{16}|[0-9A-F]{40})$/.test(value)) return 'identifier';
  if (OPTION.test(value)) return 'option';
  if (EMAIL.test(value)) return 'e-mail';
  if (sameName(value, name)) return 'same-name';
  if (ASSIGNMENT.test(value) && !/=+$/.test(value.slice(value.search(/[:=]/)))) return 'code';
  if (MEMBER_PATH.test(value) && digitCount(value) <= 1) return 'code';
  if (IDENTIFIER.test(value) && digitCount(value) <= 6 && digitRuns(value) <= 1) return 'identifier';
  // `base64url`, `mac2vlan`, `utf8mb4`: digits inside a lower-case name; `STAGEid_CFLAGS`: words and underscores
  if (/^[a-z]+\d{1,3}[a-z]+\d?$/.test(value) || (/^[A-Z][A-Z0-9]+$/.test(value) && digitRuns(value) <= 1) || /^[A-Za-z]+(?:_[A-Za-z]+)+$/.test(value)) return 'identifier';
  if (/^[\w.-]+$/.test(value) && SECRET_WORDS.test(value) && !randomStretch(value)) return 'identifier';
  // hex digests and UUIDs are ids far more often than keys, as every rule that finds a value by its place holds
  if (isShielded(value, 'identifiers') || encodesAHash(value) || (/^[0-9A-F]+$/.test(value) && isShielded(value.toLowerCase(), 'identifiers'))) return 'shielded';
  if (wordsJoined(value) && !dicewarePassphrase(value)) return 'words';
  return drawn(value) ? null : 'plain';
}

/**
 * The same values come back (a setting in every tool call, an environment dump in every session;
 * on the fixtures one pass asks secretInPlace 151 times about 12 values): each judgement's verdicts
 * are remembered, at most MAX_REMEMBERED. In an object, keyed by a new string (the name and the
 * value joined), so that no slice of a scanned text is kept alive.
 */
const MAX_REMEMBERED = 4096;
/** Longer keys are judged each time: a key copies the value, and a long one rarely comes back. */
const MAX_REMEMBERED_LENGTH = 512;

/** Verdicts remembered by key (what the judgement is a pure function of), as described above. */
export class VerdictMemo {
  private verdicts: Record<string, boolean> = Object.create(null);
  private remembered = 0;

  get(key: string): boolean | undefined {
    return this.verdicts[key];
  }

  /** Remembers `verdict` under `key` (not a key longer than MAX_REMEMBERED_LENGTH) and gives it back. */
  set(key: string, verdict: boolean): boolean {
    if (key.length > MAX_REMEMBERED_LENGTH) return verdict;
    if (this.remembered >= MAX_REMEMBERED) {
      this.verdicts = Object.create(null);
      this.remembered = 0;
    }
    this.remembered += 1;
    return (this.verdicts[key] = verdict);
  }
}

const shapedVerdicts = new VerdictMemo();
const inPlaceVerdicts = new VerdictMemo();
export function secretShaped(value: string, name = ''): boolean {
  const key = `${name}\u0000${value}`;
  return shapedVerdicts.get(key) ?? shapedVerdicts.set(key, refusalOf(value, name) === null);
}

/** Refusals that say a value is no literal at all (code, an address, a number, a keyword, a name): in a secret's place too. */
const NOT_A_LITERAL: ReadonlySet<Refusal> = new Set(['short', 'long', 'phrase', 'mask', 'code', 'reference', 'url', 'path', 'file-name', 'number', 'keyword', 'option', 'same-name', 'identifier', 'e-mail', 'digest']);
/** Rule 1's floor: a value of three characters or fewer is a flag, a unit or a cut (`on`, `yes`, `abc`). */
const MIN_PLACED_LENGTH = 4;

/**
 * The policy's rule 1 (README, "What counts as a secret"): a value in a secret's place (quoted, or
 * after an assignment's operator, a CLI flag or a Lisp keyword; the detector says which) is the
 * secret whatever its shape: a word and a number, a UUID, hex, a short word. It is refused only
 * when it is no literal (code, a reference, a path, a number, a keyword, the name again), visibly
 * not the secret (rule 2), a stored hash or a digest (rule 3), or prose.
 */
export function secretInPlace(value: string, name = ''): boolean {
  const key = `${name}\u0000${value}`;
  return inPlaceVerdicts.get(key) ?? inPlaceVerdicts.set(key, judgeInPlace(value, name));
}

function judgeInPlace(value: string, name: string): boolean {
  const refusal = refusalOf(value, name, MIN_PLACED_LENGTH);
  if (refusal === null) return true;
  if (NOT_A_LITERAL.has(refusal)) return false;
  // words joined to a number (`harbor-17`) are a weak password; a list or an encoded phrase is not one value
  // (words joined without a number are a name of code: `Read-Host`, `Get-Secret`, `correct-horse`)
  if (refusal === 'words' && (!/^[\w.-]+$/.test(value) || !/\d/.test(value))) return false;
  // a type (`String!`, `Token?`) or a word a sentence ends with
  if (/^[A-Za-z]+[!?]$/.test(value)) return false;
  // (a stored hash or digest was refused above, as 'digest')
  return !isVisiblyNotTheSecret(value) && !isNaturalLanguage(value);
}

/** For a name that may hold a secret or not (a bare `key`): secret-shaped, and sixteen characters or more drawn at random. */
export function randomSecretShaped(value: string, name = ''): boolean {
  // hex alone under a bare `key` is a key's id or fingerprint (`C9597E8F28359AE3`)
  return value.length >= 16 && !/^[0-9A-Fa-f]+$/.test(value) && randomStretch(value) && secretShaped(value, name);
}

/**
 * Three or more lower-case words and a number, joined by dashes (`orbit-harbor-quartz-59`): how
 * passphrase generators write (diceware, `xkcdpass -d - -n 3` with a number); a name of things has
 * no number at its end or fewer words.
 */
function dicewarePassphrase(value: string): boolean {
  return /^[a-z]{3,12}(?:-[a-z]{3,12}){2,5}-\d{1,4}$/.test(value);
}

/** Brackets that open and close in order (`(default`, `]keyring`, `x}-keys` are cut from something larger). */
function bracketsBalance(value: string): boolean {
  const open: string[] = [];
  for (const char of value) {
    if (char === '(' || char === '[' || char === '{') open.push(char);
    else if (char === ')' || char === ']' || char === '}') {
      const last = open.pop();
      if (last === undefined || '([{'.indexOf(last) !== ')]}'.indexOf(char)) return false;
    }
  }
  return open.length === 0;
}

/** An `=` that is not base64's padding (`ENV=x`, `--hash-style=both`, `algorithm=`). */
function innerEquals(value: string): boolean {
  const at = value.indexOf('=');
  if (at === -1) return false;
  return !(/^[A-Za-z0-9+/_-]+={1,2}$/.test(value) && value.length % 4 === 0 && /\d|[A-Z].*[a-z]|[a-z].*[A-Z]/.test(value.slice(0, at)) && at >= 12);
}

/** `Ed25519PublicKey|Ed448PublicKey`, `intrusive,vuln`: a list of names, each of three or more name characters. */
function listOfNames(value: string): boolean {
  const parts = value.split(/[|,]/);
  return parts.length >= 2 && parts.every((part) => /^[\w.-]{3,}$/.test(part));
}

/** Base64 of a password hash or a scheme-tagged value (LDIF's `userPassword:: e1NTSEF9…`, which is `{SSHA}…`). */
function encodesAHash(value: string): boolean {
  if (value.length < 16 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const decoded = decodedBase64Text(value.length % 4 === 0 ? value : value.slice(0, value.length - (value.length % 4)));
  return decoded !== null && (/^\{[A-Za-z0-9-]{2,20}\}/.test(decoded) || /^\$\w{1,8}\$/.test(decoded) || isShielded(decoded, undefined));
}

function digitRuns(value: string): number {
  return value.match(/\d+/g)?.length ?? 0;
}

function digitCount(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) >= 48 && value.charCodeAt(i) <= 57) count++;
  return count;
}

/** `usr/share/doc`, `prod/db/password`: parts of words split by slashes (base64 has slashes too, among random runs). */
function pathOfWords(value: string): boolean {
  if (!value.includes('/') || /[+=]/.test(value)) return false;
  return value.split('/').every((part) => part === '' || /^[A-Za-z_.:-]*\d{0,3}[A-Za-z_.:-]*$/.test(part));
}

/** The key's own name again, in any case or style (`pwd=pwd`, `password: PASSWORD`, `token: $token`). */
function sameName(value: string, name: string): boolean {
  const own = lettersAndDigits(name);
  if (own.length === 0) return false;
  const other = lettersAndDigits(value);
  return other === own || other.endsWith(own) || own.endsWith(other);
}

/** Lower-case ASCII letters and digits of a text, the rest left out. */
function lettersAndDigits(text: string): string {
  let kept = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) | 0x20;
    if ((code >= 97 && code <= 122) || (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57)) kept += text[i]!.toLowerCase();
  }
  return kept;
}

/** Words (of letters, a few digits) joined by `-`, `_` or `.`: `amber-lake-heron`, `Blue_Sky_2`. */
function wordsJoined(value: string): boolean {
  const all = value.split(/[-_.]/).filter((part) => part !== '');
  const parts = all.filter((part) => !/^\d{1,4}$/.test(part));
  if (all.length < 2 || parts.length === 0 || !parts.every((part) => /^(?:[a-z]+\d{0,3}|(?:[A-Z][a-z]*)+\d{0,2}|[A-Z]+\d{0,4})$/.test(part))) return false;
  // at least half of them words (three letters or more): `Wv3-plum-Qx81` is drawn, `S-expression` and `blk1_8` are not
  const words = parts.filter((part) => /^(?:[a-z]{3,}|[A-Z][a-z]{2,}|[A-Z]{3,})\d{0,2}$/.test(part)).length;
  return words * 2 >= parts.length && !randomStretch(value);
}

/** A stretch of eight or more letters and digits that mixes classes as a generator does. */
function randomStretch(value: string): boolean {
  for (const run of value.match(/[A-Za-z0-9]{8,}/g) ?? []) {
    const digits = /\d/.test(run);
    if (classesOf(run) >= 2 && classChanges(run) >= (digits ? 0.3 : 0.45) * (run.length - 1) && shannonEntropy(run) >= 3 && (digits || run.length >= 16)) return true;
  }
  return false;
}

function classOf(code: number): number {
  if (code >= 48 && code <= 57) return 0;
  if (code >= 65 && code <= 90) return 1;
  if (code >= 97 && code <= 122) return 2;
  return 3;
}

function classesOf(value: string): number {
  let seen = 0;
  for (let i = 0; i < value.length; i++) seen |= 1 << classOf(value.charCodeAt(i));
  return (seen & 1) + ((seen >> 1) & 1) + ((seen >> 2) & 1) + ((seen >> 3) & 1);
}

function classChanges(value: string): number {
  let changes = 0;
  for (let i = 1; i < value.length; i++) if (classOf(value.charCodeAt(i)) !== classOf(value.charCodeAt(i - 1))) changes++;
  return changes;
}

/**
 * Drawn rather than written: letters mixed with digits or symbols and enough entropy (`Tr0ub4dor&3`,
 * `sunflower42`, `Wv3-plum-Qx81`), or long and random in one or two classes (hex, base64, a
 * mixed-case run of letters).
 */
function drawn(written: string): boolean {
  // a sentence's closing marks are not part of a value (`Token données!`, `key function.`), and a
  // letter with an accent is a letter, not a symbol: neither makes a word look drawn
  const value = written.replace(SENTENCE_END, '');
  const entropy = shannonEntropy(value);
  const letters = /[A-Za-z]/.test(value);
  const others = /[^\p{L}]/u.test(value);
  if (letters && others) return entropy >= 2.75;
  if (!letters) return false;
  // letters alone: long, both cases, changing often (a word or two in camel case changes rarely)
  return value.length >= 16 && entropy >= 3.5 && classesOf(value) === 2 && classChanges(value) >= 0.3 * (value.length - 1);
}

const SENTENCE_END = /[!?.,;:…]+$/u;
