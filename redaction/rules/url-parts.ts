/**
 * A URL's credentials as a parsed URL prints them, field by field, with no `scheme://` before
 * them: Elixir's `%URI{userinfo: "user:pass", authority: "user:pass@host:5432"}`, Erlang's
 * `uri_string:parse/1` (`userinfo => "user:pass"`), Python's `SplitResult(netloc='user:pass@host')`,
 * Node's legacy `url.parse()` (`auth: 'user:pass'`). The password is what follows the user's `:`;
 * an authority or netloc counts only with its `@` (else `host:port` is all it holds).
 */
import type { Rule } from '../types.js';

/** `: "`, ` => <<"`, `='`, and inside an inspected or JSON string `: \"`. */
const SEPARATOR = String.raw`\\?["']?[ \t]*(?:=>|[:=])[ \t]*(?:<<)?\\?["']`;
const USER = String.raw`[^\s:@"'/\\]{0,128}`;
/** Not a stand-in: `${VAR}`, `$VAR`, `<password>`, `****`, `{{ var }}`. */
const NOT_A_STAND_IN = String.raw`(?!\$\{|\$[A-Z_]{2,}\b|\*+["'@]|<[^>\s]*>["'@]|\{\{)`;
/** In an authority no `@` or `/` (a URL encodes them). */
const PASSWORD = String.raw`${NOT_A_STAND_IN}[^\s@"'/]{1,256}`;
/** In a userinfo field the quote ends it (an escaped one, `\"`, does not): a parser may have kept a raw `@` or `/` there. */
const USERINFO_PASSWORD = String.raw`${NOT_A_STAND_IN}(?:[^\s"'\\]|\\.){1,256}`;
/** A token as the user (`https://<token>@host`): upper and lower case letters and digits, 20 or more, or 32 hex-like. */
/** `auth: "sha256:<hex>"`, `auth: "env:VAR"`, `auth: "C:\\…"`, `auth: "https://…"`: a digest's label, a store, a drive or a scheme before the `:`, not a user. */
const NOT_A_USER = String.raw`(?!(?:md5|sha-?\d{1,3}|env|vault|op|file|keyring|secret|[A-Za-z]):|[^\s:@"'/\\]{1,20}:\/\/)`;
const TOKEN_USER = String.raw`(?:(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,200}|(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{32,200})`;

export const URL_PART_RULES: readonly Rule[] = [
  {
    // judged as url-credentials judges `scheme://user:pass@`: no shield of word-like values (a URL's password is one by its place)
    id: 'url-part-credentials',
    type: 'secret',
    label: 'url-password',
    description: "a URL's password in a parsed URL's fields: `userinfo: \"user:pass\"` (Elixir, Erlang), `authority`/`netloc` `user:pass@host`, Node's `auth: 'user:pass'`",
    keywords: ['userinfo', 'auth', 'authority', 'netloc'],
    allow: [/^(?:password|pass|pwd|secret|changeme|x-oauth-basic|\*+|x+|\.\.\.)$/i],
    pattern: new RegExp(String.raw`(?:(?:userinfo|auth)${SEPARATOR}(?:${NOT_A_USER}(?<user>${USER}):(?!\k<user>\\?["'])(?<secret>${USERINFO_PASSWORD})|(?<secret3>${TOKEN_USER}))(?=\\?["'])|(?:authority|netloc)${SEPARATOR}(?:(?<user2>${USER}):(?!\k<user2>@)(?<secret2>${PASSWORD})|(?<secret4>${TOKEN_USER}))@)`),
    examples: {
      match: [
        '%URI{\n  scheme: "postgres",\n  authority: "billing_app:Wq7-cobalt-Zm4x@db.internal.example:5432",\n  userinfo: "billing_app:Wq7-cobalt-Zm4x",\n  host: "db.internal.example",',
        '%{repo: %URI{scheme: "ecto", authority: "report_ro:Lz5-meadow-Tq2n@pg.example.org", userinfo: "report_ro:Lz5-meadow-Tq2n", host: "pg.example.org"}}',
        '  scheme => <<"amqp">>,userinfo => <<"svc_queue:Hn3-thistle-Pv8k">>}',
        "SplitResult(scheme='postgres', netloc='billing_app:Wq7-cobalt-Zm4x@db.internal.example:5432', path='/billing', query='', fragment='')",
        "  auth: 'svc_queue:Hn3-thistle-Pv8k',",
        '  userinfo: ":Rv2-sorrel-Kq9m",',
        '  userinfo: "ci:$ecret-Wv4\\"q",',
        '  userinfo: "9f3a7c1e5b2d8f4a6c0e9b7d3f1a5c8e2b4d6f0a",',
        '"%URI{scheme: \\"postgres\\", authority: \\"billing_app:Wq7-cobalt-Zm4x@db.internal.example:5432\\", userinfo: \\"billing_app:Wq7-cobalt-Zm4x\\", host: \\"db\\"}"',
        "SplitResult(scheme='postgres', netloc='report:48213907@pg.example.org', path='/r', query='', fragment='')",
        '  authority: "Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0Ua@git.example.com",\n  userinfo: "Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0Ua",',
      ],
      noMatch: [
        '  authority: "db.internal.example:5432",\n  userinfo: nil,',
        '  userinfo: "billing_app",',
        '  authority: "svc-deploy-prod-2024@git.example.net",',
        "SplitResult(scheme='https', netloc='git.example.com:8443', path='/org/repo.git', query='', fragment='')",
        '  userinfo: "app:${DB_PASSWORD}",',
        "  auth: 'deploy:****',",
        '  userinfo: "app:<password>",',
        '  userinfo: "app:$DB_PASSWORD",',
        '  authority: "guest:guest@mq.example.net:5672",\n  userinfo: "guest:guest",',
        'auth: "sha1:a94a8fe5ccb19ba61c4c0873d391e987982fbbd3"\nuser: "deploy"',
        'auth: "env:API_AUTH"',
        'auth: "https://auth.example.com/oauth/token"',
      ],
    },
  },
];
