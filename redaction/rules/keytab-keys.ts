/**
 * Kerberos keys as `klist -k -K` and ktutil's `list -k` print them: a principal (maybe its
 * timestamp and enctype), then the key's bytes in hex, `(0x…)`, at the end of the line. The key
 * is the secret a keytab holds: whoever has it can act as the principal.
 */
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakBefore } from '../line-bounds.js';

/** The key after `(0x`: DES keys have 8 bytes, AES-256's 32, Camellia's and SHA-2's up to 32. */
const KEY_AT = /\(0x([0-9a-fA-F]{16,256})\)[ \t]*(?:\r?\n|$)/y;
/** Before the key on its line: a principal `name@REALM`, then maybe `(enctype)`. */
const PRINCIPAL_BEFORE = /[^\s@]@[\w.-]+[ \t]+(?:\([\w-]+\)[ \t]+)?$/;

function* keytabKeys(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    KEY_AT.lastIndex = at;
    const key = KEY_AT.exec(text);
    if (!key) continue;
    const lineStart = lineBreakBefore(text, at) + 1;
    if (at - lineStart > 400 || !PRINCIPAL_BEFORE.test(text.slice(lineStart, at))) continue;
    yield { start: at + 3, end: at + 3 + key[1]!.length };
  }
}

export const KEYTAB_KEY_RULES: readonly Rule[] = [
  placedSecret(
    'keytab-key',
    'Kerberos keys in hex after their principal, as `klist -k -K` and ktutil `list -k` print a keytab',
    { keywords: ['(0x'], keywordStarts: true, label: 'secret' },
    keytabKeys,
    {
      match: [
        '   3 svc-backup@EXAMPLE.TEST (0x6e9cfdc9f790069d2beb4e7d9a465503f3abb04676c81520ac5c7fbd163010c7)',
        '   3 11/27/26 20:11:39 svc-backup@EXAMPLE.TEST (aes128-cts-hmac-sha1-96)  (0x1d2fd756b7e57c38e937589df9d5420c)\n',
        '   1    3                  host/web01.example.test@EXAMPLE.TEST (0x1d2fd756b7e57c38)',
      ],
      noMatch: [
        '   3 svc-backup@EXAMPLE.TEST (aes256-cts-hmac-sha1-96)',
        'Segmentation fault at address (0x00007f3a08d002e0)',
        'mov rax, qword ptr [rbp-8] (0x7ffd5e2c1a40)',
        'svc-backup@EXAMPLE.TEST (0x1d2fd756b7e57c38e937589df9d5420c) was rotated',
      ],
    },
  ),
];
