/**
 * Key material a program prints as a dump of hex bytes under a label that names it: cryptsetup's
 * `MK dump:` (the volume key, over several indented lines), wpa_supplicant's `-K` debug lines
 * (`PSK (from passphrase) - hexdump(len=32): 3c ed …`, `WPA: PTK - hexdump(len=48): …`) and its
 * `hexdump_ascii` form, whose indented lines show the bytes and then the same bytes as text (a
 * passphrase: both columns are the secret). A label that names an id, a nonce, a digest or a
 * public value (`PMKID`, `ANonce`, `Key MIC`, `key_mgmt`) is none.
 */
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';

/** A label ending in `:` at a line's start (after a `WPA: `-like prefix), with wpa_supplicant's ` - hexdump(len=N)` before the colon. */
const LABELLED_DUMP = /^[ \t]*(?<label>[^\n:]{1,60}?(?::[ \t]*[^\n:]{1,40}?)?)(?<form>[ \t]+-[ \t]+hexdump(?<ascii>_ascii)?\(len=\d{1,5}\))?:[ \t]*(?<inline>(?:[0-9a-fA-F]{2}[ :]){3,}[0-9a-fA-F]{2})?[ \t]*$/gmd;
/** A word of the label that names key material. */
const KEY_WORD = /(?<![\p{L}\p{N}_])(?:key|psk|pmk|ptk|gtk|igtk|bigtk|kck|kek|tk|msk|emsk|isk|mk|password|passphrase|passwd|secret)(?![\p{L}\p{N}_])/iu;
/** A word that makes the label's value public or only a name of the key. */
const NOT_THE_KEY = /(?<![\p{L}\p{N}_])(?:ids?|identifier|fingerprint|hash|digest|nonce|anonce|snonce|iv|salt|mgmt|type|len|length|index|idx|usage|mic|mac|counter|seq|rsc|replay|checksum|public|pub|size|bits|slot|slots|offset|uuid|name)(?![\p{L}\p{N}_])/iu;
/** An indented line of a dump: hex bytes, then (hexdump_ascii) the same bytes as text after a wide gap. */
const DUMP_LINE = /[ \t]+(?<hex>(?:[0-9a-fA-F]{2}[ :]){0,31}[0-9a-fA-F]{2})(?:[ \t]{2,}(?<text>\S(?:[^\n]*\S)?))?[ \t]*(?=\r?\n|$)/yd;
const MIN_BYTES = 6;
const MAX_LINES = 64;

function* keyHexDumps(text: string): Iterable<Span> {
  LABELLED_DUMP.lastIndex = 0;
  for (let found = LABELLED_DUMP.exec(text); found; found = LABELLED_DUMP.exec(text)) {
    const { label = '', inline, ascii } = found.groups!;
    if (!KEY_WORD.test(label) || NOT_THE_KEY.test(label)) continue;
    const spans: Span[] = [];
    let bytes = 0;
    if (inline !== undefined) {
      const [start, end] = found.indices!.groups!.inline!;
      spans.push({ start, end });
      bytes += Math.ceil(inline.length / 3);
    }
    let at = found.index + found[0].length + 1;
    for (let line = 0; line < MAX_LINES && at < text.length; line++) {
      DUMP_LINE.lastIndex = at;
      const row = DUMP_LINE.exec(text);
      if (!row) break;
      const [hexStart, hexEnd] = row.indices!.groups!.hex!;
      spans.push({ start: hexStart, end: hexEnd });
      bytes += Math.ceil(row.groups!.hex!.length / 3);
      // (only hexdump_ascii prints the bytes again as text; another dump's wide gap holds nothing)
      if (row.groups!.text !== undefined && ascii !== undefined) {
        const [textStart, textEnd] = row.indices!.groups!.text!;
        spans.push({ start: textStart, end: textEnd });
      }
      const lineEnd = text.indexOf('\n', at);
      if (lineEnd < 0) break;
      at = lineEnd + 1;
    }
    if (bytes >= MIN_BYTES) yield* spans;
  }
}

export const KEY_HEX_DUMP_RULES: readonly Rule[] = [
  placedSecret(
    'key-hex-dump',
    "key material printed as hex bytes under a label that names it: cryptsetup's `MK dump:` lines, wpa_supplicant -K's `PSK … - hexdump(len=32): …`, `WPA: PTK …`, and its hexdump_ascii lines (bytes and text both); not a label naming an id, nonce, digest or public value",
    { keywords: ['hexdump', 'dump:', 'key:'], label: 'secret' },
    keyHexDumps,
    {
      match: [
        'Cipher mode:   \txts-plain64\nMK bits:       \t256\nMK dump:\t4f 0a 9c 21 7e 55 b3 08 c1 2d 96 e4 3a 70 1b f8 \n\t\t62 d9 05 ae 13 c7 48 9f 2b 84 e0 5d 36 a1 7c 90 \n',
        'WPA: PMK - hexdump(len=32): 5a 91 0c e3 27 bd 64 18 f0 a2 4b 7e 93 c5 06 d1 38 ef 2a 80 59 b4 1d 6c 97 03 fe 45 a8 2e 71 cb',
        'PSK (ASCII passphrase) - hexdump_ascii(len=12):\n     6c 61 72 63 68 2d 51 6d 38 32 76 4b               larch-Qm82vK    \nkey_mgmt: 0x2',
      ],
      noMatch: [
        'RSN: PMKID - hexdump(len=16): 1f 2e 3d 4c 5b 6a 79 88 97 a6 b5 c4 d3 e2 f1 00',
        'WPA: ANonce - hexdump(len=32): 0a 1b 2c 3d 4e 5f 60 71 82 93 a4 b5 c6 d7 e8 f9 0a 1b 2c 3d 4e 5f 60 71 82 93 a4 b5 c6 d7 e8 f9',
        'password - hexdump_ascii(len=15): [REMOVED]',
        'ssid - hexdump_ascii(len=9):\n     63 6f 72 70 2d 77 69 66 69                        corp-wifi       ',
        'eap methods - hexdump(len=16): 00 00 00 00 19 00 00 00 00 00 00 00 00 00 00 00',
        'Key MIC - hexdump(len=16): 9a 8b 7c 6d 5e 4f 30 21 12 03 f4 e5 d6 c7 b8 a9',
      ],
    },
  ),
];
