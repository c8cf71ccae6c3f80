/**
 * A list of strings under a key that names a secret, as HTTP header maps and parsed query strings
 * print: `caddy adapt`'s `"header_up"` set (`"X-Api-Key":["…"]`), Go's `json.Marshal` of an
 * `http.Header`, Python's `parse_qs` (`{'token': ['…']}`). The key labels every string in its list.
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

const SECRET_WORDS = ['token', 'tokens', 'secret', 'secrets', 'key', 'apikey', 'password', 'passwd', 'passphrase', 'pass', 'pwd', 'auth', 'credential', 'credentials', 'creds'];
/** Each word at the end of a quoted key (its closing quote written, or JSON-escaped). */
const KEY_ENDS = SECRET_WORDS.flatMap((word) => [`${word}"`, `${word}'`, `${word}\\"`]);

/** From the closing quote: the separator and the list's opening bracket. */
const LIST_OPENS = /\\?["'][ \t]*(?::|=>)[ \t]*\[\s{0,200}/y;
/** One quoted string of the list, then a comma or the closing bracket. */
const ITEM = /(\\?["'])((?:(?!\1)[^\n\\]|\\[^"'\n]){1,2000})\1\s{0,200}(,\s{0,200}|\])/y;

/** Caddy's placeholders (`{env.API_KEY}`, `{file./run/secrets/token}`), anywhere in the string: filled in at run time. */
const PLACEHOLDER = /\{[\w$][^{}\s"']{0,200}\}/;

/** Go's JSON (caddy's) escapes `<`, `>` and `&` as `\u003c`…; HTML's as `&lt;`: `<your-api-key>` is judged as written. */
function asWritten(value: string): string {
  if (!value.includes('\\u') && !value.includes('&')) return value;
  return value
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function isKeyChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 45 || code === 46;
}

function* secretKeyedLists(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let lastKey = -1;
  for (const at of keywordStarts ?? []) {
    let quote = at;
    while (quote < text.length && isKeyChar(text.charCodeAt(quote))) quote += 1;
    let keyStart = at;
    while (keyStart > 0 && at - keyStart < 100 && isKeyChar(text.charCodeAt(keyStart - 1))) keyStart -= 1;
    const opening = text[keyStart - 1];
    // `apikey"` and `key"` start in the same key: it is read once
    if ((opening !== '"' && opening !== "'") || keyStart === lastKey) continue;
    lastKey = keyStart;
    const name = text.slice(keyStart, quote);
    if (classifyName(name) === null) continue;
    LIST_OPENS.lastIndex = quote;
    if (!LIST_OPENS.exec(text)) continue;
    let position = LIST_OPENS.lastIndex;
    for (let items = 0; items < 16; items++) {
      ITEM.lastIndex = position;
      const item = ITEM.exec(text);
      if (!item) break;
      const valueStart = position + item[1]!.length;
      const value = asWritten(item[2]!);
      if (!PLACEHOLDER.test(value) && sensitiveValue(name, value)) yield { start: valueStart, end: valueStart + item[2]!.length };
      position = ITEM.lastIndex;
      if (item[3] === ']') break;
    }
  }
}

export const SECRET_KEYED_LIST_RULES: readonly Rule[] = [
  placedSecret(
    'secret-keyed-list',
    "the strings listed under a key that names a secret (`caddy adapt`'s header sets `\"X-Api-Key\":[\"x\"]`, Go's JSON of an http.Header, Python's `parse_qs`)",
    { keywords: KEY_ENDS, keywordStarts: true, label: 'secret' },
    secretKeyedLists,
    {
      match: [
        '"set":{"Authorization":["Bearer tk_Pb3Xq7Lm2Vz9Rk"],"X-Api-Key":["ak_Tq4Wm8Zr2Nx6Lp"],"X-Upstream-Token":["Kv5-sorrel-Wd8m"]}',
        "{'state': ['xyz'], 'access_token': ['ya29.Qm7vT2kLx9Pz4Wn8Hx4k']}",
        '"X-Service-Secret": [\n"Hz2-poplar-Qm6t"]',
      ],
      noMatch: [
        '"X-Api-Key":["{env.API_KEY}"]',
        '"X-Api-Key":["\\u003cyour-api-key\\u003e"],"X-Auth-Token":["\\u0026lt;token\\u0026gt;"]',
        '"X-Api-Key":["{$UPSTREAM_KEY:Kq8-default-Zx2m}"]',
        '"Api-Key":["{env.KEY_PREFIX}-{env.KEY_SUFFIX}"],"X-Service-Secret":["{file./run/secrets/service_secret}"]',
        '"keys": ["id", "name", "created_at"]',
        '"sort_key": ["created_at"]',
        '"X-Request-Id":["5f0c2a9e8b1d4c7e"]',
        "{'token': ['']}",
      ],
    },
  ),
];
