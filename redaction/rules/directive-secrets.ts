/**
 * Secrets in configuration written as `Directive value`, one to a line, the directive a name in
 * camel case that ends in what it holds (tor's `--dump-config` and torrc: `Socks5ProxyPassword x`,
 * `HTTPSProxyAuthenticator user:x`; the same shape in other daemons' files: `SMTPAuthPassword x`,
 * `ProxyPassword x`). The assignment rules read `name = value` and a few lowercase directives
 * (`requirepass`), not these.
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** After the directive: blanks, one value, the end of the line. */
const VALUE = /[ \t]+([^\s"']{1,300})[ \t]*(?=\r?\n|$)/y;
const DIRECTIVE_CHAR = /[A-Za-z0-9]/;

function* directiveSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    // the keyword ends the directive (`…Password`, `…Authenticator`), in title case
    const code = text.charCodeAt(at);
    if (code < 65 || code > 90) continue;
    let start = at;
    while (start > 0 && at - start < 60 && DIRECTIVE_CHAR.test(text[start - 1]!)) start -= 1;
    if (start > 0 && text[start - 1] !== '\n') continue;
    if (start === at || text.charCodeAt(start) < 65 || text.charCodeAt(start) > 90) continue;
    // a stored hash (`HashedControlPassword 16:…`) is no password
    if (text.startsWith('Hashed', start)) continue;
    let end = at;
    while (end < text.length && /[A-Za-z]/.test(text[end]!)) end += 1;
    VALUE.lastIndex = end;
    const match = VALUE.exec(text);
    if (!match) continue;
    let value = match[1]!;
    let valueAt = end + match[0].indexOf(value);
    // an authenticator is `user:password`
    if (/^Authenticator$/i.test(text.slice(at, end))) {
      const colon = value.indexOf(':');
      if (colon < 1) continue;
      valueAt += colon + 1;
      value = value.slice(colon + 1);
    }
    if (value.length >= 4 && sensitiveValue('password', value)) yield { start: valueAt, end: valueAt + value.length };
  }
}

export const DIRECTIVE_SECRET_RULES: readonly Rule[] = [
  placedSecret(
    'directive-secret',
    'a password after a camel-case directive that names it, one to a line (`Socks5ProxyPassword x`, `HTTPSProxyAuthenticator user:x` in torrc and tor --dump-config)',
    { keywords: ['password', 'authenticator', 'passwd'], keywordStarts: true, label: 'password' },
    directiveSecrets,
    {
      match: [
        'Socks5ProxyPassword Fy2-aspen-Qk9w',
        'HTTPSProxy 127.0.0.1:3128\nHTTPSProxyAuthenticator deploy:Kq5-birch-Tz8m\nNickname relay',
        'HTTPProxyAuthenticator ops:Sx4-quartz-Np2m\r\n',
        'SMTPAuthPassword Pw9-maple-Rz3t',
      ],
      noMatch: [
        'Socks5ProxyUsername deploy',
        'Socks5ProxyPassword',
        'HTTPSProxyAuthenticator deploy',
        'The Socks5ProxyPassword option sets it',
        'ResetPassword is not supported here',
        'ProxyPassword ${PROXY_PASSWORD}',
        'HashedControlPassword 16:7E3C1F0A9B2D4E6F60A1B2C3D4E5F60718293A4B5C6D7E8F9A0B1C2D3E',
      ],
    },
  ),
];
