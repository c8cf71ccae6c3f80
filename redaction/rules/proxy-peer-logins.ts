/**
 * Family `generic`: the password a proxy sends to its parent (peer), written `user:password` after
 * an option name the assignment rules do not read as a secret's: Squid's `cache_peer … login=user:password`
 * (as the configuration holds it and `squid -k parse` echoes it: `Processing: cache_peer …`) and
 * polipo's `parentAuthCredentials = "user:password"`. Squid's `login=` keywords (`PASS`, `PASSTHRU`,
 * `PROXYPASS`, `NEGOTIATE[:principal]`) and `*:password`'s forwarded user are told apart.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

const USER = String.raw`(?!NEGOTIATE:)[^\s:"']{1,64}`;

export const PROXY_PEER_LOGIN_RULES: readonly Rule[] = [
  placedSecret(
    'proxy-peer-login-password',
    "the password a proxy logs in to its parent with (Squid's `cache_peer … login=user:password`, polipo's `parentAuthCredentials = \"user:password\"`)",
    { keywords: ['cache_peer', 'parentauthcredentials'], label: 'password' },
    new RegExp(
      String.raw`(?:\bcache_peer[ \t][^\n]{0,300}?[ \t]login=|\bparentAuthCredentials[ \t]*=[ \t]*"?)${USER}:(?<secret>[^\s"']{4,200})(?=["']?(?:[ \t]|\r?$|\r?\n))`,
      'm',
    ),
    {
      match: [
        'cache_peer upstream.example.net parent 3128 0 no-query login=relay:Vq3-marble-Lk82 name=up',
        '2026/11/28 10:00:00| Processing: cache_peer 10.2.0.9 parent 8080 0 default login=*:7e1c90aa4b2f63d8e5a1',
        'parentAuthCredentials = "relay:Vq3marbleLk82"',
      ],
      noMatch: [
        'cache_peer upstream.example.net parent 3128 0 login=PASSTHRU',
        'cache_peer upstream.example.net parent 3128 0 login=NEGOTIATE:HTTP/proxy.example.net',
        'cache_peer upstream.example.net parent 3128 0 login=relay:${PEER_PASSWORD}',
        'GET /auth?login=ann:Vq3marbleLk82 HTTP/1.1',
      ],
    },
  ),
];
