/**
 * Family `generic`: the values a parameter store prints beside each parameter's path when asked for
 * names and values only (`aws ssm get-parameters-by-path --with-decryption --query
 * 'Parameters[].[Name,Value]'`): `/prod/app/api_key<TAB>value` in text, a two-cell row in a table,
 * the path's string then the value's in a JSON list. No field name says which is the value, and no
 * `SecureString` type is printed: the path's last segment names what the value is, and a value
 * under a secret's name is judged like an assignment's (rule 1: 32 hex under `api_key` is the key).
 * Only after `--with-decryption` (or boto3's `WithDecryption`): without it a secure value is
 * printed encrypted.
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter } from '../line-bounds.js';

const MAX_LINES = 400;
const MAX_LINE = 4000;
/** `/prod/app/api_key<TAB>value` (text output). */
const TEXT_PAIR = /^(\/[\w./-]{0,300}\/)?([\w.-]{1,100})\t([^\t\r\n]{1,4096}?)\r?$/;
/** `||  /prod/app/api_key  |  value  ||` (table output: two cells). */
const TABLE_PAIR = /^\|{1,2}[ \t]+(\/[\w./-]{0,300}\/)?([\w.-]{1,100})[ \t]*\|[ \t]+([^\s|]{1,4096})[ \t]*\|{1,2}\r?$/;
/** `        "/prod/app/api_key",` then `        "value"` (JSON output: a list of name and value). */
const JSON_NAME = /^[ \t]*"(\/[\w./-]{0,300}\/)([\w.-]{1,100})",\r?$/;
const JSON_VALUE = /^[ \t]*"((?:[^"\\\n]|\\.){1,4096})"\r?$/;

/** A value under a path whose last segment names a secret; a path without `/` (a bare name) only in text and table rows. */
function secretUnder(segment: string, value: string): boolean {
  return classifyName(segment) !== null && sensitiveValue(segment, value);
}

function* parameterValues(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let covered = -1;
  for (const at of keywordStarts ?? []) {
    if (at < covered) continue;
    let lineStart = lineBreakAfter(text, at);
    for (let lines = 0; lineStart !== -1 && lines < MAX_LINES; lines++) {
      lineStart++;
      let lineEnd = lineBreakAfter(text, lineStart);
      if (lineEnd === -1) lineEnd = text.length;
      covered = lineEnd;
      const line = text.slice(lineStart, Math.min(lineEnd, lineStart + MAX_LINE));
      // the next command ends the output
      if (/^(?:\$|PS>|>>>)[ \t]/.test(line)) break;
      const pair = TEXT_PAIR.exec(line) ?? TABLE_PAIR.exec(line);
      if (pair && (pair[1] !== undefined || line.includes('\t')) && secretUnder(pair[2]!, pair[3]!)) {
        const start = lineStart + line.lastIndexOf(pair[3]!);
        yield { start, end: start + pair[3]!.length };
      }
      const name = JSON_NAME.exec(line);
      if (name && lineEnd < text.length) {
        const nextEnd = lineBreakAfter(text, lineEnd + 1);
        const next = text.slice(lineEnd + 1, nextEnd === -1 ? text.length : nextEnd);
        const value = JSON_VALUE.exec(next);
        if (value && secretUnder(name[2]!, value[1]!)) {
          const start = lineEnd + 1 + next.indexOf('"') + 1;
          yield { start, end: start + value[1]!.length };
        }
      }
      lineStart = lineEnd === text.length ? -1 : lineEnd;
    }
  }
}

export const PARAMETER_PATH_VALUE_RULES: readonly Rule[] = [
  // judged as an assignment's value, without the shields of values found by place alone (as query-named-rows.ts)
  withoutValueShield(placedSecret(
    'parameter-path-value',
    "Secrets a parameter store prints beside their paths when asked for names and values only (aws ssm … --with-decryption --query '…[Name,Value]'), in text, table and JSON output",
    { keywords: ['--with-decryption', 'withdecryption'], keywordStarts: true, label: 'secret' },
    parameterValues,
    {
      match: [
        "$ aws ssm get-parameters-by-path --path /prod/billing/ --with-decryption --query 'Parameters[].[Name,Value]' --output text\n/prod/billing/region\teu-central-1\n/prod/billing/webhook_secret\t9f3ac07e51b24d6a8e0c4f2b7d1a6e93\n",
        "$ aws ssm get-parameters --names /prod/billing/db_password /prod/billing/queue --with-decryption --query 'Parameters[].[Name,Value]' --output table\n-----------------------------------------\n|             GetParameters             |\n+------------------------------+--------+\n|  /prod/billing/db_password   |  Lk7-orchid-Tq42  |\n|  /prod/billing/queue         |  jobs   |\n+------------------------------+--------+",
        "$ aws ssm get-parameters-by-path --path /prod/billing/ --with-decryption --query 'Parameters[].[Name,Value]'\n[\n    [\n        \"/prod/billing/api_token\",\n        \"tk_Wm4vQ8zLx2Rp7Kn3\"\n    ]\n]",
      ],
      noMatch: [
        "$ aws ssm get-parameters-by-path --path /prod/billing/ --with-decryption --query 'Parameters[].[Name,Value]' --output text\n/prod/billing/region\teu-central-1\n/prod/billing/max_workers\t16\n",
        // the value under a secret's name is a reference or a mask
        "$ aws ssm get-parameters-by-path --path /prod/billing/ --with-decryption --query 'Parameters[].[Name,Value]' --output text\n/prod/billing/db_password\t${DB_PASSWORD}\n/prod/billing/api_key\t****\n",
        // no decryption asked: no secret printed
        "$ aws ssm get-parameters-by-path --path /prod/billing/ --query 'Parameters[].[Name,Type]' --output text\n/prod/billing/api_key\tSecureString\n",
      ],
    },
  )),
];

function withoutValueShield(rule: Rule): Rule {
  const { shield: _shield, ...judgedByItself } = rule;
  return judgedByItself;
}
