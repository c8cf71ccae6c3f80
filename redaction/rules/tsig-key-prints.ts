/**
 * A DNS TSIG key's secret printed bare by the tool asked for it, with no `secret:` label before
 * it: NSD's `nsd-checkconf -s <keyname>` prints the base64 secret alone on the next line;
 * PowerDNS's `pdnsutil generate-tsig-key` / `list-tsig-keys` print `<name>. <algorithm> <base64>`.
 * The line must be base64 of a key's length (16 bytes or more), so a message or an error stays.
 */
import type { Rule, Span } from '../types.js';

/**
 * The command, then the lines it printed (up to the next prompt). The command's line must end in a
 * line break (a lookahead says so first: on a last line without one, each ` -s` on it was tried to its end).
 */
const ASKING_COMMAND = /^(?:\$ |# )?(?:sudo[ \t]+)?(?<tool>nsd-checkconf\b(?=[^\n]*\n)[^\n]*?[ \t]-s[ \t]+\S+|pdnsutil[ \t]+(?:generate-tsig-key|list-tsig-keys|import-tsig-key)\b)[^\n]*\n(?<output>(?:(?!\$ |# )[^\n]*(?:\n|$)){1,200})/gm;
const BASE64_KEY = String.raw`[A-Za-z0-9+/]{22,}={0,2}`;
const BARE_SECRET = new RegExp(String.raw`^[ \t]*(?<secret>${BASE64_KEY})[ \t]*$`);
const NAMED_SECRET = new RegExp(String.raw`^(?:Create new TSIG key[ \t]+)?\S+\.?[ \t]+hmac-[\w-]+\.?[ \t]+(?<secret>${BASE64_KEY})[ \t]*$`);

function* printedTsigSecrets(text: string): Iterable<Span> {
  ASKING_COMMAND.lastIndex = 0;
  for (let command = ASKING_COMMAND.exec(text); command; command = ASKING_COMMAND.exec(text)) {
    const shape = command.groups!.tool!.startsWith('nsd') ? BARE_SECRET : NAMED_SECRET;
    let at = command.index + command[0].length - command.groups!.output!.length;
    for (const line of command.groups!.output!.split('\n')) {
      const match = shape.exec(line);
      const secret = match?.groups?.secret;
      if (secret && /[0-9+/]/.test(secret) && /[A-Z]/.test(secret) && /[a-z]/.test(secret)) {
        const start = at + line.lastIndexOf(secret);
        yield { start, end: start + secret.length };
      }
      at += line.length + 1;
    }
  }
}

export const TSIG_KEY_PRINT_RULES: readonly Rule[] = [
  {
    id: 'tsig-key-print',
    type: 'secret',
    label: 'secret',
    description: "a TSIG key's base64 secret printed without a label by the tool asked for it: `nsd-checkconf -s <key>`'s line, `pdnsutil generate-tsig-key`/`list-tsig-keys`' `<name> <algorithm> <secret>`",
    keywords: ['nsd-checkconf', 'pdnsutil'],
    detector: printedTsigSecrets,
    shield: 'values',
    examples: {
      match: [
        '$ nsd-checkconf -s notify-peer /etc/nsd/nsd.conf\nq3Vb8LmT0xRz2WkP5nYd7A==\n',
        '$ pdnsutil generate-tsig-key axfr-west hmac-sha256\nCreate new TSIG key axfr-west hmac-sha256 Zp4Kx9mQ2vLr8Tn3Wb6Yc1Hd5Fs7Ga0Je4Uk2Ro6Ti=\n',
        '$ pdnsutil list-tsig-keys\naxfr-west. hmac-sha256. Zp4Kx9mQ2vLr8Tn3Wb6Yc1Hd5Fs7Ga0Je4Uk2Ro6Ti=\n',
      ],
      noMatch: [
        '$ nsd-checkconf -s notify-peer /etc/nsd/nsd.conf\nerror: cannot find key notify-peer\n',
        '$ nsd-checkconf -o zonesdir /etc/nsd/nsd.conf\nVeryLongZonesDirectoryName2Here\n',
        '$ pdnsutil list-tsig-keys\n',
      ],
    },
  },
];
