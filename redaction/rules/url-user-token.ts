/**
 * Family `generic`: a token written as a URL's user, with no password after it. Git hosts take a
 * token there (`https://<token>@github.com/…`, or `<token>:x-oauth-basic@`), and `git remote -v`,
 * `git config --list` (also as `url.<url>.insteadof`), `GIT_TRACE` and clone errors print the URL
 * as it was given. A user name is not a token: the value must look random (upper and lower case
 * letters and digits, or 32 characters or more of lower-case letters and digits with digits among
 * them, as hex tokens are).
 * A Sentry DSN (`https://<32 hex>@<host>/<project number>`) carries a public key there: it stays.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

const MIXED = String.raw`(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,200}`;
const SENTRY_DSN = String.raw`(?![0-9a-f]{32}@[^\s/@]+/\d+(?![\w/.-]))`;
const LOWER_WITH_DIGITS = String.raw`(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{32,200}`;

export const URL_USER_TOKEN_RULES: readonly Rule[] = [
  placedSecret('url-user-token', 'a token as the user of an https/git/ssh URL with no password (`https://<token>@github.com/…`, `<token>:x-oauth-basic@`)', { keywords: ['://'], label: 'url-token', entropy: 3 },
    // starts at the `://` (found fast), the scheme is checked behind it
    new RegExp(String.raw`://(?<=(?<![A-Za-z0-9+-])(?:https?|git|ssh|git\+ssh|git\+https|wss?|ftps?)://)${SENTRY_DSN}(?<secret>${MIXED}|${LOWER_WITH_DIGITS})(?::x-oauth-basic)?@(?=[A-Za-z0-9[])`),
    {
      match: [
        'tok\thttps://Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0Ua@git.example.net/r.git (fetch)',
        'remote.origin.url=https://9f3a7c1e5b2d8f4a6c0e9b7d3f1a5c8e2b4d6f0a@github.com/acme/app.git',
        'git clone https://Qm7vT2xK9pL4wZ8nR3sY6bC1:x-oauth-basic@github.com/acme/app.git',
        'url.https://Rw8Kq3Lm9Vx2Zt7Pn4Bc6Hd1Js5Ty0Ua@github.com/.insteadof=https://github.com/',
      ],
      noMatch: [
        'clone https://x-access-token@github.com/acme/app.git',
        'remote.origin.url=https://svc-deploy-prod-2024@git.example.net/r.git',
        'ssh://git@github.com/acme/app.git',
        'https://build-agent-0123456789abcdef@ci.example.net/job',
        'https://${GITHUB_TOKEN}@github.com/acme/app.git',
        'SENTRY_DSN="https://49f7e6aac6424ef6098585cd46f296a4@o645694.ingest.sentry.io/5734021"',
        'dsn: https://8aa6c2eb55949ff8982720f73eee6115@sentry.acme.internal/12',
      ],
    }),
];
