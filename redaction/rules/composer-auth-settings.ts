/**
 * Composer's credentials as its `config` command lists, sets and prints them (they live in
 * `auth.json`, whose JSON host-token-map reads): `config --list` writes `[github-oauth.github.com] <token>`,
 * `[bearer.<host>] <token>`, `[http-basic.<host>.password] <password>`; `config [--global] [--auth]
 * gitlab-token.<host> <token>` sets one (`http-basic.<host> <user> <password>`, `bitbucket-oauth.<host>
 * <key> <secret>`), and the same command without the value prints it on the next line, alone or as
 * JSON (`{"username":"deploy","password":"…"}`, or one entry per host when only the family is named).
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakBefore } from '../line-bounds.js';

/** The families of auth.json whose entries are secrets, as the keywords find them. */
const FAMILY = /(github-oauth|gitlab-oauth|gitlab-token|forgejo-token|bitbucket-oauth|http-basic|bearer)(?:\.([A-Za-z0-9.-]{1,253}?))?(?:\.(username|password|consumer-key|consumer-secret|token))?(?=[\]\s]|$)/y;
/** `[family.host(.part)] value` to the end of the line. */
const LISTED_VALUE = /\] ([^\r\n]{1,500})/y;
/** The value(s) set on a `config` command line after the key. */
const SET_VALUES = /[ \t]+([^\s'"]{1,300}|'[^'\r\n]{1,300}'|"[^"\r\n]{1,300}")(?:[ \t]+([^\s'"]{1,300}|'[^'\r\n]{1,300}'|"[^"\r\n]{1,300}"))?(?=[ \t]*(?:\r?\n|$|[;&|]))/y;
/** The line a `config <key>` command prints after it. */
const PRINTED_LINE = /[ \t]*\r?\n([^\r\n]{1,2000})/y;
const JSON_STRING_VALUE = /"([^"\\]{1,300})"\s*:\s*"([^"\\]{1,300})"/g;
const CONFIG_BEFORE = /\bconfig(?:[ \t]+(?:--global|-g|--auth|-a|--unset|--json|--merge|--file[ =]\S+|-f[ \t]+\S+|--working-dir[ =]\S+|-d[ \t]+\S+))*[ \t]+$/;

function secretWhole(value: string): boolean {
  const bare = value.replace(/^(['"])(.*)\1$/, '$2');
  return bare.length >= 6 && sensitiveValue('token', bare);
}

function* spanOf(start: number, value: string): Iterable<Span> {
  const quoted = /^['"]/.test(value) ? 1 : 0;
  if (secretWhole(value)) yield { start: start + quoted, end: start + value.length - quoted };
}

/** The secret entries of a printed JSON value: every string but a user name's. */
function* jsonSecrets(start: number, line: string): Iterable<Span> {
  JSON_STRING_VALUE.lastIndex = 0;
  for (let match = JSON_STRING_VALUE.exec(line); match; match = JSON_STRING_VALUE.exec(line)) {
    if (/^(?:username|consumer-key)$/.test(match[1]!)) continue;
    const at = start + match.index + match[0].length - 1 - match[2]!.length;
    yield* spanOf(at, match[2]!);
  }
}

function* composerAuthSettings(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    FAMILY.lastIndex = at;
    const key = FAMILY.exec(text);
    if (!key) continue;
    const part = key[3];
    if (part === 'username' || part === 'consumer-key') continue;
    const after = at + key[0].length;
    if (text.charCodeAt(at - 1) === 91 /* [ */) {
      if (key[1] === 'http-basic' && part !== 'password') continue;
      if (key[1] === 'bitbucket-oauth' && part !== 'consumer-secret') continue;
      LISTED_VALUE.lastIndex = after;
      const listed = LISTED_VALUE.exec(text);
      if (listed) yield* spanOf(after + 2, listed[1]!.trimEnd());
      continue;
    }
    const lineStart = lineBreakBefore(text, at - 1) + 1;
    if (at - lineStart > 300 || !CONFIG_BEFORE.test(text.slice(lineStart, at))) continue;
    SET_VALUES.lastIndex = after;
    const set = SET_VALUES.exec(text);
    if (set) {
      // two values: `<user> <password>`, `<consumer-key> <consumer-secret>`; one: the token
      const secret = set[2] ?? set[1]!;
      if (set[2] === undefined && (key[1] === 'http-basic' || key[1] === 'bitbucket-oauth') && part === undefined) continue;
      yield* spanOf(after + set[0].length - secret.length, secret);
      continue;
    }
    PRINTED_LINE.lastIndex = after;
    const printed = PRINTED_LINE.exec(text);
    if (!printed) continue;
    const line = printed[1]!.trimEnd();
    const lineAt = after + printed[0].length - printed[1]!.length;
    if (line.startsWith('{')) yield* jsonSecrets(lineAt, line);
    else if (!/\s/.test(line) && !/^[$#>]/.test(line)) yield* spanOf(lineAt, line);
  }
}

export const COMPOSER_AUTH_SETTING_RULES: readonly Rule[] = [
  placedSecret(
    'composer-auth-setting',
    "Composer's credentials as `config` lists (`[github-oauth.github.com] x`), sets (`config -g bearer.host x`) and prints them (the line after `config gitlab-token.host`)",
    { keywords: ['github-oauth', 'gitlab-oauth', 'gitlab-token', 'forgejo-token', 'bitbucket-oauth', 'http-basic', 'bearer.'], keywordStarts: true, label: 'token' },
    composerAuthSettings,
    {
      match: [
        '[gitlab-oauth.gitlab.com] Sx4quartzNp2mPw9',
        '[bearer.pkg.example.com] tk_Bn7Qx2Lm9Vr4Zp',
        '[http-basic.repo.example.com.password] Kq5-birch-Tz8m',
        '$ composer config --global gitlab-token.gitlab.example.com Mx3emberLt7pHv5jun',
        '$ composer config -g http-basic.repo.example.com deploy Kq5-birch-Tz8m',
        '$ composer config --global bearer.pkg.example.com\ntk_Bn7Qx2Lm9Vr4Zp\n',
        '$ composer config --global http-basic.repo.example.com\n{"username":"deploy","password":"Kq5-birch-Tz8m"}',
        '$ composer config --global gitlab-token\n{"gitlab.example.com":"Mx3emberLt7pHv5jun"}',
      ],
      noMatch: [
        '[http-basic.repo.example.com.username] deploy',
        '[github-protocols] [https, ssh]',
        '[gitlab-oauth.gitlab.com] ${GITLAB_OAUTH_TOKEN}',
        '$ composer config --global github-oauth.github.com "$GITHUB_TOKEN"',
        '$ composer config --global --unset github-oauth.github.com',
        'Authorization: Bearer.',
        'The http-basic credentials are kept in auth.json',
      ],
    },
  ),
];
