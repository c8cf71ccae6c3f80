/**
 * One detector for a secret-shaped value next to a secret's name, in any print format a program
 * chooses: `password: x`, `$ password: chr "x"`, `password -> x`, `password │ x`, `(password "x")`,
 * `:password "x"`, `password => x`, `{password, <<"x">>}`, `Password .......: x`, `PASS x`,
 * `password is x`, or the name alone on its line and the value first on the next. The name is
 * judged as the assignment family judges names (`classifyName`: any case style, joined, dashed,
 * prefixed or suffixed, the password word of ~80 languages); the separator may be any run of
 * blanks, punctuation, arrows, box drawing, quotes and a printer's type tag; the value is judged
 * from itself alone (value-judge.ts), since the format says nothing. Where a specific rule finds
 * the same value, the engine keeps the specific rule's id (this rule is shielded: rank 0).
 */
import type { Rule, Span } from '../types.js';
import { FOREIGN_PASSWORD_NAME_SPELLINGS } from '../secret-words.js';
import { randomSecretShaped, secretInPlace, secretShaped } from '../value-judge.js';
import { classifyName, LOOKUP_KEY_WORDS, type NameClass } from './assignment.js';

const MAX_NAME = 60;
/** How far after the name its value may start (separator, tags, quotes). */
const MAX_SEPARATOR = 40;
const MAX_VALUE = 256;

function isNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45 || code === 46 ||
    (code > 127 && /[\p{L}\p{N}\p{M}]/u.test(String.fromCharCode(code)))
  );
}

/** The name around a keyword hit: [start, end), no further than MAX_NAME either way; `.`/`-` at its ends left out. */
function nameAround(text: string, at: number): [number, number] | undefined {
  let start = at;
  while (start > 0 && isNameChar(text.charCodeAt(start - 1))) if (at - --start > MAX_NAME) return undefined;
  let end = at;
  while (end < text.length && isNameChar(text.charCodeAt(end))) if (++end - at > MAX_NAME) return undefined;
  while (end > start && (text[end - 1] === '.' || text[end - 1] === '-')) end--;
  while (start < end && (text[start] === '.' || text[start] === '-')) start++;
  return start < end ? [start, end] : undefined;
}

/** A name's second word after one blank: `API key`, `Access token`, `root password`. */
const SECOND_WORD = /[ \t](?:key|token|secret|password|passphrase|pass|credentials?)\b/iy;

const BLANK = /[ \t]/;
/** Characters a separator is made of: blanks, punctuation that is no operator of a value, arrows, box drawing. */
const SEPARATOR_CHAR = /[ \t:=\-><|~,;.*#·•\u2190-\u21ff\u2500-\u257f\u27f0-\u27ff\u2794\u279c\u27a1]/;
const ASCII_SEPARATOR = Uint8Array.from({ length: 128 }, (_, code) => (SEPARATOR_CHAR.test(String.fromCharCode(code)) ? 1 : 0));
/** What a separator must not be: a comparison, a call, an index, a member access, a path step. */
const FORBIDDEN_AFTER_NAME = /[([/@$%&+?!^]/;
const COMPARISON = /==|!=|<=|>=|=~|!~|<>/;
const OPENING_QUOTE: Readonly<Record<string, string>> = { '"': '"', "'": "'", '`': '`', '«': '»', '“': '”', '‘': '’', '„': '“' };
/**
 * A printer's type tag or wrapper before the value: R's `chr`, Python's `str`/`b"…"`, Rust's
 * `String("…")`/`Some(…)`, Haskell's `Just`, Racket's `#<string …>`, Erlang's `<<"…">>`, R's `[1]`.
 */
const TYPE_TAG = /(?:chr|str|string|String|Str|Text|text|bytes|Some|Just|Ok|Secret|SecretString|SecureString|Sensitive|Value|Box|Arc|Rc|Cow|Optional|char\*|\[\d{1,3}\]|#<string|#<bytes|<<)(?=[ \t("'<[]|$)|[bBuUrR](?=["'])|#(?=")|@(?=")/y;
/** The characters a type tag starts with (TYPE_TAG), for one look before the expression is tried. */
const TAG_START = Uint8Array.from({ length: 128 }, (_, code) => ('cCsSTtbBOoJjVvAaRrUu#<[@'.includes(String.fromCharCode(code)) ? 1 : 0));
/** Prose between a name and its value: `password is x`, `token was x`, `password set to x`. */
const CONNECTOR = /(?:is|was|are|set to|reads|equals)[ \t]+/iy;

interface Located {
  start: number;
  end: number;
  /** In a secret's place beyond doubt (quoted, after an assignment's operator, a CLI flag's value): the policy's rule 1 judges it. */
  placed?: boolean;
}

/** Skips a separator from `at`: the position where a value may start, or -1. */
function skipSeparator(text: string, at: number, limit: number): number {
  let i = at;
  let tags = 0;
  let connectors = 0;
  while (i < limit) {
    const char = text[i]!;
    if (char === '\\' && (text[i + 1] === '"' || text[i + 1] === "'")) {
      // an escaped quote (JSON inside a string): a closing one goes with the separator
      if (i === at) {
        i += 2;
        continue;
      }
      return i;
    }
    const code = text.charCodeAt(i);
    if (code < 128 ? ASCII_SEPARATOR[code] === 1 : SEPARATOR_CHAR.test(char)) {
      i++;
      continue;
    }
    if (char === '"' || char === "'" || char === '`' || char === '”' || char === '’' || char === '»') {
      // the name's closing quote; any other is the value's opening one
      if (i === at) {
        i++;
        continue;
      }
      return i;
    }
    if ((char === ']' || char === ')' || char === '}') && i === at) return -1;
    // `bad api key ("x")`: an opening bracket after a blank (right after the name it is a call or an index)
    if ((char === '(' || char === '[' || char === '{') && i > at && BLANK.test(text[i - 1]!)) {
      i++;
      continue;
    }
    if (tags < 2 && code < 128 && TAG_START[code] === 1) {
      TYPE_TAG.lastIndex = i;
      if (TYPE_TAG.test(text) && (i === at || BLANK.test(text[i - 1]!) || /[:=(>]/.test(text[i - 1]!))) {
        i = TYPE_TAG.lastIndex;
        tags++;
        if (text[i] === '(') i++;
        continue;
      }
    }
    if (connectors === 0 && i > at && BLANK.test(text[i - 1]!)) {
      CONNECTOR.lastIndex = i;
      if (CONNECTOR.test(text)) {
        i = CONNECTOR.lastIndex;
        connectors++;
        continue;
      }
    }
    return i;
  }
  return i;
}

/** The value that starts at `at` (quoted, or a run of non-blank characters with trailing punctuation left out). */
function valueAt(text: string, at: number): Located | undefined {
  const open = text[at];
  if (open === undefined) return undefined;
  const escaped = open === '\\' && (text[at + 1] === '"' || text[at + 1] === "'");
  const quote = escaped ? text[at + 1]! : open;
  const close = OPENING_QUOTE[quote];
  if (close !== undefined) {
    const start = at + (escaped ? 2 : 1);
    const limit = Math.min(text.length, start + MAX_VALUE + 1);
    for (let i = start; i < limit; i++) {
      const char = text[i];
      if (char === '\n' || char === '\r') return undefined;
      if (char === close) {
        const end = withoutEllipsis(text, start, escaped && text[i - 1] === '\\' ? i - 1 : i);
        return end > start ? { start, end } : undefined;
      }
    }
    return undefined;
  }
  let end = at;
  const limit = Math.min(text.length, at + MAX_VALUE + 1);
  while (end < limit && !endsBareValue(text.charCodeAt(end))) end++;
  if (end === limit && limit < text.length) return undefined;
  while (end > at && /[,;.)\]}>:]/.test(text[end - 1]!)) {
    // base64's padding and a value's own closing bracket stay; a sentence's or a list's punctuation goes
    if (text[end - 1] === ')' && text.slice(at, end).includes('(')) break;
    end--;
  }
  end = withoutEllipsis(text, at, end);
  return end > at ? { start: at, end } : undefined;
}

/** A value a printer cut short (`"NzMz…Bk8..."`): its visible part is the secret, the dots are not. */
function withoutEllipsis(text: string, start: number, end: number): number {
  if (text[end - 1] === '…') return end - 1;
  let dots = end;
  while (dots > start && text[dots - 1] === '.') dots--;
  return end - dots >= 3 ? dots : end;
}

/** A blank, a line end or a quote: where a bare value ends. */
function endsBareValue(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 34 || code === 39 || code === 96 || code === 0xa0 || code === 0x3000;
}

/** Only blanks, list or print markers and at most two words (`ROOT PASSWORD`, `Your new password`) before `at` on its line. */
function opensLine(text: string, at: number): boolean {
  let words = 0;
  let inWord = false;
  for (let i = at - 1; i >= 0 && at - i <= 48; i--) {
    const char = text[i]!;
    if (char === '\n') return true;
    if (/[A-Za-z]/.test(char)) {
      if (!inWord && ++words > 2) return false;
      inWord = true;
      continue;
    }
    inWord = false;
    if (!/[ \t$\-*#>|│"'`:(]/.test(char)) return false;
  }
  return at <= 48;
}

/** The first value of the line after `lineEnd` (its blanks and list or print markers skipped). */
function nextLineValue(text: string, lineEnd: number): Located | undefined {
  let at = lineEnd;
  if (text[at] === '\r') at++;
  if (text[at] !== '\n') return undefined;
  at++;
  const limit = Math.min(text.length, at + MAX_SEPARATOR);
  while (at < limit && /[ \t\-*>|│]/.test(text[at]!)) at++;
  TYPE_TAG.lastIndex = at;
  if (TYPE_TAG.test(text)) at = skipSeparator(text, TYPE_TAG.lastIndex, limit);
  return valueAt(text, at);
}

/** The value after the name that ends at `nameEnd`, on its line or (the name alone on its line) the next. */
function valueAfterName(text: string, nameStart: number, nameEnd: number): Located | undefined {
  const first = text[nameEnd];
  if (first === undefined) return undefined;
  if (FORBIDDEN_AFTER_NAME.test(first)) return undefined;
  // an escape glued to the name (roff's `secret\\-manager`, `\\fR`) continues a word; an escaped quote closes a key
  if (first === '\\' && text[nameEnd + 1] !== '"' && text[nameEnd + 1] !== "'") return undefined;
  // `password.length`, `token.value`: member access (leader dots are two or more)
  if (first === '.' && text[nameEnd + 1] !== '.') return undefined;
  const limit = Math.min(text.length, nameEnd + MAX_SEPARATOR);
  const at = skipSeparator(text, nameEnd, limit);
  if (at === -1) return undefined;
  // a comparison, or a mask printed where the value was (`TOKEN=***`)
  // (a PEM armor line's dashes: `-----BEGIN PUBLIC KEY-----`)
  const separator = at > nameEnd ? text.slice(nameEnd, at) : '';
  if (separator !== '' && (COMPARISON.test(separator) || separator.includes('***') || separator.includes('---'))) return undefined;
  const next = text[at];
  if (next === '\n' || next === '\r' || at >= text.length) {
    return opensLine(text, nameStart) && !/[,;]/.test(separator) ? nextLineValue(text, at) : undefined;
  }
  if (at === nameEnd && !(first === '"' || first === "'" || first === '\\')) return undefined;
  const value = valueAt(text, at);
  if (value !== undefined) value.placed = inPlace(text, nameStart, separator, value.start > at) || directiveLine(text, nameStart, separator, value.end);
  return value;
}

/** At most one word before the name on its line (`IPSec secret`, `Xauth password`): a directive's name. */
const DIRECTIVE_HEAD = /^[ \t]*(?:[A-Za-z][\w-]{0,20}[ \t]+)?$/;

/**
 * A config's directive line: its name (after at most one word), blanks, and the value ending the
 * line (vpnc's `IPSec secret 7c48…`, `Xauth password x`): the value's place, as an operator's is.
 */
function directiveLine(text: string, nameStart: number, separator: string, valueEnd: number): boolean {
  if (!/^[ \t]+$/.test(separator)) return false;
  // (searched within a few characters only: on a long line a search to its start or end at every name is quadratic)
  const head = text.slice(Math.max(0, nameStart - 31), nameStart);
  const lineStart = head.lastIndexOf('\n');
  if ((lineStart < 0 && nameStart > 30) || !DIRECTIVE_HEAD.test(head.slice(lineStart + 1))) return false;
  return /^[ \t\r]*(?:\n|$)/.test(text.slice(valueEnd, valueEnd + 80));
}

/** An assignment's operator between the name and its value, the name's closing quote around it: `=`, `:`, `=>`, `->`, `:=`. */
const OPERATOR = /^["']?[ \t]*(?:=|:|=>|->|:=)[ \t]*$/;

/**
 * The value's place says it is the name's value: quoted after a name with no prose between
 * (`:password "x"`, `"token", "x"`), after an operator (`PASSWORD=x`, `token: x`, `pwd => x`), or
 * a CLI flag's (`--password x`, `--token=x`).
 */
function inPlace(text: string, nameStart: number, separator: string, quoted: boolean): boolean {
  // `${API_KEY:?required}`: a shell expansion's operator, not an assignment
  if (text[nameStart - 1] === '{' && text[nameStart - 2] === '$') return false;
  if (OPERATOR.test(separator)) return true;
  // (a comma after a quoted name is a list's: `"credentials.secret", "zh-CN"`)
  if (quoted && /^["']?[ \t:=>-]*$/.test(separator)) return true;
  return text[nameStart - 1] === '-' && text[nameStart - 2] === '-' && /^(?:[ \t]+|=)$/.test(separator);
}

/** ASCII characters that may follow a name in a pair: blanks, line ends, separators, quotes, a leader's or an escape's first character. */
const MAY_FOLLOW = new Uint8Array(128);
for (const char of ' \t\r\n:=-><|~,;*#·"\'`.\\') MAY_FOLLOW[char.charCodeAt(0)] = 1;

function mayFollowName(text: string, end: number): boolean {
  const code = text.charCodeAt(end);
  if (Number.isNaN(code)) return false;
  if (code >= 128) return true;
  if (MAY_FOLLOW[code] !== 1) return false;
  if (code === 46) return text.charCodeAt(end + 1) === 46;
  if (code === 92) return text.charCodeAt(end + 1) === 34 || text.charCodeAt(end + 1) === 39;
  return true;
}

const CLOSER: Readonly<Record<string, string>> = { '<': '>', '{': '}', '[': ']' };

/** The name alone in brackets: a placeholder, a tag or a section (`<your-password>`, `{token}`, `[secrets]`). */
function enclosed(text: string, start: number, end: number): boolean {
  const closer = CLOSER[text[start - 1] ?? ''];
  return closer !== undefined && text[end] === closer;
}

/** The word of letters right before the name, one blank between (none at a line's start or after punctuation). */
function wordBefore(text: string, start: number): string | undefined {
  if (text[start - 1] !== ' ') return undefined;
  let at = start - 1;
  while (at > 0 && /[A-Za-z]/.test(text[at - 1]!) && start - at < 24) at--;
  return at < start - 1 ? text.slice(at, start - 1) : undefined;
}

/** Words before a name that make it a public one or a lookup's (`PUBLIC KEY`, `host key`, `Cache key`, `primary key`). */
const NOT_A_SECRET_BEFORE = new Set([...LOOKUP_KEY_WORDS, 'public', 'publishable', 'anon', 'host', 'foreign', 'primary', 'sort', 'partition', 'unique', 'index', 'registry']);

/**
 * Words before a name that make a secret's name of it (`API key`, `signing key`, `root password`);
 * only these are joined to it, so that the names classified (and remembered by classifyName, whose
 * memory the assignment rules share) stay few.
 */
const QUALIFIERS = new Set([
  'api', 'access', 'private', 'secret', 'signing', 'master', 'encryption', 'client', 'account', 'shared', 'service', 'license', 'licence',
  'admin', 'deploy', 'session', 'auth', 'app', 'application', 'project', 'integration', 'write', 'ingest', 'sdk', 'hmac', 'jwt', 'cookie',
  'root', 'user', 'db', 'database', 'wifi', 'recovery', 'backup', 'bot', 'bearer', 'refresh', 'oauth', 'personal',
]);

/** The name's class, the word before it taken in when it makes the name one (`API key`, `signing key`) or a public or lookup key. */
function nameClass(name: string, previous: string | undefined): NameClass | null {
  const own = classifyName(name);
  if (previous === undefined) return own;
  const word = previous.toLowerCase();
  if (NOT_A_SECRET_BEFORE.has(word)) return null;
  if ((own === null || own === 'weak-key') && QUALIFIERS.has(word)) return classifyName(`${word} ${name.toLowerCase()}`) ?? own;
  return own;
}

function* namedValues(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  if (keywordStarts === undefined) return;
  let nameEnd = -1;
  for (const at of keywordStarts) {
    if (at < nameEnd) continue;
    const name = nameAround(text, at);
    if (name === undefined) continue;
    let [start, end] = name;
    nameEnd = end;
    // most hits are words and code (`tokens`, `password)`, `key.length`): one look at what follows the name
    if (!mayFollowName(text, end)) continue;
    SECOND_WORD.lastIndex = end;
    if (SECOND_WORD.test(text)) end = SECOND_WORD.lastIndex;
    // a step of a path or URL (`/secret-manager/`, `cloud.google.com/secret`)
    let before = start - 1;
    while (before >= 0 && text[before] === '.') before--;
    // (or a placeholder's, a tag's or a section's name: `<your-password>`, `{token}`, `[secrets]`)
    if (text[before] === '/' || enclosed(text, start, end)) continue;
    // a segment of a colon path (`arn:aws:secretsmanager:…:secret:prod/db`, `vault:secret:x`)
    if (text[start - 1] === ':' && /[\w-]/.test(text[start - 2] ?? '')) continue;
    const nameText = text.slice(start, end);
    // a test log's result (`PASS: gdb.base/x.exp`): the bare word `pass` with a colon is no name
    if (end - start === 4 && text[end] === ':' && /^pass$/i.test(nameText)) continue;
    // the word before decides too (`PUBLIC KEY`, `Cache key`, `bad api key`, `root password`)
    const previous = wordBefore(text, start);
    const cls = end - start === 6 && /^bearer$/i.test(nameText) ? 'secret' : nameClass(nameText, previous);
    if (cls !== 'password' && cls !== 'secret' && cls !== 'weak-key') continue;
    const value = valueAfterName(text, start, end);
    if (value === undefined) continue;
    const written = text.slice(value.start, value.end);
    // a bare `key` names a secret as often as a lookup's key: only a value drawn at random will do;
    // a secret's name with its value in place: the policy's rule 1 (secretInPlace)
    if (cls === 'weak-key' ? randomSecretShaped(written, nameText) : value.placed ? secretInPlace(written, nameText) : secretShaped(written, nameText)) {
      nameEnd = Math.max(nameEnd, value.end);
      yield value;
    }
  }
}

/** The names' keywords: the words for a secret, and the password word of the languages secret-words.ts lists. */
const NAME_KEYWORDS = [
  ...new Set([
    'pass', 'pwd', 'secret', 'token', 'credential', 'creds', 'apikey', 'api_key', 'api-key', 'api key', 'auth', 'privatekey', 'private_key', 'private-key',
    'private key', 'accesskey', 'access_key', 'access key', 'psk', 'bearer', 'key',
    ...FOREIGN_PASSWORD_NAME_SPELLINGS.map((word) => word.toLowerCase()),
  ]),
];

export const GENERIC_NAMED_VALUE_RULES: readonly Rule[] = [
  {
    id: 'generic-secret-named-value',
    type: 'secret',
    label: 'secret',
    description:
      "a secret-shaped value next to a secret's name in any print format (any separator of blanks, punctuation, arrows, box drawing, quotes and type tags; the name alone on its line and the value on the next), the value judged from itself alone (value-judge.ts)",
    keywords: NAME_KEYWORDS,
    keywordStarts: true,
    detector: namedValues,
    shield: 'values',
    examples: {
      match: [
        'login ok; service password │ Hq7-vLm2pZ',
        'creds:\n  $ smtp_pass: chr "Wq8!zrTu4k"',
        'api_token ⇒ 7fd0c2a9b4e1d6f3a8c5',
        'Passphrase ........ : orange#Tide77',
        '(auth-secret "qZ4vN8wR2tY6")',
        'the admin password is Lk29-wqPz!',
        'ROOT PASSWORD\n    fj38Dk2-Pq\n',
        'Heslo: mRk4-19zaQ',
        'IKE DH Group dh2\nIPSec secret 0f3a9c1e77b24d58a6e1c2b3d4f50617\nXauth username ops\n',
      ],
      noMatch: [
        'password: ${DB_PASSWORD}',
        'token -> os.getenv("TOKEN")',
        'api_key: op://vault/item/field',
        'password │ ********',
        'password: <your password here>',
        'token_count: 1200',
        'password = get_password(user)',
        'if password == "Hq7-vLm2pZ":',
        'secret: /run/secrets/db_password',
        'auth: --auth-file',
        'Password: PROTECTED',
        'password: PASSWORD',
        'token: 2024-11-28T12:00:00Z',
        'password ⇒ correct-horse-battery',
        'throw new Error(`Token refusé! ${why}`)',
        'and the secret ingrédient.',
        'the password 5f4dcc3b5aa765d61d8327deb882cf99 is the MD5 of the word password, as the report says',
      ],
    },
  },
];
