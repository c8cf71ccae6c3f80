/**
 * Secrets an IRC client keeps in its server settings besides the password fields: the NickServ
 * password inside the command run on connecting (WeeChat's `irc.conf` `command = "/msg NickServ
 * IDENTIFY deploy <password>"`, any client's `/msg nickserv identify <password>`), and channel keys after
 * the autojoin channels (`autojoin = "#ops,#deploy <key>,<key>"`, as JOIN takes them).
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** From `IDENTIFY`: an optional account and the password, up to the end of the command. */
const IDENTIFY = /identify[ \t]+(?:([^\s"';]{1,64})[ \t]+)?([^\s"';]{1,200})(?=["';]|[ \t]*$|[ \t]*\r?\n)/iy;
/** `/msg NickServ ` or `PRIVMSG NickServ :` just before it. */
const TO_NICKSERV = /(?:msg|privmsg|quote privmsg|query)[ \t]+nickserv[ \t]+:?$/i;
/** From `autojoin`: the setting's quoted channels, a space, the keys. */
const AUTOJOIN_KEYS = /autojoin[ \t]*=[ \t]*"([#&][^\s",]{1,64}(?:,[#&][^\s",]{1,64}){0,31}) ([^\s"]{1,2000})"/y;

function* ircConfigSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    if ((text.charCodeAt(at) | 32) === 97) {
      AUTOJOIN_KEYS.lastIndex = at;
      const match = AUTOJOIN_KEYS.exec(text);
      if (!match) continue;
      let position = match.index + match[0].length - 1 - match[2]!.length;
      for (const key of match[2]!.split(',')) {
        if (key.length >= 6 && sensitiveValue('password', key)) yield { start: position, end: position + key.length };
        position += key.length + 1;
      }
      continue;
    }
    if (!TO_NICKSERV.test(text.slice(Math.max(0, at - 40), at))) continue;
    IDENTIFY.lastIndex = at;
    const match = IDENTIFY.exec(text);
    if (!match || !sensitiveValue('password', match[2]!)) continue;
    const end = match.index + match[0].length;
    yield { start: end - match[2]!.length, end };
  }
}

export const IRC_CONFIG_SECRET_RULES: readonly Rule[] = [
  placedSecret(
    'irc-config-secret',
    'the NickServ password in an IRC command (`/msg NickServ IDENTIFY user x`) and channel keys after autojoin channels (`autojoin = "#ops x"`)',
    { keywords: ['identify', 'autojoin'], keywordStarts: true, label: 'password' },
    ircConfigSecrets,
    {
      match: [
        'libera.command = "/msg NickServ IDENTIFY deploy Pw9-maple-Rz3t"',
        '/msg nickserv identify Sx4-quartz-Np2m',
        'libera.autojoin = "#ops,#deploy Kq5-birch-Tz8m,x"',
        'PRIVMSG NickServ :IDENTIFY Fy2-aspen-Qk9w\r\n',
      ],
      noMatch: [
        'libera.command = "/msg NickServ IDENTIFY deploy ${sec.data.nickserv}"',
        'libera.autojoin = "#ops,#deploy"',
        'Please identify yourself with /msg NickServ IDENTIFY <password>',
        'We identify users by their certificate fingerprint',
      ],
    },
  ),
];
