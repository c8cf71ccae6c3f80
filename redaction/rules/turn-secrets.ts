/**
 * A TURN server's shared secrets (coturn): the REST-API secret given on the command line
 * (`turnadmin -s <secret> -r realm`, `turnserver --static-auth-secret=<secret>`), the secrets
 * `turnadmin -S` lists one a line as `<secret>[<realm>]`, and the long-term key `turnadmin -k`
 * prints (`0x` and the hex of an HMAC key) on the line after its command.
 */
import type { Rule, Span } from '../types.js';

const SECRET_FLAG = /\b(?:turnadmin\b[^\n|;&]{0,200}?[ \t]-s|(?:turnserver|turnadmin)\b[^\n|;&]{0,200}?[ \t]--static-auth-secret)(?:[ \t]+|=)['"]?(?<secret>[^\s'"$-][^\s'"]{7,200})/g;
/** `turnadmin -S` or `-k`, then the lines that command printed (up to the next prompt); its line must end in a line break, looked for first (see tsig-key-prints.ts). */
const PRINTING_COMMAND = /^(?:\$ |# )?turnadmin\b(?=[^\n]*\n)[^\n]*?[ \t](?<what>-S|--list-secrets|-k|--key)\b[^\n]*\n(?<output>(?:(?!\$ )[^\n]*(?:\n|$)){1,200})/gm;
const LISTED_SECRET = /^(?<secret>[^\s[\]]{8,200})\[[\w.-]{1,253}\]$/;
const PRINTED_KEY = /^0x(?<secret>[0-9a-f]{32,128})$/;

function* listedSecrets(text: string): Iterable<Span> {
  SECRET_FLAG.lastIndex = 0;
  for (let flag = SECRET_FLAG.exec(text); flag; flag = SECRET_FLAG.exec(text)) {
    const start = flag.index + flag[0].length - flag.groups!.secret!.length;
    yield { start, end: start + flag.groups!.secret!.length };
  }
  PRINTING_COMMAND.lastIndex = 0;
  for (let command = PRINTING_COMMAND.exec(text); command; command = PRINTING_COMMAND.exec(text)) {
    const shape = /S|list/.test(command.groups!.what!) ? LISTED_SECRET : PRINTED_KEY;
    let at = command.index + command[0].length - command.groups!.output!.length;
    for (const line of command.groups!.output!.split('\n')) {
      const secret = shape.exec(line.trimEnd())?.groups?.secret;
      if (secret) yield { start: at, end: at + secret.length };
      at += line.length + 1;
    }
  }
}

export const TURN_SECRET_RULES: readonly Rule[] = [
  {
    id: 'turn-shared-secret',
    type: 'secret',
    label: 'secret',
    description: "coturn's shared secrets and keys: `turnadmin -s X` / `--static-auth-secret X`, the `X[realm]` lines `turnadmin -S` lists, the `0x…` key `turnadmin -k` prints",
    keywords: ['turnadmin', 'turnserver'],
    detector: listedSecrets,
    shield: 'values',
    examples: {
      match: [
        'turnadmin -s 5be0c7a2d94f1e38b6a7c0d2e9f41a3c -b /var/lib/turn/turndb -r voice.example',
        'turnserver -n --static-auth-secret=Pq9vLm3xTz8KwR2s --realm=meet.example',
        '$ turnadmin -S -b /var/lib/turn/turndb\nYmFzZTY0c2VjcmV0LWhlcmUtb2s=[meet.example]\n',
        '$ turnadmin -k -u carol -r meet.example -p otter-Bridge-17\n0x4c1f9e2a7b3d5c8e0f6a1b9d2c4e7f30\n',
      ],
      noMatch: ['turnadmin -s $TURN_SECRET -r meet.example', '$ turnadmin -l -b /var/lib/turn/turndb\ncarol[meet.example]\n', 'turnadmin --help'],
    },
  },
];
