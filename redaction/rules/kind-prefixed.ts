/**
 * Tokens of vendors no rule knows, recognised by the convention most vendors now follow: a short
 * prefix whose words say what the token is (`acme_live_`, `xyz_sk_`, `foo-secret-`, `tok_`), then
 * a random body. A body is random when it mixes letters and digits with no word structure; ids
 * that follow the same convention (`cus_…`, `msg_01…`, `toolu_01…`, ULIDs) carry no such word in
 * their prefix, which is what keeps them out.
 */
import { looksGenerated, shannonEntropy } from '../entropy.js';
import type { Rule, Span } from '../types.js';

/** Words that, as a segment of a token's prefix, say the token grants access. */
const KIND_WORDS = ['live', 'prod', 'secret', 'sec', 'sk', 'rk', 'pat', 'apikey', 'api', 'token', 'tok', 'priv', 'private', 'srv', 'svc', 'admin', 'auth', 'oauth', 'refresh', 'key'];
/** Kinds that also take a hex body (`xyz_secret_<hex>`); a `key_<hex>` or `api-<hex>` is as often a cache key or an id. */
const HEX_KINDS = new Set(['live', 'prod', 'secret', 'sk', 'rk', 'pat', 'token', 'tok', 'priv', 'private']);
const KINDS = new Set(KIND_WORDS);
/** Words that make a token public by design (Stripe's `pk_live_`, a `pub-` or `anon_` key shipped to browsers). */
const PUBLIC_WORDS = new Set(['pk', 'pub', 'public', 'publishable', 'anon', 'client', 'site']);
/** A character of a token, `[A-Za-z0-9_-]`, read by its code (a regular expression per character costs more). */
function isTokenChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45;
}
/** What may stand right before a token: not part of a word, a path, a host or a longer name. */
const NOT_BEFORE = /[A-Za-z0-9_.\-/@$%]/;
const MIN_BODY = 20;
const MAX_BODY = 128;
const MAX_PREFIX_SEGMENTS = 3;
/** A ULID, or an id shaped like one (`key_01…` of 26 capitals and digits whose alphabet is not Crockford's): sortable ids, not secrets. */
const ULID = /^[0-7][0-9A-Z]{25}$/;

/** The token around a keyword, or null when what is there is not one. */
function tokenAround(text: string, at: number): Span | null {
  let start = at;
  while (start > 0 && at - start < 40 && isTokenChar(text.charCodeAt(start - 1))) start -= 1;
  // `\ntok_…` in JSON-escaped text: the token starts after the escape
  if (text[start - 1] === '\\' && /[nrt]/.test(text[start]!)) start += 1;
  else if (start > 0 && NOT_BEFORE.test(text[start - 1]!)) return null;
  let end = at;
  while (end < text.length && end - start <= MAX_BODY + 60 && isTokenChar(text.charCodeAt(end))) end += 1;
  if (end < text.length && (isTokenChar(text.charCodeAt(end)) || text[end] === '.' && /[A-Za-z0-9]/.test(text[end + 1] ?? ''))) return null;
  return { start, end };
}

/** A prefix of kind words and a random body: true when `token` is shaped like a credential. */
export function kindPrefixedToken(token: string): boolean {
  const segments = token.split(/[_-]/);
  const body = segments.pop()!;
  if (segments.length === 0 || segments.length > MAX_PREFIX_SEGMENTS || segments.some((s) => !/^[a-z0-9]{1,16}$/i.test(s))) return false;
  if (segments.some((s) => s !== s.toLowerCase() && s !== s.toUpperCase())) return false;
  const words = segments.map((s) => s.toLowerCase());
  const kinds = words.filter((s) => KINDS.has(s));
  if (kinds.length === 0 || words.some((s) => PUBLIC_WORDS.has(s))) return false;
  if (body.length > MAX_BODY || ULID.test(body)) return false;
  if (/^[0-9a-f]+$/.test(body) || /^[0-9A-F]+$/.test(body)) {
    return body.length >= MIN_BODY && kinds.some((k) => HEX_KINDS.has(k)) && /\d.*\d/.test(body) && /[a-f].*[a-f].*[a-f].*[a-f]/i.test(body) && shannonEntropy(body) >= 3.2;
  }
  return looksGenerated(body, MIN_BODY);
}

function kindPrefixedTokens(text: string, keywordStarts?: readonly number[]): Span[] {
  const spans: Span[] = [];
  let after = -1;
  for (const at of keywordStarts ?? []) {
    if (at < after) continue;
    const span = tokenAround(text, at);
    if (!span) continue;
    after = span.end;
    if (kindPrefixedToken(text.slice(span.start, span.end))) spans.push(span);
  }
  return spans;
}

export const KIND_PREFIXED_RULES: readonly Rule[] = [
  {
    id: 'kind-prefixed-token',
    type: 'secret',
    label: 'token',
    description: "a token of a vendor no rule knows, by the common convention: a prefix that names its kind (`acme_live_`, `xyz_sk_`, `foo-secret-`) and a random body of 20 or more letters and digits",
    keywords: KIND_WORDS.flatMap((word) => [`${word}_`, `${word}-`]),
    keywordStarts: true,
    detector: kindPrefixedTokens,
    examples: {
      match: [
        'I rotated it, the new one is acme_live_8Hq2ZpLx9Rv3Tn7Wy1Bc4Df6Eg0Jk5Mm',
        'client := acme.New("zeta_sk_Tq7vLm2Xp9Rz4Kw8Nb3Hd6Fy1Jc5Gs0A")',
        'curl https://api.orbit.dev/v1/jobs -u orb_secret_4c7e9a2b1f8d3e6c0b5a9f2e7d1c4b8a:',
        'headers: {"X-Client": "vx-prod-Wm3Kq8Zt2Lp7Rn5Bv9Hc4Jd6"}',
      ],
      noMatch: [
        'msg_01XFDUDYJgAACzvnptvVoYEL toolu_01A09q90qw90lq917835lq9',
        'cus_NffrFeUfNV2Hib pi_3MtwBwLkdIwHu7ix28a3tqPa',
        "Stripe('pk_live_51eUVKQuQiyUyNe84YiDiaVdjXxSaxGAZDW4WHDXohBdP0i')",
        'cache_key_3f2a9c1d7b4e8f6a0c2d4e6f8a1b3c5d',
        'test_api_handleTokenRefreshForAllUsers2024',
        'api_v2_01HZX9K2M3N4P5Q6R7S8T9V0W1',
        'acme_live_xxxxxxxxxxxxxxxxxxxxxxxx',
        'src/auth/token_validation/refresh_tokens_2024.ts',
      ],
    },
  },
];
