/**
 * Request headers HAProxy captures (`capture request header X-API-Key len 64`) print in its
 * `option httplog` lines as `{value|value|…}` before the quoted request line, without their names:
 * a captured field shaped like a generated key (a long run of letters and digits, an `ak_…`
 * prefix, 32 hex) is taken as one, and a captured `Cookie` header (`sid=…; theme=dark`) gives its
 * session cookies' values as the Cookie header rule judges them. Hosts, addresses, UUIDs (request
 * ids) and words stay.
 */
import { shannonEntropy } from '../entropy.js';
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';
import { SESSION_COOKIE_NAME } from './structural.js';
import { lastIndexFrom, lineBreakBefore } from '../line-bounds.js';

/** An httplog line up to its captures: `ip:port [27/Nov/2026:20:19:11.883] frontend backend/server …`. */
const HTTPLOG_START = /(?:^|\n)[^\n]{0,80}\[\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2}(?:\.\d{3})?\] [^\n{]{1,300}$/;
const KEY_SHAPE = /^[A-Za-z0-9][A-Za-z0-9_+/=~-]{15,255}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session cookie in a captured Cookie header: its name opens the field or follows `; `. */
const CAPTURED_SESSION_COOKIE = new RegExp(String.raw`(?:^|;[ \t]*)${SESSION_COOKIE_NAME}=(?<value>[^;\s"'\\]{16,4096})`, 'gid');

function* sessionCookieValues(field: string, fieldStart: number): Iterable<Span> {
  if (!field.includes('=')) return;
  CAPTURED_SESSION_COOKIE.lastIndex = 0;
  for (let match = CAPTURED_SESSION_COOKIE.exec(field); match; match = CAPTURED_SESSION_COOKIE.exec(field)) {
    const [start, end] = match.indices!.groups!.value!;
    if (shannonEntropy(match.groups!.value!) >= 3) yield { start: fieldStart + start, end: fieldStart + end };
  }
}

function keyShaped(field: string): boolean {
  return KEY_SHAPE.test(field) && /\d/.test(field) && /[A-Za-z]/.test(field) && !UUID.test(field) && shannonEntropy(field) >= 3.3;
}

function* capturedKeys(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    // at `} "`: the captures' braces open on the same line, request headers' then maybe response headers'
    const lineStart = lineBreakBefore(text, at) + 1;
    let open = lastIndexFrom(text, '{', at, Math.max(lineStart, at - 2000));
    if (open === -1) continue;
    const groups: Array<[number, number]> = [[open, at]];
    if (text[open - 1] === ' ' && text[open - 2] === '}') {
      const first = lastIndexFrom(text, '{', open - 2, Math.max(lineStart, open - 2000));
      if (first !== -1) {
        groups.unshift([first, open - 2]);
        open = first;
      }
    }
    if (!HTTPLOG_START.test(text.slice(Math.max(0, lineStart - 1, open - 400), open))) continue;
    for (const [groupOpen, groupClose] of groups) {
      let fieldStart = groupOpen + 1;
      for (const field of text.slice(groupOpen + 1, groupClose).split('|')) {
        if (keyShaped(field)) yield { start: fieldStart, end: fieldStart + field.length };
        else yield* sessionCookieValues(field, fieldStart);
        fieldStart += field.length + 1;
      }
    }
  }
}

export const HAPROXY_CAPTURE_RULES: readonly Rule[] = [
  placedSecret(
    'haproxy-captured-key',
    'a key-shaped request header value among the captures `{…|…}` of an HAProxy httplog line (`capture request header X-API-Key`), the session cookies of a captured Cookie header',
    { keywords: ['} "'], keywordStarts: true, label: 'secret' },
    capturedKeys,
    {
      match: [
        '127.0.0.1:35908 [27/Nov/2026:20:19:11.883] api app/s1 0/0/0/19/19 200 182 - - ---- 1/1/0/0/0 0/0 {ak_Lz5meadowTq2nQ8vX9Kp|127.0.0.1:18080|} "GET /index.html HTTP/1.1"',
        '127.0.0.1:35908 [27/Nov/2026:20:19:11.883] api app/s1 0/0/0/19/19 200 182 - - ---- 1/1/0/0/0 0/0 {Rv2sorrelKq9mTz4quill77|api.example.test} {text/html} "GET / HTTP/1.1"',
        'Nov 27 20:19:11 lb haproxy[812]: 10.0.0.7:41022 [27/Nov/2026:20:19:11.915] api app/s1 0/0/0/1/1 200 182 - - ---- 1/1/0/0/0 0/0 {api.example.test|7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c3f} "GET /v1/orders HTTP/1.1"',
        '10.0.0.7:41022 [28/Nov/2026:07:12:40.115] shop shop/s2 0/0/0/3/3 200 911 - - ---- 1/1/0/0/0 0/0 {shop.example.test|lang=de; PHPSESSID=q7rk2vlm9xz4tw8np3bc6yh1sd} "GET /cart HTTP/1.1"',
      ],
      noMatch: [
        '127.0.0.1:35920 [27/Nov/2026:20:19:11.936] api app/s1 0/0/0/2/2 200 182 - - ---- 1/1/0/0/0 0/0 {|127.0.0.1:18080|} "GET /index.html HTTP/1.1"',
        '127.0.0.1:35920 [27/Nov/2026:20:19:11.936] api app/s1 0/0/0/2/2 200 182 - - ---- 1/1/0/0/0 0/0 {3f2b8c1e-9a4d-4e7b-8c2f-1d5e6a7b9c0d|curl/7.88.1|Mozilla/5.0 (X11; Linux x86_64)} "GET / HTTP/1.1"',
        'const m = {a: 1, b: 2}; log(`${m} "x"`)',
        '{ak_Lz5meadowTq2nQ8vX9Kp} "GET /index.html HTTP/1.1"',
        '10.0.0.7:41022 [28/Nov/2026:07:12:40.115] shop shop/s2 0/0/0/3/3 200 911 - - ---- 1/1/0/0/0 0/0 {shop.example.test|lang=de; theme=high-contrast-large; consent=all} "GET /cart HTTP/1.1"',
      ],
    },
  ),
];
