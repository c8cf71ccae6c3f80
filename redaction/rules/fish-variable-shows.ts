/**
 * Family `generic`: fish's `set -S NAME` (`set --show`), which prints each element of a variable
 * between bars and, for one taken from the environment, the value it was inherited with:
 * `$DEPLOY_TOKEN[1]: |…|`, `$DEPLOY_TOKEN: originally inherited as |…|`. A value under a secret's
 * name is judged as an assignment's would be (assignment.ts); one under a person's name field
 * (`GIT_AUTHOR_NAME`, `DEBFULLNAME`) is a name when it is shaped like one.
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { isPersonName } from './person-name-shape.js';
import { personalFieldKind } from './personal-fields.js';
import { placedSecret } from './placed-secret.js';

const SHOWN_VALUE = /^\$(?<name>[A-Za-z_][\w]{0,100})(?:\[\d{1,6}\]:|: originally inherited as) \|(?<value>[^|\r\n]{1,1000})\|[ \t]*\r?$/gm;

function* shownValues(text: string, taken: (name: string, value: string) => boolean): Iterable<Span> {
  SHOWN_VALUE.lastIndex = 0;
  for (let found = SHOWN_VALUE.exec(text); found; found = SHOWN_VALUE.exec(text)) {
    const { name, value } = found.groups!;
    if (!taken(name!, value!)) continue;
    const end = found.index + found[0].lastIndexOf('|');
    yield { start: end - value!.length, end };
  }
}

const fishVariableShows = (text: string) => shownValues(text, sensitiveValue);
const personNameShows = (text: string) => shownValues(text, (name, value) => personalFieldKind(name) === 'full-name' && isPersonName(value, { keyed: true }));

export const FISH_VARIABLE_SHOW_RULES: readonly Rule[] = [
  placedSecret(
    'fish-variable-shows',
    "a secret's value in fish's `set -S`/`set --show` listing: `$NAME[1]: |…|`, `$NAME: originally inherited as |…|`",
    { keywords: [']: |', 'originally inherited as |'], label: 'secret' },
    fishVariableShows,
    {
      match: [
        '$SMTP_PASSWORD: set in global scope, exported, with 1 elements\n$SMTP_PASSWORD[1]: |Kq8-lantern-Zw3|\n$SMTP_PASSWORD: originally inherited as |Kq8-lantern-Zw3|\n',
        '$REGISTRY_TOKEN[1]: |9d4b7e2a5c8f1d3b6e9a2c5f8b1d4e7a|',
        '$api_secret: set in universal scope, unexported, with 1 elements\n$api_secret[1]: |Wq3mZ8xK2pR7tV9yB4nE|\n',
      ],
      noMatch: [
        '$PATH: set in global scope, exported, a path variable with 3 elements\n$PATH[1]: |/usr/local/bin|\n$PATH[2]: |/usr/bin|\n',
        '$DEPLOY_TOKEN[1]: |%(DEPLOY_TOKEN)s|\n$DEPLOY_TOKEN: originally inherited as |%(DEPLOY_TOKEN)s|',
        '$API_TOKEN[1]: |********|',
        '$TOKEN_FILE[1]: |/run/secrets/deploy_token|',
        '$BUILD_ID[1]: |Kq8-lantern-Zw3|',
      ],
    },
  ),
  {
    id: 'fish-variable-person-names',
    type: 'pii',
    label: 'name',
    description: "a person's name in fish's `set -S` listing under a name field's variable: `$GIT_AUTHOR_NAME[1]: |…|`, `$DEBFULLNAME: originally inherited as |…|`",
    keywords: [']: |', 'originally inherited as |'],
    detector: personNameShows,
    examples: {
      match: [
        '$GIT_AUTHOR_NAME: set in global scope, exported, with 1 elements\n$GIT_AUTHOR_NAME[1]: |Ingrid Solheim-Vik|\n$GIT_AUTHOR_NAME: originally inherited as |Ingrid Solheim-Vik|\n',
        '$DEBFULLNAME[1]: |Tomás Ó Briain|',
      ],
      noMatch: ['$GIT_AUTHOR_NAME[1]: |Release Bot|', '$HOSTNAME[1]: |build-03|', '$NAME[1]: |Mirela Pop|'],
    },
  },
];
