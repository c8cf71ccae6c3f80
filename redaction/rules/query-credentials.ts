/**
 * Family `generic`: credentials in a URL's query string under names the query-token rule does not
 * read as one: a session id (`?session=`, `?sessid=`), a single sign-on ticket (`?ticket=ST-…`),
 * a request signature (`?oauth_signature=`, `?upload_sig=`, `?hmac=`), a link's one-time code
 * (`?magic_link=`, `?invite=`, `?reset=`, `?verify=`). They show up where a URL is printed whole:
 * a server's access log, a client's debug log. The value must look generated (letters and digits,
 * 12 characters or more): `?reset=true`, `?invite=friends`, `?session=expired` stay.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

const NAMES = String.raw`session|sessid|sess_id|ticket|hmac|[a-z]+_signature|[a-z]+_sig|magic(?:_link)?|invite(?:_code)?|reset|verify|verification(?:_code)?|confirm(?:ation)?(?:_code)?`;
const GENERATED = String.raw`(?=[^&;\s"'#\\<>]*\d)(?=[^&;\s"'#\\<>]*[A-Za-z])[^&;\s"'#\\<>]{12,1024}`;

export const QUERY_CREDENTIAL_RULES: readonly Rule[] = [
  placedSecret('url-query-credential', 'a session id, sign-on ticket, request signature or one-time link code in a URL query string (?session=, ?ticket=ST-…, ?oauth_signature=, ?magic_link=)', { keywords: ['session=', 'sessid=', 'sess_id=', 'ticket=', 'hmac=', 'signature=', 'sig=', 'magic', 'invite', 'reset=', 'verify=', 'verification', 'confirm'], label: 'url-query-secret', entropy: 3 },
    new RegExp(String.raw`[?&;](?:${NAMES})=(?<secret>${GENERATED})`, 'i'),
    {
      match: [
        '127.0.0.1 - - [27/Nov/2026 09:21:59] "GET /cas/validate?service=https%3A%2F%2Fapp.local%2F&ticket=ST-4821-Hq4xN8vRt2Kw9LmZ3pQ-cas01 HTTP/1.1" 200 -',
        '10.0.0.7 - - [27/Nov/2026:09:21:59 +0000] "GET /app?sessid=9f3a7c1e5b2d8f4a6c0e9b7d3f1a5c8e HTTP/1.1" 200 512 "-" "Mozilla/5.0"',
        'GET /api/photos?oauth_consumer_key=dpf43f3p2l4k3l03&oauth_signature=tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D HTTP/1.1',
        'GET /auth/callback?magic_link=Zk29XqLm83NvBt71PwZr0u5Y 302 4.2 ms - 0',
      ],
      noMatch: [
        'GET /account?reset=true&tab=security HTTP/1.1',
        'GET /join?invite=friends-and-family HTTP/1.1',
        'GET /login?session=expired&next=%2Fhome HTTP/1.1',
        'GET /cb?ticket=${CAS_TICKET} HTTP/1.1',
      ],
    }),
];
