/**
 * Family `generic`: a password variable qualified by the account it is for, as mail clients name
 * them: s-nail's and mailx's `password-USER@HOST=…` (the user URL-encoded: `ann%40example.org@mx:587`),
 * set in a resource file, with `-S` on the command line or echoed by `varshow`. The assignment rules
 * read a name of word characters; here the name runs on through `%`, `@` and `:` to its `=`.
 */
import type { Rule, Span } from '../types.js';
import { secretInPlace } from '../value-judge.js';
import { placedSecret } from './placed-secret.js';

/** `password-<account>=<value>`: the account has an `@` or a `:` (a user at a host, a host and port), the value runs to a blank or a quote. */
const ACCOUNT_PASSWORD = /(?<![\w-])(?:smtp-auth-)?(?:password|passwd|pass)-(?<account>[\w.%+-]{1,100}(?:@[\w.%+-]{1,100})?(?::\d{1,5})?)=(?<quote>["']?)(?<value>[^\s"']{1,400})\k<quote>/dg;

function* accountPasswords(text: string): Iterable<Span> {
  ACCOUNT_PASSWORD.lastIndex = 0;
  for (let found = ACCOUNT_PASSWORD.exec(text); found; found = ACCOUNT_PASSWORD.exec(text)) {
    const { account, value } = found.groups!;
    if (!/[@:]/.test(account!) || !secretInPlace(value!, 'password')) continue;
    const [start, end] = found.indices!.groups!.value!;
    yield { start, end };
  }
}

export const ACCOUNT_QUALIFIED_SECRET_RULES: readonly Rule[] = [
  placedSecret(
    'account-password-variable',
    "a password variable named for its account, as mail clients write it (s-nail's `password-USER@HOST=…`, `-S password-ann%40example.org@mx.example.org:587=…`)",
    { keywords: ['password-', 'passwd-', 'pass-'], label: 'password' },
    accountPasswords,
    {
      match: [
        'set password-ann%40example.org@mx.example.org:587=Harbor-Gale-31',
        "s-nail -S v15-compat -S 'password-ops@imap.example.net=Qv7kLm2Zx9Pw' -f imaps://ops@imap.example.net",
        'COMMAND <set> password-reports%40example.org@127.0.0.1:110=1f0e3d2c4b5a69788796a5b4c3d2e1f0',
      ],
      noMatch: [
        'set password-ann%40example.org@mx.example.org:587=',
        'set password-ann@mx.example.org=${MAIL_PASSWORD}',
        'see password-reset=enabled in the settings',
        'the password-policy=strict option',
        'set user-ann@mx.example.org=ann',
      ],
    },
  ),
];
