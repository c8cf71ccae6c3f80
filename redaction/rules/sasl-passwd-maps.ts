/**
 * Client credentials from Postfix's `smtp_sasl_password_maps` table (`sasl_passwd`): one entry a
 * line, a next hop or a sender then `user:password`. What prints them:
 *
 * - the file itself, and `postmap -s` / `postmap -q - ` (key, a tab, the value): an entry whose key
 *   is a bracketed next hop (`[smtp.example.net]:587`) or a sender domain (`@example.org`) is one
 *   wherever it stands;
 * - `postmap -q <key> hash:/etc/postfix/sasl_passwd`: the value alone, `user:password`, on the
 *   lines after a `postmap`/`postalias` query or dump of a table named for passwords;
 * - Berkeley DB's `db_dump -p sasl_passwd.db`: keys and values on alternating lines, each with a
 *   leading space and Postfix's `\00`.
 *
 * The password is what follows the user's first `:`, to the line's end (it may hold `:` itself).
 */
import type { Rule, Span } from '../types.js';
import { lineEndWithin, lineStartWithin } from '../line-bounds.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** A next hop (`[host]`, `[host]:port`) or a sender domain (`@example.org`); not an index (R's `[1] "…"`). */
const NEXT_HOP = String.raw`(?:\[(?!\d+\])[\w.:-]{1,253}\](?::[\w-]{1,20})?|@[\w-]{1,63}(?:\.[\w-]{1,63})+)`;
/** An entry line: key, blanks, `user:password` (db_dump's `\00` after them). */
const ENTRY_LINE = new RegExp(String.raw`^[ \t]*${NEXT_HOP}[ \t]+[^\s:]{1,128}:(\S{1,256})[ \t]*\r?$`);
/** A query or dump of a password table: `postmap -q key hash:/etc/postfix/sasl_passwd`, `postmap -s sasl_passwd`. */
const TABLE_COMMAND = /^[^\n]{0,300}?\bpost(?:map|alias)\b[^\n]{0,300}?[ \t]-[A-Za-z]*[qs]\b[^\n]{0,300}?[ \t](?:\w+:)?\S*(?:passw|sasl|secret|cred)\S*[ \t]*\r?$/;
/** An answer line: `user:password`, or the key, a tab, `user:password`. */
const ANSWER_LINE = /^(?:\S{1,300}\t)?[^\s:]{1,128}:(\S{1,256})\r?$/;
/** db_dump -p's data: a key line, then its value line (both led by a space, Postfix's `\00` at the end). */
const DB_DUMP_KEY = new RegExp(String.raw`^ ${NEXT_HOP}\\00\r?$`);
const DB_DUMP_VALUE = /^ [^\s:]{1,128}:(\S{1,256}?)\\00\r?$/;
const MAX_ANSWER_LINES = 50;
const LINE_SLACK = 700;

function* saslPasswdSecrets(text: string, keywordStarts: readonly number[] = []): Iterable<Span> {
  let lineDone = -1;
  for (const at of keywordStarts) {
    if (at < lineDone) continue;
    // `]` is everywhere (logs, Markdown): the line is read only when it opens with the `[` of that bracket
    const bracketed = text.charCodeAt(at) === 0x5d;
    const start = bracketed ? bracketLineStart(text, at) : lineStartWithin(text, at, LINE_SLACK);
    if (start === -1) continue;
    const end = lineEndWithin(text, at, LINE_SLACK);
    if (end === -1) continue;
    lineDone = end;
    const line = text.slice(start, end);
    const entry = ENTRY_LINE.exec(line);
    if (entry) {
      yield* password(entry[1]!, start + entry[0].lastIndexOf(entry[1]!));
      continue;
    }
    if (bracketed) continue;
    const dumped = DB_DUMP_VALUE.exec(line);
    if (dumped && DB_DUMP_KEY.test(previousLineText(text, start))) {
      yield* password(dumped[1]!, start + dumped[0].lastIndexOf(dumped[1]!));
      continue;
    }
    if (!TABLE_COMMAND.test(line)) continue;
    // the answer lines under the command
    for (let next = end + 1, lines = 0; lines < MAX_ANSWER_LINES && next < text.length; lines++) {
      const nextEnd = lineEndWithin(text, next, LINE_SLACK);
      if (nextEnd === -1) break;
      const answer = ANSWER_LINE.exec(text.slice(next, nextEnd));
      if (!answer) break;
      yield* password(answer[1]!, next + answer[0].lastIndexOf(answer[1]!));
      next = nextEnd + 1;
      lineDone = nextEnd;
    }
  }
}

/** The start of the line when it opens (after blanks) with the `[` that the `]` at `at` closes, else -1. */
function bracketLineStart(text: string, at: number): number {
  let open = at - 1;
  const stop = Math.max(0, at - 256);
  while (open >= stop && text[open] !== '[' && !/\s/.test(text[open]!)) open -= 1;
  if (open < 0 || text[open] !== '[') return -1;
  let start = open;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start -= 1;
  return start === 0 || text[start - 1] === '\n' ? start : -1;
}

function previousLineText(text: string, lineStart: number): string {
  if (lineStart === 0) return '';
  const start = lineStartWithin(text, lineStart - 1, LINE_SLACK);
  return start === -1 ? '' : text.slice(start, lineStart - 1);
}

function* password(value: string, start: number): Iterable<Span> {
  // `[1] https://host/page`: a footnote's URL, the scheme read as a user
  if (value.startsWith('//')) return;
  if (sensitiveValue('password', value)) yield { start, end: start + value.length };
}

export const SASL_PASSWD_RULES: readonly Rule[] = [
  placedSecret(
    'sasl-passwd-entry',
    "client credentials of Postfix's sasl_passwd table: its entries (`[smtp.example.net]:587 user:password`), `postmap -q`/`-s` answers, `db_dump -p` of its .db",
    { keywords: [']:', ']\t', '] ', '\\00', 'postmap', 'postalias'], keywordStarts: true, label: 'password' },
    saslPasswdSecrets,
    {
      match: [
        '[smtp.relay.example.net]:587\trelay-user@example.net:Mk5-granite-Vz7q\n@billing.example.org\tbilling@billing.example.org:Jx2-saffron-Np6d',
        '$ postmap -q "[mail.corp.example]:submission" hash:/etc/postfix/sasl_passwd\nops.mailer:Tq9-harbor-Lw3x',
        '$ printf "[mail.corp.example]:submission\\n" | postmap -q - lmdb:/etc/postfix/relay_passwd\n[mail.corp.example]:submission\tops.mailer:Tq9-harbor-Lw3x',
        'HEADER=END\n [smtp.relay.example.net]:587\\00\n relay-user@example.net:Mk5-granite-Vz7q\\00\nDATA=END',
      ],
      noMatch: [
        '$ postmap -q "@billing.example.org" hash:/etc/postfix/virtual\nbilling-team@billing.example.org',
        '[smtp.relay.example.net]:587\trelay-user@example.net:********',
        '$ postmap -q example.org hash:/etc/postfix/transport\nsmtp:[relay.example.net]:587',
        'HEADER=END\n example.org\\00\n smtp:[relay.example.net]\\00\nDATA=END',
        '[2026-11-27 17:30:09]  worker:ready',
        'Fixes the parser [3].\n\n[3] https://lists.example.org/archive/2024-May/000123.html',
        '$checksum\n[1] "sha256:3483fd5c01c983d13f2aa34796a5881571db5007ea92f5441ad13df6dd0ae696"',
        '[2] "deploy:Vq3marbleLk82x"',
      ],
    },
  ),
];
