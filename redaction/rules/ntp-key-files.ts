/**
 * Symmetric NTP keys as the key files of NTP daemons hold them and their key generators print
 * them: one key a line, `ID TYPE KEY`. ntpd's and ntpsec's `ntp.keys` (`ntp-keygen -M`) write
 * `1 MD5 <ascii>` or `2 SHA1 <hex>`; chrony's `chrony.keys` and `chronyc keygen` write
 * `1 SHA256 HEX:<hex>` or `2 MD5 ASCII:<text>`. The key authenticates the server's time: whoever
 * holds it can serve forged time to every client that trusts it. The shape is the file's, not one
 * program's, so any line of that shape is taken, wherever it is printed.
 */
import { keywordLines } from '../line-bounds.js';
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';

/** Digest and cipher names NTP implementations accept for a key (`M` is ntpd's old name for MD5). */
const KEY_TYPES = ['M', 'MD5', 'SHA', 'SHA1', 'SHA224', 'SHA256', 'SHA384', 'SHA512', 'SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512', 'RMD160', 'SM3', 'AES128', 'AES256', 'AES128CMAC', 'AES-128-CMAC', 'AES256CMAC', 'AES-256-CMAC', 'CMAC'];
const KEY_TYPE = KEY_TYPES.join('|');

/**
 * A whole line: an id (1–65535), a type, then the key and at most a `#` comment. With `HEX:` or
 * `ASCII:` (chrony) the prefix says how to read it; without, ntpd reads hex if it is longer than
 * 20 characters and text otherwise.
 */
const KEY_LINE = new RegExp(`^[ \\t]*\\d{1,5}[ \\t]+(?:${KEY_TYPE})[ \\t]+(?:(HEX:|ASCII:)|(?=\\S))(\\S+)[ \\t]*(?:#[^\\r\\n]*)?$`, 'i');
const HEX_KEY = /^[0-9a-fA-F]{16,}$/;

function keyOnLine(line: string): { at: number; length: number } | undefined {
  const found = KEY_LINE.exec(line);
  if (!found) return undefined;
  const [, prefix, key] = found as unknown as [string, string | undefined, string];
  if (prefix?.toUpperCase() === 'HEX:' ? !HEX_KEY.test(key) : key.length < 6) return undefined;
  const at = line.lastIndexOf(key, found[0].length);
  return { at, length: key.length };
}

/** A key line is short: longer lines are not looked at (nor are their breaks looked for further away). */
const MAX_LINE = 600;

function* ntpKeyLines(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const { start: lineStart, end: lineEnd } of keywordLines(text, keywordStarts, MAX_LINE)) {
    if (lineEnd - lineStart > MAX_LINE) continue;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const key = keyOnLine(line);
    if (key) yield { start: lineStart + key.at, end: lineStart + key.at + key.length };
  }
}

export const NTP_KEY_FILE_RULES: readonly Rule[] = [
  placedSecret(
    'ntp-key-file-line',
    'Symmetric NTP keys, one a line as `ID TYPE KEY` in ntpd/ntpsec `ntp.keys` and chrony key files or `chronyc keygen` output',
    { keywords: KEY_TYPES.map((type) => ` ${type.toLowerCase()} `), keywordStarts: true, label: 'secret' },
    ntpKeyLines,
    {
      match: [
        '42 SHA512 HEX:9F2C4E61A0B3D5E7F9021436587A9BCDEF0123456789ABCDEF0123456789ABCD',
        '5 MD5 ASCII:Tq8wLz3rVk',
        '  17 AES128 HEX:0A1B2C3D4E5F60718293A4B5C6D7E8F9\n',
        '3 M quietOtter9   # old-style ntpd key',
        '11 SHA1 7c1f8e2a9b0d3c4e5f60718293a4b5c6d7e8f901',
      ],
      noMatch: [
        '42 SHA512 HEX:not-hex-at-all',
        'checksum: 42 SHA256 files verified',
        'Step 3 MD5 checksum for the download matched',
        '2 SHA1 abc',
        'keyfile /etc/chrony/chrony.keys',
      ],
    },
  ),
];
