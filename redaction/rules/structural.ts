/**
 * Secrets found by where they sit rather than what they look like: assignments, headers, CLI
 * flags, URL credentials, private-key blocks, JWTs, Kubernetes Secret data, AWS secret keys next
 * to their key id. Patterns tolerate JSON-escaped text (`\"`, `\n`), as tool output often is.
 */
import { matchesAt, matchesNear, matchesReaching } from '../anchored.js';
import { shannonEntropy } from '../entropy.js';
import type { Rule, Span } from '../types.js';
import { VALIDATORS } from '../validators.js';
import { classifyName, findAssignments, sensitiveValue } from './assignment.js';
import { URL_PASSWORD_STAND_IN } from './credentialless-dsn.js';
import { DOC_RUNS } from './vendors/shared.js';
import { placedSecret } from './placed-secret.js';
import { holdsNoSecret } from './secret-entry.js';
import { TECHNICAL_NAME } from './technical-names.js';
import { valueThenWord, type WordAfter } from './value-then-word.js';
import { PASSWORD_SETTING_VALUES } from './password-setting-values.js';
import { CLIENT_ANONYMOUS_PASSWORD } from './ftp-sessions.js';
import { alternation, FOREIGN_PASSWORD_ALTERNATION, FOREIGN_PASSWORD_NAME_SPELLINGS, FOREIGN_PASSWORD_SPELLINGS } from '../secret-words.js';

/** A program's verdict on a password, maybe before an HTML-escaped quote (`Password is incorrect.&quot;`): no value. */
const VERDICT = /^(?:(?:in)?correct|(?:in)?valid|wrong|accepted|rejected|expired|required|missing|empty|ok)[.!,]*(?:&(?:quot|apos|#3[49]);?)?$/i;

const KEY_BEGIN = /-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----/g;
const KEY_END = /-----END[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----/g;
/** What a key body may hold: base64, line breaks real or escaped, `cat -n` prefixes, PEM headers. */
const KEY_BODY_CHAR = /[A-Za-z0-9+/=\s\\:,-]/;
const MAX_KEY_CHARS = 64 * 1024;

function* privateKeyBlocks(text: string): Iterable<Span> {
  KEY_BEGIN.lastIndex = 0;
  for (let begin = KEY_BEGIN.exec(text); begin; begin = KEY_BEGIN.exec(text)) {
    KEY_END.lastIndex = begin.index + begin[0].length;
    const end = KEY_END.exec(text);
    if (end && end.index - begin.index < MAX_KEY_CHARS) {
      yield { start: begin.index, end: end.index + end[0].length };
      KEY_BEGIN.lastIndex = end.index + end[0].length;
      continue;
    }
    // A block cut short (truncated output): redact as far as the body goes.
    let stop = begin.index + begin[0].length;
    const limit = Math.min(text.length, begin.index + MAX_KEY_CHARS);
    while (stop < limit && KEY_BODY_CHAR.test(text[stop]!)) stop += 1;
    yield { start: begin.index, end: stop };
    KEY_BEGIN.lastIndex = stop;
  }
}

/** After a word that names one, 12 to 24 lower-case words (BIP-39 phrases come in 12, 15, 18, 21 or 24). */
const MNEMONIC = /(?:mnemonic|seed[ _-]?(?:phrase|words)|recovery[ _-]?(?:phrase|words|seed)|secret[ _-]?(?:recovery[ _-]?)?phrase|backup[ _-]?(?:phrase|words|seed)|wallet[ _-]?seed|(?:12|15|18|21|24)[ _-]words?[ _-](?:phrase|backup|seed|mnemonic|recovery))[\w-]{0,20}(?:[ \t]+(?:is|was|are|were))?[\\"' \t:=]{1,8}(?<phrase>[a-z]{3,8}(?:[ \t][a-z]{3,8}){11,23})(?![ \t]?[a-z])/gi;

/**
 * Every spelling MNEMONIC's name accepts holds one of the rule's keywords at most this many
 * characters in (`secret_recovery_phrase`: `phrase` at 16), so a match starts no further before one.
 */
const MNEMONIC_KEYWORD_REACH = { min: 0, max: 16 };
const MNEMONIC_AT = new RegExp(MNEMONIC.source, 'iy');

/** Tried only at the places that far before where a keyword starts (a search of a long text cost ~3 ns a character). */
function walletMnemonics(text: string, keywordStarts?: readonly number[]): Span[] {
  const spans: Span[] = [];
  const matches = keywordStarts ? matchesReaching(MNEMONIC_AT, text, keywordStarts, MNEMONIC_KEYWORD_REACH) : text.matchAll(MNEMONIC);
  for (const match of matches) {
    const phrase = match.groups!.phrase!;
    if (![12, 15, 18, 21, 24].includes(phrase.split(/[ \t]/).length) || /[A-Z]/.test(phrase)) continue;
    const start = match.index! + match[0].length - phrase.length;
    spans.push({ start, end: start + phrase.length });
  }
  return spans;
}

/** PuTTY's .ppk: `Private-Lines: N`, then N lines of the key (real or escaped line breaks), then the MAC. */
const PUTTY_PRIVATE = /Private-Lines:[ \t]*(\d{1,3})(?:\r?\n|\\r?\\n)/g;
/** One line of the key's body, also in a numbered view of the file (`  82→…`, `cat -n`). */
const PUTTY_LINE = /(?:[ \t]*\d{1,7}(?:→|\t|\\t))?[ \t]*[A-Za-z0-9+/=]{1,128}(?:\r?\n|\\r?\\n|$)/y;

function* puttyPrivateKeys(text: string): Iterable<Span> {
  PUTTY_PRIVATE.lastIndex = 0;
  for (let header = PUTTY_PRIVATE.exec(text); header; header = PUTTY_PRIVATE.exec(text)) {
    let end = header.index + header[0].length;
    for (let line = 0; line < Number(header[1]); line++) {
      PUTTY_LINE.lastIndex = end;
      const body = PUTTY_LINE.exec(text);
      if (!body) break;
      end += body[0].length;
    }
    const mac = /^(?:[ \t]*\d{1,7}(?:→|\t|\\t))?Private-MAC:[ \t]*[0-9a-f]{1,128}/.exec(text.slice(end, end + 180));
    const stop = mac ? end + mac[0].length : end;
    if (stop > header.index + header[0].length) yield { start: header.index + header[0].length, end: stop };
  }
}

/** "password" in other languages; they also borrow the English "password" and "token" (FOREIGN_PASSWORD_WORDS without them). */
const PASSWORD_WORDS = [...FOREIGN_PASSWORD_SPELLINGS, 'password', 'token'];
/** The word itself as the value (`mật_khẩu: mật_khẩu`, a translation table's row): a label, not a password. */
const ECHOED_PASSWORD_WORD = new RegExp(`^(?:${alternation(FOREIGN_PASSWORD_SPELLINGS)})$`, 'iu');
/** "API key" and "token" in other languages: a bare "clé" or "Schlüssel" is too often a door's or a table's, but "ma clé" (said by who holds it) or a secret one is not. */
const FOREIGN_KEY_WORDS = [
  'clé api', "clé d'api", 'clé d’api', "clé de l'api", 'clef api', 'api-schlüssel', 'api-schluessel', 'api schlüssel', 'chiave api', "chiave dell'api",
  'ma clé', 'clé secrète', 'mein schlüssel', 'geheimer schlüssel', 'mi clave', 'clave secreta', 'minha chave', 'la mia chiave', 'chiave segreta',
  'clave api', 'clave de api', 'clave de la api', 'chave api', 'chave de api', 'chave da api', 'api-sleutel', 'klucz api', 'api-ключ', 'api ключ', 'ключ api',
  'apiキー', 'api キー', 'api密钥', 'api 密钥', 'api金鑰', 'api 키', 'jeton', 'トークン', '令牌', '토큰', 'токен',
];
const FOREIGN_PASSWORD_WORDS = [...PASSWORD_WORDS.filter((word) => word !== 'password' && word !== 'token'), ...FOREIGN_KEY_WORDS];
/**
 * A word of FOREIGN_PASSWORD_WORDS in the prose rule's pattern. A short one in Latin letters starts
 * a word (`senha`, not `vasenhal`; `heslo`, not `theslot`); a long one may end a compound
 * (`Datenbankpasswort`), and CJK words stand between others without spaces (`数据库密码`).
 */
function proseWord(word: string): string {
  const pattern = word.replace(/ /g, '[ \\t]');
  return /^\p{Script=Latin}/u.test(word) && word.length < 7 ? `(?<!\\p{L})${pattern}` : pattern;
}

const AWS_KEY_ID = /(?:AKIA|ASIA)[A-Z2-7]{16}/g;
const AWS_SECRET_NEARBY = /(?<![A-Za-z0-9/+](?<!\\[nrt]))[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

/** An AWS secret access key has no format of its own; it is the 40-character string near a key id. */
function* awsSecretsNearKeyIds(text: string): Iterable<Span> {
  AWS_KEY_ID.lastIndex = 0;
  for (let id = AWS_KEY_ID.exec(text); id; id = AWS_KEY_ID.exec(text)) {
    const from = Math.max(0, id.index - 300);
    const window = text.slice(from, Math.min(text.length, id.index + id[0].length + 300));
    AWS_SECRET_NEARBY.lastIndex = 0;
    for (let secret = AWS_SECRET_NEARBY.exec(window); secret; secret = AWS_SECRET_NEARBY.exec(window)) {
      const value = secret[0];
      if (shannonEntropy(value) < 4 || !/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/\d/.test(value)) continue;
      yield { start: from + secret.index, end: from + secret.index + value.length };
    }
  }
}

/** Verbs and settings before a secret word in a flag's name: the flag is about the secret, not its value. */
/** Between a flag and its value when a program's arguments are printed as an array: a list's `", "`, a bash array's `" [1]="`. */
const NEXT_ARRAY_ELEMENT = String.raw`\\?["'][ \t]*,[ \t]*|\\?"[ \t]+\[\d{1,6}\]=`;
const FLAG_VERBS = 'no|skip|show|print|use|with|without|ask|prompt|reset|rotate|generate|revoke|delete|remove|list|get|create|refresh|store|save|require|allow|disable|enable|max|min|ttl|hide|mask|ignore|clear|check|verify|validate|read|from';
/** Words before `key` in a flag's name that make it a credential (`--api-key`, `--license-key`), unlike `--ssh-key` or `--partition-key`. */
/**
 * A word glued before the secret's own in a flag's name, as some programs spell them (curl's
 * `--tlspassword`, `--proxypass`; `--dbpassword`, `--adminpass`); never a verb or setting glued
 * on (`--nopassword`, `--askpass`, `--maxtokens` ends in another word anyway).
 */
const GLUED_FLAG_WORDS = ['tls', 'ssl', 'proxy', 'db', 'admin', 'root', 'user', 'master', 'store', 'key', 'client', 'app', 'api', 'auth', 'bind', 'smtp', 'mail', 'ftp', 'http', 'web', 'sql', 'ldap', 'vnc', 'rpc', 'bot', 'access'];
const GLUED_FLAG_PREFIX = `(?!(?:no|ask|show|prompt|use|read|get|set|new|old|check|reset|bypass|sur|com|over|under|by|tres)(?:pass|token|secret|auth))(?:${GLUED_FLAG_WORDS.join('|')})`;
const FLAG_KEY_WORDS = 'api|access|secret|account|master|license|licence|client|app|application|auth|signing|encryption|service|write|admin|deploy|ingest|integration|routing|subscription|storage|shared';
/** How each secret word of `cli-secret-flag`'s names begins (`pass` for `password`, `passphrase`, `passin`; `pw` for `pwd`). */
const SECRET_FLAG_WORD_STARTS = ['pass', 'pw', 'psk', 'credentials', 'token', 'auth', 'apikey', 'secret', 'private-key', 'storepass', 'keypass', 'sas-token', 'connection-string', 'bearer'];
/**
 * Every name `cli-secret-flag` reads holds one of these: its secret word after a dash
 * (`--password`, `-pw`, `--github-token`), glued to a word before it (`--bindpw`, `--dbpass`,
 * `--appsecret`), or a word that makes a key a credential glued to `key` (`--accountkey`). Read
 * from the pattern's own lists, so a word added there is a keyword too.
 */
const SECRET_FLAG_KEYWORDS = [
  ...new Set([
    ...SECRET_FLAG_WORD_STARTS.map((word) => `-${word}`),
    '-key',
    ...GLUED_FLAG_WORDS.flatMap((prefix) => SECRET_FLAG_WORD_STARTS.map((word) => prefix + word)),
    ...FLAG_KEY_WORDS.split('|').map((word) => `${word}key`),
  ]),
];

/** How far back from a keyword a flag's start is looked for: its name's words before the secret's (4 of at most 20). */
const FLAG_NAME_REACH = 90;

/**
 * `cli-secret-flag`'s keyword gate: its pattern is case-sensitive, and a name's characters
 * (`[a-z0-9-]`) run from a flag's start (`--`, or `-` after a blank) to its secret word. So a
 * keyword in lower case, in a run of those characters that holds such a start, is needed; the
 * keywords' hits in code (`accessToken`, `client_secret`, `userpass =`) pass none.
 */
function inFlagName(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) return false;
  }
  const floor = Math.max(0, start - FLAG_NAME_REACH);
  let k = Math.min(start + 1, end);
  while (k > floor && isFlagNameChar(text.charCodeAt(k - 1))) k -= 1;
  const run = text.slice(k, start + 1);
  return run.includes('--') || (text.charCodeAt(k) === 45 && (text.charCodeAt(k - 1) === 32 || text.charCodeAt(k - 1) === 9));
}

function isFlagNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45;
}

// a scheme the list does not know (`GenieKey`, `Klaviyo-API-Key`) is one word before a credential-length value
const PROSE_CHAR = String.raw`[A-Za-z0-9_\-+/=!@#$%^&*~]`;
/**
 * A value in prose that only a generator writes: both cases, and two digits or a symbol (`Tq8vLm2Kz9`, not `OAuth2Token`);
 * not a word in markup (`**Functions**`, `Setup!`): the symbols must be inside it; not a query string's values and the
 * parameters between them (`key=AIza…&token=…` of a webhook URL: each is found whole by its own rule).
 */
const PROSE_VALUE = String.raw`(?![\w-]{1,30}=[^\s=])(?!${PROSE_CHAR}{0,200}?&[A-Za-z_][\w.-]{0,40}=)(?![!@#$%^&*~_=+-]*[A-Za-z]+[!@#$%^&*~_=+-]*(?![\w-]))(?=${PROSE_CHAR}*[A-Z])(?=${PROSE_CHAR}*[a-z])(?=${PROSE_CHAR}*(?:\d${PROSE_CHAR}*\d|[!@#$%^&*~+=]))[A-Za-z0-9_!@#$%^&*~][A-Za-z0-9_\-+/=!@#$%^&*~]{6,198}[A-Za-z0-9_\-+/=!@#$%^&*~]`;
/** Written out in both cases: the patterns that use them are case-sensitive, for PROSE_VALUE's sake. */
const PROSE_SECRET_WORDS = String.raw`(?:[Pp]ass(?:word|wd|phrase)|PASS(?:WORD|WD|PHRASE)|[Pp][Ww][Dd]?|PWD?|[Tt]oken|TOKEN|[Aa]pi[ _-]?[Kk]ey|API[ _-]?KEY|[Ss]ecret|SECRET|[Kk]ey|KEY)`;
/**
 * Between a connector and the word for the secret in prose-value-then-word: its keywords start
 * every word of PROSE_SECRET_WORDS but `pw`, `pwd` and `passwd` (or start at `key` in `api_key`).
 * From the connector to the keyword there are at most 75 characters besides spaces and tabs
 * (` — that is your`, three words of 20, `api_`).
 */
const VALUE_THEN_WORD_GAP: WordAfter = { otherWords: ['pw', 'passwd'], gapChar: /[ \t\w'(,—–-]/, maxGap: 80 };
/** Words before a name in prose: "the datadog key", "our DD api key". */
const PROSE_DETERMINER = String.raw`(?:[Tt]he|THE|[Mm]y|MY|[Oo]ur|OUR|[Yy]our|[Tt]heir|[Hh]is|[Hh]er|[Nn]ew|[Oo]ld|[Tt]his|[Tt]hat)`;
/** A word that makes the key one of a cache, a table, a build or a host rather than a credential. */
const LOOKUP_KEY_WORD = String.raw`(?:[Cc]ache|[Bb]uild|[Ee][Tt]ag|[Pp]rimary|[Ff]oreign|[Ss]ort|[Pp]artition|[Hh]ash|[Ll]ookup|[Ii]dempotency|[Ss]sh|SSH|[Gg][Pp][Gg]|[Pp][Gg][Pp]|[Pp]ublic|[Hh]ost|[Mm]ap|[Dd]ict|[Oo]bject|[Rr]outing|[Cc]ommit|[Rr]elease|[Vv]ersion|[Cc]omposite|[Uu]nique|[Ii]ndex|[Ll]icen[cs]e|[Pp]roduct|[Rr]egistry|[Tt]ranslation|[Ss]hard|[Rr]edis|[Ss]3|[Oo]bject|[Dd]edupe?|[Ll]ock|[Qq]ueue|[Mm]essage|[Ee]vent|[Rr]equest|[Tt]race|[Rr]ow|[Cc]olumn|[Tt]able|[Ff]ield|[Ll]ocale|[Rr]eact|[Ll]ist|[Ii]tem|[Ff]ile|[Ii]mage|[Ll]ayer|[Aa]sset|[Ss]tatic|[Ss]ession|[Dd]ata|[Kk]ms|KMS|[Gg]rouping|[Mm]emo|[Ss]ignature|[Cc]olou?r|[Mm]usic|[Ss]ong|[Pp]iano)`;
/** A grouped license or product key: `QH7K2-M9VTX-4PLR8-WN3CF-6BYZD`, `7KQ2-VM9T-X4PL-R8WN`. */
const GROUPED_KEY = String.raw`[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){2,7}`;

const AUTH_HEADER = /authorization\\?["']?[ \t]{0,3}[:=,][ \t]{0,3}\\?["']?[ \t]{0,3}(?:(?:bearer|basic|token|bot|digest|apikey|sso-key|key|otp|dpop|splunk|ssws|sharedkey|negotiate|ntlm|[A-Za-z][A-Za-z0-9_-]{1,30}(?=[ \t]+[A-Za-z0-9._~+/=:-]{16}))[ \t]+)?(?!(?:username|realm|nonce|uri|oauth_[a-z_]{1,30}|keyId)=)([A-Za-z0-9._~+/=:-]{8,4096})/gi;
const BARE_SCHEME = /\b(bearer|basic)[ \t]+([A-Za-z0-9._~+/=:-]{8,4096})/gi;
/** The scheme and the credential as two arguments: `new AuthenticationHeaderValue("Bearer", "…")`. */
const SCHEME_ARGUMENT = /\\?["'](?:bearer|basic|token)\\?["'][ \t]*,[ \t]*\\?["']([A-Za-z0-9._~+/=:-]{8,4096})\\?["']/gi;

/**
 * A value after `Authorization:` is a credential; after a bare `Bearer`/`Basic` in free text it is
 * one only when it looks like one (English follows "basic" far more often than a credential does).
 */
const BASIC_SCHEME_BEFORE = /basic[ \t]+$/i;

/** Basic credentials of a user with no password (`anonymous:`): a name alone, nothing secret. */
function userWithoutPassword(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{4,}={0,2}$/.test(value)) return false;
  return /^[\x21-\x7e]{1,200}:$/.test(Buffer.from(value, 'base64').toString('latin1'));
}

function* authCredentials(text: string): Iterable<Span> {
  const header = new Set<number>();
  AUTH_HEADER.lastIndex = 0;
  for (let match = AUTH_HEADER.exec(text); match; match = AUTH_HEADER.exec(text)) {
    const start = match.index + match[0].length - match[1]!.length;
    header.add(start);
    if (BASIC_SCHEME_BEFORE.test(match[0].slice(0, match[0].length - match[1]!.length)) && userWithoutPassword(match[1]!)) continue;
    yield { start, end: start + match[1]!.length };
  }
  SCHEME_ARGUMENT.lastIndex = 0;
  for (let match = SCHEME_ARGUMENT.exec(text); match; match = SCHEME_ARGUMENT.exec(text)) {
    const start = match.index + match[0].length - match[1]!.length - (match[0].endsWith('\\"') || match[0].endsWith("\\'") ? 2 : 1);
    header.add(start);
    yield { start, end: start + match[1]!.length };
  }
  BARE_SCHEME.lastIndex = 0;
  for (let match = BARE_SCHEME.exec(text); match; match = BARE_SCHEME.exec(text)) {
    const value = match[2]!;
    const start = match.index + match[0].length - value.length;
    if (header.has(start)) continue;
    const basic = match[1]!.toLowerCase() === 'basic';
    if (basic ? VALIDATORS['basic-credential'](value) : VALIDATORS['credential-shaped'](value) || VALIDATORS['jwt-header'](value)) {
      yield { start, end: start + value.length };
    }
  }
}

/** Ruby: `ENV.fetch("X") { "x" }`, `ENV["X"] || "x"`; Python: `os.environ.get("X") or "x"`; PHP: `getenv('X') ?: 'x'`. */
const FALLBACK_AFTER_CALL = /(?:ENV\.fetch\(|ENV\[|(?:os\.getenv|os\.environ\.get|getenv|env)\()\\?["']([A-Za-z_]\w{0,80})\\?["'][ \t]*[)\]][ \t]*(?:\{[ \t]*|\|\|[ \t]*|or[ \t]+|\?:[ \t]*|\?\?[ \t]*)\\?["']([^"'\\\n]{4,200})\\?["']/g;
const FALLBACK = /(?:(?:process\.env|import\.meta\.env)\.([A-Za-z_]\w{0,80})[ \t]*(?:\?\?|\|\|)[ \t]*|(?:os\.getenv|os\.environ\.get|getenv|env|ENV\.fetch|System\.getenv)\(\\?["']([A-Za-z_]\w{0,80})\\?["'][ \t]*,[ \t]*)\\?["']([^"'\\\n]{4,200})\\?["']|\$\{([A-Za-z_]\w{0,80}):?-([^}\s]{4,200})\}/g;
/** Spring's, Quarkus' and Micronaut's placeholder with a default: `${db.password:x}`, tried where each `${` starts. */
const PLACEHOLDER_DEFAULT = /\$\{([A-Za-z_][\w.-]{0,80}):(?![-=?+/])([^}\s{$]{4,200})\}/y;

/** `${secret:db/password}`: a path in a secret store (Dapr, Vault), not a default. */
const STORE_PATH = /^[a-z][\w-]*(?:[/.#][a-z][\w-]*)+$/;

/** The default of a placeholder whose name says it holds a secret. */
function* placeholderDefaults(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const match of matchesAt(PLACEHOLDER_DEFAULT, text, keywordStarts ?? [])) {
    if (!classifyName(match[1]!) || STORE_PATH.test(match[2]!)) continue;
    const end = match.index + match[0].length - 1;
    yield { start: end - match[2]!.length, end };
  }
}

/** The fallback literal of a variable whose name says it holds a secret (the variable itself is a reference, not a value). */
function* fallbackSecrets(text: string): Iterable<Span> {
  FALLBACK.lastIndex = 0;
  for (let match = FALLBACK.exec(text); match; match = FALLBACK.exec(text)) {
    const name = match[1] ?? match[2] ?? match[4]!;
    const value = match[3] ?? match[5]!;
    if (!classifyName(name)) continue;
    const end = match[3] !== undefined ? match.index + match[0].length - (match[0].endsWith('\\"') || match[0].endsWith("\\'") ? 2 : 1) : match.index + match[0].length - 1;
    yield { start: end - value.length, end };
  }
  FALLBACK_AFTER_CALL.lastIndex = 0;
  for (let match = FALLBACK_AFTER_CALL.exec(text); match; match = FALLBACK_AFTER_CALL.exec(text)) {
    if (!classifyName(match[1]!)) continue;
    const end = match.index + match[0].length - (match[0].endsWith('\\"') || match[0].endsWith("\\'") ? 2 : 1);
    yield { start: end - match[2]!.length, end };
  }
}

const CREDENTIAL_PAIR = /\b(?:user(?:name)?|login|account)[ \t]*[:=]?[ \t]+[^\s/,|]{1,64}[ \t]*(?:[/,|;]|and)[ \t]*(?:pass(?:word)?|pwd|pw)[ \t]*[:=]?[ \t]+([^\s`"'$][^\s`"']{4,126}[^\s`"'.,;:!?)}\]])/gi;

/** `the login is admin / X`, `creds: deploy | X`: a user and a secret after a word for a login, without a password word. */
// not a URL's path (`POST /login HTTP/1.1`); an ARN or a URN after the word is a name (`database credentials\tarn:aws:kms:…:key/…`, rule 4)
const LOGIN_SLASH_PAIR = /\b(?<!\/)(?:login|log-in|sign-in|credentials?|creds)(?:[ \t]+(?:is|are)|[ \t]+for(?:[ \t]+[^\s:=→]+){1,4}?(?:[ \t]+(?:is|are)|(?=[ \t]*(?:[:=]|→|->))))?[ \t]*(?:[:=]|→|->)?[ \t]+(?!(?:arn|urn):)\\?["'`]?[\w.@-]{1,64}\\?["'`]?(?:[ \t]*[/|][ \t]*|:)\\?["'`]?([^\s`"'/]{5,127}[^\s`"'.,;:!?)/])/gi;
/** `log in with admin and X`, `signed in as ops / X`: a user, then the secret, after a verb of logging in. */
const LOGIN_WITH_PAIR = /\b(?:log(?:ged)?|sign(?:ed)?)[ \t-]?in[ \t]+(?:with|as|using)[ \t]+\\?["'`]?[\w.@-]{1,64}\\?["'`]?(?:[ \t]+(?:and|with|using)|[ \t]*[/|,])[ \t]+(?:(?:the[ \t]+)?(?:password|pass|pw)[ \t]+)?\\?["'`]?([^\s`"']{5,127}[^\s`"'.,;:!?)])/gi;
const PAIR_FORMS = [CREDENTIAL_PAIR, LOGIN_SLASH_PAIR, LOGIN_WITH_PAIR];

/** `user admin / pass X`: looked for only just before and after each password or login word. */
function* credentialPairs(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let covered = -1;
  // without the keywords' places, the whole text is one window
  for (const at of keywordStarts ?? [-1]) {
    if (at >= 0 && at < covered) continue;
    const from = at < 0 ? 0 : Math.max(0, at - 100);
    const window = at < 0 ? text : text.slice(from, Math.min(text.length, at + 160));
    // both forms' matches in text order, so that one form's later match does not hide the other's earlier one
    const found: Span[] = [];
    for (const form of PAIR_FORMS) {
      form.lastIndex = 0;
      for (let match = form.exec(window); match; match = form.exec(window)) {
        if (form !== CREDENTIAL_PAIR && !VALIDATORS['letters-and-digits-or-symbols'](match[1]!)) continue;
        const end = from + match.index + match[0].length;
        found.push({ start: end - match[1]!.length, end });
      }
    }
    found.sort((a, b) => a.end - b.end);
    for (const span of found) {
      if (span.end <= covered) continue;
      covered = span.end;
      yield span;
    }
  }
}

const SECRET_MANIFEST = /\bkind\\?["']?\s*:\s*\\?["']?Secret\b/;
const DATA_BLOCK = /^([ \t]*)(data|stringData):[ \t]*\r?\n((?:\1[ \t]+[^\n]*\r?\n?){1,200})/gm;
const YAML_ENTRY = /^[ \t]+([\w.-]{1,100}):[ \t]*\\?["']?([^\s"'\\]{1,4096})/gm;
const JSON_DATA = /\\?"(data|stringData)\\?"\s*:\s*\{([^{}]{1,20000})\}/g;
const JSON_ENTRY = /\\?"([\w.-]{1,100})\\?"\s*:\s*\\?"([^"\\]{1,4096})\\?"/g;

/** Values under `data:` / `stringData:` of a Kubernetes Secret manifest (YAML or JSON). */
/** A cookie whose name says it holds a session or a credential, and its value. */
// (WordPress: `wordpress_logged_in_<hash>` and `wordpress_sec_<hash>` hold the user, an expiry, a session token and its HMAC)
export const SESSION_COOKIE_NAME = String.raw`[\w.-]*(?:sess|sid|auth|token|remember|jwt|login|logged[_-]?in|wordpress_sec|cookies|identity|gaps|xsrf|csrf|__host-|__secure-)[\w.-]*`;
const SESSION_COOKIE = new RegExp(String.raw`(?<![\w.-])${SESSION_COOKIE_NAME}=(?<secret>[^;\s"'\\]{16,4096})`, 'gi');
/** Cookies given to an HTTP client as a map: `cookies={"session": "x"}`, `cookies: { sid: 'x' }`. */
const COOKIE_MAP = /cookies\w{0,20}\\?["']?[ \t]*[:=][ \t]*(?:dict\()?\{([^{}\n]{1,2000})\}/giy;
const COOKIE_MAP_ENTRY = new RegExp(String.raw`\\?["']?(${SESSION_COOKIE_NAME})\\?["']?[ \t]*[:=][ \t]*\\?["']([^"'\\;\s]{16,4096})\\?["']`, 'gi');
/** A cookie made or set by a call with its name and value: `new Cookie("sid", "x")`, `.cookie("SESSION", "x")`, `cookies.set("sessionid", "x")`. */
const COOKIE_CALL = new RegExp(String.raw`cookies?(?:\.(?:set|add|put|append))?[ \t]*\([ \t]*\\?["'](${SESSION_COOKIE_NAME})\\?["'][ \t]*,[ \t]*\\?["']([^"'\\;\s]{16,4096})\\?["']`, 'iy');
/** Where a line of cookies starts: a Cookie/Set-Cookie header (also as a call's name and value: `Headers.Add("Cookie", "…")`, or a map's: `{'Cookie': '…'}`), curl's -b/--cookie. */
const COOKIE_LIST = /cookie[ \t]*[:=]|cookie[ \t]+|cookie\\?["'][ \t]*[,:][ \t]*\\?["'](?:value\\?["'][ \t]*:[ \t]*\\?["'])?|-b[ \t]+/iy;

const COOKIE_LINE_MAX = 8192;

/** Session cookies on the rest of each line where a cookie list starts. */
function* sessionCookies(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let doneTo = -1;
  for (const at of keywordStarts ?? []) {
    if (at < doneTo) continue;
    COOKIE_MAP.lastIndex = at;
    const map = COOKIE_MAP.exec(text);
    if (map) {
      const bodyStart = at + map[0].length - 1 - map[1]!.length;
      COOKIE_MAP_ENTRY.lastIndex = 0;
      for (let entry = COOKIE_MAP_ENTRY.exec(map[1]!); entry; entry = COOKIE_MAP_ENTRY.exec(map[1]!)) {
        const start = bodyStart + entry.index + entry[0].length - entry[2]!.length - (entry[0].endsWith('\\"') || entry[0].endsWith("\\'") ? 2 : 1);
        yield { start, end: start + entry[2]!.length };
      }
      continue;
    }
    COOKIE_CALL.lastIndex = at;
    const call = COOKIE_CALL.exec(text);
    if (call) {
      const start = at + call[0].length - call[2]!.length - (call[0].endsWith('\\"') || call[0].endsWith("\\'") ? 2 : 1);
      yield { start, end: start + call[2]!.length };
      continue;
    }
    COOKIE_LIST.lastIndex = at;
    const list = COOKIE_LIST.exec(text);
    if (!list) continue;
    // at most a few KB of one line: a cookie header is never longer, and a huge line must cost no more
    const lineEnd = text.slice(at, at + COOKIE_LINE_MAX).indexOf('\n');
    const end = lineEnd === -1 ? Math.min(text.length, at + COOKIE_LINE_MAX) : at + lineEnd;
    doneTo = end;
    const before = text.slice(Math.max(0, at - 300), at);
    if (list[0].startsWith('-') && !/\bcurl\b/.test(before.slice(before.lastIndexOf('\n') + 1))) continue;
    const line = text.slice(at + list[0].length, end);
    SESSION_COOKIE.lastIndex = 0;
    for (let match = SESSION_COOKIE.exec(line); match; match = SESSION_COOKIE.exec(line)) {
      const value = match.groups!.secret!;
      const start = at + list[0].length + match.index + match[0].length - value.length;
      yield { start, end: start + value.length };
    }
  }
}

/** Given where its keyword (`secret`, in any case) starts, the manifest is looked for only when one is written `Secret`, as the kind is. */
function* kubernetesSecretData(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  if (keywordStarts && !keywordStarts.some((at) => text.startsWith('Secret', at))) return;
  if (!SECRET_MANIFEST.test(text)) return;
  DATA_BLOCK.lastIndex = 0;
  for (let block = DATA_BLOCK.exec(text); block; block = DATA_BLOCK.exec(text)) {
    const bodyStart = block.index + block[0].length - block[3]!.length;
    YAML_ENTRY.lastIndex = 0;
    for (let entry = YAML_ENTRY.exec(block[3]!); entry; entry = YAML_ENTRY.exec(block[3]!)) {
      if (holdsNoSecret(entry[1]!, entry[2]!, block[2] === 'data')) continue; // `API_KEY: changeme`, `username: YWRtaW4=`
      const start = bodyStart + entry.index + entry[0].length - entry[2]!.length;
      yield { start, end: start + entry[2]!.length };
    }
  }
  JSON_DATA.lastIndex = 0;
  for (let block = JSON_DATA.exec(text); block; block = JSON_DATA.exec(text)) {
    const bodyStart = block.index + block[0].length - block[2]!.length - 1;
    JSON_ENTRY.lastIndex = 0;
    for (let entry = JSON_ENTRY.exec(block[2]!); entry; entry = JSON_ENTRY.exec(block[2]!)) {
      const value = entry[2]!;
      if (holdsNoSecret(entry[1]!, value, block[1] === 'data')) continue;
      const start = bodyStart + entry.index + entry[0].lastIndexOf(value);
      yield { start, end: start + value.length };
    }
  }
}

const SECRET_VERB = '(?:get|print|show|create|generate|initial|reset|new|reveal)';
// The verb comes first and the words before it are looked back at from there: a pattern that starts
// with `\b[\w-]+` is tried at every word of the lines searched (as `config get` below).
const SUBCOMMAND_PRINTS_SECRET = String.raw`${SECRET_VERB}(?<=\b[\w-]+(?:[ \t]+[\w-]+){0,3}[ \t]+${SECRET_VERB})-(?:login-|admin-|authorization-|auth-|access-|session-|registration-|join-|bootstrap-)?(?:password|passwd|token|secret|api-key)\b`;

/** Commands whose output is a secret: [keyword, the command as a pattern]. The output is the next line. */
const PRINTED_SECRET_COMMANDS: ReadonlyArray<readonly [string, string]> = [
  ['base64', String.raw`\bkubectl[ \t]+(?:-n[ \t]+\S+[ \t]+|--namespace[ =]\S+[ \t]+)?get[ \t]+secrets?\b[^\n]{0,200}?\|[ \t]*base64[ \t]+(?:-d|-D|--decode)\b`],
  ['-field=', String.raw`\bvault[ \t]+(?:kv[ \t]+get|read)\b[^\n]{0,100}?-field[ =]\S+`],
  ['get-secret-value', String.raw`\baws[ \t]+secretsmanager[ \t]+get-secret-value\b[^\n]{0,200}?--output[ \t=]+text`],
  ['get-parameter', String.raw`\baws[ \t]+ssm[ \t]+get-parameter\b[^\n]{0,200}?--with-decryption[^\n]{0,200}?--output[ \t=]+text`],
  ['secrets versions access', String.raw`\bgcloud[ \t]+secrets[ \t]+versions[ \t]+access\b`],
  ['op read', String.raw`\bop[ \t]+read[ \t]+\S*op:\/\/`],
  ['-password', String.raw`\bsecurity[ \t]+find-(?:generic|internet)-password\b[^\n]{0,200}?[ \t]-w\b`],
  ['pass show', String.raw`\b(?:go)?pass[ \t]+show[ \t]+\S+`],
  ['keyvault secret show', String.raw`\baz[ \t]+keyvault[ \t]+secret[ \t]+show\b[^\n]{0,200}?(?:-o|--output)[ \t]+tsv`],
  ['secrets get', String.raw`\b(?:doppler|infisical)[ \t]+secrets[ \t]+get\b[^\n]{0,100}?--plain`],
  ['config:get', String.raw`\bheroku[ \t]+config:get[ \t]+\S+`],
  ['bw get', String.raw`\bbw[ \t]+get[ \t]+password\b`],
  ['openssl rand', String.raw`\bopenssl[ \t]+rand[ \t]+-(?:hex|base64)[ \t]+\d{2,3}`],
  ['token_', String.raw`\bsecrets\.token_(?:hex|urlsafe)\(\d{0,3}\)\)?["']?`],
  ['pwgen', String.raw`\bpwgen\b[^\n|]{0,40}`],
  ['config get', String.raw`config(?<=\b[\w-]+[ \t]+config)[ \t]+get[ \t]+\S*(?:token|secret|password|passwd|api|key)\S*`],
  // a subcommand that names what it prints: `aws ecr get-login-password`, `argocd admin initial-password`, `x create-token`
  ['-password', SUBCOMMAND_PRINTS_SECRET],
  ['-token', SUBCOMMAND_PRINTS_SECRET],
  ['-secret', SUBCOMMAND_PRINTS_SECRET],
  ['-api-key', SUBCOMMAND_PRINTS_SECRET],
];

/** A BitLocker recovery key: eight groups of six digits (each a multiple of 11, not checked: a key copied with a typo is still one). */
const BITLOCKER_KEY = /(?<![\d-])\d{6}(?:-\d{6}){7}(?![\d-])/g;

function* bitlockerKeys(text: string): Iterable<Span> {
  BITLOCKER_KEY.lastIndex = 0;
  for (let match = BITLOCKER_KEY.exec(text); match; match = BITLOCKER_KEY.exec(text)) {
    yield { start: match.index, end: match.index + match[0].length };
  }
}

/** After "recovery codes" or "backup codes": the codes listed on the lines below (or on the same line). */
const RECOVERY_HEADING = /\b(?:recovery|backup|scratch|emergency|one-time)[ \t_-]+codes?\b/gi;
/** One code: `4f8k-2m9q`, `7h3x9p2v`, `12345678`, `abcde-12345` (digits and letters mixed, or eight digits or more). */
const RECOVERY_CODE = /(?<![\w-])(?:[a-z0-9]{4,6}[- ][a-z0-9]{4,6}|[A-Z0-9]{4,6}-[A-Z0-9]{4,6}|[a-z0-9]{8,12}|\d{8,10})(?![\w-])/g;
const MAX_CODE_LINES = 20;

function* recoveryCodes(text: string): Iterable<Span> {
  RECOVERY_HEADING.lastIndex = 0;
  for (let heading = RECOVERY_HEADING.exec(text); heading; heading = RECOVERY_HEADING.exec(text)) {
    const from = heading.index + heading[0].length;
    const lines = text.slice(from, from + 1200).split(/\r?\n|\\n/);
    const codes: Span[] = [];
    let offset = from;
    for (const [index, line] of lines.slice(0, MAX_CODE_LINES).entries()) {
      const found: Span[] = [];
      RECOVERY_CODE.lastIndex = 0;
      for (let code = RECOVERY_CODE.exec(line); code; code = RECOVERY_CODE.exec(line)) {
        if (/\d/.test(code[0]) && (/[a-z]/i.test(code[0]) || /^\d{8,10}$/.test(code[0]))) found.push({ start: offset + code.index, end: offset + code.index + code[0].length });
      }
      // the heading's own line may end in a colon; a line of prose (more words than codes) ends the list
      const words = line.trim().split(/[\s,;]+/).filter(Boolean).length;
      if (index > 0 && found.length === 0 && line.trim() !== '') break;
      if (found.length * 2 >= words || index === 0) codes.push(...found);
      offset += line.length + (text.startsWith('\\n', offset + line.length) ? 2 : text[offset + line.length] === '\r' ? 2 : 1);
    }
    if (codes.length >= 3) yield* codes;
  }
}

/**
 * The words that start a name of a password or a secret (`DB_PASSWORD=`, `"api_token":`); both
 * assignment rules take all of them, so that they read a string once (see findAssignments).
 * `pat` only at the end of a word of a name (`GH_PAT=`, `pat_token:`, `<GitHubPat>`): as a bare
 * keyword it is in every `path`.
 */
const ASSIGNMENT_KEYWORDS = [
  'pass', 'pwd', 'pw', 'psk', 'masterauth', 'pin=', 'pin:', 'pin"', "pin'", ...FOREIGN_PASSWORD_NAME_SPELLINGS,
  'secret', 'token', 'key', 'cred', 'auth', 'dsn', 'sas', 'salt', '_sk', 'sk=', 'sk:', 'sk =', 'otp', 'mfa',
  ...['=', ':', '"', "'", '_', '-', ' ', '\\', '.', '>', '\n', '\t'].map((after) => `pat${after}`),
];

/**
 * A name (quoted, or in capitals with underscores), a few words, `to`/`is`, a quoted value:
 * "I set \`X_TOKEN\` to \`v\`", "the generated SECRET_KEY is \`v\`". (`=` and `:` are the
 * assignment rules' business.)
 */
export const PROSE_NAMED_VALUE = /(?:(\\{0,7}[`"'])(?<quoted>[A-Za-z_][\w.-]{2,60})\1|(?<![\w$.])(?<bare>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w.]))(?:[ \t]+[^\s`"'=:\\]{1,30}){0,6}?[ \t]+(?:to|is|was|as|now)[ \t]+(\\{0,7}[`"'])(?<value>[^`"'\s\\]{6,200})\4/g;

/** How far around a keyword PROSE_NAMED_VALUE is searched: the value is on the name's line, the name at most 130 characters before the keyword's end. */
export const NAMED_VALUE_REACH = { before: 200, after: 600, linesAfter: 0 };
/**
 * What every match of PROSE_NAMED_VALUE holds: the connecting word and the value's opening quote.
 * Found from the quote, looking back (quotes are rarer than the spaces the word follows).
 * (Both are exported for the tests: every match of the one holds the other; the gate by stretch.)
 */
export const CONNECTED_QUOTE = /[`"'](?<=[ \t](?:to|is|was|as|now)[ \t]+\\{0,7}.)/;

/**
 * The places (ascending) whose stretch within NAMED_VALUE_REACH holds a connecting word and a
 * quote: places whose stretches meet are one stretch, and a stretch without one has no match (a
 * match lies in one stretch: matchesNear's windows lie within them and never join two). Asked per
 * stretch, not over the stretch from the first place to the last: in a long text with keywords at
 * both ends that read it all, and a quote anywhere had every window searched.
 */
export function placesWithConnectedQuote(text: string, places: readonly number[]): readonly number[] {
  let kept: number[] | null = null;
  let index = 0;
  while (index < places.length) {
    const first = index;
    const from = Math.max(0, places[index]! - NAMED_VALUE_REACH.before);
    let to = Math.min(text.length, places[index]! + NAMED_VALUE_REACH.after);
    index += 1;
    while (index < places.length && places[index]! - NAMED_VALUE_REACH.before <= to) {
      // (places come in order: one that does not has all of them asked about as one stretch)
      if (places[index]! < places[index - 1]!) return connectedQuoteWithin(text, places) ? places : [];
      to = Math.min(text.length, Math.max(to, places[index]! + NAMED_VALUE_REACH.after));
      index += 1;
    }
    if (index < places.length && places[index]! < places[index - 1]!) return connectedQuoteWithin(text, places) ? places : [];
    if (CONNECTED_QUOTE.test(from === 0 && to === text.length ? text : text.slice(from, to))) {
      if (first === 0 && index === places.length) return places;
      kept ??= [];
      // (a loop, not a spread: a long text's places can be more than a call takes arguments)
      for (let k = first; k < index; k++) kept.push(places[k]!);
    }
  }
  return kept ?? [];
}

/** The connecting word and quote between the first place's reach and the last one's, places in any order. */
function connectedQuoteWithin(text: string, places: readonly number[]): boolean {
  let first = places[0]!;
  let last = first;
  for (const at of places) {
    if (at < first) first = at;
    if (at > last) last = at;
  }
  const from = Math.max(0, first - NAMED_VALUE_REACH.before);
  const to = Math.min(text.length, last + NAMED_VALUE_REACH.after);
  return CONNECTED_QUOTE.test(from === 0 && to === text.length ? text : text.slice(from, to));
}

function* namedValuesInProse(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  const places = placesWithConnectedQuote(text, keywordStarts ?? [0]);
  if (places.length === 0) return;
  for (const { match, offset } of matchesNear(PROSE_NAMED_VALUE, text, places, NAMED_VALUE_REACH)) {
    const value = match.groups!.value!;
    // the closing quote, escaped as JSON writes it at any depth (`\\"`)
    const closing = match[4]!.length;
    PROSE_NAMED_VALUE.lastIndex = match.index + match[0].length - value.length - closing;
    if (!sensitiveValue(match.groups!.quoted ?? match.groups!.bare!, value)) continue;
    const end = offset + match.index + match[0].length - closing;
    yield { start: end - value.length, end };
  }
}

/** The first line of a secret-printing command's output: the command's line and the next one only. */
const PRINTED_SECRET = new RegExp(String.raw`(?:${PRINTED_SECRET_COMMANDS.map(([, command]) => command).join('|')})[^\n]{0,200}?(?:\r?\n|\\n)[ \t]*(?<secret>[^\s"'\\]{8,4096})(?=[ \t]*(?:\r?\n|\\n|$))`, 'gid');

function* printedSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const { match, offset } of matchesNear(PRINTED_SECRET, text, keywordStarts ?? [0], { before: 300, after: 4500, linesAfter: 1 })) {
    const [start, end] = match.indices!.groups!.secret!;
    yield { start: offset + start, end: offset + end };
  }
}

export const STRUCTURAL_RULES: readonly Rule[] = [
  {
    id: 'wallet-mnemonic',
    type: 'secret',
    label: 'private-key',
    description: 'a wallet recovery phrase (12 to 24 lower-case words) after mnemonic, seed phrase or words, recovery phrase, backup phrase or "24-word backup"',
    // every spelling MNEMONIC accepts holds one of these (`seed-phrase`, `recovery_words`, `12 word backup`, `24 word-phrase`) within MNEMONIC_KEYWORD_REACH
    keywords: ['mnemonic', 'phrase', 'seed', 'words', ' word ', ' word-', ' word_', '-word', '_word'],
    keywordStarts: true,
    detector: walletMnemonics,
    examples: {
      match: [
        'MNEMONIC="lobster gravity inmate sugar orbit velvet cabin tribe harvest mango evoke plunge"', 'seed phrase: apple river cloud stone ember lamp quiet honey orbit tiger frost wheel',
        'my recovery words are canvas elder pilot sunny donkey vault fiber mercy toast ladder orange quote',
        'Ledger 24-word backup: orbit lunar crane gospel timber waste fringe alpha velvet napkin ozone sample ripple hedge cabin mango pilot frost tribe harvest noble quiet honey stone',
        "the wallet's mnemonic is 'canvas elder pilot sunny donkey vault fiber mercy toast ladder orange quote'",
        'seed-phrase = "maple drift copper lantern siren oyster walnut pebble hollow jungle cider falcon"',
        'BACKUP_WORDS=ribbon tundra velvet acorn glider mosaic ember saddle quartz lotus prairie nickel',
        '12 word backup: harbor violin meadow cobalt thistle anchor pepper summit willow garnet pulse brick',
      ],
      noMatch: ['mnemonic: "the quick brown fox"', 'Never paste your seed phrase in chat or in an issue, whoever asks for it.', 'write the 12 words down on paper and keep them offline, never in a file or a chat', 'the seed words are shown once when the wallet is created and never again after that point'],
    },
  },
  {
    id: 'bitcoin-private-key',
    type: 'secret',
    label: 'private-key',
    description: 'a Bitcoin private key in Wallet Import Format (5, K or L, base58, 51 or 52 characters) or an extended private key (xprv, tprv, yprv, zprv)',
    keywords: ['wif', 'priv', 'wallet', 'bitcoin', 'btc', 'xprv', 'tprv', 'yprv', 'zprv'],
    pattern: /(?<![1-9A-HJ-NP-Za-km-z])(?<secret>[5KL][1-9A-HJ-NP-Za-km-z]{50,51}|[xtyz]prv[1-9A-HJ-NP-Za-km-z]{100,108})(?![1-9A-HJ-NP-Za-km-z])/,
    // base58 characters are base64 ones, and the look-behind and look-ahead hold at a run's edges
    inBase64Run: 51,
    // the shape alone, not the checksum: a key pasted with one character wrong is still a key
    entropy: 4,
    examples: {
      match: ['const key = bitcoin.ECPair.fromWIF("KzCUZinEezYgWAcZWYuG19xxBbPEvWGwKyKipEURQdheDmaY8Cqh");', 'importprivkey 5JVCo5JnZB5FqnbC18NgSnMzyhYy1a3PT9iWoKPoi3QSFj23FpJ', 'master key: xprvFk7qopd1v1m7D8u7S4n6AoXPvCbwqt9URiHPQAK9Coq6xq2sLqpCH2V2dALAkjmvjJdvPpMfAgY6bPCi8uQghnFfiyU9YcfpmqeczjkwAVx'],
      noMatch: ['wallet address 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'ipfs key QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'],
    },
  },
  placedSecret('terraform-sensitive-value', 'a value Terraform marks sensitive in its JSON (an output with "sensitive": true) or a random_password result in state', { keywords: ['"sensitive"', 'random_password'] },
    /"sensitive"[ \t]*:[ \t]*true[ \t]*,(?:[ \t]*"type"[ \t]*:[ \t]*"[^"]{1,40}"[ \t]*,)?[ \t]*"value"[ \t]*:[ \t]*"(?<secret>[^"\\]{4,4096})"|random_password[^{}]{0,200}\{[\s\S]{0,600}?"result"[ \t]*:[ \t]*"(?<secret2>[^"\\]{4,512})"/,
    { match: ['{"db_password":{"sensitive":true,"type":"string","value":"Kq8!vL2mZx7T"}}', '{"type":"random_password","name":"db","instances":[{"attributes":{"length":24,"result":"Hz4#qV8mLk2W"}}]}'], noMatch: ['{"region":{"sensitive":false,"type":"string","value":"eu-west-1"}}', 'resource "random_password" "db" { length = 24 }'] }),
  {
    id: 'putty-private-key',
    type: 'secret',
    label: 'private-key',
    description: "the private lines and MAC of a PuTTY key file (.ppk)",
    keywords: ['private-lines:'],
    detector: puttyPrivateKeys,
    examples: {
      match: ['PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPublic-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAIHq2\nPrivate-Lines: 1\nAAAAIGx7Lk29Qm3VzT8pWc4Rn1Ys6Hd0Fj5Ba2Ke9Mu7Xo3\nPrivate-MAC: 8d2f4a6c1e9b7d5f3a1c2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a1b3c5d7e9f1a3b5c', '    12→Private-Lines: 1\n    13→AAAAIPq4Wz7Lm2Vx9Kt3Rb8Nc5Yh1Jd6Fs0Ge4Hu2Mi7Ok3\n    14→Private-MAC: 3c5d7e9f1a3b5c8d2f4a6c1e9b7d5f3a1c2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a1b'],
      noMatch: ['Private-Lines: see the PuTTY manual, section 8.2'],
    },
  },
  {
    id: 'private-key-block',
    type: 'secret',
    label: 'private-key',
    description: 'PEM, OpenSSH and PGP private-key blocks, also JSON-escaped, line-numbered or cut short',
    keywords: ['private key'],
    detector: privateKeyBlocks,
    examples: {
      match: [
        '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n-----END RSA PRIVATE KEY-----',
        '{"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n"}',
        '     1\t-----BEGIN OPENSSH PRIVATE KEY-----\n     2\tb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n     3\t-----END OPENSSH PRIVATE KEY-----',
        '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF0a8K0BCAC7o2cKq9mR\n=Fq3e\n-----END PGP PRIVATE KEY BLOCK-----',
        'output cut: -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkq2Jd8mUp3rV0sQk',
      ],
      noMatch: [
        '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1L\n-----END PUBLIC KEY-----',
        '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBa\n-----END CERTIFICATE-----',
        'Generate a private key with ssh-keygen and keep it out of git.',
      ],
    },
  },
  {
    id: 'private-key-base64',
    type: 'secret',
    label: 'private-key',
    description: 'base64 that decodes to a private key (kubeconfig client-key-data, Kubernetes tls.key)',
    keywords: ['ls0tls1crudjti'],
    pattern: /LS0tLS1CRUdJTi[A-Za-z0-9+/=]{40,65536}/,
    validator: 'base64-private-key',
    examples: {
      match: [
        `    client-key-data: ${Buffer.from('-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAx3k\n-----END RSA PRIVATE KEY-----\n').toString('base64')}`,
        `  tls.key: ${Buffer.from('-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0B\n-----END PRIVATE KEY-----\n').toString('base64')}`,
      ],
      noMatch: [
        `    client-certificate-data: ${Buffer.from('-----BEGIN CERTIFICATE-----\nMIIC8jCCAdqgAwIBAgIIH\n-----END CERTIFICATE-----\n').toString('base64')}`,
        'LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS0K',
      ],
    },
  },
  {
    id: 'jwt',
    type: 'secret',
    description: 'JSON Web Token with a decodable header',
    keywords: ['eyj'],
    pattern: /(?<![A-Za-z0-9_.-])eyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{4,16384}\.[A-Za-z0-9_-]{8,4096}(?![A-Za-z0-9_-])/,
    validator: 'jwt-header',
    // The jwt.io sample token, everywhere in documentation.
    allow: [/SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c$/],
    examples: {
      match: [
        'Authorization header was eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTQyIiwiZXhwIjoxNzY0fQ.q7Lk2mPz9XcV3bN8rT1wYd5Ue0aHs6GfJi4KlMoQpRs',
        '"id_token":"eyJraWQiOiJrMSIsImFsZyI6IlJTMjU2In0.eyJpc3MiOiJodHRwczovL2F1dGgifQ.Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA"',
      ],
      noMatch: [
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
        'pk.eyJ1IjoibWFwYm94dXNlciIsImEiOiJjbGV4YW1wbGUifQ.abcdefghijklmnopqrstuv',
        'eyJub3QiOiJhIGp3dCJ9.eyJqdXN0IjoianNvbiJ9.c2lnbmF0dXJlMTIz',
        'NEXT_PUBLIC_SUPABASE_ANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.Zk29XqLm83NvBt71PwZr0u5Y',
      ],
    },
  },
  {
    id: 'url-credentials',
    type: 'secret',
    label: 'url-password',
    description: 'password in scheme://user:password@host for any scheme (user and host stay visible)',
    keywords: ['://'],
    // a password that repeats the user name (`guest:guest@localhost`) is a well-known default, not a secret
    pattern: /(?<![A-Za-z0-9.-]|[A-Za-z0-9.-]\+)[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/(?<user>[^\s:@/'"\\?#]{0,100}):(?!\k<user>@)(?<secret>[^\s@/'"\\]{1,200})@(?=[A-Za-z0-9[\]._-])/,
    // the same placeholders as a URL writer escapes them (Go's url.URL.String(): `$%7BPGPASSWORD%7D`, `%3Cpassword%3E`, `%2A%2A%2A`)
    allow: [
      /^(?:password|pass|pwd|secret|changeme|x-oauth-basic|\*+|x+|\.\.\.|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|\$[A-Z_]+|%[A-Z_]+%)$/i,
      // a metasyntactic word (`uri://foo:bar@example.com` in a parser's tests); CVS's access method before its user (`:pserver:anoncvs@host`)
      /^(?:foo|bar|baz|qux|quux|foobar)$/i,
      /^(?:pserver|gserver|kserver|server|ext|extssh|fork|sspi):[\w.-]*$/,
      // a format string's conversion, filled in later (`redis://%s:%s@%s`, Go's `%v`, Python's `{}`/`{0}`/`{password}`)
      /^(?:%[-+ #0]?\d{0,3}[sdvqx]|\{\w{0,40}\})$/,
      new RegExp(`^(?:${URL_PASSWORD_STAND_IN})$`),
      // a usage line's syntax: an optional part in brackets (`[user[:password]@]host`), the word for "password" in another language
      /^[^\s@[\]]{1,40}\]+$/,
      new RegExp(`^(?:${FOREIGN_PASSWORD_ALTERNATION})$`, 'iu'),
    ],
    examples: {
      match: [
        'DATABASE_URL=postgres://app:Zq8pL2vX9nR4@db.internal:5432/app',
        'mongodb+srv://admin:s3cr3t-Pa55@cluster0.abcd1.mongodb.net/test',
        'remote: https://oauth2:glpat-Xk2mP9qL7vR3nT8wY1zA@gitlab.com/acme/app.git',
        'redis://:f0Ab9kLmN2pQ@cache.local:6379/0',
        'postgres://report_ro:Tq8-walrus%3CLz4m%3E@db.internal:5432/sales',
      ],
      noMatch: [
        'Set the proxy as socks5h://[name[:secret]@]host[:port] or leave it empty.',
        'cvs -d cvs://:pserver:guest@cvs.example.org:/src checkout tools',
        "assert.equal(render(parts), 'svc://foo:bar@example.com/')",
        'Das Format ist https://Benutzer:Kennwort@Rechner:Port/ (siehe unten).',
        'postgres://app:${DB_PASSWORD}@db:5432/app',
        'git@github.com:acme/app.git',
        'https://github.com/acme/app/blob/main/README.md',
        'amqp://guest:password@localhost:5672',
        'dsn := fmt.Sprintf("postgres://reporter:%s@db.lan:5432/sales", pw)',
        'url = f"redis://{user}:{}@cache.lan:6379"',
        '    dsn_test.go:16: dsn=postgres://report_ro:$%7BPGPASSWORD%7D@db.internal:5432/sales?sslmode=disable',
        'postgres://analytics_ro:%3Cpassword%3E@replica.internal:5432/sales',
        'dsn=postgres://report_ro:%7B%7B%20.Password%20%7D%7D@db.internal:5432/sales',
        'postgres://report_ro:%2A%2A%2A%2A@db.internal:5432/sales',
      ],
    },
  },
  placedSecret('url-query-secret', 'tokens, keys and signatures in URL query strings (?access_token=, &sig=, ?api_key=)', { keywords: ['token=', 'key=', 'sig=', 'signature=', 'secret=', 'password=', 'passwd=', 'auth=', 'code=', 'appid=', 'sid=', 'sessionid=', 'session_id=', 'jsessionid='], entropy: 2.5 },
    /[?&;](?:(?:[a-z]+[_-])*(?:token|secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|subscription[_-]?key|functions[_-]?key)|key|sig|signature|x-amz-signature|x-goog-signature|password|passwd|auth|code|appid|app_key|sid|session_?id|j?sessionid|phpsessid)=(?<secret>[^&;\s"'\x60#\\<>]{8,1024})/i,
    {
      match: [
        'GET https://api.example.org/v1/me?access_token=ya29.a0AfB_byC7Kq9xLmN3pR2sT5vW8yZ HTTP/1.1',
        'https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&se=2026-01-01&sr=b&sp=r&sig=Qx7%2Bk2LmN9pR4sT8vW1yZ3aB6cD0eF5gH%3D',
        'curl "https://maps.example.net/api?key=Zk29XqLm83NvBt71Pw&q=cafe"',
        'POST https://orders-fn.azurewebsites.net/api/Checkout?code=Qm7vT2xK9pL4wZ8nR3sY6bC1dF5gH0jE2kA4uV7yB9nM1qW3eR5tY7uI9oP2aS==',
        'wss://stream.example.io/feed?client=cli&session_token=Zx82KmPq7wR4tY9uB3nE6c',
      ],
      noMatch: ['const link = `${BASE_URL}/confirm?token=${token}`;', 
        'https://example.org/search?key=value&page=2',
        'https://example.org/cb?token=${TOKEN}',
        'https://example.org/docs?signature=required',
        'https://example.org/items?sort_key=created&page_key=2',
        '"Default": "Server=db;Database=orders;User Id=app;Password=${DB_PASSWORD};"',
      ],
    }),
  placedSecret('session-cookie', 'a session or auth cookie in a Cookie or Set-Cookie header, a curl -b/--cookie argument or an HTTP client\'s cookies map (name with sess, sid, auth, token, remember, jwt, identity, csrf, __Host-)', { keywords: ['cookie', '-b '], keywordStarts: true, entropy: 3 },
    sessionCookies,
    {
      match: [
        'Cookie: _session_id=xr1x8mro8UUR6v6BSKVrvV97A6Re5EBl1lS59nT3; locale=en',
        'Cookie: wp-settings-1=libraryContent%3Dbrowse; wordpress_logged_in_5f0c3a9e1d7b2c8a4e6f0b1d3c5a7e9f=editor%7C1800000000%7CqW8mZ3vKx7Lp2Tn9Rb4Hc6Jd1Fs5Gt0Y%7C0d1e2f3a4b5c',
        'Set-Cookie: connect.sid=s%3AQm7vT2xK9pL4wZ8nR3sY6bC1dF5gH0jE.kA4uV7yB9nM1qW3eR5tY7uI9oP2aS; Path=/; HttpOnly',
        'curl -b "theme=dark; remember_token=Zk29XqLm83NvBt71PwZr0u5Yx2Ck" https://app.local/',
        'r = requests.get(url, cookies={"sessionid": "k7x2m9pq4wn8ht3v6by1crd5fqm7vt2k"})',
        'Cookie: .AspNetCore.Cookies=CfDJ8Lq2Vz7Kx4Rt9Wn3Hb6Yp1Dc5Fg0Js8Ka2Mb; __Host-GAPS=1:Wm4Tq8Zx2Lp7Rv3Nk9Yt5Hs',
        'driver.manage().addCookie(new Cookie("auth_session", "Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd"));',
        'given().cookie("SESSION", "MzFmYjQ5ZDItN2E4Yy00YjFlLWE5ZDMtNjZkNGEyYjk1YzE3").when().get("/me")',
        'jar.cookies.set("csrftoken", "p9w2k7m4x8q3v6z1n5r0t8y2")',
        'client.DefaultRequestHeaders.Add("Cookie", "ASP.NET_SessionId=q4m8x2k6w9v3z7p1r5t0y8n2");',
        "{'User-Agent': 'python-requests/2.31.0', 'Cookie': 'csrftoken=abc; sessionid=Sx8xQm2Lp7zRt4wBs6yJ4hF3'}",
      ],
      noMatch: ['Cookie: locale=en; theme=dark; _ga=GA1.2.1234567890.1700000000', 'Set-Cookie: session_id=deleted; Max-Age=0', 'res.cookie("session", token, { httpOnly: true })', 'new Cookie("theme", "solarized-dark-high-contrast")', 'cookies.set("sessionid", "${SESSION_ID_FROM_LOGIN}")', 'the session_id=Zk29XqLm83NvBt71PwZr0u5Yx2Ck is logged', 'requests.get(url, cookies={"theme": "dark-high-contrast-v2"})'],
    }),
  placedSecret('auth-header', 'Authorization headers, and Bearer/Basic credentials in free text when they are shaped like one (Basic: base64 of user:password)', { keywords: ['authorization', 'bearer', 'basic '], entropy: 2.5 },
    authCredentials,
    {
      match: [
        'curl -H "Authorization: Bearer 9f2c7Kq1LmZ8xR4tV0pN3sW6yB5dE" https://api.internal/v1',
        '{"headers": {"Authorization": "Basic YWRtaW46czNjcjN0UGFzcw=="}}',
        'authorization: token 4b8d0e2f6a1c3e5g7i9k1m3o5q7s9u1w',
        'use the header Basic ZGVwbG95OkhvdW5kLTc3LVRydW1wZXQ= for the mirror',
        'then send bearer 7Rq2Lm9Xz4Vb8Nw1Tk5Yc3Hf6 with it',
        'http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "Wm4Tq8Zx2Lp7Rv3Nk9");',
        'conn.setRequestProperty("Authorization", "Bearer Yt5Hs2Pq8Mx4Lw9Zc7");',
        'curl -H "Authorization: GenieKey 3c7e9a1f-5b2d-4f8a-9c6e-1d3b5f7a9c2e" https://api.opsgenie.com/v2/alerts',
        'Authorization: Klaviyo-API-Key pk_Qm7vT2kLx9Pz4Wn8Hx4kV9mQ2t',
      ],
      noMatch: [
        'Authorization: Bearer ${API_TOKEN}',
        'Set the Authorization header to Bearer <token> as described.',
        'The basic authentication scheme is documented in RFC 7617.',
        'Sketch a basic layout first.',
        'I wrote a basic CONTRIBUTING.md for newcomers.',
        'It needs a bearer credential, not basic passwords.',
        'a basic v2.3.1-compatible build',
        'Authorization: required whenever credentials are configured',
        // base64 of `guest:`: a user name and no password
        'Authorization: Basic Z3Vlc3Q6',
        // where the token is kept (Secret Manager's resource name), not the token
        'Authorization: Bearer projects/acme-ops/secrets/relay-token/versions/7',
        // a parameter's name, not a credential (the proof is `authorization-proof`'s)
        'Authorization: Digest username="jdoe", realm="api", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/x"',
      ],
    }),
  {
    id: 'api-key-header',
    type: 'secret',
    description: 'API-key headers (x-api-key, PRIVATE-TOKEN, X-Vault-Token, ...), also as `name=value` in a header list (OTEL_EXPORTER_OTLP_HEADERS)',
    keywords: ['api-key', 'apikey', 'private-token', '-token', '-key', '-team', 'trackertoken'],
    // right after `://` the name is a URL's user (`https://x-access-token:<token>@github.com/…`): url-credentials keeps the host
    pattern: /(?<!:\/\/)\b(?:x-api-key|api-key|x-apikey|x-auth-token|private-token|x-shopify-access-token|x-vault-token|x-goog-api-key|x-access-token|x-figma-token|x-postmark-server-token|dd-api-key|dd-application-key|x-api-token|x-rapidapi-key|ocp-apim-subscription-key|x-honeycomb-team|x-riot-token|circle-token|x-trackertoken|x-auth-key|x-algolia-api-key|x-functions-key)\\?["']?[ \t]{0,3}[:=][ \t]{0,3}\\?["']?(?<secret>[^\s"'\\,;]{8,512})/i,
    shield: 'values',
    entropy: 2.5,
    examples: {
      match: [
        'curl https://api.anthropic.com/v1/messages -H "x-api-key: Qk9zL2mX8vN4pR7tW1yB3cD6eF0gH5jK"',
        'PRIVATE-TOKEN: Xk2mP9qL7vR3nT8wY1zA',
        '{"X-Vault-Token": "hvs.CAESIJk29XqLm83NvBt71PwZr0u5"}',
        'curl https://api.honeycomb.io/1/auth -H "X-Honeycomb-Team: Rk9zL2mX8vN4pR7tW1yB3c"',
        'OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team=Vt3Lm8Qz2Kx7Rp4Wn9Bc6"',
        'curl -H "X-TrackerToken: Qm7Lz2Vx8Kt4Rn9Wb3Pc" https://www.pivotaltracker.com/services/v5/me',
      ],
      noMatch: ['git clone https://x-access-token:Qk9zL2mX8vN4pR7tW1yB3cD6eF0gH5jK@git.corp.example/app.git', 'x-api-key: $ANTHROPIC_API_KEY', 'x-api-key: <your key>', 'X-TrackerToken: $TRACKER_TOKEN', 'Send the x-api-key header with every request.', "command_line $USER1$/check_http -H $HOSTADDRESS$ -k 'X-Auth-Token: $_HOSTAUTHTOKEN$'"],
    },
  },
  {
    id: 'cli-secret-flag',
    type: 'secret',
    description: 'secrets passed as long command-line flags (--password, --token, --api-key, ...)',
    keywords: SECRET_FLAG_KEYWORDS,
    keywordGate: inFlagName,
    // the flag's name may have words before its last one (`--api-secret`, `--github-token`), but not a verb
    // or a setting about the secret (`--show-token`, `--no-password`, `--max-tokens`)
    // `--` or a blank's `-`, written to start with the literal `-`: a search then skips to each `-` (4x faster than from a look-behind)
    pattern: new RegExp(String.raw`-(?:-|(?<=[ \t]-))(?!(?:${FLAG_VERBS})-)(?:[a-z0-9]{1,20}-){0,3}(?:${GLUED_FLAG_PREFIX})?(?:password|passwd|pass|passphrase|pwd|pw|psk|credentials|token|authtoken|auth|apikey|secret|secret-string|private-key|storepass|keypass|sas-token|connection-string|(?:${FLAG_KEY_WORDS})-?key|bearer|pass(?:in|out|certs))(?:=|[ \t]+|${NEXT_ARRAY_ELEMENT})(?!\\f[IBRP])\\?["']?(?![\w-]{1,30}=[^\s=])(?!(?:env|file|fd):|stdin\b)(?<secret>[^\s"'\\<[{(\x60-](?:[^\s"'\\]|\\-){1,510}[^\s"'\\,\])>])`),
    shield: 'values',
    examples: {
      match: [
        'declare -a dump_args=([0]="--host" [1]="db.lan" [2]="--password" [3]="Tq5-reef-Lw82")',
        'vault login --token=hvs.Zk29XqLm83NvBt71PwZr0u5', '  --admin-token=Qz8\\-vLm2Kx7\\-Wn4Tb9 \\\\', 'psql-admin --password "n8Kq2LxV7"', 'keytool -list --storepass Kx9mP2qZ', 'gpg --batch --passphrase Mv3#kQ8zLt -c f', 'influx -username admin -password Qw7!kL2vZx',
        'reportgen pull --api-key Vm2Qx8 --api-secret Lp7Wz3Kt9Rn4Bc6Y',
        'ci-sync --github-token=Tq8vLm2XzKp4Wn9R --registry-password "Rb5!kQz8"',
        './deploy --client-id 42 --client-secret Hn3Kw8Qz2Lx7Vt5M',
        'uploader --master-key 9ZtV3xQm7LkP2wRb --dry-run',
        'aws secretsmanager create-secret --name prod/api --secret-string Hx4kV9mQ2tLz7Rp3',
        '"args": ["-y", "@acme/mcp-server", "--api-key", "Qz8Lm3Vt7Kx2Wn9R"]',
        'netlify deploy --auth Vq8Lm2Zx7Kp4Wt9R --prod',
        'curl --tlsuser ops --tlspassword Rk7-cedar-Wm2q https://files.lan',
        'openssl pkcs12 -export -in c.pem -passout Hq5-tundra-Vx3m -out c.p12',
        'curl --oauth2-bearer Zt8Kq2Lm5Vx9Rw3N https://api.lan/v1/items',
        'mqtt-probe -u sensor --pw Lk6-basil-Qv3t -t lab/temp',
        'wg-setup --peer gw2 --psk Rn8-thyme-Xw4c',
        'mirror-sync --remote-credentials Jd3-aspen-Vk9q --dry-run',
        'kadmin -p admin/admin -pw Tq7-larch-Wz2m -q listprincs',
        'slapd-sync --bindpw Hn4-cress-Lx8v --base dc=corp',
        'beacon --writekey Qm3Vx8Lz2Kt7Rn4W',
      ],
      noMatch: [
        'npm login --password-stdin', 'gh auth login --token ${GH_TOKEN}', 'Use --password to set it.',
        'llm run --max-tokens 4096 --model small', 'tool --show-token --verbose', 'app --no-password --user ann', 'terraform plan --secret-file ./secrets.tfvars',
        'kubectl create secret tls web --cert=tls.crt --key=tls.key', 'ssh-keygen --comment ann --ssh-key ~/.ssh/id_ed25519',
        'Usage: sync [--api-key KEY] [--api-secret SECRET] [--dry-run]', '  --github-token <token>   GitHub token (default: $GITHUB_TOKEN)', '   --access-token value, -t value  personal access token',
        'docker buildx build --secret id=npmrc,src=$HOME/.npmrc .',
        '"args": ["--api-key", "${input:apiKey}"]', '["--password", "--user"]',
        'openssl pkcs12 -in c.p12 -passin env:P12_PASS -nodes', 'openssl rsa -in k.pem -passin file:./pass.txt -out k2.pem', 'openssl req -new -passout stdin -key k.pem',
        'backup --nopassword --target nas-01', 'ldap-tool --bindpw-file /run/secrets/bind', 'beacon --writekey-path ./segment.key', 'rsync --askpass helper-script src/ dst/', 'curl --auth-type bearer https://api.lan', 'gsutil-lite --credentials ~/.config/gcloud/key.json ls', 'deploy --credentials-file ./ci.json',
        '  --client-secret=CLIENT_SECRET   the OAuth client secret', '  -storepass value   keystore password',
        // a man page's source: the italic word after the flag is the argument's name
        '.B  --passphrase \\fIkey_name\\fR', 'http --auth-type bearer --auth basic GET api.local', 'kubectl --auth-provider oidc get pods',
      ],
    },
  },
  {
    id: 'cli-password-short-flag',
    type: 'secret',
    label: 'password',
    description: 'passwords given as short flags or arguments: mysql -p, sshpass -p, docker login -p, redis-cli -a, keytool -storepass, rabbitmqctl add_user',
    // every match starts at one of these (the keytool flags after a space): tried there only
    keywords: ['mysql', 'mariadb', 'sshpass', 'docker', 'redis-cli', '-storepass', '-keypass', '-srcstorepass', '-deststorepass', '-srckeypass', '-destkeypass', 'rabbitmqctl'],
    keywordStarts: true,
    pattern: /(?:\b(?:sshpass(?:[ \t]+-[vhe]|[ \t]+-[Pd][ \t]*(?:"[^"\n]{0,60}"|'[^'\n]{0,60}'|[^\s-]\S{0,60}))*|docker[ \t]+login[^\n]{0,200}?)[ \t]+-p[ \t]+|\b(?:mysql|mariadb)(?:[-_]?[a-z]{3,16})?\b[^\n]{0,200}?[ \t]-p|\bredis-cli\b[^\n]{0,200}?[ \t]-a[ \t]+|(?<=[ \t])-(?:src|dest)?(?:store|key)pass[ \t]+|\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S{1,100}[ \t]+)\\{0,3}["']?(?<secret>[^\s"'\\-][^\s"'\\]{2,200})/,
    shield: 'values',
    examples: {
      match: ['mysql -u root -pS3cr3tPw! -h db.internal app', 'mysqlbinlog -u repl -pKv7-sorrel-Tq2 --read-from-remote-server binlog.000042', 'mariadb-import -u loader -pWz4-aster-Lm9 shop /tmp/x.csv', 'sshpass -p Tr0ub4dor&3 ssh deploy@web-01', 'sshpass -v -P "Enter passphrase" -p Wd6-plover-38 scp a.tgz ops@db-2:/tmp', 'sshpass -e -d 3 -p Hq2-lupine-75 ssh ann@web-01', 'docker login -u ci -p Zk29XqLm83Nv registry.local', "mysqldump -ubackup -p'Qk2-Lm9_Zx' app"],
      noMatch: ['mysql -u root -p app', 'mariadb-dump -u backup -p --all-databases', 'git commit -p', 'docker run -p 8080:80 nginx', 'redis-cli -h cache ping', 'sshpass -v -P assword -f ~/.ssh/pw.txt ssh ann@web-01', '\thelm registry login -u ci -p $$HARBOR_ROBOT_SECRET harbor.lan'],
    },
  },
  placedSecret('curl-user-password', 'user:password given to curl -u / --user (and its proxy\'s, -U / --proxy-user) and similar (jenkins-cli -auth, skopeo --creds, --basic-auth, HTTPie/xh/hey -a, the Monitoring Plugins check_http/check_curl -a and --authorization, ApacheBench -A/-P)', { label: 'password', keywords: ['-u', '--user', '--proxy-user', '--auth', '-auth', '--creds', '--src-creds', '--dest-creds', '--credentials', '--basic-auth', '--authorization', '--proxy-authorization', '-a ', '-a\t', '-a=', '-p ', '-p\t', '-p=', '-a"', "-a'", '-a\\', '-p"', "-p'", '-p\\'], keywordStarts: true },
    new RegExp(String.raw`(?:(?<=[ \t])-u|--user|--proxy-user|(?<=\bcurl\b[^\n|;&]{0,200}[ \t])-U|(?<=[ \t])-auth|--auth|--(?:src-|dest-)?creds|--credentials|--basic-auth|--(?:proxy-)?authorization|(?<=\b(?:https?|xhs?|hey|check_http|check_curl)\b[^\n|;&]{0,200}[ \t])-a|(?<=\bab\b[^\n|;&]{0,200}[ \t])-[AP])(?:[ \t=]+|${NEXT_ARRAY_ELEMENT})\\?["']?(?!<)[^\s:"'\\]{1,100}:(?<secret>[^\s"'\\@]{1,256})`),
    { match: ['cmd = ["curl", "-sS", "--user", "relay:Nw7-ash-Qx31", "https://repo.lan/api"]', 'declare -a opts=([0]="--fail" [1]="--user" [2]="relay:Nw7-ash-Qx31")', 'curl -u admin:Zk29XqLm83 https://jenkins.local/api/json', 'curl --user "ci-bot:p4ss-W0rd-77" https://nexus.local', 'http -a ann:Tq8vLm2Kz9 GET api.local/me', 'curl -x http://gw.lan:3128 -U relay:Wm5-cedar-Kq2v https://pkg.lan/x', 'wget --proxy-user=relay:Tz3-fern-Lq7m https://pkg.lan/y', 'https -a=ci:Wz4-moss-Lq7v POST api.lan/hooks', '/usr/lib/nagios/plugins/check_http -H web01 -a monitor:Rv6-thistle-Kq2 -u /status', 'check_curl -H web01 --authorization=monitor:Rv6-thistle-Kq2', 'ab -n 100 -A bench:Rv6-thistle-Kq2 http://127.0.0.1/', 'xh -a ann:Rv6-thistle-Kq2 :8080/me'], noMatch: ['ab -n 100 -c 10 http://127.0.0.1/', 'tar -a=auto -cf out.tar.gz src:lib', 'curl -u admin: https://example.org', 'pip install -U requests:extra', '  -u, --user <user:password>  Server user and password', 'curl --proxy-user $PROXY_USER:$PROXY_PASS https://x.lan', 'curl -u $USER:$PASS https://example.org', 'ls -u /tmp', 'ls -a src:lib', 'git log -a b:c'] }),
  {
    id: 'password-assignment',
    type: 'secret',
    label: 'password',
    description: 'a password assigned to a name (env, shell, YAML, TOML, INI, properties, JSON, XML, Dockerfile, .netrc, connection strings)',
    keywords: ASSIGNMENT_KEYWORDS,
    allow: PASSWORD_SETTING_VALUES,
    detector: (text, keywordStarts) => findAssignments(text, (cls) => cls === 'password', keywordStarts),
    keywordStarts: true,
    examples: {
      match: [
        // Kickstart's user command: the password is plain unless --iscrypted says it is a stored hash
        'user --name=builder --groups=wheel --password=Pq6-heath-13 --plaintext',
        'export PGPASSWORD=Wq7!zK2pL',
        'db:\n  password: "hunter2-Prod"\n',
        '{"db_password": "n8Kq2LxV7"}',
        'Server=tcp:sql.acme.net;Database=app;User Id=app;Pwd=Kx9#mP2q;',
        'machine api.heroku.com login me@acme.io password 8f7c2e1d-aa',
        'ENV DB_PASSWORD Sup3rS3cret',
        '<password>Tr0ub4dor3</password>',
        '{\\"smtp_password\\": \\"Zk29XqLm83\\"}',
        'requirepass Vq7mK3vLz9Tp\nmaxmemory 1gb',
        'network={\n  ssid="Lab"\n  psk="Tz5#qV8mKx-lab"\n}',
        'smtp:\n  password: >-\n    Wv6$kT2mLq-relay\n  port: 587',
        '$1 = {db_host = 0x5555555560a4 "db.internal", db_password = 0x555555556008 "Kx9-larch-Vm2", port = 5432}',
        'db_password: !!str "Gv4#kQ8mLz"',
        'var dbPassword string = "Hq3!vL8mZx"',
        '#define SMTP_PASSWORD "Rz7#kV2mQx"',
        '[{billing, [{smtp_password, "Wd4!nQ8zLv"}, {smtp_port, 587}]}].',
        'Set-Item -Path Env:SQL_PASSWORD -Value "Xv2#pL9kQm"',
        'std::map<std::string, std::string> conf = {{"host", "db"}, {"password", "Rq6#vL2kZm"}};',
        'resource "helm_release" "cache" {\n  set {\n    name  = "auth.redisPassword"\n    value = "Mq4!tZ9vLx"\n  }\n}',
        '      + name  = "smtp.relayPassword"\n      + value = "Vw8#nQ3kTz"',
        '+| admin_password | Tz6#pLq2Wm |',
        '[16:20] Priya: pwd Hs7$kQm3Lv',
        '> [08:05] ops-bot: password Kd9#vRt2Mx',
        'ssh jump01  user deploy  pass Wr5!zKq8Lt',
        '      ~ admin_password = "Pn3#wLx8Qz" -> "Jt7!mVq2Rk"',
        '| BROKER_PASSWORD | Gd4!xTq9Wm | rotated monthly |',
        '- **Password:** Bq6#tMz3Wk',
        '__db password__: Lx9!vQm4Tz',
        'Admin password (eu-west): Cz5#pWq8Nt',
        'pw for the jumpbox = Fy6!tRq3Mn',
        '- **Broker password (prod)**: `Rf3#Wq8Lz2Kv`',
        '| smtp_password (relay) | Jq2!vNz7Lk |',
        '  Account Update (1.1ms)  UPDATE "accounts" SET "vault_password" = $1 WHERE "accounts"."id" = $2  [["vault_password", "Wc7!kPz2Qr"], ["id", 3]]',
        'id,login,note,password\n1,rosa,"moved, see 42",Hq4-larch-Zv8',
        'smtp_sasl_password_maps = static:relay@acme.io:Wq7!zK2pLm',
        'passwd: Hq4-larch-Zv8',
        'relay_pass: Vx4&kQ9m*Lz2',
        'bmc-session-password Tq7-heron-Wz5k\nbmc-session-user ops',
        '[ req ]\noutput_password = Jm6-quartz-Tp4w\nprompt = no',
        'PASS: Hq4-larch-Zv8',
        '{password: Correcthorse, user: bob}',
        'login(user, password: MoQz84LrTxVw)',
        'login, pw = "ann", "Wq7!zK2pL"',
        // "pass" the verb is no password's name only leading a directive; `PassPhrase` is one word, `pass_db` names a password
        'PassPhrase=Tz6-quartz-Wm3',
        'pass_db=Wq7-larch-Zv8',
        // a man page's source: the escaped hyphens are the name's
        '\\-\\-db\\-password=Kq7-fern-Wx3',
      ],
      noMatch: [
        // "pass" the verb or a test's outcome in code, a stream library's name
        'exports.PassThrough = BufferedPassThrough',
        "FLAKY_PASS_ASSERTION = label + '::FLAKY'",
        'var Minipass = class extends Stream {',
        // a zsh completion spec (`[description]:message:action`) and Perl's Config flags (`perl -V:d_pwpasswd`)
        "    '-O[explicit old password]:old password: '",
        "d_pwpasswd='define';",
        // a completion's list of option names, each with its `=`
        'opts="username= passphrase= password= scmVersion= tag="',
        // a source file named by a compiler's message or a changelog entry, not a setting
        'auth-pass.c:88:14: warning: unused variable',
        '    - 042_fix_pass_args.dpatch: Refreshed.',
        "  * passwd.defaults: admin's shell is now /bin/sh.",
        // systemd's directive that passes variables on; a long option named in prose with nothing after its `=`
        'PassEnvironment=LANG TZ',
        'Use the new --recovery-pin= flag.',
        // a description of the value the name wants
        '{"certPassword": "Client certificate password 2"}',
        // a sentence cut at a comma above a line of code is no table's header; nor is a PAM stack's line
        '# read the header, then pass it to the parser\nhdr = parse(buf, strict)\n',
        'password\trequired\tpam_unix.so\nsession\trequired\tpam_env.so\n',
        '\tcached_passphrase.\n\t* ui/dialog.c (reset): Free the removed\n\tfields.\n',
        'user --name=builder --iscrypted --password=$6$Tn2vQx8L$Kq7vL2mX9pR4tW8nZ3cF6hJ1sD5gB0yE2aLq8Vx3Zp9Rt4Wm7Kb1Hc6Jd5',
        // a script printing its settings' pairs a tab apart, a label among them: no header, no password column
        'password\t****\nuser\tbilling_svc\nhost\tdb.internal\nport\t5432\ntoken set:\tyes\n',
        "Notice: Scope(Class[main]): {mail_password => Sensitive [value redacted], relay => smtp.internal}",
        "users: [{'name': 'svc', 'lock_passwd': 'definitely', 'shell': '/bin/sh'}] is not valid",
        'Unable to read password from file /run/secrets/bmc\nPassword: Error: Unable to establish LAN session',
        'Enter passphrase: gpg: decryption failed: No secret key',
        'const user = await db.user.create({ data: { email, password: hashedPassword } });',
        'htpasswd: Adding password for user deploy9\nsmbpasswd: Added user backup4.',
        'Title: Mail\nUserName: ops\nPassword: PROTECTED\nURL: https://mail.example.org',
        "admin_password_md5 = '5baa61e4c9b93f3f0682'",
        '  * passwd.conf: Add _relay user, so the daemon can drop root',
        '    psk: dropped the retry for expired sessions',
        'The new --admin-pin= flag works like --admin-password= but takes a hash.',
        '#\tpassword=\tThe account password (sent on login)',
        '        self._passphrase = passphrase',
        '    return open_vault(\n        passphrase,\n        alias_name,\n        keyobj,\n    )',
        'pw_client --user=demo --password=foo --port=9000',
        '        self.login, self.password = creds',
        '    user = pw = name = ""',
        '  * The new flag makes reusing the same\n    passphrase possible.\n',
        'input_tokens = 4096\noutput_tokens = 812',
        'password: a&b are placeholders here',
        'auth-token expired',
        '# falls back to the\n# password backend.',
        '-keypass arg\n    Pass phrase source for the key.',
        '--db-password=DB_PASSWORD  the database password',
        '--unlock-passphrase=PHRASE\n    The passphrase of the key store.',
        'pre-shared-key ${VPN_PSK}',
        'mailer.password|${SMTP_PASSWORD}|env\ncache.auth_token|{{ secrets.CACHE_TOKEN }}|ci\nsearch.password|env:SEARCH_PASSWORD|ssm',
        '       key        |    value     | source\n------------------+--------------+--------\n relay.password   | ${RELAY_PW}  | literal\n archive.password | env:ARCHIVE  | ssm',
        '-[ RECORD 2 ]-----------------\nkey    | relay.password\nvalue  | env:RELAY_PASSWORD\nsource | vault',
        'db = {\n  password = secrets:get "db/report_ro",\n}',
        'cache = { password = #pw > 0 and pw or nil, key_prefix = prefix .. ":cache" }',
        'queue = { password = prefix .. "-" .. secrets.queue_suffix }',
        'passwd:         files systemd\nshadow:         files sss',
        '"update_password": "always"',
        '(0)   CHAP-Password = 0x4ecae5910c4f88e7499d607bc7128b4fce\n(0)   NAS-IP-Address = 127.0.0.1',
        'rlm_passwd: nfields: 3 keyfield 0(User-Name) listable: no',
        'Sent Access-Request Id 1\n\tUser-Name = "probe"\n\tCHAP-Password = 0x01c1ab',
        'smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nlmtp_sasl_password_maps = proxy:mysql:${config_directory}/sasl.cf, texthash:/etc/postfix/lmtp_passwd',
        '"password": "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER",',
        // kubectl config view's masks of a kubeconfig's embedded keys and tokens
        'users:\n- name: deploy\n  user:\n    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n    token: REDACTED',
        'password: ${DB_PASSWORD}',
        'name,value,note\ndb_password,changeme,"initial password, rotate on deploy"\nsmtp_password,<set-me>,relay\napi_key,********,masked',
        'fields = ["password", "password_confirmation"]',
        'permit_params = [["password", "[FILTERED]"], ["id", 3]]',
        'PASSWORD_MIN_LENGTH=12',
        'password_file: /run/secrets/db',
        '"password": ""',
        'Enter your password: ',
        'password = os.environ["DB_PASSWORD"]',
        'kubectl create secret generic db --from-file=password=./db-password.txt',
        'help: |\n  Reads the password from the keychain.',
        'db_password = "bws://7c1b2d4e-9f3a-4b8c-a2d1-5e6f7a8b9c0d"',
        'password: "azurekeyvault://orders-kv.vault.azure.net/secrets/db-password"',
        'password: "%env(DATABASE_PASSWORD)%"',
        'DB_PASSWORD=sm://billing-prod-311/db-password',
        'password: !!str ${DB_PASSWORD}',
        '{db_password, os:getenv("DB_PASSWORD")}',
        '{"password", ""}, {"user", "admin"}',
        'Set-Item -Path Env:DB_PASSWORD -Value $securePlain',
        'initial_password: Should-Be-Reset-At-Next-Logon',
        'temp_pwd = given_by_the_helpdesk',
        'password: see README',
        'smtp_password: N/A',
        'password: https://kv-prod-01.vault.azure.net/secrets/db-password/7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f',
        'db_password: "%{lookup(\'profile::db::password\')}"',
        'password: "#{ENV.fetch(\'DB_PASSWORD\')}"',
        'smtp_password: ((smtp/password))',
        'password: "[[ .Values.smtp.password ]]"',
        'password: keyring:mail/smtp-relay',
        'password: file:/etc/app/secrets/db',
        'OLDPWD=/home/ci\nPWD=/workspace\nSHLVL=1',
        'vault kv put secret/billing password=@secrets/db-pass.txt',
        'admin_password = Faker::Internet.password(min_length: 12)',
        'password: votre_mot_de_passe',
        'PASSWORD=DEIN_PASSWORT_HIER',
        'contraseña: tu-contraseña-aqui',
        'password: "{$DB_PASSWORD}"',
        'password: "$[variables.dbPassword]"',
        'passwd: !!python/object/apply:os.getenv ["SMTP_PASSWORD"]',
        '| password | (unset) |\n| database | Orders2024 |',
        '      + name  = "auth.postgresPassword"\n      + value = (sensitive value)',
        '[10:03] Mara: pass the fixtures through',
        '[11:20] Jo: token rotated',
        '| Field | Type | Notes |\n|---|---|---|\n| password | string | stored hashed |',
        'NAME          TYPE     DATA   AGE\ndb-password   Opaque   1      12d',
        '**Password** — ask the on-call',
        'password (optional): string',
        'token (required): the API token',
        'key for sorting: created_at_desc_2024',
        'Password for the admin UI: see the wiki',
        '      ~ password = (sensitive value)',
        "my %opts = (user => 'svc', password => 'UTF-16LE', timeout => 30);",
        'Running ./suite/net.tcp/keepalive.exp ...\nPASS: net.tcp/keepalive.exp: opens a socket\nPASS: net.tcp/keepalive.exp: probes after idle\nFAIL: net.tcp/keepalive.exp: closes on reset',
        'Package: nodejs\nPin: origin deb.nodesource.com\nPin-Priority: 600',
        '        For details, see the :c:func:`BUNDLE_pack` page.\n\n        :param passphrase: The passphrase that protects the bundle. Unlike\n            other arguments, this must be bytes.\n        :type passphrase: :py:data:`bytes`',
        'export declare function deriveKey(\n  password: BinaryLike,\n  salt: BinaryLike,\n  rounds: number,\n): Buffer;',
        'ldap:\n  password: sha512-crypt',
      ],
    },
  },
  {
    id: 'secret-assignment',
    type: 'secret',
    label: 'secret',
    description: 'a token, API key, secret or credential assigned to a name (env, YAML, JSON, HCL, ...); weak *_key names need a long high-entropy value',
    keywords: ASSIGNMENT_KEYWORDS,
    detector: (text, keywordStarts) => findAssignments(text, (cls) => cls !== 'password', keywordStarts),
    keywordStarts: true,
    examples: {
      match: [
        'salt = "Zq8wLx3rTn5vKp2m"\nhash_iterations = 4096',
        'signing_secret: Xk_Lm_Qp_Zr_Tv_Wn_Bq',
        'SLACK_SIGNING_SECRET=8f14e45fceea167a5a36dedd4bea2543',
        'HEROKU_API_KEY=6b1f2c4e-9d3a-4c7b-8e2f-1a5d9c3b7e60',
        'api_token: "Zk29XqLm83NvBt71PwZr"',
        'ENCRYPTION_KEY=Rk9zL2mX8vN4pR7tW1yB3cD6eF0gH5jK',
        // ipmitool -K reads the BMC's IPMI v2 Kg key from this variable
        'export IPMI_KGKEY=Wm3-fjord-Lq71',
        '{"client_secret": "GkQ2p9xL7vR3nT8wY1zA4bC6"}',
        'AccountKey=Zk29XqLm83NvBt71PwZr0u5Yx2Ck8Jd3Lf6Mg9Nh1Pq4Rs7Tu0Vw==;',
        'OBS_SK=Wq3mZ8xK2pR7tV9yB4nE1cH6jL0sF5aD',
        'metrics:\n  app_key: 7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f5b8d0e2a',
        'api_token <- "Pz4Wn8Hx4kV9mQ2tLz7R"',
        'signing_secret: |\n  Lx7Pz2Wn9Qm4Vt8Rk3Bc',
        'const rzp = new Razorpay({ key_id: "rzp_live_Kq8Lm2Vx7Zt3Wn", key_secret: "Vb4Rt8Lm2Qx7Kz3Wn9Pc5Hd" });',
        'let client_secret = String::from("Tq9Lm3Vx8Kz2Rw7N");',
        'static const char kAuthToken[] = "Rb6Lq2Vm9Kx4Zt8W";',
        '{ingest_api_token, <<"Lm7Qx2Vz9Kt4Wp8Rn3Bc">>},',
        'New-Item Env:ACME_ACCESS_TOKEN "Pq3Vz8Lm2Kx7Wt9Rn4Bc"',
        'api_token: !!str f8Kq2Lm9Vx3Zp7Rt1Wn5Bc',
      ],
      noMatch: [
        // a pair's key named beside its value; an identifier shown with its quotes
        "labels (key = 'StagingTierKey7', value = 'StagingTierValue7')",
        "// registryKey: '\"__app_registry__\"' becomes:",
        // a man page's escaped hyphens: `--public-key=` names a public key
        "pass \\-\\-public\\-key='name=ring1,scope=all' to it",
        // an IPv6 interface token (systemd.network), a standard's number, a man page's underlined names, a table of character ranges
        'Token=fe80::1a:2b',
        'Token=prefixstable:2001:db8:7::',
        "  'davlock_token': 'RFC 4918',",
        '.RS 2m\n_key_:_attribute_=_value_...\n.RE',
        "Sk = '\\^\\xa8\\xaf\\u02c2-\\u02c5\\u02d2-\\u02df\\u02e5-\\u02eb\\u0375\\u0384-\\u0385\\u1fbd\\u1fbf-\\u1fc1'",
        // the program that fetches the secret, not the secret: its name's last word says so
        "password_command = ('secret-tool', 'lookup', 'service', 'mail')",
        'token_cmd: "pass show deploy/token"',
        // git's signing key setting names the key (a gpg key id or fingerprint, an ssh public key's file), never holds it
        'file:/home/ann/.gitconfig\tuser.signingkey=3AA5C34371567BD2\nfile:.git/config\tcore.bare=false',
        'user.signingkey=9F2D81A7C4E3B6503AA5C34371567BD2E1F0A9B8',
        'return {\n\t["server_key"] = "8e1d5a3c0b7f92e64d18a0c5f3b9e7d2a6c4f018";\n\t["salt"] = "Qm7vK2pXz9LwR4tN8bYc1A";\n\t["stored_key"] = "2b9f0e4c6a1d8e3f57c0b2a9d4e6f81c3a5b7d90";\n};',
        '  evp_aes128_set_encrypt_key, evp_aes128_set_decrypt_key,\n  evp_aes128_encrypt, evp_aes128_decrypt,',
        '            token = _RECV_STATUS_ON_CLIENT_TOKEN',
        'KEY\tVALUE\nnet.core.rmem_max\tAny positive integer\nnet.ipv6.conf_forwarding\tMust be 0 or 1\n',
        '    --api-secret=projects/demo\\-app/secrets/api\\-key/versions/3 \\',
        '    session_key = "acct_%{%{Calling-Station-Id}:-%{NAS-Port}}"',
        '    auth_key = "%{Framed-IP-Address} %{Acct-Session-Id}"',
        "_secret_word = r'(?:[A-Za-z_][\\w-]*)+'",
        "api_token = r'[^\\W\\d]\\w*[.]\\d+'",
        '10.1.2.3 - - [02/Mar/2026:08:00:00 +0000] "GET /v1/ping HTTP/1.1" 200 2 auth="Bearer INSERT_API_TOKEN_HERE" key="-"',
        '<Pass password>\n\tMethod = sha256\n\tHash = 9b74c9897bac770ffc029102a200c5de6c4d1a8e7a5a7e2a4c1c8e2d3b4f5a6e\n\tSalt = q;Vr8!mZ)kT2,pLw^x4G\n</Pass>',
        "api_key = 'id=KEY_NAME,value=PUBLIC_KEY_BASE64'",
        'lastToken = "TokenKind.CloseBraceToken";',
        'styles = {\n    Token.Comment: "italic #8A8F99",\n    Token.Keyword: "bold #0A5C9E",\n}',
        "openconnect -c 'pkcs11:token=HSM%20Slot%20%28Signing%20key%29;id=%02' vpn.example.org",
        "    db_test.go:16: dsn=postgres://report_ro:$%7BPGPASSWORD%7D@db.internal:5432/sales?sslmode=disable",
        "DSN: postgres://report_ro:%3Cpassword%3E@replica.internal:5432/sales",
        'STRIPE_API_KEY=sk_live_REDACTED\nGITHUB_TOKEN=ghp_REDACTED\nSLACK_TOKEN=xoxb-redacted',
        'max_tokens: 4096',
        '"token_type": "bearer"',
        '"input_tokens": 1234',
        'secret_name: prod-db',
        '"key": "ctrl+shift+p"',
        'cache_key = "3f2a9c1d7b4e8f6a0c2d4e6f8a1b3c5d"',
        'public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl',
        'api_key = settings.stripe_key',
        'monkey = "Rk9zL2mX8vN4pR7tW1yB3cD6eF0gH5jK"',
        'retry_skip=Rk9zL2mX8vN4pR7tW1yB3cD6eF0gH5jK',
        'token_hash: "9b74c9897bac770ffc029102a200c5de1e3f7a4b6c8d0e2f4a6b8c0d2e4f6a8b"',
        'deploy{Name:web DeployTokenSHA256:3a7bd3e2360a3d29eea4 Replicas:3}',
        '{"webhook_secret_sha1": "e3b98a4da31a127d4bde"}',
        'x <- "Rk9zL2mX8vN4pR7tW1yB3cD6eF0gH5jK"',
        'DOTENV_KEY="dotenv://:key_${DOTENV_PRIVATE_KEY}@dotenvx.com/vault/.env.vault?environment=production"',
        'API_KEY=doppler://orders/prd/API_KEY',
        'OPENAI_API_KEY=op://Engineering/OpenAI/credential',
        'let client_secret = String::from(env_secret);',
        'deploy_token := `op read op://ci/deploy/token`',
        'const apiKey = `${process.env.API_KEY}`;',
        'the refresh token: refresh_v3_header',
        'Restoring from Cache key: v4-node-modules-MmY5YzFhN2U0YjZkMGMz',
        'Web push public key: BNq3vT9xLm2Kw8Zp4Rt7Yc1Hd6Jf0Gs5Ab3Ve9Qn2Mk7Lw4Xz8Pr1Ty6Uc0Io5Ep3Sg9Dh2Fj7Kl4Zx8Cv1Bn6Mq',
        '    remoteRef:\n      key: prod/orders-api/stripe\n      property: secret_key',
        '  - secretKey: token\n    remoteRef:\n      conversionStrategy: Default\n      key: vault-ops/pagerduty_2024',
      ],
    },
  },
  placedSecret('pgpass-password', 'the password field of ~/.pgpass lines (host:port:database:user:password)', { label: 'password', keywords: ['pgpass', ':5432:', ':*:'] },
    /(?<![\w.*:@-])[\w.*-]{1,253}:(?:\d{1,5}|\*):[\w.*-]{1,63}:[\w.*@-]{1,63}:(?<secret>[^\s:\\"']{3,200})(?=\\{1,3}[nr]|[\s"']|$)/,
    { match: ['$ cat ~/.pgpass\ndb.internal:5432:app:app_rw:Qk2Lm9Zx77\n', 'localhost:*:*:postgres:Tr0ub4dor3', '"+ops.internal:5432:*:ops:Rv8_Kite_lumen_42\\\\n+localhost"'], noMatch: ['db.internal:5432:app:app_rw:*', 'time 12:30:45:00:123'] }),
  placedSecret('prose-credential', 'a password or token quoted in prose ("the password is `X`", "password \'X\'")', { label: 'password', keywords: ['password', 'passphrase', 'passwort', 'token', 'api key', 'secret', 'key', 'pw', 'pass'], keywordStarts: true, keywordWords: ['password', 'passphrase', 'passwort', 'token', 'api', 'secret', 'key', 'pw', 'pwd', 'pass'], validator: 'quoted-password', entropy: 3, allow: [TECHNICAL_NAME, CLIENT_ANONYMOUS_PASSWORD, VERDICT] },
    /\b(?:password|passphrase|passwort|token|api key|secret)(?:[ \t]+(?:is|was|to|of|as|set to|=))?[ \t]{1,3}\\{0,7}[`"'“‘](?<secret>(?:[^`"'”’\s\\]|\\(?![\\`"'])){8,200})\\{0,7}[`"'”’]|\b(?:password|passphrase|token|api key)\b(?:[^.\n"'`]|\.(?=\S)){0,50}?[ \t]to[ \t]+\\{0,7}[`"'](?<secret5>[^\s`"'\\]{7,199})\\{0,7}[`"']|(?<!\b(?:kid|id|ids|hash|fingerprint|length|size|type|name|header|claim|claims|expiry|prefix|format|version|scope|issuer|audience)[ \t]+(?:in|of|for|from|on)[ \t]+(?:(?:the|a|an|this|that|your|my|our)[ \t]+)?(?:[\w-]+[ \t]+){0,2})\b(?:password|passphrase|token|api key|pwd?|pass|secret)\b(?!(?:[ \t]+[\w-]+){0,3}?[ \t]+(?:header|headers|id|ids|kid|type|name|length|size|count|format|hash|path|file|url|endpoint|prefix|version|claim|claims|field|policy|expiry|lifetime|ttl|issuer|audience|scope|scopes)[ \t]+(?:is|was)[ \t])(?:(?![ \t](?:is|was)[ \t])(?:[^.\n"'`]|\.(?=\S))){0,50}?[ \t](?:is|was)(?:[ \t]*[:：])?[ \t]+(?:\\{0,7}[`"'])?(?<secret2>(?:[^\s`"'\\]|\\(?![\\`"'])){7,199}[^\s`"'.,;:!?)\\])|\b(?:password|passphrase|token|api key|key|secret)\b(?![^.\n"'`:=]{0,40}?\b(?:id|ids|fingerprint|type|name|length|size|count|format|hash|path|file|url|prefix|version|usage|budget|limit|expiry|expires)\b)[^.\n"'`:=]{1,40}?:[ \t]+(?<secret3>(?![^\s]*=[^\s=])(?![a-z]+(?:_(?:[a-z]+|[0-9]+)){1,8}(?![\w\-.+/=!@#$%^&*~]))(?=[^\s]*[\d!@#$%^&*~+=])(?=[^\s]*[A-Za-z])[A-Za-z0-9_\-.+/=!@#$%^&*~]{12,199}[A-Za-z0-9_\-+/=!@#$%^&*~])(?![ \t]?\w)|(?<=\b(?:the|this|that|my|our|your|new)[ \t]+(?:api[ \t]+)?)(?:key|token|secret)[ \t]+(?<secret4>(?=[^\s]*\d)(?=[^\s]*[A-Z])(?=[^\s]*[a-z])[A-Za-z0-9_\-+/=]{20,200})(?![\w-])/i,
    { match: ['log in with username `admin` and password `VuQ4RrXOe9SR`.', 'The new password for the admin account is `QsBNdP#fqhKP!kkeT`.', 'The API key is "Zk29XqLm83NvBt71".', 'The sudo password on the build box is Apex_Aspen_dahlia_5982 if asked.', 'I changed the Redis password in config/redis.yml to `Tz4!qLm9Wx2` to match the server.', 'ok the pw is Qx7#mLk2Vz9p', 'the webhook secret is Kq8Lm2Vx7Zt3Wn9Rb4Pc', 'here is the token for the staging API: Vq8Lm2Zx7Kp4Wt9R', 'Retry with the key Lw7Qz2Mx9Kp4Vt8Rn3Bc6Yh1 and it should pass.', 'Your temporary password is: Wd5!mKq8Tz', '{"note":"the API key is \\"Hb4nWq8Rz2Lt6Vk\\" for now"}', 'the staging password is Tz4!qLm9\\Wx2', 'admin-user: ann (initial password is "pXRtvBQmZa")'], noMatch: ['log(&quot;Password is incorrect.&quot;);', 'The root shell is refused unless the password is locked\\&. See \\fBpasswd\\fR(1).', 'The password is: see the onboarding doc', 'Updated .env with the new key: ANTHROPIC_API_KEY=<your-key-here>', 'I generated a fresh JWT secret: JWT_SECRET="${JWT_SECRET}"', 'Enter the password `hunter`', 'the token "${GITHUB_TOKEN}" from the environment', 'the token limit is 128000 and the model is Claude3Opus20240229', 'password `correct-horse-battery`', 'which number token make server is dévelopment-ready', 'the key to the problem: refactoring2025 of the parser', 'key for sorting: created_at_desc_2024', 'the key for paging: next_cursor_after_42', 'the token budget: 200000 tokens', 'the key ArrowDown moves the cursor', 'GPG key ID: 3AA5C34371567BD2', 'the secret is stored in AWS Secrets Manager as prod/api', 'the pass is valid until 2026-12-01', 'the password was Base64-encoded before it was sent', '[pid 2427] [ftp] OK LOGIN: Client "127.0.0.1", anon password "ftp@example.com"', 'the key id in the token header is 5f0d3a9b27ce, not the one we rotated', 'the kid of the refresh token is 9be4c1d07a3f', 'the refresh token endpoint was /oauth2/v2.1/token-refresh', 'the admin password was PBKDF2-SHA512 before the migration', 'so the password is BLAKE2b-512 now'] }),
  placedSecret('prose-service-key', 'a key or secret that prose names by its service and gives ("the datadog key is <32 hex>", "our DD api key: X", "the aws secret is X"): 32 to 64 hex, or a value only a generator writes; keys of caches, builds, rows and hosts stay', { label: 'secret', keywords: ['key', 'secret', 'api'], keywordStarts: true, keywordWords: ['key', 'keyis', 'keywas', 'secret', 'secretis', 'secretwas', 'api'], entropy: 3, allow: DOC_RUNS },
    // what follows the word is checked first (and may be glued to it: `keyis`, `secretwas` are words the keyword starts): it rules out nearly every place a keyword starts, at little cost
    new RegExp(String.raw`(?=(?:[Aa]pi[ \t]+|API[ \t]+)?(?:[Kk]ey|KEY|[Ss]ecret|SECRET)[ \t]*(?:is|was|=|:|->|for|of|to)[ \t])(?<=\b${PROSE_DETERMINER}[ \t]+(?:[\w.-]{2,24}[ \t]+){0,2})(?<!\b${LOOKUP_KEY_WORD}[ \t]+(?:[Aa]pi[ \t]+)?)(?:[Aa]pi[ \t]+|API[ \t]+)?(?:[Kk]ey|KEY|[Ss]ecret|SECRET)(?:[ \t]+(?:for|of|to)(?![ \t]+(?:[Tt]he[ \t]+|[Aa][ \t]+|[Tt]his[ \t]+)?${LOOKUP_KEY_WORD}\b)[ \t]+[\w.-]{2,24}(?:[ \t]+[\w.-]{2,24})?)?[ \t]*(?:is|was|=|:|->)[ \t]+[\x60"']?(?<secret>[0-9a-f]{32,64}|[0-9A-F]{32,64}|${PROSE_VALUE})(?![\w-])`),
    {
      match: ['the datadog key is 7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f', 'our DD api key: 0b5d8e2a7c4f1e9b3d6a8c2f5e7b1d4a', 'my honeycomb key is Kq8Lm2Vx7Zt3Wn9Rb4Pc', 'The Mixpanel key = Vz3Lq8Kx2Mw7Tn4RbC5d, rotate it later', 'the aws secret is Kq8Lm2Vx7Zt3Wn9Rb4PcHd6Jf1Ys5Ga0Bn2Tx7+1', "Here's the key: 9d4b7e2a5c8f1d3b6e9a2c5f8b1d4e7a", 'the secret key for jwt signing is Wq3mZ8xK2pR7tV9yB4nE', 'our old billing sandbox API key is Pz4Kq8Lm2Vx7Tn3R'],
      noMatch: ['the cache key is 7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f', 'the primary key is 7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f', 'the datadog key is in the DD_API_KEY variable', 'my ssh key is ~/.ssh/id_ed25519', 'the sort key is created_at', 'the new partition key is tenant_2024_Q3', 'the client secret is stored in Key Vault', 'the session secret is 7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f', 'the key is to keep it simple', 'the key for the cache is 7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f'],
    }),
  {
    id: 'prose-named-value',
    type: 'secret',
    label: 'secret',
    description: 'a value given in prose to a name that says it is secret, both quoted: "I set `STRIPE_WEBHOOK_SECRET` to `x`", "the generated `SECRET_KEY` is \'x\'"',
    // the name must say it is secret, so one of its words is there
    keywords: ['secret', 'token', 'key', 'pass', 'pwd', 'auth', 'cred', 'salt'],
    keywordStarts: true,
    detector: namedValuesInProse,
    shield: 'values',
    validator: 'letters-and-digits-or-symbols',
    examples: {
      match: ["I have set `PLIVO_AUTH_TOKEN` in .env to `9a1c4e7f2b8d3065b1c9e4f7a2d8b3c6` and restarted.", '{"summary":"I set \\"MAILER_API_SECRET\\" to \\"Kx4!pTz9Lm2Qv\\" in staging"}', 'Done: the generated "SESSION_SECRET" is "h2&Kq9!zL7mX", saved in 1Password too.', 'The new WEBHOOK_SIGNING_SECRET is `Wq3!mZ8xK2pR7tV9` for staging.'],
      noMatch: ['I set `API_TOKEN` to `process.env.API_TOKEN` in the config.', 'Set `LOG_LEVEL` to `debug` first.', 'the `SECRET_KEY` is read from the environment', '"ApiKey": "@Microsoft.KeyVault(SecretUri=https://kv.vault.azure.net/secrets/Api/)"', 'MAX_TOKENS is `4096` here'],
    },
  },
  placedSecret('prose-word-then-value', 'a generated-looking value right after a word for a secret in prose: "try again with token X", "pw X", "the temporary password X expires", "new token -> X"', { label: 'password', keywords: ['password', 'passwd', 'passphrase', 'pw', 'pwd', 'token', 'api key', 'api_key', 'api-key', 'apikey', 'secret', 'key'], keywordStarts: true, keywordWords: ['password', 'passwd', 'passphrase', 'pw', 'pwd', 'token', 'api', 'api_key', 'apikey', 'secret', 'key'], entropy: 3, allow: DOC_RUNS, shield: 'identifiers' },
    new RegExp(String.raw`\b${PROSE_SECRET_WORDS}(?:[ \t]+|[ \t]*(?:->|=>|→|⇒|—|–|-|=)[ \t]*)(?<secret>${PROSE_VALUE})(?![\w-])`),
    { match: ['can you retry with token Qm7vT2kLx9Pz4Wn8Hx4kV9?', 'pw Tq8vLm2Kz9 for the staging box', 'The temporary password Rb5!kQz8Lm expires in 24 hours.', 'new token -> Vz3Lq8Kx2Mw7Tn4R', 'mailer password — Kp3#vZq8Lm2w', 'staging token → Hx8Lq2Vm7Kt4Wz9R', 'ftp password=>Qz4mV8kLw2Tx'], noMatch: ['docker buildx build --secret id=npmrc,src=$HOME/.npmrc .', 'the key ArrowDown moves the cursor', 'refresh the token OAuth2Token before it expires', 'set the api key PLACEHOLDER_KEY_2 later', 'the token TokenV2Parser class', 'password reset flow for Sso2Fa', '**Key Functions**:', 'the __Secret Sauce__ section', 'Token *Refresh* flow'] }),
  placedSecret('prose-quoted-back', 'a secret the user gave, quoted back in prose by its word and who gave it: "the token you gave me (X) has expired", "The password you pasted, X, was rejected", "the key you sent: X"', { label: 'password', keywords: ['you gave', 'you sent', 'you pasted', 'you shared', 'you provided', 'you posted', 'you supplied', 'you gave me', "you've", 'you have', 'you just'], entropy: 3, allow: DOC_RUNS, shield: 'identifiers' },
    new RegExp(String.raw`\b${PROSE_SECRET_WORDS}[ \t]+(?:that[ \t]+)?you(?:'ve|[ \t]+have|[ \t]+just)?[ \t]+(?:gave|sent|pasted|shared|provided|posted|supplied)(?:[ \t]+(?:me|us))?(?:[ \t]+(?:earlier|above|before|here))?[ \t]*(?:[(,:]|—|–|-)[ \t]*[\x60"']?(?<secret>${PROSE_VALUE})(?![\w-])`),
    { match: ['the token you gave me (Kq8Lm2Vx7Zt3Wn9Rb4Pc) has expired', 'The password you pasted, Hv7#qL2mZx9, was rejected.', 'the API key you sent earlier: `Tq8vLm2Kz9Wn4Rb` works now', 'The passphrase you just pasted - Lq8#vT3mZk - unlocks it', 'the token you have supplied: Wn3Kq8Lz2Vx7Rt4P'], noMatch: ['the password you have supplied is too short', 'the token you gave me (the old one) has expired', 'the key you shared: OAuth2Token is a class', 'the password you pasted, ${DB_PASSWORD}, was not expanded'] }),
  placedSecret('prose-value-then-word', 'a generated-looking value that prose then names as a secret: "X is my api key", "use X as the password"', { label: 'password', keywords: ['password', 'passphrase', 'token', 'api key', 'secret', 'key'], keywordStarts: true, startLiterals: VALUE_THEN_WORD_GAP.otherWords, entropy: 3, allow: DOC_RUNS, shield: 'identifiers' },
    // tried only before the connecting words (value-then-word.ts): a search of every string that says `key` cost more than any other rule
    valueThenWord({
      pattern: new RegExp(String.raw`(?:(?<![\w\-/.])|\b[Uu]se[ \t]+)(?<secret>${PROSE_VALUE})(?:[ \t]+(?:(?:is|was)[ \t]+(?:my|the|our|your|a)|as[ \t]+(?:the|my|your|a))|,[ \t]+(?:the|my|our|your)|[ \t]+\((?:the|my|our|your)|[ \t]+[—–][ \t]+(?:(?:that's|that[ \t]+is|it's)[ \t]+)?(?:the|my|our|your))[ \t]+(?:(?!(?:of|for|in|to|from|with|that|which)\b)[\w-]{1,20}[ \t]+){0,3}?${PROSE_SECRET_WORDS}\b(?![ \t]+(?!(?:for|on|in|to|from|with|and|so|but|now|here|there|too|again)\b)[a-z])`),
      valueChar: new RegExp(PROSE_CHAR), minLength: 8, maxLength: 200,
    }, VALUE_THEN_WORD_GAP),
    { match: ['Tq8vLm2Kz9Wn4Rb is my api key, keep it private', 'use Rb5!kQz8Lm as the password for now', 'Wq7Lm3Kz9Vx2 is the admin password for staging', 'Vz3Lq8Kx2Mw7Tn4R was the old deploy token', 'I set it back to Hd6#qWm3Tz, the root password for the NAS', 'they gave us Pk2vNq8Rt5Lz, our staging api key, by phone', 'log in with Wd3#qLm9Tv (the kiosk password) first', 'Xr7!kPq2Mz — that\'s the vpn password'], noMatch: ['OAuth2Token is the class that holds the token', 'use SHA256 as the key derivation hash', 'Base64Url is the encoding of the token', 'use SHA256WithRSA as the key signing algorithm', 'it hashes with PBKDF2-SHA256, the password hashing scheme', 'switch to OAuth2PKCE, the token flow for public clients', 'we moved to Argon2id (the password hashing default)', 'Base64Url — the token encoding'] }),
  {
    id: 'license-key',
    type: 'secret',
    label: 'license-key',
    description: 'a grouped license, product, serial or activation key after a word that names one ("License key: XXXXX-XXXXX-…", "Windows product key …", "serial number for the license: …")',
    keywords: ['licen', 'product key', 'product_key', 'productkey', 'product-key', 'serial', 'activation', 'registration'],
    keywordStarts: true,
    pattern: new RegExp(String.raw`\b(?:[Ll]icen[cs]e|LICEN[CS]E|[Pp]roduct[ _-]?[Kk]ey|PRODUCT[ _-]?KEY|[Ss]erial|SERIAL|[Aa]ctivation|ACTIVATION|[Rr]egistration|REGISTRATION)[^\n]{0,40}?(?<![A-Za-z0-9-])(?<secret>${GROUPED_KEY}|(?<=[:=][ \t]{0,3})(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{16,40})(?![\w-])`),
    validator: 'letters-and-digits',
    entropy: 2.5,
    allow: DOC_RUNS,
    examples: {
      match: ['License key: QH7K2-M9VTX-4PLR8-WN3CF-6BYZD', 'Windows product key 8FHXK-QW29T-7MVPL-3RBNC-Y6JZD', 'serial number for the license: XK92-PLQ7-ZV38-MN4T-RW61', 'registration code: QH7K2M9VTX4PLR8WN3CF', '"productKey": "7TQ2M-XK9PV-L4RWN-8CHZB-D3YJF"', 'PRODUCT-KEY=H8N3Q-VW2KL-P7TXR-4MZCB-Y9JDF'],
      noMatch: ['License: MIT', 'licensed under Apache-2.0, see LICENSE-2024-01-15', 'serial port /dev/ttyUSB0 at 115200 baud', 'License key: XXXXX-XXXXX-XXXXX-XXXXX-XXXXX', 'the activation date 2024-11-26', 'productKey: string = process.env.PRODUCT_KEY'],
    },
  },
  placedSecret('prose-credential-set-to', 'a password or token set in prose, unquoted ("changed the admin password to X", "the token is now X"): the value must look generated (upper and lower case and digits)', { label: 'password', keywords: ['password', 'passphrase', 'passwort', 'token', 'api key', 'secret'], keywordStarts: true, keywordWords: ['password', 'passphrase', 'passwort', 'token', 'api', 'secret'], validator: 'password-shaped', entropy: 3 },
    /\b(?:password|passphrase|passwort|token|api key|secret)\b[^.\n"'`]{0,40}?[ \t](?:to|now|into|auf|à)(?:[ \t]*[:：])?[ \t]+(?<secret>[^\s`"']{9,199}[^\s`"'.,;:!?)])/i,
    { match: ['I reset the staging password to Rt8Kq2Vx9Lm4 this morning.', 'the deploy token is now Gh7Tz3Qp9Wx2Lk5B, please update the CI settings', 'the vpn password got changed to: Nw4#kLq8Zt2x', 'Root password now: Jm5vQ9xKw3Lp'], noMatch: ['change the password to something stronger', 'send the token to user123abc', 'the token expires in 3600 seconds, set it to 7200', 'pin the password hashing to bcrypt2b later', 'the session token is now ES256-signed, not HS256-signed'] }),
  placedSecret('prose-credential-multilingual', 'a password or token given in prose in other languages ("das Passwort lautet X", "le mot de passe est X", "パスワードは X", "密码是 X"); the value must hold a digit or a symbol', { label: 'password', keywords: [...PASSWORD_WORDS, ...FOREIGN_KEY_WORDS], keywordStarts: true, entropy: 2.5, allow: [ECHOED_PASSWORD_WORD] },
    new RegExp(
      String.raw`(?:(?:${FOREIGN_PASSWORD_WORDS.map(proseWord).join('|')})[^\n.!?。]{0,40}?(?:[ \t](?:ist|lautet|est|es|é|è|is|jest|to|är|er|on|je|e|wynosi|są|sind|son)[ \t]*[:：]?|[ \t]*(?::(?=[ \t])|：)|[ \t]*(?:は|是|为|為|는|은))|\b(?:password|token)\b[^\n.!?]{0,40}?[ \t](?:ist|lautet|est|es|é|è|jest|är|er|je|wynosi|sind)[ \t]*[:：]?)[ \t\u00a0\u202f]*(?:[\x60"'“‘„]|«[ \t\u00a0\u202f]?)?(?<secret>(?![=(\[{<$%])(?=[^\s\x60"'”’»“]*[\d!@#$%^&*+=~_?-])[^\s\x60"'”’»“]{5,127}[^\s\x60"'”’».,;:!?)。、])`,
      'iu',
    ),
    { match: ['密码：Hv7#qL2mZx', 'voici ma clé API : Rk4vT9xQ2mL7wZ3n', 'der API-Schlüssel lautet Pq3xV8mK2wL9tR5z', 'mi clave de API es Lm7!kQ2vXz9t', 'le jeton est Wz8qK3vLm2Tx', 'Das Kennwort für die VPN lautet Rq8!vZ3mLk', 'le mot de passe du wifi est Tz5#kP9wQm', 'la contraseña es: Hv7$qL2mXp', 'サーバーのパスワードは Wk4!mQ8vZt です', '数据库密码为 Lp6#vT2kQx', 'voici ma clé : Gq4!tZ8mKw', 'mi clave secreta es Nd3$xR7pLv', 'le mot de passe du routeur est « Bx7-givre-42 », note-le'], noMatch: ['ma clé USB est branchée', 'le mot de passe est « à changer » dès demain', 'la clé secrète est stockée dans Vault', 'la clé API est dans le fichier .env', 'le jeton expire dans 3600 secondes', 'Das Passwort muss mindestens 12 Zeichen haben.', 'le mot de passe est incorrect', 'パスワードは 8 文字以上', 'la contraseña es ${DB_PASSWORD}', '{"text":"パスワードは設定ファイルに保存しないこと。","is_error":false}'] }),
  placedSecret('prose-credential-pair', 'a user and a password given together in prose ("user admin / pass X", "login: deploy, password X", "the login is admin / X")', { label: 'password', keywords: ['pass', 'pwd', 'pw', 'login', 'log-in', 'sign-in', 'log in', 'logged in', 'sign in', 'signed in', 'cred'], keywordStarts: true, entropy: 2.5 },
    credentialPairs,
    { match: ['Login for the staging box: user deploy / pass Zq,8mLt#42', 'account ops, password: T7v!kR2q#p', 'the grafana login is viewer / Qe7&mWz4Tn, rotate it monday', 'creds are etl:Wq4#vLm8Zx', 'you can log in with root and Lq7vZ2mKx9 on the test VM', 'signed in as "ci-bot" / Hw3#pQ8mZk', 'Sign in using admin@corp.local, the password Tz8!qV2mLw', '+Default login for the kiosk UI: `operator` / `Lv5#nQe8Tx`', 'creds for minio → root / Pz7$wKm2Rt', '    {user: svc-a, password: Rk7vLq2mZx}'], noMatch: ['log in with admin and your password', 'log in with admin and password123', 'sign in with Google and continue', 'log in as root with sudo', 'user admin / pass ${ADMIN_PASSWORD}', 'the user / password form', 'user admin / pass word', 'the login is admin / admin on first boot', 'see login / signup pages', 'credentials: src/config/aws.json', 'billing service credentials arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab', '    {user: billing-0, password: $PW_0}'] }),
  placedSecret('http-auth-tuple', "the password of a (user, password) pair passed as HTTP basic auth or to a credentials class: Python requests/httpx `auth=('user', 'x')`, aiohttp `BasicAuth('user', 'x')`, `HTTPBasicAuth('user', 'x')`, .NET `new NetworkCredential(\"user\", \"x\")`, Java `UsernamePasswordCredentials`, `PasswordAuthentication`, `BasicAWSCredentials(id, secret)`", { label: 'password', keywords: ['auth', 'basicauth', 'httpbasicauth', 'credential'], keywordStarts: true },
    /(?:\bauth[ \t]*=[ \t]*\(|\b(?:HTTP)?BasicAuth\(|(?<=[A-Za-z])Credentials?\(|(?<=Password)Authentication\(|\b[Cc]redentials?\.basic\()[ \t]*\\?["'][^"'\\\n]{1,100}\\?["'][ \t]*,[ \t]*\\?["'](?<secret>[^"'\\\n]{4,200})\\?["']/,
    {
      match: [
        "requests.get(url, auth=('AC3f2b9c1d7e4a6b8c0d2e4f6a8b1c3d5e', 'e4b7c1d9f2a5e8b3c6d0f4a7b1e5c8d2'))", 'session = aiohttp.ClientSession(auth=aiohttp.BasicAuth("deploy", "Wq7!kZ2pLm"))',
        'var cred = new NetworkCredential("svc-report", "Lk4#qVz8Tm");', 'new UsernamePasswordCredentials("nexus", "Rq2!vLm9Zx")', 'new PasswordAuthentication("relay", "Hz6$kQ2pLw".toCharArray())',
        'String header = Credentials.basic("api", "Mv8#Tq3zKx");', 'new BasicAWSCredentials("AKIA2OGYBAH6TQ5XKZ4M", "q8Vt3LmZ0pXr7Kw2Nf5Bh9YcJ4sD6gA1eT8uW2iO")',
      ],
      noMatch: ["requests.get(url, auth=('user', os.environ['PASSWORD']))", "auth=(username, password)", "auth=('api', '${MAILGUN_KEY}')", 'new NetworkCredential("svc", password)', 'credentials("nexus-user", "nexus-password-id")', 'new UsernamePasswordCredentials(user, System.getenv("NEXUS_PASSWORD"))'],
    }),
  placedSecret('fallback-secret', 'a literal given as the fallback of a variable named like a secret: `process.env.API_TOKEN ?? "x"`, `os.getenv("DB_PASSWORD", "x")`, `${DB_PASSWORD:-x}`, `ENV.fetch("X") { "x" }`, `os.environ.get("X") or "x"`', { label: 'secret', keywords: ['process.env', 'import.meta.env', 'getenv', 'environ.get', 'env(', 'env.fetch', 'env[', ':-'], entropy: 2 },
    fallbackSecrets,
    {
      match: [
        "const token = process.env.TWILIO_AUTH_TOKEN ?? '59d95eabb57407cefa3ec0b67d61d813';", 'password = os.getenv("DB_PASSWORD", "Hx7-pQ2-vL9m")', 'POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-Kite.lumen.42}',
        'config.api_token = ENV.fetch("BILLING_API_TOKEN") { "Rv4qLm8Xz2Tk7Wn3" }', "secret = os.environ.get('WEBHOOK_SECRET') or 'Qz7!mVt2Lk9x'", "$pw = getenv('SMTP_PASSWORD') ?: 'Kd8#vQm3Lx';",
      ],
      noMatch: [
        'const port = process.env.PORT ?? "8080"', 'url = os.getenv("DATABASE_HOST", "localhost")', 'image: ${IMAGE_TAG:-latest}', 'token = process.env.API_TOKEN ?? ""', 'const name = process.env.APP_NAME ?? "orbit-api-2"',
        'host = ENV.fetch("REDIS_HOST") { "localhost" }', 'token = ENV.fetch("API_TOKEN") { raise "API_TOKEN is not set" }',
      ],
    }),
  placedSecret('placeholder-default', "the default of a Spring, Quarkus or Micronaut placeholder named like a secret: `${db.password:x}`, `@Value(\"${api.token:x}\")`", { label: 'secret', keywords: ['${'], keywordStarts: true, entropy: 2 },
    placeholderDefaults,
    {
      match: ['spring.datasource.password=${DB_PASSWORD:Tq7#vLm2Kx}', '@Value("${billing.api-token:Wz8Lq3Vm7Kx2Rt9N}")'],
      noMatch: ['password: ${vault:secret/data/app#password}', 'password: "${secret:billing/smtp-password}"', 'token: ${API_TOKEN:?API_TOKEN must be set}', 'spring.datasource.password=${DB_PASSWORD:${LEGACY_DB_PASSWORD}}', 'server.port=${PORT:8080}', 'spring.datasource.password=${DB_PASSWORD:}'],
    }),
  {
    id: 'printed-token',
    type: 'secret',
    label: 'token',
    description: 'the output of a command that prints a token (`gh auth token`, `heroku auth:token`, `gcloud auth print-access-token`, `vault print token`, `cat config/master.key`, ...): its first line',
    keywords: ['auth token', 'auth:token', 'print-access-token', 'print-identity-token', 'get-access-token', 'print token', 'master.key', 'cat ', 'cat\t'],
    // also `cat` of a file that holds one key: Rails' master.key, a token or secret file
    pattern: /(?:\bcat[ \t]+\S*(?:master\.key|[._-](?:key|token|secret))[ \t]*|\b(?:gh|glab|doctl|flyctl|fly|railway|netlify|vercel)[ \t]+auth[ \t]+token|\bheroku[ \t]+auth:token|\bgcloud[ \t]+auth[ \t]+(?:application-default[ \t]+)?print-(?:access|identity)-token|\baz[ \t]+account[ \t]+get-access-token[^\n]{0,200}?-o[ \t]+tsv|\bvault[ \t]+print[ \t]+token)[^\n]{0,200}(?:\r?\n|\\n)[ \t]*(?<secret>[A-Za-z0-9._~+/=-]{16,4096})(?=[ \t]*(?:\r?\n|\\n|$))/,
    shield: 'values',
    entropy: 3,
    validator: 'credential-shaped',
    examples: {
      match: ['$ heroku auth:token\n6b1f2c4e-9d3a-4c7b-8e2f-1a5d9c3b7e60\n$ ', '$ gcloud auth print-access-token\nya29.a0AfB_byC8kQ2xLm9Vt4Rz7Wn3Pq6Hs1Jd5Gf0\n', '$ cat ~/.config/acme/api-token 2>/dev/null\nq8Lm2Vx7Zt3Wn9Rb4PcHd6J\n$ ', 'PS> cat .\\deploy.secret\r\nVt7Kq2Lm9Zx4Wn8Rb3Pc\r\n'],
      noMatch: ['$ gh auth token --help\nPrint the authentication token gh uses', '$ vault print token\n\n$ echo done', '$ cat release-token-notes.md | head -1\nSee the changelog for the new token format.'],
    },
  },
  placedSecret('printed-secret', 'the output of a command that reads a secret from a store or makes a new one (`kubectl get secret … | base64 -d`, `vault kv get -field=`, `aws secretsmanager get-secret-value --output text`, `op read`, `security find-generic-password -w`, `openssl rand -hex 32`, ...): its first line', { label: 'secret', keywords: PRINTED_SECRET_COMMANDS.map(([keyword]) => keyword), keywordStarts: true, validator: 'generated-secret' },
    printedSecrets,
    {
      match: [
        '$ aws codeartifact get-authorization-token --domain acme --query authorizationToken --output text\neyJ2ZXIiOjEsImlzdSI6MTcwMDAwMDAwMH0.Kq8Lm2Vx7Zt3Wn9Rb4PcHd6Jf1Ys5Ga0\n',
        "$ kubectl -n monitoring get secret loki-creds -o jsonpath='{.data.password}' | base64 --decode\nT7q!mZp2Lx9vRk\n$ ",
        '$ vault kv get -field=api_key secret/payments\nQm8Kz2Lp7Xv4Rt9Wn3Hb\n',
        '$ openssl rand -hex 24\n3f9c2a7e1b8d4f6a0c5e9b2d7a1f4c8e6b3d9a2f5c7e1b4d\n',
        'security find-generic-password -a ci -s deploy -w\nW4k-Lm9q-Zp2x-Rt7v\n',
      ],
      noMatch: [
        '$ kubectl get secret loki-creds -o yaml | base64 -d\nError from server (NotFound): secrets "loki-creds" not found\n',
        '$ vault kv get -field=api_key secret/payments\nNo value found at secret/data/payments\n',
        '$ openssl rand -hex 24\n\n',
      ],
    }),
  {
    id: 'app-password',
    type: 'secret',
    label: 'password',
    description: 'an app-specific password (Apple: four groups of four letters joined by dashes; Google: joined by spaces) after the words that name one',
    keywords: ['app-specific', 'app specific', 'app password', 'app-password', 'application password', 'application-password', 'application-specific', 'application specific'],
    pattern: /\bapp(?:lication)?[- ](?:specific[- ])?passwords?\b[^\n]{0,80}?(?<![a-z])(?<secret>[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}|[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4})(?![a-z])/i,
    examples: {
      match: ['Generated an app-specific password for altool: hkzq-vbtm-pwre-lxsn', 'Gmail app password: rqvm tczn hwbk ydsp (SMTP only)', 'WordPress application-password for ci: wfkp-qzbn-tmhr-xlvd', 'an application specific password was issued: mzqr vtkb plwn hxcd'],
      noMatch: ['Create an app-specific password at appleid.apple.com', 'app password: see the vault entry', 'the application-password endpoint is rate-limited'],
    },
  },
  {
    id: 'bitlocker-recovery-key',
    type: 'secret',
    label: 'recovery-key',
    description: 'a BitLocker recovery key (eight groups of six digits)',
    keywords: ['recovery', 'bitlocker'],
    detector: bitlockerKeys,
    examples: {
      match: ['BitLocker recovery key: 458293-117040-604131-228646-383900-531630-097075-660209'],
      noMatch: ['recovery id: 123456-234567-345678-456789-567890-678901-789012', 'recovery key 1234567-234567-345678-456789-567890-678901-789012-890123'],
    },
  },
  {
    id: 'recovery-codes',
    type: 'secret',
    label: 'recovery-code',
    description: 'two-factor recovery or backup codes listed after the words that name them (three codes or more)',
    keywords: ['recovery code', 'backup code', 'scratch code', 'emergency code', 'one-time code', 'recovery_code', 'backup_code', 'recovery-code', 'backup-code'],
    detector: recoveryCodes,
    examples: {
      match: ['Your GitHub recovery codes:\n  9c2kq-7wz4m\n  3hf8t-pl2xv\n  m5r1d-8qk3n\n  x7b2c-4tn9w\n', 'backup codes: 48213976 90317245 16640382 75092118'],
      noMatch: ['Save your recovery codes somewhere safe.\nYou can regenerate them in Settings.', 'recovery codes: 3 left'],
    },
  },
  placedSecret('aws-secret-access-key', 'AWS secret access key: the 40-character key near an access key id', { keywords: ['akia', 'asia'] },
    awsSecretsNearKeyIds,
    {
      match: [
        'AKIAZ4X7Q2LMNB3RTY5W,Jx9vK2mQ7pL4nR8tW1yZ3aB6cD0eF5gH2jK4lM7n',
        '[default]\naws_access_key_id = AKIAZ4X7Q2LMNB3RTY5W\naws_secret_access_key = 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',
      ],
      noMatch: ['AKIAZ4X7Q2LMNB3RTY5W and commit 3f2a9c1d7b4e8f6a0c2d4e6f8a1b3c5d7e9f0a1b', 'no key id here: Jx9vK2mQ7pL4nR8tW1yZ3aB6cD0eF5gH2jK4lM7n'],
    }),
  {
    id: 'kubernetes-secret-data',
    type: 'secret',
    description: 'values under data:/stringData: of a Kubernetes Secret manifest',
    keywords: ['secret'],
    keywordStarts: true,
    detector: kubernetesSecretData,
    examples: {
      match: [
        'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  username: YWRtaW4=\n  password: czNjcjN0LVBhc3M=\n',
        '{"apiVersion":"v1","kind":"Secret","data":{"token":"Wms5WHFMbTgzTnZCdDcx"}}',
      ],
      noMatch: [
        'kind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n',
        'kind: Secret\nmetadata:\n  name: db\n',
        'kind: Secret\nmetadata:\n  name: api\ndata:\n  api-token: Y2hhbmdlbWU=\n  db-password: UkVQTEFDRV9NRQ==\n',
      ],
    },
  },
];
