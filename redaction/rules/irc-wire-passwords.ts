/**
 * The IRC `PASS` command as a client, bouncer or server logs the lines it sends: the connection
 * (server) password, or a bouncer's `user/network:password`, goes on the wire in clear before
 * `NICK` and `USER`. Debug logs show it after a direction marker: ZNC `--debug`
 * (`ZNC -> IRC [PASS …]`), irssi's and WeeChat's raw logs (`>> PASS …`, `--> PASS …`), a proxy's
 * `C: PASS …`, or a bracketed line. A value that is a mask or a template stays.
 */
import { matchesOnLines } from '../anchored.js';
import type { Rule, Span } from '../types.js';
import { isPlaceholder, isShielded } from '../shields.js';
import { CLIENT_ANONYMOUS_PASSWORD } from './ftp-sessions.js';

/** A direction marker (or an opening bracket after one), then `PASS`, then the value to the end of the line or the bracket. */
const SENT_PASS = /(?:->|>>|-->|--->|=>|\bC:|\bSEND(?:ING)?:?|\bout:?)[ \t]*(?:[\w.:/-]{0,60}[ \t]*)?(?:\[[\w.:-]{0,60}\][ \t]*)?\[?PASS[ \t]+(?<value>:[^\r\n\]]{1,200}|[^\s\]]{1,200})(?=\]?[ \t]*(?:\r?\n|$))/gi;

/**
 * A match lies on one line (no character of it is a line break) and holds `PASS` and a blank,
 * where one of the rule's keywords starts: only the lines of those places are searched. A search
 * of the whole text stopped at every `o`, `s` and `c` of it.
 */
function sentPasswords(text: string, keywordStarts?: readonly number[]): Span[] {
  const spans: Span[] = [];
  for (const { match, offset: linesAt } of matchesOnLines(SENT_PASS, text, keywordStarts)) {
    let value = match.groups!.value!;
    let offset = linesAt + match.index + match[0].length - value.length;
    if (value.startsWith(':')) {
      value = value.slice(1);
      offset += 1;
    }
    value = value.trimEnd();
    if (value.length < 4 || CLIENT_ANONYMOUS_PASSWORD.test(value) || isPlaceholder(value) || isShielded(value, undefined)) continue;
    spans.push({ start: offset, end: offset + value.length });
  }
  return spans;
}

export const IRC_WIRE_PASSWORD_RULES: readonly Rule[] = [
  {
    id: 'sent-pass-command',
    type: 'secret',
    label: 'password',
    description: 'the password of a `PASS` command a client or bouncer logs as sent (IRC server password, FTP/POP3 password), after a direction marker',
    // every match holds `PASS` and a blank (a space or a tab)
    keywords: ['pass ', 'pass\t'],
    keywordStarts: true,
    detector: sentPasswords,
    examples: {
      match: [
        '[2026-03-02 18:40:11.512004] (alice/libera) ZNC -> IRC [PASS Tq7#mire-Lantern22]',
        '18:40 >> PASS :fernhill/oftc:Wb3-quartz-Hollow',
        '14:02:11 --> PASS s3cr3t-Lark!92',
      ],
      noMatch: [
        '[2026-03-02 18:40:11.512004] (alice/libera) ZNC -> IRC [NICK alice]',
        '>> PASS <your-server-password>',
        'PASS is the command a client sends before NICK when the server wants a password.',
        '---> PASS lftp@',
      ],
    },
  },
];
