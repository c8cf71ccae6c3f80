/**
 * The assignment grammar: `NAME=value`, `name: value`, `"name": "value"`, `name := value`,
 * `<name>value</name>`, `ENV NAME value`, in env files, shells, YAML, TOML, INI, properties,
 * HCL, Dockerfiles, JSON and XML, including JSON-escaped text. The name decides: a password
 * name redacts any real value; a token or secret name needs a value that is not a plain word;
 * a weak `*_key` name needs a long, high-entropy value that is not a hash or an id.
 */
import { wrappedCodeListLine } from './code-list-lines.js';
import { credentiallessDsn } from './credentialless-dsn.js';
import { shannonEntropy } from '../entropy.js';
import { decodedBase64Text } from '../base64-text.js';
import { type FoundMarkers, formMarkersIn, Marker } from './form-markers.js';
import { headerWordStarts, headerWordStartsWithin } from './header-words.js';
import { isNaturalLanguage, isPlaceholder, isShielded } from '../shields.js';
import { isHiddenWord } from '../secret-policy.js';
import { secretInPlace, VerdictMemo } from '../value-judge.js';
import { isTechnicalName } from './technical-names.js';
import { opensProse, sameIdentifier } from '../prose-openers.js';
import type { Span } from '../types.js';
import { FOREIGN_PASSWORD_ALTERNATION, FOREIGN_PASSWORD_NAME_SPELLINGS, FOREIGN_PASSWORD_SPELLINGS } from '../secret-words.js';
import { lastIndexFrom, lineBreakAfter, lineBreakBefore } from '../line-bounds.js';
import { continuedValueEnd } from '../value-runs.js';

export type NameClass = 'password' | 'secret' | 'weak-key';

/** Words of a name that mean the value is not a secret but something about one. */
export const EXEMPT_LAST_WORDS = new Set([
  'type', 'types', 'count', 'counts', 'limit', 'limits', 'max', 'min', 'length', 'len', 'name', 'names', 'id', 'ids',
  'file', 'files', 'path', 'paths', 'dir', 'env', 'var', 'policy', 'hint', 'url', 'uri', 'endpoint', 'field', 'header',
  'param', 'label', 'prefix', 'suffix', 'format', 'expiry', 'expires', 'expiration', 'ttl', 'usage', 'used', 'budget',
  'estimate', 'ref', 'refs', 'provider', 'method', 'mode', 'enabled', 'required', 'rotation', 'version', 'kind', 'class',
  'size', 'index', 'location', 'store', 'manager', 'arn', 'tokens', 'secrets', 'keys', 'passwords', 'reset', 'strength',
  'regex', 'pattern', 'prompt', 'input', 'set', 'changed', 'valid', 'validation', 'exists', 'source', 'template',
  'rules', 'rule', 'requirements', 'requirement', 'complexity', 'criteria', 'constraints', 'placeholder', 'error', 'errors',
  'message', 'title', 'visible', 'visibility', 'toggle', 'icon', 'expired', 'invalid', 'missing', 'empty', 'mismatch',
  'incorrect', 'wrong', 'short', 'weak', 'text', 'description', 'help', 'tooltip', 'caption', 'heading', 'button', 'link',
  'notice', 'warning', 'info', 'success', 'failed', 'failure', 'sent', 'updated', 'saved', 'copied',
  // the program that keeps or fetches it: git's `credential.helper`, `credsStore`, `credHelpers`
  'helper', 'helpers', 'agent', 'backend', 'cache', 'command', 'program', 'cmd', 'tool', 'tools', 'eval', 'script', 'daemon',
  // what a secret becomes or is checked by: `token_hash`, `key_fingerprint`, `secret_digest`
  'hash', 'digest', 'checksum', 'fingerprint',
  // a digest named by its algorithm, often shortened for display: `token_sha256`, `PasswordMD5`
  'md5', 'sha', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3', 'blake2b', 'blake3', 'crc32', 'xxhash', 'murmur3',
  // how it is stored or checked, a setting's enum: `password_encryption = scram-sha-256`, `auth_algorithm`
  'encryption', 'algorithm', 'algorithms', 'algo', 'scheme', 'hashing',
  // when something happened to it: `token_expires_at`, `password_changed_date`
  'at', 'date', 'timestamp',
]);

/** First words that make the whole name a counter, a pagination cursor or public. */
const EXEMPT_FIRST_WORDS = new Set([
  'max', 'min', 'num', 'total', 'input', 'output', 'cache', 'prompt', 'completion', 'reasoning', 'public', 'next', 'page',
  'continuation', 'pagination', 'sync', 'cancellation', 'cancel', 'primary', 'sort', 'partition', 'foreign', 'idempotency',
  'lookup', 'map', 'dict', 'row', 'object', 'range', 'hash', 'cursor', 'unique', 'composite', 'shortcut', 'hot', 'key',
  'encrypted', 'hashed', 'sealed', 'enc', 'cipher', 'masked',
  'has', 'is', 'use', 'show', 'no', 'with', 'without', 'allow', 'require', 'verify', 'generate', 'get', 'set',
  // a setting about the password, not it: cloud-init's `lock_passwd`, `expire_password`, `disable_password`
  'lock', 'unlock', 'expire', 'disable',
]);

/** What a label's `for …` may name that no secret is for: `token for pagination:`, `key for sorting:`. */
const NON_SECRET_PURPOSES = new Set([
  'pagination', 'paging', 'paginating', 'cursor', 'cursors', 'sorting', 'sort', 'ordering', 'search', 'searching', 'lookup',
  'lookups', 'caching', 'cache', 'dedup', 'deduplication', 'idempotency', 'continuation', 'scrolling', 'scroll', 'offset',
  'partitioning', 'partition', 'sharding', 'routing', 'tracing', 'correlation', 'grouping', 'batching', 'resume', 'resuming',
]);

/** Words before a bare `key` that make it the key of a cache, a lookup or a build, not a credential. */
export const LOOKUP_KEY_WORDS = new Set([
  'build', 'etag', 'release', 'commit', 'asset', 'assets', 'static', 'cdn', 'lock', 'redis', 'queue', 'route', 'dedup',
  'dedupe', 'group', 'bucket', 'object', 'file', 'image', 'layer', 'version', 'revision', 'checksum', 'digest', 'hash',
  'fingerprint', 'order', 'shard', 'routing', 'message', 'event', 'request', 'trace', 'span', 'thumb', 'thumbs',
  'cache', 'cached', 'memo', 'table', 'column', 'field', 'translation', 'i18n', 'locale', 'react', 'list', 'item',
  // a WebSocket handshake's nonce (`Sec-WebSocket-Key`, split `web socket`), a request's correlation id: sent in the clear by design
  'websocket', 'socket', 'correlation',
]);

/** The word for password in other languages, as letters only (`mot_de_passe` → `motdepasse`). */
const FOREIGN_PASSWORD_LETTERS = [...new Set(FOREIGN_PASSWORD_SPELLINGS.map(lettersOnly))];
/** Long enough not to be a part of another word by chance: found inside a name's word too (`dbpasswort`). */
const INSIDE_A_WORD = FOREIGN_PASSWORD_LETTERS.filter((word) => word.length >= 7);
const FOREIGN_PASSWORD_WHOLE = new Set(FOREIGN_PASSWORD_LETTERS);

/** (Greek's final sigma as any other: an upper-case name lowers it by its place in the word) */
function lettersOnly(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}]/gu, '').replace(/ς/g, 'σ');
}

/** A name's words of letters of any script: `DB_Hasło` → db, hasło. */
function letterWords(name: string): string[] {
  return name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().replace(/ς/g, 'σ').split(/[^\p{L}\p{M}]+/u).filter(Boolean);
}

/** A name with the foreign word, unless its own words exempt it as the ASCII names' do (`has_passwort`, `passwort_hash`). */
function foreignPasswordName(name: string): boolean {
  if (!hasForeignPasswordWord(name)) return false;
  const words = letterWords(name);
  return !EXEMPT_LAST_WORDS.has(words[words.length - 1]!) && !(words.length > 1 && EXEMPT_FIRST_WORDS.has(words[0]!));
}

/**
 * The name holds the word for password in another language: as one of its words or a run of them
 * (`DB_HESLO`, `mot_de_passe`, `kataSandi`), or inside a word when the word is long (`dbpasswort`).
 * (`parolachiave` is Italian for "keyword".)
 */
function hasForeignPasswordWord(name: string): boolean {
  const words = letterWords(name);
  for (let i = 0; i < words.length; i++) {
    let run = '';
    for (let j = i; j < Math.min(words.length, i + 4); j++) {
      run += words[j];
      if (FOREIGN_PASSWORD_WHOLE.has(run)) return true;
    }
  }
  const letters = lettersOnly(name);
  return INSIDE_A_WORD.some((word) => letters.includes(word)) && !letters.includes('parolachiave');
}

/** Splits `dbPassword`, `DB_PASSWORD`, `db.password`, `x-api-key` into lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Names repeat (every tool call has `command`, `file_path`, ...): their class is remembered. */
const classOfName = new Map<string, NameClass | null>();
const MAX_REMEMBERED_NAMES = 4096;

export function classifyName(name: string): NameClass | null {
  let cls = classOfName.get(name);
  if (cls === undefined) {
    if (classOfName.size >= MAX_REMEMBERED_NAMES) classOfName.clear();
    cls = classifyWords(name);
    classOfName.set(ownCopy(name), cls);
  }
  return cls;
}

/**
 * A name is usually a slice of a whole tool output, and V8 keeps a slice of 13 characters or more
 * as a view of the string it came from: remembered as it is, it kept every text a name was read
 * from alive for the rest of the process (50 MiB after a batch of 200 sessions). A copy keeps its own characters.
 */
const ownCopy = (name: string): string => [...name].join('');

/** What "pass" and the next word spell together: `PassWord`, `PassPhrase`, `PassCode`, `PassKey`. */
const PASS_COMPOUND = /^(?:word|wd|phrase|code|key)$/;

/** Programs that set or store passwords, named after `passwd`. */
const PASSWORD_TOOL = /^(?:ft|ht|smb|ch|k|yp|g|sasl|vnc|mk|slap|lp|rd|pdb|pure)passwd\d?$/;

/** Words after "pass" that make it a verb or a test's outcome in code (`PassThrough`, `PASS_ASSERTION`, `passFilter`). */
const PASS_VERB_OBJECTS = /^(?:through|thru|assertion|assertions|fail|filter|filters|env|environment|count|rate|state|status|result|results)$/;

/** `exports.PassThrough`, `PASS_ASSERTION`, `askPassSetInConfig`: "pass" the verb or an outcome, or ssh's askpass split, not a password. */
function passIsAVerb(words: readonly string[], index: number): boolean {
  return (index + 1 < words.length && PASS_VERB_OBJECTS.test(words[index + 1]!)) || (index > 0 && words[index - 1] === 'ask');
}

function classifyWords(name: string): NameClass | null {
  const words = nameWords(name);
  // `X-Cache-Key`: the `x` of an HTTP header name says nothing
  if (words[0] === 'x' && words.length > 1) words.shift();
  // a name in another script has no words of ASCII letters (`كلمة_المرور`, `पासवर्ड`)
  if (words.length === 0) return foreignPasswordName(name) ? 'password' : null;
  if (words.length > 8) return null;
  const last = words[words.length - 1]!;
  const first = words[0]!;
  // `keyPassword`, `key_passphrase`: the password of a key (`key_id`, `key_name` are exempt by their last word)
  // (also Razorpay's `key_secret`: the secret half of a key pair)
  const keysPassword = (first === 'key' && (/^pass(?:word|wd|phrase)?$/.test(last) || (last === 'secret' && words.length === 2))) || ((first === 'primary' || first === 'secondary') && words.includes('access'))
    || (first === 'enc' && words.length === 2 && last === 'key');
  // `input_password`, `output_password` (openssl.cnf, a converter's options): the password of an input, unlike `input_tokens`
  const streamsPassword = (first === 'input' || first === 'output') && /^pass(?:word|wd|phrase)?$/.test(last);
  // (before the words' exemptions: nameWords splits a word at a letter beyond ASCII, `hasło` into `has` and `o`)
  if (foreignPasswordName(name)) return 'password';
  // QEMU's `encrypt.key-secret`, `file.password-secret`: the id of a `secret` object that holds it, not the secret
  if (last === 'secret' && words.length === 3 && (first === 'encrypt' || first === 'file') && (words[1] === 'key' || words[1] === 'password')) return null;
  // git's `user.signingkey` (`user.signingKey`): the id, fingerprint or public-key file of the key git asks gpg or ssh-keygen to sign with, never the key
  if (first === 'user' && words.join('') === 'usersigningkey') return null;
  if (EXEMPT_LAST_WORDS.has(last) || (words.length > 1 && EXEMPT_FIRST_WORDS.has(first) && !keysPassword && !streamsPassword)) return null;
  // `token for pagination:`: a label whose `for …` names what the value is for
  const purpose = words.findIndex((word, index) => index > 0 && (word === 'for' || word === 'on'));
  if (purpose !== -1 && words.slice(purpose + 1).some((word) => NON_SECRET_PURPOSES.has(word))) return null;
  const joined = words.join('');
  // "password" in other languages, as a name (`contraseña`, `mot_de_passe`, `haslo`); PIN and passcode
  if (words.some((w) => w === 'pin' || w === 'passcode')) {
    if (!EXEMPT_LAST_WORDS.has(last)) return 'password';
  }
  // `VAPID_PUBLIC_KEY`, `NEXT_PUBLIC_API_KEY`, `publishable_key`, `SUPABASE_ANON_KEY`: public by design
  if ((words.includes('public') || words.includes('publishable') || words.includes('anon')) && !words.some((w) => w === 'secret' || w === 'private' || w === 'password')) return null;
  // `existingSecretPasswordKey`, `passwordKey`: the name of the entry that holds a password
  if (last === 'key' && words.some((w) => w === 'password' || w === 'passwd')) return null;
  // `ftpasswd:`, `htpasswd:`, `smbpasswd:`: a password tool's name, the prefix of its messages (`ftpasswd: entry created`)
  if (words.length === 1 && PASSWORD_TOOL.test(last)) return null;
  // systemd's `PassEnvironment=`, `PassCredentials=`: the verb "pass" leading a directive (`PassPhrase`, `PassWord` are one word split)
  const passLeads = first === 'pass' && words.length > 1 && /^Pass[A-Z][a-z]/.test(name) && !PASS_COMPOUND.test(words[1]!);
  if (words.some((w, index) => w === 'password' || w === 'passwd' || w === 'pwd' || w === 'passphrase' || (w === 'pass' && !(index === 0 && passLeads) && !passIsAVerb(words, index)) || w === 'pw' || w === 'psk' || w === 'requirepass' || w === 'masterauth')
    || /pass(?:word|wd|phrase)?$/.test(last) && !/(?:by|com|over|sur|tres|under|get|set|check|read|ask|prompt|mini)pass$/.test(last)) return 'password';
  if (words.includes('secret') || words.includes('token') || words.includes('credential') || words.includes('credentials')
    || words.includes('apikey') || words.includes('creds') || words.includes('cred') || words.includes('dsn') || words.includes('pat')
    || (words.length === 1 && last === 'sk') || words.some((w) => w === 'totp' || w === 'otp' || w === 'mfa')
    || last === 'auth' || last === 'salt' || words.includes('kgkey') || (last === 'sk' && words.length > 1) || words.includes('authtoken') || words.includes('sas') || /(?:secret|token)$/.test(last)
    || /(?:api|app|application|project|integration|access|private|secret|auth|signing|master|encryption|client|account|shared|service|license|licence|admin|write|deploy|ingest|sdk|hmac|aes|crypto|cipher|jwt|session|cookie|csrf|enc)key/.test(joined)) {
    return 'secret';
  }
  if (last === 'key') return words.slice(0, -1).some((word) => LOOKUP_KEY_WORDS.has(word)) ? null : 'weak-key';
  return null;
}

/**
 * A sensitive word, then the rest of the name, then a separator: `=`, `:`, `:=`, `=>`, `||=`,
 * `??=`, after an optional closing quote and bracket (`ENV["X"] ||=`, `os.environ['X'] =`), or
 * a quote and a comma (`setenv("X", "value")`, `define('X', 'value')`). A label may say which
 * one in brackets or after `for` before its separator (`Password (staging): x`, `pw for prod = x`).
 * The name's start is found by looking back.
 */
const ANCHOR = new RegExp(String.raw`(?:pass(?:word|wd|phrase|code)?|pwd|pw|psk|secret|token|cred(?:ential|s)?|api[-_]?key|key|auth|dsn|pat|sas|salt|_?sk(?![a-z])|t?otp|mfa|pin|${FOREIGN_PASSWORD_ALTERNATION})[A-Za-z0-9_.-]{0,40}?(?:[ \t]{1,3}\([\w .,/-]{1,30}\)|[ \t]+(?:for|on)[ \t]+(?:the[ \t]+)?[\w.-]{1,30}(?=[ \t]*[:=]))?(?:(?:\\{0,3}["']\]?|\](?![ \t]{0,32}:(?![=:/])))?(?:\*\*|__)?[ \t]{0,32}(?:\|\|=|\?\?=|\?=|:=|=>|<-(?=[ \t]*\\{0,3}["'])|=(?!=)|:(?!\/\/|:))|\\{0,3}["'][ \t]{0,3},)[ \t]{0,24}`, 'gi');
const SEPARATOR_TAIL = /(?:(?:\\{0,3}["'])?\]?(?:\*\*|__)?[ \t]*(?:\|\|=|\?\?=|\?=|:=|=>|<-|=|:)|\\{0,3}["'][ \t]*,)[ \t]*$/;
/** `<dbPassword>x</dbPassword>`, also with attributes (`<secret type="string">x</secret>`). */
const XML_TAG = /<(\p{L}[\p{L}\p{N}_.-]{0,60})(?:[ \t][^<>]{0,200})?>([^<\s][^<]{0,300})<\/\1>/gu;
/** `<add key="DbPassword" value="x"/>`, `<property name="db.password" value="x"/>`. */
const XML_ATTRIBUTE_PAIR = /\b(?:key|name)[ \t]*=[ \t]*\\?["']([^"'<>\\]{1,100})\\?["'][ \t]+(?:value|content)[ \t]*=[ \t]*(?=\\?["'])/gi;
/** `<entry key="mail.password">x</entry>`, `<setting name="ApiToken">x</setting>`. */
const XML_KEYED_ELEMENT = /<(entry|property|setting|add|param|parameter|var|variable)\b[^<>]{0,200}?\b(?:key|name)[ \t]*=[ \t]*\\?["']([^"'<>\\]{1,100})\\?["'][^<>]{0,200}>([^<\s][^<]{0,300})<\/\1>/gi;
/**
 * A name and its value as two fields: Kubernetes and Compose `env:` lists (`- name: X` then
 * `value: y`), ECS and CloudFormation JSON (`{"name": "X", "value": "y"}`), `--name X --value y`.
 */
/**
 * (each list's `marker` says whether the text holds its own marker, read at a place where `value`
 * starts in any case; exported for the test that it agrees with a search for that marker)
 */
export const NAME_VALUE_PAIRS: ReadonlyArray<{ marker: (text: string, at: number) => boolean; pattern: RegExp }> = [
  { marker: (text, at) => text.charCodeAt(at + 5) === COLON, pattern: /\bname:[ \t]*\\?["']?([A-Za-z_][\w./-]{0,100}?)\\?["']?[ \t]*(?:\r?\n|\\r?\\n)[ \t]*value:[ \t]*/gi },
  // also with a few other fields between (`"Type": "SecureString",` in `aws ssm get-parameter` output)
  // (its match ends in `value` or `parametervalue`, a quote and a colon: `"value"` alone, an argument, opens no search)
  { marker: (text, at) => quotedKeyEnds(text, at + 5), pattern: /\\?["'](?:name|key|parameterkey|variable)\\?["'][ \t]*:[ \t]*\\?["']([A-Za-z_/][\w./-]{0,100})\\?["'][ \t]*,(?:(?:\s|\\[nrt]){0,40}\\?["'][\w-]{1,30}\\?["'][ \t]*:[ \t]*(?:\\?["'][^"'\\\n]{0,80}\\?["']|true|false|null|-?\d{1,12})[ \t]*,){0,4}(?:\s|\\[nrt]){0,40}\\?["'](?:value|parametervalue)\\?["'][ \t]*:[ \t]*/gi },
  // `"db_password": {"value": "x"}`, also after a few other fields (`"sensitive": true,` in Terraform's output)
  { marker: (text, at) => isQuote(text.charCodeAt(at - 1)) && quotedKeyEnds(text, at + 5), pattern: /\\?["']([A-Za-z_][\w.\-/]{0,100})\\?["'][ \t]*:[ \t]*\{(?:(?:\s|\\[nrt]){0,40}\\?["'][\w-]{1,30}\\?["'][ \t]*:[ \t]*(?:\\?["'][^"'\\\n]{0,80}\\?["']|true|false|null|-?\d{1,12})[ \t]*,){0,4}(?:\s|\\[nrt]){0,40}\\?["']value\\?["'][ \t]*:[ \t]*/gi },
  { marker: (text, at) => at >= 2 && text.startsWith('--value', at - 2), pattern: /--name[ \t=]+\\?["']?([\w./-]{1,100}?)\\?["']?[ \t][^\n]{0,200}?--value[ \t=]+/g },
  // HCL blocks and objects (`set { name = "auth.password" value = "x" }`, `{ name = "X", value = "y" }`),
  // also as `terraform plan` prints them, each line after its `+`, `-` or `~`
  { marker: (text, at) => text.charCodeAt(afterBlanks(text, at + 5)) === EQUALS, pattern: /\bname[ \t]*=[ \t]*\\?"([A-Za-z_][\w./-]{0,100})\\?"(?:[ \t]*[,;][ \t]*|[ \t]*(?:\r?\n|\\r?\\n)[ \t]*(?:[+~-][ \t]+)?|[ \t]+)value[ \t]*=[ \t]*(?=\\?")/gi },
];
const COLON = 0x3a;
const EQUALS = 0x3d;
const BACKSLASH = 0x5c;

function isQuote(code: number): boolean {
  return code === 0x22 || code === 0x27;
}

function afterBlanks(text: string, at: number): number {
  while (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09) at += 1;
  return at;
}

/** `\\?["'][ \t]*:` at `at`: a quoted key's end. */
function quotedKeyEnds(text: string, at: number): boolean {
  if (text.charCodeAt(at) === BACKSLASH) at += 1;
  return isQuote(text.charCodeAt(at)) && text.charCodeAt(afterBlanks(text, at + 1)) === COLON;
}

/** One of `values` (where `value` starts, any case) that `marker` accepts. */
function markedValue(text: string, values: readonly number[], marker: (text: string, at: number) => boolean): boolean {
  for (let i = 0; i < values.length; i++) if (marker(text, values[i]!)) return true;
  return false;
}

/** fish: `set -x DB_PASSWORD value`, `set -gx API_TOKEN value`. */
const FISH_SET = /\bset(?:[ \t]+-[a-zA-Z]+)+[ \t]+([A-Za-z_]\w{0,60})[ \t]+(\S[^\n]{0,300})/g;
/** A setter or builder given a literal: `setPassword("x")`, `.password("x")`, `.withApiKey("x")` (exported for the test of setterNamesASecret). */
export const SETTER_CALLS = [/\.(?:set|with)?([A-Za-z][A-Za-z0-9_]{1,60})\([ \t]*(?=\\?["'])/g, /\bset([A-Z][A-Za-z0-9_]{1,60})\([ \t]*(?=\\?["'])/g];
/**
 * Can a setter call (SETTER_CALLS) in `text` give a value? (A necessary condition, read from the
 * patterns: every match that gives one passes it.) Each match ends with `(`, blanks and a quote,
 * and its name is the run of `[A-Za-z0-9_]` before the `(`, or that run after a `set` or `with`
 * it starts with; a value is given only when that name is a secret's (classedValue).
 */
export function setterNamesASecret(text: string): boolean {
  for (let open = text.indexOf('('); open !== -1; open = text.indexOf('(', open + 1)) {
    let at = afterBlanks(text, open + 1);
    if (text.charCodeAt(at) === BACKSLASH) at += 1;
    if (!isQuote(text.charCodeAt(at))) continue;
    let start = open;
    while (start > 0 && open - start <= SETTER_NAME_REACH && isWordChar(text.charCodeAt(start - 1))) start -= 1;
    if (start === open) continue;
    const run = text.slice(start, open);
    if (classifyName(run) !== null) return true;
    if (run.startsWith('set') && classifyName(run.slice(3)) !== null) return true;
    if (run.startsWith('with') && classifyName(run.slice(4)) !== null) return true;
  }
  return false;
}

/** A setter's longest name (61) and its `with` (4): a run longer than this holds no match's name but at its end. */
const SETTER_NAME_REACH = 66;

/** `[A-Za-z0-9_]`, by code. */
function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === UNDERSCORE;
}

/** An element named like a secret with its value in an attribute: `<Password value="x"/>`. */
const XML_VALUE_ELEMENT = /<([A-Za-z][\w.-]{0,60})\b[^<>]{0,100}?\bvalue[ \t]*=[ \t]*(?=\\?["'])/g;
/** Terraform: `variable "db_password" { ... default = "x" }`: the name is the block's label. */
const TERRAFORM_VARIABLE = /\bvariable[ \t]+\\?"([A-Za-z_][\w-]{0,100})\\?"[ \t]*\{[^{}]{0,400}?\bdefault[ \t]*=[ \t]*/g;
/** The last of several labelled fields two spaces apart: `host db1  user ann  pass x`. */
const LAST_OF_SPACED_FIELDS = /[^\n]{1,200}?[ \t]{2}([a-z][a-z0-9_]{2,40})[ \t]+(?=\S+[ \t]*\r?$)/my;

/**
 * Lines that are a name and one value, tried at the start of each line holding a keyword: a config
 * directive (redis `requirepass x`, keepalived `auth_pass x`) or a labelled row of a CLI's table
 * output (`API Key       x`, `Client Secret:   x`, two spaces or a tab apart).
 */
/** (exported for the test that each form's first character after blanks is one that `opens` accepts) */
export const LINE_FORMS: ReadonlyArray<{ pattern: RegExp; opens: (code: number) => boolean }> = [
  // a Markdown row labelled by its first cell: | API_TOKEN | x | (one token: not a description), maybe notes in more cells
  { pattern: /[ \t]*\|[ \t]*`?([A-Za-z][\w.-]{2,60}(?:[ \t]{1,3}\([\w .,/-]{1,30}\))?)`?[ \t]*\|[ \t]*`?(?=[^\s|`]+`?[ \t]*\|(?:[^|\n]{0,200}\|){0,4}[ \t]*\r?$)/my, opens: (code) => code === 0x7c },
  { pattern: /[ \t]*([A-Za-z][\w.-]{2,40})[ \t]+(?=\\?["'][^"'\n]{1,300}\\?["'][ \t]*\r?$)/my, opens: (code) => isLowerLetter(code) || isUpperLetter(code) },
  // (words joined by `-` or `.` too: `context-password x`, `smtp.password x`)
  // (a plain word and a full stop ends a sentence of a comment: `#  password mechanism.`)
  { pattern: /[ \t]*([a-z][a-z0-9_]{0,40}(?:[-.][a-z0-9_]{1,40}){0,5})[ \t]+(?![a-z]+\.[ \t]*\r?$)(?=\S+[ \t]*\r?$)/my, opens: isLowerLetter },
  // (its first field may start with any character: tried only where blanksInARowAhead says it can match)
  { pattern: LAST_OF_SPACED_FIELDS, opens: () => true },
  { pattern: /[ \t]*([A-Z][A-Za-z]*(?: [A-Za-z]+){0,3}):?(?:[ \t]{2,}|\t)(?=\S{8,300}[ \t]*\r?$)/my, opens: isUpperLetter },
];
/**
 * Declarations whose type stands between the name and the value: Go's `var apiToken string = "x"`,
 * C's `#define API_KEY "x"` and `const char kAuthToken[] = "x"`.
 */
/**
 * Go's `var` and `const` (one form for both): tried only where the form markers found `var` or
 * `const` and a blank (`declarations`), the only places a match can start.
 */
const GO_DECLARATION_AT = /\b(?:var|const)[ \t]+([A-Za-z_]\w{0,60})[ \t]+[\w.*[\]]{1,40}[ \t]*=[ \t]*(?=\\?["'`])/y;
const TYPED_DECLARATIONS = [
  { marker: Marker.define, pattern: /#define[ \t]+([A-Za-z_]\w{0,60})[ \t]+(?=\\?["'])/g },
  { marker: Marker.indexed, pattern: /\b([A-Za-z_]\w{0,60})\[\d{0,5}\][ \t]*=[ \t]*(?=\\?["'])/g },
];
/** `<password><![CDATA[x]]></password>` */
const CDATA_ELEMENT = /<([A-Za-z][\w.-]{0,60})(?:[ \t][^<>]{0,200})?><!\[CDATA\[(?=[^\]]{1,300}\]\]>)/g;
/** Windows: `setx NAME value` */
const SETX = /\bsetx[ \t]+([A-Za-z_]\w{0,60})[ \t]+/g;
/** PowerShell's environment drive: `Set-Item -Path Env:API_TOKEN -Value "x"`, `New-Item Env:X "x"`. */
const POWERSHELL_ENV_ITEM = /\b(?:Set|New)-Item[ \t]+(?:-Path[ \t]+)?\\?["']?[Ee]nv:\\?([A-Za-z_]\w{0,60})\\?["']?(?:[ \t]+-Value)?[ \t]+/g;
/**
 * A pair in braces, a name then a literal: Erlang and Elixir `{db_password, "x"}`,
 * `{api_key, <<"x">>}` (sys.config, rebar, mix), C++ and C# initialisers `{"password", "x"}`.
 */
const ATOM_TUPLE = /\{[ \t]*(?:'|\\?")?([A-Za-z_][\w@.-]{0,60})(?:'|\\?")?[ \t]*,[ \t]*(?:<<)?(?=\\?["'])/g;
/** A row of cells split by commas, semicolons, tabs or pipes. */
const CELL_SEPARATORS = [',', ';', '\t', '|'] as const;
interface TableColumn {
  index: number;
  cls: NameClass;
}
/** How many rows below a header are read. */
const MAX_TABLE_ROWS = 200;

/**
 * A table whose header names a column like a secret (`username,password,email`, `| user | password |`):
 * the cells of that column in the rows below (up to a blank line or a row of another width).
 * Only the lines that hold a sensitive word (`headerWords`: where one starts, see header-words.ts) are read as headers.
 */
function tableColumns(text: string, spans: ClassedSpan[], headerWords: readonly number[]): void {
  let nextLine = 0;
  for (const word of headerWords) {
    // the next header is looked for on the next line
    if (word < nextLine) continue;
    const headerStart = lineBreakBefore(text, word) + 1;
    const newline = lineBreakAfter(text, word);
    const headerEnd = newline === -1 ? text.length : newline;
    nextLine = headerEnd + 1;
    if (headerEnd - headerStart > 400) continue;
    const header = text.slice(headerStart, headerEnd);
    const separator = separatorOf(header);
    if (separator === null || wrappedCodeListLine(header, separator)) continue;
    const width = cellCount(header, separator);
    // a header without a row of its width below it gives nothing: checked before its names are read
    if (!rowOfWidthAt(text, headerEnd + 1, separator, width)) continue;
    // a line under a row of its width is a row too (`default_password_lifetime<TAB>0` in a settings listing), not a header
    if (headerStart > 0 && rowOfWidthAt(text, lineBreakBefore(text, headerStart - 2) + 1, separator, width)) continue;
    // nor is a line under a rule line (psql's `---+---` under its header) or a record's marker (`-[ RECORD 1 ]---`): a row, or an expanded record's field
    if (headerStart > 0 && ROW_ABOVE.test(lineAt(text, lineBreakBefore(text, headerStart - 2) + 1))) continue;
    // a Markdown row (`| password | x |`) heads a table only above its rule line (`|---|---|`): else it is a labelled row
    if (separator === '|' && /^[+-]?[ \t]*\|/.test(header) && !MARKDOWN_RULE_LINE.test(lineAt(text, headerEnd + 1))) continue;
    const names = headerNames(header, separator);
    if (pamLine(names) || IMPORT_STATEMENT.test(names[0]!)) continue;
    const columns = secretColumns(names);
    if (columns.length === 0 || names.length < 2) continue;
    if (keyValueListing(text, headerEnd + 1, separator, names, columns)) continue;
    tableRows(text, headerEnd + 1, separator, names.length, columns, spans);
  }
}

/** A header's cells, trimmed (loops, not map and filter: one array shape, so each isolate optimises tableColumns once). */
function headerNames(header: string, separator: string): string[] {
  const cells = splitCells(header, separator);
  const names: string[] = [];
  for (let i = 0; i < cells.length; i++) names.push(cells[i]!.trim());
  return names;
}

const COLUMN_NAME = /^[A-Za-z][\w .-]{1,40}$/;
/** Python's imports wrapped over lines (`from ._functools import method_cache, pass_none`): names, not a table. */
const IMPORT_STATEMENT = /^(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]/;
const PAM_TYPE = /^-?(?:auth|account|password|session)$/;
const PAM_CONTROL = /^(?:required|requisite|sufficient|optional|include|substack|\[)/;

/** A PAM stack's line (`password<TAB>include<TAB>su`): a module type, then its control, not a header. */
function pamLine(names: readonly string[]): boolean {
  if (!PAM_TYPE.test(names[0]!)) return false;
  for (let i = 1; i < names.length; i++) if (names[i] !== '') return PAM_CONTROL.test(names[i]!);
  return false;
}

/** A column's "name" of three words or more that opens a sentence (`they pass a protocol`, `return first token and remainder`), or one that ends one: prose cut at a comma or a tab. */
function proseCell(name: string): boolean {
  return (name.includes(' ') && name.split(/[ \t]+/).length >= 3 && opensProse(name)) || name.endsWith('.');
}

/** The columns of a header whose names are a secret's. */
function secretColumns(names: readonly string[]): TableColumn[] {
  const columns: TableColumn[] = [];
  // `KEY<TAB>VALUE`: the key column holds the settings' names, the value column their values
  const keyValue = names.some((name) => /^values?$/i.test(name));
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!;
    if (keyValue && /^keys?$/i.test(name)) continue;
    const cls = COLUMN_NAME.test(name) && !proseCell(name) ? classifyName(name) : null;
    if (cls !== null) columns.push({ index, cls });
  }
  return columns;
}

const SETTING_KEY = /^[a-z][a-z0-9_]{0,60}$/;
/** A label the same listing prints among its pairs (`api_key set:`): a setting's name and a few words, a colon. */
const SETTING_LABEL = /^[a-z][a-z0-9_]{0,60}(?: [a-z]{1,20}){1,3}:$/;

/**
 * Names and their values a tab apart (Lua's `print(k, v)` over a table, a shell loop over
 * settings): the first line is a pair too, not a header, when the only secret's name is its
 * first cell and the rows below also start with settings' names.
 */
function keyValueListing(text: string, rowStart: number, separator: string, names: readonly string[], columns: readonly TableColumn[]): boolean {
  if (separator !== '\t' || names.length !== 2 || columns.length !== 1 || columns[0]!.index !== 0 || !SETTING_KEY.test(names[0]!)) return false;
  for (let rows = 0, at = rowStart; rows < 5 && at < text.length; rows++) {
    const row = lineAt(text, at);
    if (row.trim() === '') break;
    const tab = row.indexOf('\t');
    if (tab === -1) break;
    if (!SETTING_KEY.test(row.slice(0, tab)) && !SETTING_LABEL.test(row.slice(0, tab))) return false;
    at += row.length + 1;
  }
  return true;
}

/** A table's rule line (`----+----`, `|---|---|`, `+----+`) or an expanded record's marker (`-[ RECORD 3 ]---`). */
const ROW_ABOVE = /^[ \t]*(?:[-+|: \t]*-{3,}[-+|: \t]*|-\[ RECORD \d+ \]-*(?:\+-*)?)\r?$/;
const MARKDOWN_RULE_LINE = /^[+-]?[ \t]*\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*(?::?-{2,}:?[ \t]*)?\r?$/;

function lineAt(text: string, lineStart: number): string {
  const newline = lineBreakAfter(text, lineStart);
  return text.slice(lineStart, newline === -1 ? text.length : newline);
}

/** The first of CELL_SEPARATORS in `header`, if any. */
function separatorOf(header: string): string | null {
  for (const separator of CELL_SEPARATORS) if (header.includes(separator)) return separator;
  return null;
}

/** splitCells(line, separator).length, counted without building the cells (exported for the test that they agree). */
export function cellCount(line: string, separator: string): number {
  if (separator !== '|' && line.includes('"')) return quotedCellCount(line, separator);
  let count = 1;
  for (let at = line.indexOf(separator); at !== -1; at = line.indexOf(separator, at + 1)) count += 1;
  return count;
}

/** splitCells' reading of a line with quotes, counting its cells: a quote opens a cell when only blanks stand before it in the cell. */
function quotedCellCount(line: string, separator: string): number {
  const separatorCode = separator.charCodeAt(0);
  let count = 1;
  let quoted = false;
  let blankSoFar = true;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (quoted) {
      if (code === QUOTE && line.charCodeAt(i + 1) === QUOTE) i += 1;
      else if (code === QUOTE) quoted = false;
    } else if (code === QUOTE && blankSoFar) quoted = true;
    else if (code === separatorCode) {
      count += 1;
      blankSoFar = true;
      continue;
    }
    if (!isTrimmed(code)) blankSoFar = false;
  }
  return count;
}

const QUOTE = 0x22;

/** What String.prototype.trim removes: ECMAScript's white space and line terminators. */
function isTrimmed(code: number): boolean {
  return (code >= 0x09 && code <= 0x0d) || code === 0x20 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * A row's cells: a CSV writer quotes a cell that holds the separator (`"rotated, see 42"`), so a
 * separator inside a cell that starts with `"` splits nothing (`""` is a quote inside it).
 */
export function splitCells(line: string, separator: string): string[] {
  if (separator === '|' || !line.includes('"')) return line.split(separator);
  const cells: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') i += 1;
      else if (c === '"') quoted = false;
    } else if (c === '"' && line.slice(start, i).trim() === '') quoted = true;
    else if (c === separator) {
      cells.push(line.slice(start, i));
      start = i + 1;
    }
  }
  cells.push(line.slice(start));
  return cells;
}

/** Is the line at `lineStart` a row of `width` cells (not blank)? */
function rowOfWidthAt(text: string, lineStart: number, separator: string, width: number): boolean {
  if (width < 2 || lineStart > text.length) return false;
  const newline = lineBreakAfter(text, lineStart);
  const row = text.slice(lineStart, newline === -1 ? text.length : newline);
  return row.trim() !== '' && cellCount(row, separator) === width;
}

/** A setting's dotted name (`net.ipv4.tcp_rmem`, `kernel.sched.min_gran`): three lower-case segments or more. */
export const DOTTED_SETTING = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*){2,}$/;

/** A lower-case name whose last segment names a secret (`billing.api_key`, `cache.auth_token`). */
function secretsName(cell: string): boolean {
  return /^[a-z][a-z0-9_-]{0,60}(?:\.[a-z][a-z0-9_-]{0,60}){0,4}$/.test(cell) && classifyName(cell.slice(cell.lastIndexOf('.') + 1)) !== null;
}

/** The cells of `columns` in the rows from `rowStart` on, up to a blank line or a row of another width. */
function tableRows(text: string, rowStart: number, separator: string, width: number, columns: readonly TableColumn[], spans: ClassedSpan[]): void {
  for (let rows = 0; rowStart <= text.length && rows < MAX_TABLE_ROWS; rows++) {
    const newline = lineBreakAfter(text, rowStart);
    const rowEnd = newline === -1 ? text.length : newline;
    const row = text.slice(rowStart, rowEnd);
    const cells = splitCells(row, separator);
    if (row.trim() === '' || cells.length !== width) break;
    if (!/^[\s|:-]+$/.test(row)) {
      let at = rowStart;
      cells.forEach((cell, index) => {
        const column = columns.find((c) => c.index === index);
        const value = cell.trim();
        const start = at + cell.indexOf(value);
        // a cell of words (`(see 1Password)`, `rotated monthly`) is a note, not a value; a cell named like a secret
        // (`billing.password` under `mailer.password`: a first row taken for a header) is a name, not a value
        if (column && value && !/\s/.test(value) && !secretsName(value) && !DOTTED_SETTING.test(value) && acceptable(value.replace(/^["']|["']$/g, ''), column.cls, { literal: true })) spans.push({ start, end: start + value.length, cls: column.cls });
        at += cell.length + separator.length;
      });
    }
    rowStart = rowEnd + 1;
  }
}

/** An Apple property list's `<key>APIKey</key>` then `<string>x</string>`. */
const PLIST_PAIR = /<key>([^<]{1,100})<\/key>(?:\s|\\[nrt])*<string>([^<\s][^<]{0,300})<\/string>/g;
const DOCKER_ENV = /(?:ENV|ARG)[ \t]+([A-Za-z_][A-Za-z0-9_]{0,60})[ \t]+(?!=)(\S[^\n]{0,300})/g;
/** `machine h login u password p`, on one line or several (also as a diff's added lines or a numbered view). */
const NETRC_GAP = String.raw`(?:\s|\\[nrt]|→|(?<=\n|\\n)[+\-]|(?<=[\n ]|\\n)\d{1,7}(?=→|\t|\\t))+`;
const NETRC = new RegExp(String.raw`(?<![A-Za-z0-9_](?<!\\[nrt]))machine[ \t]+[^\s\\]{1,253}${NETRC_GAP}(?:login[ \t]+[^\s\\]{1,253}${NETRC_GAP})?password[ \t]+([^\s\\"']{1,300})`, 'g');
/** A character of a name: `[A-Za-z0-9_.-]`, read by its code (a regular expression per character costs more). */
function isNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 45;
}

type ClassedSpan = Span & { cls: NameClass };

/** The same grammar, anchored: tried at one position (a keyword's start) at a time. */
/** (exported for the test that anchorCanEnd holds wherever it matches) */
export const ANCHOR_AT = new RegExp(ANCHOR.source, 'iy');

/** matchesAt(ANCHOR_AT, text, places), the places where no separator can follow the name left out. */
function anchorsAt(text: string, places: readonly number[]): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  let after = 0;
  for (const at of places) {
    if (at < after || !anchorCanEnd(text, at)) continue;
    ANCHOR_AT.lastIndex = at;
    const match = ANCHOR_AT.exec(text);
    if (!match || match[0].length === 0) continue;
    after = at + match[0].length;
    matches.push(match);
  }
  return matches;
}

/** The longest sensitive word of ANCHOR and the 40 characters of the name after it. */
const ANCHOR_NAME_REACH = Math.max(10, ...FOREIGN_PASSWORD_NAME_SPELLINGS.map((word) => word.length)) + 40;

/**
 * Can ANCHOR match at `at`? (A necessary condition, read from its pattern: every match passes it.)
 * Its name, a sensitive word and `[A-Za-z0-9_.-]{0,40}?`, ends at most ANCHOR_NAME_REACH characters
 * on, at or before the end of the run of such characters (and the words' own letters: `ł`, `ö`, `ñ`,
 * `ş`). What follows the name starts with a blank, a backslash, a quote, `]`, `*`, `__` or a
 * separator's first character (`|`, `?`, `:`, `=`, `<`); inside the run only `__` (a bold label's
 * end) can; after blanks, `(`, `for`, `on` or a separator.
 */
export function anchorCanEnd(text: string, at: number): boolean {
  const limit = Math.min(text.length - 1, at + ANCHOR_NAME_REACH);
  let end = -1;
  for (let i = at; i <= limit; i++) {
    const code = text.charCodeAt(i);
    if (!isAnchorNameChar(code)) {
      end = i;
      break;
    }
    if (code === UNDERSCORE && text.charCodeAt(i + 1) === UNDERSCORE) return true;
  }
  if (end === -1) return false;
  const code = text.charCodeAt(end);
  if (code === 0x20 || code === 0x09) {
    const next = text.charCodeAt(afterBlanks(text, end));
    return next === 0x28 || (next | 0x20) === 0x66 || (next | 0x20) === 0x6f || isSeparatorStart(next);
  }
  return code === BACKSLASH || isQuote(code) || code === 0x5d || code === 0x2a || isSeparatorStart(code);
}

const UNDERSCORE = 0x5f;

/** `|`, `?`, `:`, `=`, `<`: where ANCHOR's separators (`||=`, `??=`, `?=`, `:=`, `=>`, `<-`, `=`, `:`) start. */
function isSeparatorStart(code: number): boolean {
  return code === 0x7c || code === 0x3f || code === COLON || code === EQUALS || code === 0x3c;
}

/** A character of ANCHOR's name: `[A-Za-z0-9_.-]` or a letter of its sensitive words beyond ASCII, in either case. */
function isAnchorNameChar(code: number): boolean {
  return isNameChar(code) || (code >= 0x80 && FOREIGN_WORD_CHARS.has(code));
}

/** The characters of the foreign words beyond ASCII, in either case. */
const FOREIGN_WORD_CHARS = new Set([...FOREIGN_PASSWORD_NAME_SPELLINGS.join('')].flatMap((char) => [char, char.toLowerCase(), char.toUpperCase()]).map((char) => char.charCodeAt(0)));

/**
 * Assignments of the classes `wanted` in `text`. The name grammar starts at a sensitive word:
 * given where the rule's keywords start (the scanner knows), it is tried there only, which costs
 * far less than searching the text; without them, the text is searched.
 *
 * The password and the secret rules ask in turn about the same string with the same keyword
 * places: the last answer (of every class) is kept, so the string is read once for both.
 * `keywordStarts` are where the assignment rules' keywords start (structural.ts), every one of
 * them in order: the .netrc form counts on finding every `pass` among them.
 */
export function findAssignments(text: string, wanted: (cls: NameClass) => boolean, keywordStarts?: readonly number[]): Span[] {
  if (text !== lastText || !samePlaces(keywordStarts, lastStarts)) {
    lastSpans = classedAssignments(text, keywordStarts);
    lastText = text;
    lastStarts = keywordStarts ? [...keywordStarts] : undefined;
  }
  const spans: Span[] = [];
  for (const span of lastSpans) if (wanted(span.cls)) spans.push({ start: span.start, end: span.end });
  return spans;
}

let lastText: string | null = null;
let lastStarts: readonly number[] | undefined;
let lastSpans: ClassedSpan[] = [];

function samePlaces(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function classedAssignments(text: string, keywordStarts?: readonly number[]): ClassedSpan[] {
  const spans: ClassedSpan[] = [];
  const anchors = keywordStarts ? anchorsAt(text, keywordStarts) : text.matchAll(ANCHOR);
  for (const match of anchors) {
    const span = nameAssignment(text, match);
    if (span) spans.push(span);
  }
  spans.push(...otherForms(text, keywordStarts));
  lineForms(text, keywordStarts, spans);
  for (let i = 0, found = spans.length; i < found; i++) {
    const next = changedTo(text, spans[i]!);
    if (next) spans.push(next);
  }
  return spans;
}

/** `password = "old" -> "new"`: the value a plan (Terraform, Pulumi) changes a quoted one to. */
const CHANGED_TO = /^(\\?["'])[ \t]*->[ \t]*\1/;

function changedTo(text: string, span: ClassedSpan): ClassedSpan | null {
  const arrow = CHANGED_TO.exec(text.slice(span.end, span.end + 12));
  if (!arrow) return null;
  const value = readValue(text, span.end + arrow[0].length - arrow[1]!.length, { quotedOnly: true });
  return value && !value.code && acceptable(text.slice(value.start, value.end), span.cls, { literal: true }) ? { start: value.start, end: value.end, cls: span.cls } : null;
}

/**
 * What stands before a line's own text when it is shown inside other text: a diff's `+` or `-`,
 * mail and Markdown quoting (`> `, `>> `), a chat client's time and speaker (`[09:41] Ann: `,
 * `> 14:02 <ops-bot> `). Only a time makes a speaker: `Note: pass x` is not a chat line.
 */
const LINE_LEAD = /(?:[+-](?![+-])|(?:>[ \t]?)+)?(?:[ \t]*(?:\[\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?\]|\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?)[ \t]+(?:<[^<>\s]{1,40}>|[^\s:<>|][^:\n|]{0,40}?:)[ \t]+)?/y;

/** The name-and-value lines (LINE_FORMS) that hold a keyword; without keyword places, every line. */
function lineForms(text: string, keywordStarts: readonly number[] | undefined, spans: ClassedSpan[]): void {
  let lineStart = -1;
  const starts = keywordStarts ?? allLineStarts(text);
  // where the line of the last place read ends: a place before it is on that line, read already
  // (or too far into it), and is passed over without looking back for its line's start
  let lineEnd = -1;
  for (const at of starts) {
    if (at < lineEnd) continue;
    lineEnd = lineBreakAfter(text, at);
    if (lineEnd === -1) lineEnd = text.length;
    // a name-and-value line is short: a keyword far into a long line is not on one
    const start = lineStartWithin(text, at, LINE_SLACK);
    if (start === null || start === lineStart) continue;
    lineStart = start;
    // (LINE_LEAD matches at every place, maybe nothing: where it ends is all that is needed)
    LINE_LEAD.lastIndex = start;
    const from = LINE_LEAD.test(text) ? LINE_LEAD.lastIndex : start;
    // every form but LAST_OF_SPACED_FIELDS starts with blanks, then a character of one class: the others are not tried
    const first = text.charCodeAt(firstNonBlank(text, from));
    for (const { pattern, opens } of LINE_FORMS) {
      if (!opens(first) || (pattern === LAST_OF_SPACED_FIELDS && !blanksInARowAhead(text, from))) continue;
      pattern.lastIndex = from;
      const match = pattern.exec(text);
      const span = match ? classedValue(text, match[1]!, from + match[0].length) : null;
      if (span) spans.push(span);
    }
  }
}

function isLowerLetter(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

function isUpperLetter(code: number): boolean {
  return code >= 0x41 && code <= 0x5a;
}

function firstNonBlank(text: string, at: number): number {
  while (at < text.length && (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09)) at += 1;
  return at;
}

/**
 * Two spaces or tabs in a row on the line from `from`, within the reach of LAST_OF_SPACED_FIELDS
 * (its fields' gap starts at most 200 characters on): without them it cannot match, and a literal
 * search says so faster than its lazy reading of the line. (Exported for the test of that reading.)
 */
export function blanksInARowAhead(text: string, from: number): boolean {
  // native searches of a slice (a view of the text, not a copy): a walk by charCodeAt cost ~0.4 µs
  // a line in place, on texts V8 holds as joined or sliced strings
  const stretch = text.slice(from, from + 202);
  const newline = stretch.indexOf('\n');
  const line = newline === -1 ? stretch : stretch.slice(0, newline);
  return line.includes('\t') || line.includes('  ');
}

function allLineStarts(text: string): number[] {
  const starts = [0];
  for (let at = lineBreakAfter(text, 0); at !== -1; at = lineBreakAfter(text, at + 1)) starts.push(at + 1);
  return starts;
}

/** A type annotation and ` = ` (Python, TypeScript, Kotlin, Swift, Rust): `str = `, `string = `, `&'static str = `; never `x=` (base64 padding). */
const TYPE_ANNOTATION = /[A-Za-z_&][\w.<>[\], |?&']{0,60}?[ \t]+=(?!=)[ \t]*/y;

/** An odd number of `quote` between the start of the line (at most 200 back) and `at`: `at` is inside a string. */
function insideString(text: string, at: number, quote: string): boolean {
  const from = Math.max(0, at - 200);
  const before = text.slice(from, at);
  const line = before.slice(before.lastIndexOf('\n') + 1);
  let count = 0;
  for (let i = 0; i < line.length; i++) if (line[i] === quote && line[i - 1] !== '\\') count += 1;
  return count % 2 === 1;
}

/** `//registry.example/:_authToken=x`: an .npmrc setting scoped to a registry. */
function npmrcSetting(text: string, nameStart: number): boolean {
  return text.slice(nameStart - 2, nameStart) === '/:' && text[nameStart] === '_';
}

/** `3:API_KEY=x`, `src/.env:12:API_KEY=x`: the line number (and file) grep -n and rg print before a line. */
function grepLinePrefix(text: string, nameStart: number): boolean {
  // (a digit and a colon end every such prefix: looked at first, before a slice is read)
  const digit = text.charCodeAt(nameStart - 2);
  if (text.charCodeAt(nameStart - 1) !== COLON || !(digit >= 0x30 && digit <= 0x39)) return false;
  return GREP_LINE_PREFIX.test(text.slice(Math.max(0, nameStart - 220), nameStart));
}
const GREP_LINE_PREFIX = /(?:^|\n|\\n|[ \t])(?:[\w./-]{1,200}:)?\d{1,7}:$/;

/** `:password => "x"`: a colon that starts a Ruby symbol (after a space, a bracket or a comma). */
function rubySymbol(text: string, nameStart: number): boolean {
  return text[nameStart - 1] === ':' && (nameStart < 2 || /[\s({,[]/.test(text[nameStart - 2]!));
}

/** An unclosed `{{` or `<%` earlier on the same line (a `${…}` value is a template the shields know). */
function insideTemplate(text: string, at: number): boolean {
  const lineStart = lineStartWithin(text, at, 300) ?? at - 300;
  const before = text.slice(lineStart, at);
  for (const [open, close] of [['{{', '}}'], ['<%', '%>']] as const) {
    if (before.lastIndexOf(open) > before.lastIndexOf(close)) return true;
  }
  return false;
}

/** `NAME=value` and its kin, from a match of the anchor (a sensitive word, the rest of a name, a separator). */
/** A line that names a password's stored hash: `Hash = <hex>` (or base64), as a salt's neighbour. */
const STORED_HASH_NEARBY = /(?:^|\n)[ \t]*"?hash"?[ \t]*[:=][ \t]*"?[0-9a-fA-F]{32,128}\b|(?:^|\n)[ \t]*"?hash"?[ \t]*[:=][ \t]*"?[A-Za-z0-9+/]{27,88}={0,2}(?=["\s]|$)/i;

/** A file of a program's sources or a Debian package's patches, maybe with the function a changelog entry names: `psk.c`, `update-passwd.c (main)`. */
const SOURCE_FILE_NAME = /^[\w.-]+\.(?:c|h|cc|cpp|cxx|hh|hpp|py|pl|pm|rb|js|mjs|cjs|ts|go|rs|java|sh|in|am|ac|m4|patch|diff|dpatch|texi)(?:[ \t]{1,3}\([^()]*\))?$/;
/** A SCRAM credential's stored and server keys (`stored_key`, `storedKey`, `server_key`) named beside a salt. */
const SCRAM_KEYS_NEARBY = /\bstored[_-]?key\b[\s\S]{0,200}?\bserver[_-]?key\b|\bserver[_-]?key\b[\s\S]{0,200}?\bstored[_-]?key\b/i;

function nameAssignment(text: string, match: RegExpExecArray): ClassedSpan | null {
  let nameStart = match.index;
  // (a man page's source escapes a name's hyphens: `\-\-public\-key=` is `--public-key=`)
  while (nameStart > 0 && match.index - nameStart < 60 && (isNameChar(text.charCodeAt(nameStart - 1)) || (text.charCodeAt(nameStart - 1) === BACKSLASH && text.charCodeAt(nameStart) === 0x2d))) nameStart -= 1;
  if (nameStart > 0 && isNameChar(text.charCodeAt(nameStart - 1))) return null; // a name longer than any real one
  // `\npublic_key` in JSON-escaped text: the name starts after the escape.
  if (nameStart > 0 && text[nameStart - 1] === '\\' && /[ntr]/.test(text[nameStart]!)) nameStart += 1;
  // `arn:aws:...:secret:x` or `/token/x`: a segment of a longer value, not a name.
  // (but `:password =>` is a Ruby symbol and `$env:DB_PASSWORD =` PowerShell's environment)
  if (nameStart > 0 && /[:/]/.test(text[nameStart - 1]!) && !rubySymbol(text, nameStart) && !/\$env:$/i.test(text.slice(Math.max(0, nameStart - 5), nameStart)) && !npmrcSetting(text, nameStart) && !grepLinePrefix(text, nameStart)) return null;
  const separator = match[0].slice(match[0].search(SEPARATOR_TAIL));
  const name = text.slice(nameStart, match.index + match[0].length - separator.length);
  // most names a keyword starts (`input_tokens`, `"key"`) name no secret: decided first, it is the cheapest test
  const cls = classifyName(lastSegment(name));
  if (!cls) return null;
  // a source file a changelog entry or a compiler's message names (`update-passwd.c (main): …`, `psk.c:275:21: warning`)
  if (SOURCE_FILE_NAME.test(name)) return null;
  // a long option named in prose, a blank after its `=` (`the new --tpm2-with-pin= option`): no value given
  if (/^\\?-/.test(name) && /^=[ \t]+$/.test(separator)) return null;
  // a bare `Salt` beside the `Hash` it salts (ZNC's `<Pass>` block, a stored password's record): a parameter, not a secret
  if (/^salt$/i.test(lastSegment(name)) && STORED_HASH_NEARBY.test(text.slice(Math.max(0, nameStart - 160), nameStart + 240))) return null;
  // a SCRAM record's salt (Prosody's accounts, MongoDB's and ejabberd's credentials): the server sends it to every client that asks
  if (/^salt$/i.test(lastSegment(name)) && SCRAM_KEYS_NEARBY.test(text.slice(Math.max(0, nameStart - 240), nameStart + 240))) return null;
  // `Cache key: v2-…`, `Primary key: …`: a label of words, the word before a bare `key` says what it keys
  // `remoteRef:` / `secretKeyRef:` then `key: x`: the name of an entry in a store or a Secret, not a key
  if (cls === 'weak-key' && UNDER_A_REFERENCE.test(text.slice(Math.max(0, nameStart - 240), nameStart))) return null;
  if (cls === 'weak-key' && labelOfAnotherKey(/([A-Za-z]+)[ \t]$/.exec(text.slice(Math.max(0, nameStart - 25), nameStart))?.[1]?.toLowerCase() ?? '')) return null;
  if (testResultOrDumpKey(text, nameStart, name, match.index + match[0].length)) return null;
  // a docstring's field (`:param password: The password to use.`, `@param token the caller's token`): a description
  if (DOC_FIELD_BEFORE.test(text.slice(Math.max(0, nameStart - 60), nameStart))) return null;
  // `${API_KEY:?must be set}`, `${DB_PASSWORD:-}`: a shell parameter expansion, not an assignment
  if (text.slice(Math.max(0, nameStart - 2), nameStart) === '${') return null;
  // inside a template expression (`{{ lookup('vault', 'secret=kv/app') }}`): code, not a value
  if (insideTemplate(text, match.index)) return null;
  // `read -p "Password: " PW`: a label inside a string; the quote after it closes that string
  const afterSeparator = match.index + match[0].length;
  const opened = afterSeparator < text.length ? text[afterSeparator]! : '';
  if ((opened === '"' || opened === "'") && !separator.includes(opened) && insideString(text, nameStart, opened)) return null;
  // psql's `PASSWORD :'new_password'`: a variable interpolated, not a value
  if (/^[ \t]+:$/.test(separator) && /["']/.test(opened)) return null;
  // a Lisp keyword argument after the name (`(auth-source-pick-first-password :host "h")`, `(:pw "x" :port 1)`): the next key, not a value
  if (/[ \t]:$/.test(separator) && /[A-Za-z]/.test(opened)) return null;
  const commaForm = separator.trimEnd().endsWith(',');
  let valueStart = match.index + match[0].length;
  // `"pwd", "description"`: a list, not a call or a name/value pair
  if (commaForm && !opensCall(text, nameStart) && !closesPair(text, nameStart, valueStart)) return null;
  // a Markdown label in bold (`**Password:** x`): the closing marks stand before the value
  const bold = /^(?:\*\*|__)[ \t]+(?=\S)/.exec(text.slice(valueStart, valueStart + 30));
  if (bold && /(?:\*\*|__)[A-Za-z]/.test(text.slice(Math.max(0, nameStart - 2), nameStart + 1))) valueStart += bold[0].length;
  // `{"pw": hashed}`: a quoted name and a bare identifier is code (a dict, an object literal), not a value
  if (/["']/.test(separator) && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*[ \t]*[,})\]]/.test(text.slice(valueStart, valueStart + 120)) && separator.trimEnd().endsWith(':')) return null;
  // `{ email, password: hashedPassword }`: an object literal's property set to a variable (a camelCase
  // identifier, letters only, then `,` or `}`) inside braces opened on the line: code, not a value
  if (separator.trimEnd() === ':' && OBJECT_PROPERTY_VARIABLE.test(text.slice(valueStart, valueStart + 120)) && lastIndexFrom(text, '{', nameStart, Math.max(lineBreakBefore(text, nameStart), nameStart - 2000)) !== -1) return null;
  // TypeScript's and Python's parameters (`password: BinaryLike,`, `token?: string | null)`): the name's type, no value
  if (separator.trimEnd().endsWith(':') && PARAMETER_TYPE.test(text.slice(valueStart, valueStart + 120))) return null;
  // `password: str = "x"`, `val token: String = "x"`: a type, then the value
  if (separator.trimEnd().endsWith(':')) {
    TYPE_ANNOTATION.lastIndex = valueStart;
    const annotation = TYPE_ANNOTATION.exec(text);
    if (annotation) valueStart += annotation[0].length;
  }
  const lineStart = startsLine(text, nameStart);
  return classedValue(text, name, valueStart, { quotedOnly: commaForm, toLineEnd: separator === '=' && lineStart, lineStart });
}

/**
 * Names that are no assignment in programs' output: `go test -v`'s `--- PASS: TestName (0.00s)`;
 * print_r's `[password:Cls:private] =>` (the visibility after the key); a DSN without
 * credentials (`dsn => mysql:host=db;dbname=app`, `DSN:postgres://db:5432/app`); a Go `%+v` field printed
 * empty (`{Password: Token: Verbose:true}`), whose "value" is the next field; RADIUS's
 * `CHAP-Password = 0x…` as radiusd -X and radclient print it: octets, the CHAP ident and the MD5
 * response, never the password; a program's or module's tag (`rlm_passwd: nfields: 3 keyfield …`
 * in radiusd -X, `passwd: …`) before a message whose first word is a label of its own.
 */
function testResultOrDumpKey(text: string, nameStart: number, name: string, valueStart: number): boolean {
  if (name === 'PASS' && /(?:^|\n)[ \t]*--- $/.test(text.slice(Math.max(0, nameStart - 40), nameStart))) return true;
  if (name === 'PASS' && testStatusLog(text, nameStart)) return true;
  if (/^pin$/i.test(name) && APT_PIN.test(text.slice(valueStart, valueStart + 10))) return true;
  if (text[nameStart - 1] === '[' && /^[^\]\s]{0,120}\] =>/.test(text.slice(valueStart, valueStart + 130))) return true;
  if (name === 'CHAP-Password' && CHAP_RESPONSE.test(text.slice(valueStart, valueStart + 140))) return true;
  if (PROGRAM_TAG.test(name) && LABEL_FIRST.test(text.slice(valueStart, valueStart + 50))) return true;
  // a prompt left unanswered (stdin not a terminal: no line break after it), then the program's next message led by its
  // own label: `Password: Error: Unable to establish LAN session`, `Enter passphrase: gpg: decryption failed`
  if (PROMPT_WORD.test(name) && text[valueStart - 2] === ':' && PROMPT_THEN_MESSAGE.test(text.slice(valueStart, valueStart + 160))) return true;
  if (/dsn$/i.test(name) && credentiallessDsn(/^[ \t]*["']?([^\s'"]{1,300})/.exec(text.slice(valueStart, valueStart + 310))?.[1] ?? '')) return true;
  if (/^[A-Z]\w*$/.test(name) && text[valueStart - 1] === ' ' && text[valueStart - 2] === ':' && /^[A-Z]\w{0,60}:/.test(text.slice(valueStart, valueStart + 64))) {
    const lineStart = lineBreakBefore(text, nameStart) + 1;
    return /\{(?:[A-Z]\w*:[^{}\n]*)?$/.test(text.slice(Math.max(lineStart, nameStart - 2000), nameStart));
  }
  return false;
}

/**
 * A test runner's status lines (DejaGnu, Automake, many harnesses): `PASS: gdb.base/x.exp: …`
 * among other lines led by a status word. One `PASS:` line alone is left to be judged as a value.
 */
function testStatusLog(text: string, nameStart: number): boolean {
  if (nameStart > 0 && text[nameStart - 1] !== '\n') return false;
  TEST_STATUS_LINE.lastIndex = 0;
  let lines = 0;
  while (TEST_STATUS_LINE.exec(text) !== null) if (++lines >= 2) return true;
  return false;
}

const PROMPT_WORD = /^(?:password|passphrase|passwd|pin)$/i;
/** A label (a program's name or `Error`) and its message of two words or more, to the line's end. */
const PROMPT_THEN_MESSAGE = /^[A-Za-z][\w.-]{0,30}:[ \t]+[A-Za-z][^\n:=]*?[ \t][A-Za-z][^\n]*(?:\n|$)/;
const TEST_STATUS_LINE = /^(?:PASS|FAIL|XFAIL|XPASS|KFAIL|KPASS|SKIP|UNSUPPORTED|UNTESTED|UNRESOLVED|ERROR): \S/gm;
/** APT's preferences: `Pin: release a=stable`, `Pin: version 5.36*`, `Pin: origin "deb.example.org"`. */
const APT_PIN = /^[ \t]*(?:release|version|origin)[ \t]/;

/** A type named after a parameter, then what follows a parameter in a signature: `BinaryLike,`, `Buffer | string)`, `KeyObject;`. */
const PARAMETER_TYPE = (() => {
  const generic = String.raw`(?:<[\w ,|<>[\]]{1,60}>)`;
  const single = String.raw`[A-Za-z][\w.]*`;
  const union = String.raw`(?:[ \t]*\|[ \t]*${single}${generic}?(?:\[\])?)`;
  // a compound type name (`BinaryLike`), or any name made a type by a generic, an array or a union (`Buffer[]`, `KeyLike | null`)
  const type = String.raw`(?:[A-Z][a-z]+(?:[A-Z][a-z]+)+${generic}?(?:\[\])?${union}{0,4}|${single}(?:${generic}|\[\])${union}{0,4}|${single}${union}{1,4})`;
  return new RegExp(String.raw`^${type}[ \t]*(?:[,);]|=>|$)`, 'm');
})();

/** What stands before a parameter's name in reST, Javadoc and JSDoc: `:param `, `:type `, `@param {string} `. */
const DOC_FIELD_BEFORE = /(?:^|[\s*])(?::(?:param|parameter|arg|argument|key|keyword|type|var|ivar|cvar)|@(?:param|arg|argument|property|prop))[ \t]+(?:\{[^{}\n]{1,60}\}[ \t]+|[\w.[\]|, ]{1,40}[ \t]+)?$/;

/** Octets as RADIUS tools print them: a CHAP-Password is 17 (ident and MD5), but radclient sends whatever hex it is given. */
const CHAP_RESPONSE = /^[ \t]*0x(?:[0-9a-fA-F]{2}){1,64}(?![\w-])/;
const PROGRAM_TAG = /^(?:[a-z][a-z0-9_]{0,30})?passwd$/;
const LABEL_FIRST = /^[ \t]*[a-z][a-z0-9_]{0,40}:(?:[ \t]|\r?\n|$)/;

/** A YAML block that points at a secret (External Secrets, Kubernetes `valueFrom`), up to three sibling lines before the name. */
const UNDER_A_REFERENCE = /\b(?:remoteRef|secretKeyRef|configMapKeyRef|secretRef|keyRef)[ \t]*:[ \t]*\r?\n(?:[ \t]+[^\n]*\n){0,3}[ \t]+(?:-[ \t]+)?$/;

/** The word before a bare `key` in a label (`Cache key:`, `VAPID public key:`): the key of a cache, or public by design. */
function labelOfAnotherKey(word: string): boolean {
  return LOOKUP_KEY_WORDS.has(word) || word === 'public' || word === 'publishable' || word === 'anon' || word === 'verification' || word === 'verifying';
}

/** `>-`, `|`, `|2+` then the line break (real or JSON-escaped) and the indentation of the next line. */
const YAML_BLOCK_SCALAR = /^[|>][-+]?[1-9]?[-+]?[ \t]*(?:\r?\n|\\r?\\n)[ \t]+(?=\S)/;

const YAML_SCALAR_TAG = /^!!?(?:str|string|binary)[ \t]+(?=\S)/;
const LITERAL_WRAPPER = /^(?:(?:String|SecretString|SecretBox|Secret|SecretStr|Zeroizing|Password|Box|Arc|Rc)::(?:from|new)|Some|SecretStr|SecretString|SecretBytes|Secret|Sensitive|String\.valueOf|new[ \t]+String|std::string|\[\]byte)\([ \t]*(?=\\?["'`])/;

const OBJECT_PROPERTY_VARIABLE = /^[a-z]+[A-Z][A-Za-z]*[ \t]*[,}]/;
const DEBUGGER_POINTER = /^0x[0-9a-fA-F]{4,16} (?=["'])/;

function classedValue(text: string, name: string, valueStart: number, options: ReadOptions = {}): ClassedSpan | null {
  const cls = classifyName(lastSegment(name));
  if (!cls) return null;
  // YAML: `*name` is an alias of another node; `&name value` anchors the value that follows
  if (text[valueStart] === '*' && /^\*[A-Za-z_][\w-]*(?:\s|$)/.test(text.slice(valueStart, valueStart + 80))) return null;
  const anchor = /^&[A-Za-z_][\w-]*[ \t]+/.exec(text.slice(valueStart, valueStart + 80));
  if (anchor) valueStart += anchor[0].length;
  // YAML's own tags before a scalar (`!!str x`, `!!binary <base64>`, a schema's `!str x`): the value follows
  const tag = YAML_SCALAR_TAG.exec(text.slice(valueStart, valueStart + 24));
  if (tag) valueStart += tag[0].length;
  // a debugger's print of a C string (gdb, lldb: `token = 0x5555555560a8 "x"`): the pointer, then the string it points at
  const pointer = DEBUGGER_POINTER.exec(text.slice(valueStart, valueStart + 24));
  if (pointer) valueStart += pointer[0].length;
  // a literal wrapped in a conversion (`String::from("x")`, `SecretStr("x")`, `new String("x")`): the literal is the value
  const wrapper = LITERAL_WRAPPER.exec(text.slice(valueStart, valueStart + 48));
  if (wrapper) {
    valueStart += wrapper[0].length;
    options = { ...options, quotedOnly: true };
  }
  // `<generate with: bin/rails secret>`: a placeholder in angle brackets, spaces and all
  if (text[valueStart] === '<' && /^<[^<>\n]{1,80}>/.test(text.slice(valueStart, valueStart + 90))) return null;
  // a YAML block scalar (`password: >-`, `token: |`): the value is on the next, more indented line
  const block = YAML_BLOCK_SCALAR.exec(text.slice(valueStart, valueStart + 200));
  if (block) {
    valueStart += block[0].length;
    options = { ...options, toLineEnd: true };
  }
  const value = readValue(text, valueStart, options);
  if (!value || value.code) return null;
  // an unquoted value that words follow on its line may be the first word of a phrase (`password = Mot de passe`)
  const lineEnd = text.slice(value.start, value.start + 300).search(/\r?\n|\\n/);
  const phrase = text.slice(value.start, lineEnd === -1 ? value.start + 300 : value.start + lineEnd);
  if (isNaturalLanguage(text.slice(value.start, value.end)) || (!value.literal && isNaturalLanguage(phrase))) return null;
  // `"pvkPassword": "Private key password 1"`: words that describe the value the name asks for, not the value
  if (value.literal && DESCRIPTION.test(text.slice(value.start, value.end)) && SECRET_WORD.test(text.slice(value.start, value.end))) return null;
  // `key = 'x', value = 'y'`: a pair's key, named beside its value
  if (cls === 'weak-key' && KEY_THEN_VALUE.test(text.slice(value.end, value.end + 40))) return null;
  // `psk: added checks for clang`, `--root-pin= but reads a hash`, `pwd=pwd`: a sentence or a variable of the same name
  if (!value.literal && (opensProse(phrase) || sameIdentifier(name, text.slice(value.start, value.end)))) return null;
  if (!value.literal && (assignedInCode(text, name, valueStart, value.end) || endsASentence(text, valueStart, value))) return null;
  // `token = _SEND_MESSAGE_TOKEN`, `lifetime=_DEFAULT_TOKEN_TTL_SECS`: a constant of the program, by its name
  if (!value.literal && CONSTANT_NAME.test(text.slice(value.start, value.end))) return null;
  return acceptable(text.slice(value.start, value.end), cls, { literal: value.literal, envLine: options.toLineEnd === true, placed: value.literal })
    ? { start: value.start, end: value.end, cls }
    : null;
}

const KEY_THEN_VALUE = /^\\?["']?[ \t]*,[ \t]*\\?["']?value\\?["']?[ \t]*[:=]/i;
/** Three words or more, digits among them, no symbols: a phrase. */
const DESCRIPTION = /^[A-Za-z][a-z]*(?:[ \t]+[A-Za-z0-9][a-z0-9]*){2,}$/;
const SECRET_WORD = /\b(?:password|passphrase|passcode|key|token|secret)\b/i;

/** An upper-case constant's name of three parts or more, private (`_X_Y_Z`) or naming a secret (`DEFAULT_TOKEN_TTL`). */
const CONSTANT_NAME = /^_[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}$|^(?=[A-Z0-9_]*(?:TOKEN|KEY|SECRET|PASS|CRED))[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}$/;

/**
 * A bare value in code's assignments: the name is one of a tuple's targets (`self.user, self.password = creds`)
 * or the value is itself a target of a chained one (`userid = passwd = acct = ''`).
 */
function assignedInCode(text: string, name: string, valueStart: number, valueEnd: number): boolean {
  if (/^[ \t]*=(?!=)/.test(text.slice(valueEnd, valueEnd + 8))) return true;
  const nameStart = text.lastIndexOf(name, valueStart);
  if (nameStart <= 0) return false;
  const lineStart = tupleTargetsStart(text, nameStart);
  return lineStart !== -1 && /^[ \t]*(?:[A-Za-z_][\w.]*[ \t]*,[ \t]*)+$/.test(text.slice(lineStart, nameStart));
}

/** How far back the other targets of a tuple assignment are looked for. */
const TUPLE_TARGETS_REACH = 1000;

/**
 * The start of the line before `nameStart` when all of it could be a tuple's other targets (names,
 * dots, commas, blanks) within TUPLE_TARGETS_REACH; else -1. The walk stops at the first other
 * character: on a long line it does not run to the line's start at every name.
 */
function tupleTargetsStart(text: string, nameStart: number): number {
  const from = Math.max(0, nameStart - TUPLE_TARGETS_REACH);
  for (let i = nameStart - 1; i >= from; i--) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) return i + 1;
    if (!isNameChar(code) && code !== 0x2c && code !== 0x20 && code !== 0x09) return -1;
  }
  return from === 0 ? 0 : -1;
}

/**
 * A lower-case word after a name and a space, then a full stop that ends the line: the last words
 * of a wrapped sentence (`… checking a key's\npassphrase straightforward.`), not a `key value` setting.
 */
function endsASentence(text: string, valueStart: number, value: Span): boolean {
  const before = text[valueStart - 1];
  if ((before !== ' ' && before !== '\t') || !/[A-Za-z]/.test(text.slice(valueStart - 2, valueStart - 1))) return false;
  return /^[a-z]+$/.test(text.slice(value.start, value.end)) && /^\.[ \t]*(?:\r?\n|$)/.test(text.slice(value.end, value.end + 4));
}

/** How far from a sensitive word the rarer forms can reach: an XML element's opening tag, a netrc host. */
const BEFORE_KEYWORD = 400;
const AFTER_KEYWORD = 800;

/**
 * The rarer forms all name the secret with a sensitive word, so they are looked for only around
 * the places the rule's keywords start (whole lines, merged where they meet); without those
 * places, in the whole text.
 */
function otherForms(text: string, allStarts: readonly number[] | undefined): ClassedSpan[] {
  if (!allStarts) return findOtherForms(text, formMarkersIn(text), headerWordStarts(text), text.includes('machine'));
  const spans: ClassedSpan[] = [];
  // the windows are those of the places not in a counting name (in order), each such place asked
  // about only where the answer can move a window: not once its window reaches the end of the text
  let index = 0;
  let done = 0;
  let passwords: number[] | null = null;
  for (;;) {
    while (index < allStarts.length && namesNoSecret(text, allStarts[index]!)) index += 1;
    if (index === allStarts.length) break;
    const from = Math.max(done, lineStartNear(text, Math.max(0, allStarts[index]! - BEFORE_KEYWORD)));
    let to = Math.min(text.length, allStarts[index]! + AFTER_KEYWORD);
    index += 1;
    while (index < allStarts.length && allStarts[index]! - BEFORE_KEYWORD <= to) {
      if (to < text.length && !namesNoSecret(text, allStarts[index]!)) to = Math.min(text.length, allStarts[index]! + AFTER_KEYWORD);
      index += 1;
    }
    const end = lineEndNear(text, to);
    done = end;
    const windowText = from === 0 && end === text.length ? text : text.slice(from, end);
    const found = formMarkersIn(windowText);
    const netrc = startsWithin((passwords ??= passwordsAndBlank(text, allStarts)), from, end - 9) && windowText.includes('machine');
    for (const span of findOtherForms(windowText, found, headerWordStartsWithin(text, allStarts, from, end, found.pins), netrc)) {
      spans.push({ start: span.start + from, end: span.end + from, cls: span.cls });
    }
  }
  return spans;
}

/**
 * Where `password` and a blank start: where NETRC's match ends (`machine` is looked for only near
 * one). Every place `pass` starts is among `starts`, the places of the assignment rules' keywords;
 * they are read once per text, not once per window (a text's windows can hold most of them).
 */
function passwordsAndBlank(text: string, starts: readonly number[]): number[] {
  const found: number[] = [];
  for (const at of starts) {
    if (text.charCodeAt(at) !== 0x70 || !text.startsWith('password', at)) continue;
    const after = text.charCodeAt(at + 8);
    if (after === 0x20 || after === 0x09) found.push(at);
  }
  return found;
}

/** One of `sorted` in `[from, last]`. */
function startsWithin(sorted: readonly number[], from: number, last: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low]! <= last;
}

/**
 * The keyword is inside a name that names no secret, nor does any part of it a form reads as a
 * name: one whose last word says it counts or describes (`input_tokens`, `token_type`,
 * `keyCount`), or one the keyword is only part of a word of (`bypassPermissions`, `keybindings`,
 * `Co-Authored-By`: most hits of the common keywords). A form's name is the name around one of its
 * keywords (the run of name characters), or that run's last segment after a `.` or `-` (a setter's
 * `cache.setToken(`, an indexed `cfg.api_key[0] =`), that after the `set` or `with` it starts with
 * (SETTER_CALLS); classifyName remembers each.
 */
/** A name's character, letters of other scripts too (`contraseña`, `пароль`: the password words of secret-words.ts). */
function nameCharOfAnyScript(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return isNameChar(code) || (code > 127 && /\p{L}/u.test(text[at]!));
}

function namesNoSecret(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && at - start < 60 && nameCharOfAnyScript(text, start - 1)) start -= 1;
  let end = at;
  while (end < text.length && end - at < 60 && nameCharOfAnyScript(text, end)) end += 1;
  const name = text.slice(start, end);
  if (classifyName(name) !== null) return false;
  const segment = name.slice(Math.max(name.lastIndexOf('.'), name.lastIndexOf('-')) + 1);
  if (segment !== name && segment !== '' && classifyName(segment) !== null) return false;
  if (segment.startsWith('set') && segment.length > 3 && classifyName(segment.slice(3)) !== null) return false;
  return !(segment.startsWith('with') && segment.length > 4 && classifyName(segment.slice(4)) !== null);
}

/**
 * Windows are widened to whole lines, but never by more than LINE_SLACK characters: on one huge
 * line (minified code, a pasted blob) each window must stay small, or the work grows with the
 * square of the line.
 */
const LINE_SLACK = 400;

function lineStartNear(text: string, at: number): number {
  return lineStartWithin(text, at, LINE_SLACK) ?? at;
}

// (both search a slice: the built-in search is faster than a loop over characters, and the slice
// keeps it from running on through a long line)
function lineEndNear(text: string, at: number): number {
  const limit = Math.min(text.length, at + LINE_SLACK);
  const newline = at < limit ? text.slice(at, limit).indexOf('\n') : -1;
  return newline === -1 ? limit : at + newline;
}

const SHORT_WALK = 48;

/** The start of the line holding `at`, if it is at most `slack` characters back. */
function lineStartWithin(text: string, at: number, slack: number): number | null {
  const from = Math.max(0, at - slack);
  // most lines are short: their start is found by a walk of a few characters back, with no slice
  const near = Math.max(from, at - SHORT_WALK);
  for (let i = at - 1; i >= near; i--) if (text.charCodeAt(i) === 0x0a) return i + 1;
  if (near === from) return from === 0 ? 0 : null;
  const newline = from < at ? text.slice(from, at).lastIndexOf('\n') : -1;
  if (newline !== -1) return from + newline + 1;
  return from === 0 ? 0 : null;
}

/** XML elements and attribute pairs, name/value lists, Dockerfile ENV, .netrc: each only when its marker is in the text. */
function findOtherForms(text: string, found: FoundMarkers, headerWords: readonly number[], netrc: boolean): ClassedSpan[] {
  const spans: ClassedSpan[] = [];
  const markers = found.markers;
  const has = (marker: number) => (markers & marker) !== 0;
  const push = (span: ClassedSpan | null) => {
    if (span) spans.push(span);
  };
  if (has(Marker.closingTag)) xmlElements(text, spans, found.closings);
  // (`value=` and the lists' markers are read where `value` starts, any case: found with the other markers)
  const valueAttribute = has(Marker.value) && markedValue(text, found.values, (window, at) => window.startsWith('value=', at) || window.startsWith('value =', at));
  if (valueAttribute || has(Marker.content)) {
    XML_ATTRIBUTE_PAIR.lastIndex = 0;
    for (let match = XML_ATTRIBUTE_PAIR.exec(text); match; match = XML_ATTRIBUTE_PAIR.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length, { quotedOnly: true }));
  }
  if (valueAttribute) {
    XML_VALUE_ELEMENT.lastIndex = 0;
    for (let match = XML_VALUE_ELEMENT.exec(text); match; match = XML_VALUE_ELEMENT.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length, { quotedOnly: true }));
  }
  NAME_VALUE_PAIRS.forEach(({ marker, pattern }) => {
    if (!has(Marker.value) || !markedValue(text, found.values, marker)) return;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length));
  });
  if (has(Marker.variable) && text.includes('default')) {
    TERRAFORM_VARIABLE.lastIndex = 0;
    for (let match = TERRAFORM_VARIABLE.exec(text); match; match = TERRAFORM_VARIABLE.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length, { quotedOnly: true }));
  }
  if (has(Marker.cdata)) {
    CDATA_ELEMENT.lastIndex = 0;
    for (let match = CDATA_ELEMENT.exec(text); match; match = CDATA_ELEMENT.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].indexOf('<![CDATA[') + 9, { toLineEnd: false }));
  }
  if (has(Marker.var) || has(Marker.const)) goDeclarations(text, found.declarations, push);
  for (const { marker, pattern } of TYPED_DECLARATIONS) {
    if (!has(marker)) continue;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length, { quotedOnly: true }));
  }
  if (has(Marker.item)) {
    POWERSHELL_ENV_ITEM.lastIndex = 0;
    for (let match = POWERSHELL_ENV_ITEM.exec(text); match; match = POWERSHELL_ENV_ITEM.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length));
  }
  if (has(Marker.atomPair)) {
    ATOM_TUPLE.lastIndex = 0;
    for (let match = ATOM_TUPLE.exec(text); match; match = ATOM_TUPLE.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length, { quotedOnly: true }));
  }
  if (has(Marker.setx)) {
    SETX.lastIndex = 0;
    for (let match = SETX.exec(text); match; match = SETX.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length));
  }
  tableColumns(text, spans, headerWords);
  if (has(Marker.setDash)) {
    FISH_SET.lastIndex = 0;
    for (let match = FISH_SET.exec(text); match; match = FISH_SET.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length - match[2]!.length, { toLineEnd: true }));
  }
  // a call given a literal: `("`, `('`, or JSON-escaped `(\"`
  if (has(Marker.call) && setterNamesASecret(text)) {
    for (const pattern of SETTER_CALLS) {
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length, { quotedOnly: true }));
    }
  }
  if (has(Marker.env) || has(Marker.arg)) {
    DOCKER_ENV.lastIndex = 0;
    for (let match = DOCKER_ENV.exec(text); match; match = DOCKER_ENV.exec(text)) {
      if (startsInstruction(text, match.index)) push(classedValue(text, match[1]!, match.index + match[0].length - match[2]!.length));
    }
  }
  if (has(Marker.plistKey)) {
    PLIST_PAIR.lastIndex = 0;
    for (let match = PLIST_PAIR.exec(text); match; match = PLIST_PAIR.exec(text)) push(classedValue(text, match[1]!, match.index + match[0].length - match[2]!.length - '</string>'.length, { quotedOnly: false }));
  }
  if (netrc) {
    NETRC.lastIndex = 0;
    for (let match = NETRC.exec(text); match; match = NETRC.exec(text)) {
      const start = match.index + match[0].length - match[1]!.length;
      const value = match[1]!;
      if (acceptable(value, 'password', { literal: true })) spans.push({ start, end: start + value.length, cls: 'password' });
    }
  }
  return spans;
}

/** The matches a search of the text for GO_DECLARATION_AT would find, read at the places one can start (in order). */
function goDeclarations(text: string, declarations: readonly number[], push: (span: ClassedSpan | null) => void): void {
  let searchedTo = 0;
  for (const at of declarations) {
    if (at < searchedTo) continue;
    GO_DECLARATION_AT.lastIndex = at;
    const match = GO_DECLARATION_AT.exec(text);
    if (!match) continue;
    searchedTo = at + match[0].length;
    push(classedValue(text, match[1]!, searchedTo, { quotedOnly: true }));
  }
}

/** The longest stretch an XML element with a secret can take before its closing tag. */
const XML_WINDOW = 800;
/** A closing tag; its name in any script (`</contraseña>`, `</пароль>`), as the password words of secret-words.ts are. */
const XML_CLOSE = /<\/(\p{L}[\p{L}\p{N}_.-]{0,60})>/uy;
const KEYED_ELEMENTS = new Set(['entry', 'property', 'setting', 'add', 'param', 'parameter', 'var', 'variable']);

/**
 * `<dbPassword>x</dbPassword>` and `<entry key="db.password">x</entry>`. Closing tags are read
 * first, at each `</` (`closings`, found with the forms' markers; a closing tag holds no other `<`,
 * so these are the places a search of the text finds them): only before one whose element can hold
 * a secret is the element read.
 */
function xmlElements(text: string, spans: ClassedSpan[], closings: readonly number[]): void {
  for (const at of closings) {
    XML_CLOSE.lastIndex = at;
    const close = XML_CLOSE.exec(text);
    if (!close) continue;
    const tag = close[1]!;
    const keyed = KEYED_ELEMENTS.has(tag.toLowerCase());
    if (!keyed && !classifyName(tag)) continue;
    const end = close.index + close[0].length;
    const from = Math.max(0, end - XML_WINDOW);
    const window = text.slice(from, end);
    const pattern = keyed ? XML_KEYED_ELEMENT : XML_TAG;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
      if (from + match.index + match[0].length !== end) continue;
      const name = keyed ? lastSegment(match[2]!) : match[1]!;
      const value = keyed ? match[3]! : match[2]!;
      const cls = classifyName(name);
      const valueStart = end - match[1]!.length - 3 - value.length;
      if (cls && acceptable(value.trim(), cls, { literal: true, placed: true })) spans.push({ start: valueStart, end: valueStart + value.length, cls });
    }
  }
}

/** `/prod/db/password` and `db.password` are named by their last part when the whole is not a name. */
function lastSegment(name: string): string {
  const slash = name.lastIndexOf('/');
  return slash === -1 ? name : name.slice(slash + 1);
}

/** A Dockerfile instruction starts a line, also in JSON-escaped text (after `\n`). */
function startsInstruction(text: string, index: number): boolean {
  const before = text[index - 1];
  return before === undefined || !/[A-Za-z0-9_]/.test(before) || (before === 'n' && text[index - 2] === '\\');
}

/** `f("NAME", ...`: the quoted name is a call's first argument. */
function opensCall(text: string, nameStart: number): boolean {
  let at = nameStart - 1;
  while (at >= 0 && (text[at] === '"' || text[at] === "'" || text[at] === '\\')) at -= 1;
  while (at >= 0 && (text[at] === ' ' || text[at] === '\t')) at -= 1;
  return text[at] === '(';
}

/** `[["reset_password_token", "x"], …]` (Rails' SQL binds): a bracket opens before the name and closes after the quoted value. */
function closesPair(text: string, nameStart: number, valueStart: number): boolean {
  let at = nameStart - 1;
  while (at >= 0 && (text[at] === '"' || text[at] === "'" || text[at] === '\\')) at -= 1;
  if (text[at] !== '[') return false;
  const pair = QUOTED_THEN_BRACKET.exec(text.slice(valueStart, valueStart + 400));
  // `["password", "password_confirmation"]`: a list of field names, not a name and its value
  return pair !== null && !/^[a-z_]+$/.test(pair[2]!);
}
const QUOTED_THEN_BRACKET = /^(\\{0,3}["'])([^"'\n]{1,300})\1[ \t]*\]/;

/** An env-file line: the name starts the line, maybe after `export ` / `set `. */
function startsLine(text: string, index: number): boolean {
  let at = index;
  const prefix = /(?:export|set|setenv)[ \t]+$/.exec(text.slice(Math.max(0, at - 12), at));
  if (prefix) at -= prefix[0].length;
  // what a viewer puts before a file's line: a diff's `+`/`-`/` `, a `cat -n` number
  const decoration = LINE_DECORATION.exec(text.slice(Math.max(0, at - 12), at));
  if (decoration) at -= decoration[0].length;
  const before = text[at - 1];
  return before === undefined || before === '\n' || (before === 'n' && text[at - 2] === '\\');
}

/** A line's prefix in a diff (`+`, `-`, a space) or a numbered view (`  12→`, `  12\t`). */
const LINE_DECORATION = /(?:[+\- ]|[ \t]*\d{1,7}(?:→|\t|\\t))$/;

interface ReadOptions {
  /** only a quoted value counts (`setenv("X", value)` passes a variable) */
  quotedOnly?: boolean;
  /** an unquoted env-file value runs to the end of the line, punctuation and all */
  toLineEnd?: boolean;
  /** the name starts its line (`password: x`, `bindpw x`): a `&` inside the one token that ends the line is the value's */
  lineStart?: boolean;
}

/** Words that start code, not a literal: `password = await prompt(...)`, `token = new Token()`. */
const CODE_WORDS = /^(?:try[!?]?|await|new|yield|async|function|lambda|fn|require|import|input|prompt|getpass|readline|this|self|None|nil|null|undefined|true|false|not|typeof|sizeof|len|str|string|int|bytes|if|else|return|var|let|const)$/;

/** An operator after a bare value: Lua's `..` (concatenation), a comparison (`#pw > 0 and pw`). */
const OPERATOR_AFTER = /^[ \t]+(?:\.\.|[<>]=?|[=~!]=)[ \t]/;
/** A method or a field's function (`secrets:get`, `vault.read`) given a string or a table without parentheses (Lua: `secrets:get "db"`). */
const CALLED_PATH = /^[A-Za-z_]\w*(?:[.:][A-Za-z_]\w*)+$/;

/** Is a bare value an operand of an expression, not a literal? */
function operandOfCode(value: string, after: string): boolean {
  return OPERATOR_AFTER.test(after) || (CALLED_PATH.test(value) && /^[ \t]?["'{]/.test(after));
}

/** Reads a quoted (also JSON-escaped) or bare value that starts at `start`. */
/** The longest value read as one: a longer token is still taken whole (a 600-character token cut at 500 would leave its tail). */
const MAX_VALUE_CHARS = 8192;

function readValue(text: string, start: number, options: ReadOptions = {}): (Span & { code: boolean; literal: boolean }) | null {
  // Python's bytes and raw strings: `b'\x1a\x2f…'`, `rb"…"` (not f-strings: those are computed)
  const stringPrefix = /^(?:[bBrRuU]|[bB][rR]|[rR][bB])(?=\\{0,3}["'])/.exec(text.slice(start, start + 6));
  if (stringPrefix) start += stringPrefix[0].length;
  const rest = text.slice(start, start + MAX_VALUE_CHARS + 16);
  // Python's `"""x"""` and `'''x'''`
  const triple = /^("""|''')([^\n]{1,2000}?)\1/.exec(rest);
  if (triple) return { start: start + 3, end: start + 3 + triple[2]!.length, code: false, literal: true };
  const quoted = /^(\\{0,3})(["'`])/.exec(rest);
  if (quoted) {
    const open = quoted[0];
    const bodyStart = start + open.length;
    const escapedQuote = quoted[1]!.length > 0;
    const quote = quoted[2]!;
    let i = bodyStart;
    const limit = Math.min(text.length, bodyStart + MAX_VALUE_CHARS);
    for (; i < limit; i++) {
      const char = text[i]!;
      if (escapedQuote) {
        if (char === '\\' && text.startsWith(open, i)) break;
      } else if (char === '\\') {
        i += 1;
      } else if (char === quote) {
        break;
      }
      if (char === '\n') return null;
    }
    if (i >= limit || i === bodyStart) return null;
    // backticks run a command in shell, make, just, Ruby and Perl (`cat ~/.token`), and a JS
    // template with `${…}` is computed: only a one-word body (a Go raw string, a plain JS template) is a literal
    const computed = quote === '`' && /\s|\$\{/.test(text.slice(bodyStart, i));
    return { start: bodyStart, end: i, code: computed, literal: !computed };
  }
  if (options.quotedOnly) return null;
  // ODBC quotes a value holding `;` in braces: `Pwd={a;b};`
  const braced = text[start - 1] === '=' ? /^\{([^{}\n]{1,300})\}(?=;|\\?["']|$)/.exec(rest) : null;
  if (braced && !rest.startsWith('{{') && !/^[A-Za-z_][\w.-]*$/.test(braced[1]!)) return { start: start + 1, end: start + 1 + braced[1]!.length, code: false, literal: true };
  // roff's escaped hyphen (`\-`) stays inside a bare value, not at its start (`--password= \-\-next`): a man page's `--secret=projects/my\-project/…` is one value
  let bare = (options.toLineEnd ? /^[^\s"'`\\]{1,8192}/ : /^[^\s,;'"`\\<>(){}[\]|&](?:[^\s,;'"`\\<>(){}[\]|&]|\\-){0,8191}/).exec(rest);
  if (!bare) return null;
  // a query string's `&` splits `a=x&b=y`; a setting alone on its line has no second pair
  if (options.lineStart && rest[bare[0].length] === '&') bare = /^[^\s,;'"`\\<>(){}[\]|]{1,8192}(?=[ \t]*(?:\r?\n|$))/.exec(rest) ?? bare;
  // YAML/INI trailing comments and punctuation (`token=X, right?`) are not part of the value.
  const cut = bare[0].replace(/[.,;:]+$/, '');
  if (cut.length === 0) return null;
  // a password holding `<`, `&`, a quote, … goes on past where the grammar stopped
  const value = text.slice(start, continuedValueEnd(text, start, start + cut.length));
  const next = text[start + value.length];
  // `readPassword(os.Stdin)`, `form["pw"]`, `await ...`: code that computes the value, not the value
  const code = (!options.toLineEnd && (next === '(' || next === '[' || operandOfCode(value, text.slice(start + value.length, start + value.length + 8)))) || CODE_WORDS.test(value) || (options.toLineEnd === true && opensGroup(text, start));
  return { start, end: start + value.length, code, literal: options.toLineEnd === true };
}

interface ValueContext {
  /** quoted, an env-file line or an element's text: a string as written, never an expression */
  literal?: boolean;
  /** `NAME=value` at the start of a line: a settings file, where a `*_KEY` holding a hex string is a key */
  envLine?: boolean;
  /** right after its name (quoted, an env line, an element's text), not a cell of a table that may be cut: the policy's rule 1 reads it */
  placed?: boolean;
}

/** `x=(a, b)`, `ARR=(one two)`: a tuple or a shell array on the line, not a value written out. */
function opensGroup(text: string, start: number): boolean {
  const open = text[start];
  const close = open === '(' ? ')' : open === '[' ? ']' : open === '{' ? '}' : null;
  if (!close) return false;
  return text.slice(start + 1, lineEndNear(text, start)).includes(close);
}

/**
 * Is `value` a secret of the class `cls` where it stands? The same values come back (one pass
 * over the fixtures asks 142 times about 16), so verdicts are remembered by the value, the class
 * and the context's flags (judgeValue is a pure function of them).
 */
function acceptable(value: string, cls: NameClass, context: ValueContext = {}): boolean {
  const place = `${cls}${context.literal === true ? 'L' : ''}${context.envLine === true ? 'E' : ''}${context.placed === true ? 'P' : ''}`;
  const key = `${place}\u0000${value}`;
  return valueVerdicts.get(key) ?? valueVerdicts.set(key, judgeValue(value, cls, context));
}

const valueVerdicts = new VerdictMemo();

function judgeValue(value: string, cls: NameClass, context: ValueContext): boolean {
  // `\/run\/secrets\/key.pem`: JSON that escapes its slashes (PHP's json_encode), judged as written unescaped
  if (value.includes('\\/')) return acceptable(value.replaceAll('\\/', '/'), cls, context);
  // roff escapes a man page's hyphens (`projects/my\-project/secrets/x`): judged as the page reads
  if (value.includes('\\-')) return acceptable(value.replaceAll('\\-', '-'), cls, context);
  // a string shown with its quotes inside another (`'"__my_variable__"'`): judged without them
  const requoted = /^(["'`])([^"'`]+)\1$/.exec(value);
  if (requoted) return acceptable(requoted[2]!, cls, context);
  // a regular expression's source (`r'(?:[%s]+|%s)'`, `'[^\W\d]\w*'`): a pattern, not a secret
  if (REGEX_SOURCE.test(value)) return false;
  // `auth="Bearer YOUR_TOKEN_HERE"`: the scheme says how the credential is sent; what follows it is judged
  const schemed = /^(?:Bearer|Basic|Token)[ \t]+(\S+)$/.exec(value);
  if (schemed) return acceptable(schemed[1]!, cls, context);
  // a Kubernetes Secret's `data:` value is base64: `Y2hhbmdlbWU=` is `changeme`, judged as such
  const decoded = decodedBase64Text(value);
  if (decoded !== null && !acceptable(decoded, cls, context)) return false;
  if (value.length === 0 || /^(?:true|false|null|none|nil|undefined|yes|no|on|off|required|optional|string|str|int|bool|boolean|object|any|bytes|secretstr)$/i.test(value)) return false;
  // GraphQL and schema types: `password: String!`, `tokens: [ID!]!`
  if (/^\[?(?:String|Int|Float|Boolean|ID|Secret|Password|Token)!?\]?!?$/.test(value)) return false;
  // a label in another language (`api_key: API-Schlüssel`): letters and hyphens of an alphabet beyond ASCII
  if (cls !== 'password' && /[^\x00-\x7f]/.test(value) && /^[\p{L}][\p{L} '’-]*$/u.test(value)) return false;
  if (/^[-+]?\d{1,6}$/.test(value)) return false; // counts, ports, limits
  // an IPv6 address, maybe after a mode (systemd's `Token=static:::1a:2b`), a standard (`RFC 2518`), a man page's underlined
  // names of what goes there (`_attribute_=_value_`), ranges of escaped characters (a character class, a Unicode table)
  if (IPV6_ADDRESS.test(value) || STANDARD.test(value) || UNDERLINED_NAMES.test(value) || ESCAPED_RANGES.test(value)) return false;
  // `password => 'utf8'`, `secret: aes-256-gcm`: how a secret is read, kept or made, never one
  if (isTechnicalName(value)) return false;
  if (/^v?\d+(?:\.\d+)+$/.test(value)) return false; // versions (`pin: 3.11`)
  if (/^(?:[A-Z][A-Z0-9_]*|[a-z][A-Za-z0-9_.]*)=$/.test(value)) return false; // `the secret: JWT_SECRET=…`, `password= scmVersion=`: a name about to be assigned
  const reference = isReference(value, context.literal === true);
  // a YAML tag (`!vault |`, `!Ref Param`, `!secret db_password`): encrypted or a reference
  if (!context.envLine && /^![A-Za-z]/.test(value)) return false;
  if (cls === 'password') {
    if (value.length < 3 || isPlaceholder(value)) return false;
    if (/^(?:\*+|x+|•+|\.+|-+)$/i.test(value)) return false;
    // `password below:`, `token attached`: a word that points at the value or says what became of it
    if (POINTER_OR_STATE.test(value)) return false;
    // `/run/secrets/db_password`, `./password.txt` (kubectl's `--from-file=password=./password.txt`): where it is kept;
    // `PWD=/app` in an `env` dump: the shell's working directory, a folder of one lower-case word
    if (/^(?:~|\.{1,2})?\/[\w.-]+(?:\/[\w.-]+)+$|^(?:~|\.{1,2})\/[\w.-]+$|^\/[a-z][a-z0-9._-]*\/?$/.test(value)) return false;
    return !isShielded(value, undefined) && !isHiddenWord(value) && !/^(?:password|passwd|changeme|change_me|secret|example|placeholder|dummy|\.\.\.|…|not[-_ ]?set|hidden|masked|redacted|define|undef|postgres|root|admin|guest|mysql|mariadb|redis|rabbitmq|minioadmin|oracle|env|file|stdin|prompt|wrong|correct[ -]?horse[ -]?battery[ -]?staple|foo|bar|baz|qux|quux|foobar|whatever|see|n\/a|tbd|unknown|empty|blank|same|ask|various|random|generated|auto)$/i.test(value) && !/^(?:\$\w|\{\{|\$\{|%\w+%|<[^>]+>$)/.test(value) && !reference;
  }
  // the policy's rule 1 (README, "What counts as a secret"): a short literal in a secret's place (`"private_key": "ember73"`) is the secret
  if (cls === 'secret' && context.placed === true && value.length < 8 && !reference) return secretInPlace(value);
  if (value.length < 8 || reference) return false;
  // `prod/billing-api/postgres`: the path of an entry in a secret store (ExternalSecret's `remoteRef.key`)
  if (STORE_PATH.test(value)) return false;
  if (cls === 'secret') return !isShielded(value, 'values') && shannonEntropy(value) >= 2.5;
  // a long value of letters alone (`CFBundleIdentifier`) is a name; a generated key has digits or symbols
  if (isCompositeKey(value)) return false;
  return value.length >= 16 && /[\d+/=_-]/.test(value) && shannonEntropy(value) >= 3.0 && !isShielded(value, context.envLine ? 'values' : 'identifiers');
}

/** `::1a:2b:3c:4d`, `prefixstable:2002:da8:1::`: groups of hex that `::` compresses (a fingerprint's colons never touch), or after a mode's word (where a value's reading may stop before `::`). */
const IPV6_ADDRESS = /^(?:[a-z]{2,20}:)?(?=[0-9a-f:]*::)(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}$|^[a-z]{5,20}:(?:[0-9a-f]{1,4}:){2,6}[0-9a-f]{1,4}$/i;
const STANDARD = /^RFC[ -]?\d{2,5}$/;
const UNDERLINED_NAMES = /^_[a-z][a-z0-9]*_(?:[=:,./-]+_[a-z][a-z0-9]*_)*(?:\.\.\.)?$/i;
const CODE_POINT_ESCAPE = String.raw`\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})`;
/** Three ranges of escaped code points (`\u02c2-\u02c5`): random bytes escaped (`b'\x8f\xa3…'`) seldom put a hyphen between two. */
const ESCAPED_RANGES = new RegExp(String.raw`(?:${CODE_POINT_ESCAPE}-${CODE_POINT_ESCAPE}[\s\S]*?){3}`);

/** A group's or a class's escape that only regular expressions write: `(?:`, `(?=`, `\w*`, `\d+`. */
const REGEX_SOURCE = /\(\?(?:[:=!]|<[=!])|\\[wdsWDS][*+?]/;

const POINTER_OR_STATE = /^(?:below|above|here|there|follows|following|attached|enclosed|inline|beneath|underneath|later|pending|missing|rotated|expired|revoked|changed|reset|updated|unchanged|removed|incoming|sent|shared)[:.]?$/i;

/** Three or more lower-case words (hyphens and underscores allowed) split by slashes. */
const STORE_PATH = /^[a-z]{2,24}(?:[-_][a-z0-9]{1,24}){0,4}(?:\/[a-z]{2,24}(?:[-_][a-z0-9]{1,24}){0,4}){2,}$/;

/** `user:48211:profile:v3`, `tenant/42/settings`: a cache or lookup key built of words and numbers. */
function isCompositeKey(value: string): boolean {
  const segments = value.split(/[:/|#]/);
  return segments.length >= 3 && segments.every((segment) => /^(?:[A-Za-z]{1,16}|\d{1,12}|v\d{1,3}|\*)$/.test(segment));
}

/**
 * `os.environ["X"]`, `process.env.X`, `getSecret()`, `vault:path`, `arn:aws:...`: pointers to
 * secrets. A bare `self.api_key` is attribute access too, but a quoted `"amber.lake.heron42"`
 * or an env-file value is a string as written.
 */
/** `$pw = ConvertTo-SecureString …`, `$t = Get-Secret …`: a PowerShell cmdlet call (an approved verb, a dash, a noun). */
const POWERSHELL_CMDLET = /^(?:Get|Set|New|Read|Convert(?:To|From)|Invoke|Import|Export|Add|Test|Select|Join|Unprotect|Protect|Resolve|Find|Request|Receive)-[A-Z][A-Za-z]+$/;

function isReference(value: string, literal: boolean): boolean {
  return /^(?:process\.env|os\.environ|os\.getenv|env\(|ENV\[|System\.getenv|config\.|settings\.|secrets\.|vault:|arn:aws|projects\/[^/]+\/secrets|ref\+|(?:\{\{)?resolve:(?:secretsmanager|ssm|ssm-secure):|env:[A-Za-z_]\w*$|@Microsoft\.KeyVault\(|(?:kv|secret|secrets)\/[\w.-]+\/[\w./:-]*$|op:\/\/|sm:\/\/|gcp-sm:\/\/|azure-kv:\/\/|awssm:\/\/|(?:ssm|ssm-secure|secretsmanager|aws-sm|gsm|azkv|keyvault):\/?[\w.-]+\/[\w./#:-]*$|\$[({A-Za-z_]|[A-Za-z_][\w.]*\([^()]*\)$)/i.test(value)
    || (!literal && /^[a-z_]+\d{0,2}(?:\.[a-z_]+\d{0,2})+[!?]?$/i.test(value))
    || (!literal && POWERSHELL_CMDLET.test(value));
}

/** The field-aware pass: is `value`, held under the JSON key `name`, a secret by its name alone? */
export function sensitiveValue(name: string, value: string): boolean {
  const cls = classifyName(name);
  return cls !== null && !isNaturalLanguage(value) && acceptable(value, cls, { literal: true });
}
