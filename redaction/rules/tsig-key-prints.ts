/**
 * A DNS TSIG key's secret written with no `secret:` label before it. NSD's `nsd-checkconf -s <keyname>`
 * prints the base64 secret alone on the next line (known only from the command). A line
 * `<name>. <hmac algorithm> <base64>` is a key wherever it stands (PowerDNS `pdnsutil
 * generate-tsig-key`/`list-tsig-keys`, with any options, `Create new TSIG key …`), and so is the
 * `-y [algorithm:]name:secret` argument of dig, kdig, nsupdate, knsupdate and drill.
 * The secret must be base64 of a key's length (16 bytes or more), so a message or an error stays.
 */
import type { Rule, Span } from '../types.js';

/**
 * The command, then the lines it printed (up to the next prompt). The command's line must end in a
 * line break (a lookahead says so first: on a last line without one, each ` -s` on it was tried to its end).
 */
const ASKING_COMMAND = /^(?:\$ |# )?(?:sudo[ \t]+)?nsd-checkconf\b(?=[^\n]*\n)[^\n]*?[ \t]-s[ \t]+\S+[^\n]*\n(?<output>(?:(?!\$ |# )[^\n]*(?:\n|$)){1,200})/gm;
const BASE64_KEY = String.raw`[A-Za-z0-9+/]{22,}={0,2}`;
const HMAC_ALGORITHM = String.raw`hmac-(?:md5|sha1|sha224|sha256|sha384|sha512)(?:\.sig-alg\.reg\.int)?`;
/** mixed case and a digit or `+`/`/`: a word run of letters is not a key */
const KEY_LIKE = String.raw`(?=[A-Za-z0-9+/]*[0-9+/])(?=[A-Za-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*[a-z])`;
const BARE_SECRET = new RegExp(String.raw`^[ \t]*${KEY_LIKE}(?<secret>${BASE64_KEY})[ \t]*$`);

function* printedTsigSecrets(text: string): Iterable<Span> {
  ASKING_COMMAND.lastIndex = 0;
  for (let command = ASKING_COMMAND.exec(text); command; command = ASKING_COMMAND.exec(text)) {
    let at = command.index + command[0].length - command.groups!.output!.length;
    for (const line of command.groups!.output!.split('\n')) {
      const secret = BARE_SECRET.exec(line)?.groups?.secret;
      if (secret) {
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
    description: "a TSIG key's base64 secret printed alone on its line by `nsd-checkconf -s <key>`",
    keywords: ['nsd-checkconf'],
    detector: printedTsigSecrets,
    shield: 'values',
    examples: {
      match: [
        '$ nsd-checkconf -s notify-peer /etc/nsd/nsd.conf\nq3Vb8LmT0xRz2WkP5nYd7A==\n',
      ],
      noMatch: [
        '$ nsd-checkconf -s notify-peer /etc/nsd/nsd.conf\nerror: cannot find key notify-peer\n',
        '$ nsd-checkconf -o zonesdir /etc/nsd/nsd.conf\nVeryLongZonesDirectoryName2Here\n',
      ],
    },
  },
  {
    id: 'tsig-key-line',
    type: 'secret',
    label: 'secret',
    description: "a TSIG key as `<name>. <hmac algorithm> <base64 secret>` on a line of its own (PowerDNS `pdnsutil generate-tsig-key`/`list-tsig-keys` with any options, `Create new TSIG key …`)",
    keywords: ['hmac-'],
    pattern: new RegExp(String.raw`^[ \t]*(?:Create new TSIG key[ \t]+)?[\w.-]+\.?[ \t]+${HMAC_ALGORITHM}\.?[ \t]+${KEY_LIKE}(?<secret>${BASE64_KEY})[ \t]*$`, 'im'),
    examples: {
      match: [
        '$ pdnsutil --config-dir=/etc/powerdns generate-tsig-key axfr-west hmac-sha256\nCreate new TSIG key axfr-west hmac-sha256 Zp4Kx9mQ2vLr8Tn3Wb6Yc1Hd5Fs7Ga0Je4Uk2Ro6Ti=\n',
        '$ pdnsutil list-tsig-keys\naxfr-west. hmac-sha256. Zp4Kx9mQ2vLr8Tn3Wb6Yc1Hd5Fs7Ga0Je4Uk2Ro6Ti=\nnotify-2. hmac-md5. Qm7vT2kLx9Rz4Wn8Bc3Yh6Jd==\n',
      ],
      noMatch: ['$ pdnsutil list-tsig-keys\n', 'axfr-west. hmac-sha256. ' + 'A'.repeat(44), 'the TSIG key uses hmac-sha256 (see RFC 8945)'],
    },
  },
  {
    id: 'tsig-key-argument',
    type: 'secret',
    label: 'secret',
    description: 'a TSIG key given on the command line as `-y [hmac-algorithm:]name:secret` (dig, kdig, nsupdate, knsupdate; drill writes `-y name:secret:algorithm`)',
    keywords: ['-y '],
    keywordStarts: true,
    pattern: new RegExp(String.raw`-y +\\{0,3}["']?(?:${HMAC_ALGORITHM}:)?[\w.-]+:${KEY_LIKE}(?<secret>${BASE64_KEY})(?![\w+/=])`, 'i'),
    examples: {
      match: [
        'dig -y hmac-sha256:xfr-key:Zp4Kx9mQ2vLr8Tn3Wb6Yc1Hd5Fs7Ga0Je4Uk2Ro6Ti= @ns1 example.com AXFR',
        'nsupdate -y ddns-key:Qm7vT2kLx9Rz4Wn8Bc3Yh6Jd== update.txt',
        'drill -y xfr-key:Zp4Kx9mQ2vLr8Tn3Wb6Yc1Hd5Fs7Ga0Je4Uk2Ro6Ti=:hmac-sha256 -t AXFR example.com @ns1',
      ],
      noMatch: ['apt-get install -y dnsutils', 'nsupdate -y ddns-key:$DDNS_SECRET update.txt', 'dig -y hmac-sha256:xfr-key:changeme @ns1 example.com'],
    },
  },
];
