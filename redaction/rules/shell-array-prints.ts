/**
 * An indexed array named for a secret, as bash prints it: `declare -p`/`typeset -p` write
 * `declare -a API_TOKENS=([0]="tk_…" [1]="tk_…")` and `set` writes `API_TOKENS=([0]="…")`. The
 * array's name labels every element (an associative array's own keys are read by the assignment
 * rules: `[password]="…"`).
 */
import type { Rule, Span } from '../types.js';
import { withoutEscapedSigils } from '../escaped-sigils.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** From `=(`: one element, `[3]="value"` or `[3]=value`, then a space or the closing parenthesis. */
const ELEMENT = /\[\d{1,6}\]=(?:"((?:[^"\\\n]|\\[^\n]){1,2000})"|([^\s"'()[\]]{1,2000}))( |\))/y;

function isNameChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** The array's name, or its singular (`API_TOKENS`, `passwords`: each element is one), when it names a secret. */
function secretName(name: string): string | null {
  if (classifyName(name) !== null) return name;
  const singular = name.replace(/[sS]$/, '');
  return singular !== name && classifyName(singular) !== null ? singular : null;
}

function* shellArrayPrints(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    let nameStart = at;
    while (nameStart > 0 && at - nameStart < 100 && isNameChar(text.charCodeAt(nameStart - 1))) nameStart -= 1;
    if (nameStart === at) continue;
    const name = secretName(text.slice(nameStart, at));
    if (name === null) continue;
    let position = at + 2;
    for (let items = 0; items < 64; items++) {
      ELEMENT.lastIndex = position;
      const element = ELEMENT.exec(text);
      if (!element) break;
      const raw = element[1] ?? element[2]!;
      const valueStart = position + element[0].indexOf(raw);
      if (sensitiveValue(name, withoutEscapedSigils(raw))) yield { start: valueStart, end: valueStart + raw.length };
      position = ELEMENT.lastIndex;
      if (element[3] === ')') break;
    }
  }
}

export const SHELL_ARRAY_PRINT_RULES: readonly Rule[] = [
  placedSecret(
    'shell-array-print',
    'the elements of an indexed array named for a secret, as bash prints it (`declare -a API_TOKENS=([0]="x" [1]="y")`, `set`)',
    { keywords: ['=([0]='], keywordStarts: true, label: 'secret' },
    shellArrayPrints,
    {
      match: [
        'declare -a API_TOKENS=([0]="tk_Bn7Qx2Lm9Vr4Zp" [1]="tk_Vc6Rm2Xq9Lz4Wp")',
        'declare -a DB_PASSWORD=([0]="Fy2-aspen-Qk9w")',
        'secrets=([0]="Sx4-quartz-Np2m" [1]="Pw9-maple-Rz3t")',
        'declare -a passwords=([0]=Hv5-juniper-Wq2k)',
      ],
      noMatch: [
        'declare -a hosts=([0]="db01.example.test" [1]="Sx4-quartz-Np2m")',
        'declare -a API_TOKENS=([0]="\\${API_TOKEN_A}" [1]="<redacted>")',
        'declare -a secret_names=([0]="db-password" [1]="api-token")',
        'declare -a passwords=()',
      ],
    },
  ),
];
