/**
 * Family `generic`: secrets in tools' own files whose shape, not a name, says what a value is:
 * Composer's `auth.json` (a map of host to token under `bearer`, `github-oauth`, `gitlab-token`),
 * browser cookie exports (Netscape `cookies.txt` lines, the JSON of Playwright's storage state
 * and of cookie-export extensions).
 */
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';
import { SESSION_COOKIE_NAME } from './structural.js';
import { indexUpTo, lastIndexFrom } from '../line-bounds.js';

/** `"github-oauth": {"github.com": "x", …}`: tried where the kind of the map starts. */
const HOST_TOKEN_MAP = /(?:bearer|github-oauth|gitlab-token)\\?["'][ \t]*:[ \t]*\{([^{}]{1,4000})\}/iy;
const HOST_TOKEN_ENTRY = /\\?["'][\w.-]{1,253}(?::\d{1,5})?\\?["'][ \t]*:[ \t]*\\?["']([^"'\\\s]{8,512})\\?["']/g;

function* hostTokenMaps(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    HOST_TOKEN_MAP.lastIndex = at;
    const map = HOST_TOKEN_MAP.exec(text);
    if (!map) continue;
    const bodyStart = at + map[0].length - 1 - map[1]!.length;
    HOST_TOKEN_ENTRY.lastIndex = 0;
    for (let entry = HOST_TOKEN_ENTRY.exec(map[1]!); entry; entry = HOST_TOKEN_ENTRY.exec(map[1]!)) {
      const end = bodyStart + entry.index + entry[0].length - (entry[0].endsWith('\\"') || entry[0].endsWith("\\'") ? 2 : 1);
      yield { start: end - entry[1]!.length, end };
    }
  }
}

/** A Netscape cookie file's line: domain, subdomains flag, path, secure flag, expiry, name, value (tab-separated). */
const COOKIE_FILE_LINE = new RegExp(String.raw`(?:^|\n)(?:#HttpOnly_)?[\w.-]{1,253}\t(?:TRUE|FALSE)\t[^\t\n]{0,400}\t(?:TRUE|FALSE)\t-?\d{1,12}\t${SESSION_COOKIE_NAME}\t([^\t\s]{16,4096})`, 'gi');
/** A cookie as an exported JSON object: its name and value, in any order, among its other fields. */
const COOKIE_OBJECT_NAME = new RegExp(String.raw`\\?"name\\?"[ \t]*:[ \t]*\\?"${SESSION_COOKIE_NAME}\\?"`, 'i');
const COOKIE_OBJECT_VALUE = /\\?"value\\?"[ \t]*:[ \t]*\\?"([^"\\\s]{16,4096})\\?"/;
/** How far an exported cookie's fields reach around its `httpOnly` flag. */
const COOKIE_OBJECT_REACH = 1500;

function* exportedCookies(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  if (text.includes('\t')) {
    COOKIE_FILE_LINE.lastIndex = 0;
    for (let line = COOKIE_FILE_LINE.exec(text); line; line = COOKIE_FILE_LINE.exec(text)) {
      const end = line.index + line[0].length;
      yield { start: end - line[1]!.length, end };
    }
  }
  let doneTo = -1;
  for (const at of keywordStarts ?? []) {
    if (at < doneTo || text.slice(at, at + 8).toLowerCase() !== 'httponly') continue;
    const open = lastIndexFrom(text, '{', at, at - COOKIE_OBJECT_REACH);
    const close = indexUpTo(text, '}', at, at + COOKIE_OBJECT_REACH);
    if (open === -1 || close === -1 || lastIndexFrom(text, '}', at, open + 1) !== -1) continue;
    doneTo = close;
    const object = text.slice(open, close);
    const value = COOKIE_OBJECT_NAME.test(object) ? COOKIE_OBJECT_VALUE.exec(object) : null;
    if (!value) continue;
    const start = open + value.index + value[0].indexOf(value[1]!, value[0].indexOf(':'));
    yield { start, end: start + value[1]!.length };
  }
}

/**
 * Bundler keeps a gem source's credentials under the source's host (`BUNDLE_GEMS__CORP__EXAMPLE:
 * "user:password"`, dots written `__`; also a whole URL as the key) in `~/.bundle/config`, and
 * takes them as that variable in the environment: the part after the user's colon is the password.
 */
const BUNDLER_HOST_CREDENTIAL = /(?<![\w-])BUNDLE_(?:[A-Z0-9-]+__)+[A-Z0-9-]+\/?(?:[ \t]*:[ \t]*|=)\\?["']?[^\s:"'\\]{1,100}:(?<secret>[^\s"'\\]{4,300})/dy;
const BUNDLER_URL_CREDENTIAL = /(?<![\w-])BUNDLE_HTTPS?:\/\/[^\s:"']{1,253}(?:[ \t]*:[ \t]*|=)\\?["']?[^\s:"'\\]{1,100}:(?<secret>[^\s"'\\]{4,300})/diy;

function* bundlerCredentials(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    for (const pattern of [BUNDLER_HOST_CREDENTIAL, BUNDLER_URL_CREDENTIAL]) {
      pattern.lastIndex = at;
      const match = pattern.exec(text);
      const range = match?.indices?.groups?.secret;
      if (range) {
        yield { start: range[0], end: range[1] };
        break;
      }
    }
  }
}

export const TOOLING_CONFIG_RULES: readonly Rule[] = [
  placedSecret('bundler-source-credential', "the password of a gem source's `user:password` in Bundler's config or environment, under the source's host (`BUNDLE_GEMS__CORP__EXAMPLE`, `BUNDLE_HTTPS://HOST/`)", { keywords: ['bundle_'], keywordStarts: true, entropy: 2.5, label: 'password' },
    bundlerCredentials,
    {
      match: ['---\nBUNDLE_GEMS__ACME__IO: "ci:Rv6-hazel-Tq2n"\nBUNDLE_JOBS: "4"', 'export BUNDLE_RUBYGEMS__PKG__GITHUB__COM=deploy:Wq3Lz8Km2Vx7', 'BUNDLE_HTTPS://GEMS.CORP.EXAMPLE/: "builder:Nx4-quill-Pz9"'],
      noMatch: ['BUNDLE_JOBS: "4"', 'BUNDLE_GEMS__ACME__IO: "ci:${GEMS_PASSWORD}"', 'BUNDLE_PATH: "vendor/bundle"', 'BUNDLE_GEMS__ACME__IO: "x-oauth-basic:"'],
    }),
  placedSecret('host-token-map', "a token per host in Composer's auth.json (`bearer`, `github-oauth`, `gitlab-token` maps)", { keywords: ['bearer', 'github-oauth', 'gitlab-token'], keywordStarts: true, entropy: 3 },
    hostTokenMaps,
    {
      match: ['{\n  "bearer": {\n    "repo.packagist.example": "Wz8Lq3Vm7Kx2Rt9NbC4d"\n  }\n}', '{"github-oauth": {"github.com": "gho_Kq2Vz8Lm3Tx7Wn4Rb9Pc5Hd1Jf6Ys0Ga2Bn"}}', '{\\"gitlab-token\\": {\\"gitlab.corp.example\\": \\"glpat-Vx7Kq2Lm9Zt4Wn8Rb3Pc\\"}}'],
      noMatch: ['{"bearer": {"repo.packagist.example": "${PACKAGIST_TOKEN}"}}', '"bearer": {"type": "http", "scheme": "bearer"}', '{"github-oauth": {}}'],
    }),
  placedSecret('exported-cookie', "a session cookie's value in a browser export: Netscape cookies.txt lines, Playwright storage state and cookie-export JSON (name like sess, sid, auth, token)", { keywords: ['httponly', '\ttrue\t', '\tfalse\t'], keywordStarts: true, entropy: 3 },
    exportedCookies,
    {
      match: [
        '# Netscape HTTP Cookie File\n.app.example.org\tTRUE\t/\tTRUE\t1798761600\tsessionid\tq8vt3lmz0pxr7kw2nf5bh9ycj4sd6ga1',
        '{"cookies": [{"name": "__Secure-auth", "value": "Kx7Vq2Lm9Zt4Wn8Rb3PcHd6J", "domain": ".app.example.org", "path": "/", "expires": 1798761600, "httpOnly": true, "secure": true, "sameSite": "Lax"}]}',
        '[{"domain": ".shop.example", "hostOnly": false, "httpOnly": true, "name": "connect.sid", "path": "/", "secure": true, "value": "s%3AVq8Lm2Zx7Kp4Wt9RbC3dF6gH"}]',
      ],
      noMatch: [
        '.app.example.org\tTRUE\t/\tFALSE\t1798761600\ttheme\tdark-high-contrast-mode',
        '{"name": "_ga", "value": "GA1.2.1234567890.1700000000", "httpOnly": false}',
        '{"name": "sessionid", "value": "", "httpOnly": true}',
      ],
    }),
];
