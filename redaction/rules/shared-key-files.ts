/**
 * Symmetric keys that VPNs and tunnels keep in files of their own or print in their debug logs.
 * A shared (static) key is the whole secret of a tunnel: whoever holds it can read and forge
 * its traffic. OpenVPN's `--genkey` writes armored blocks (`-----BEGIN OpenVPN Static key V1-----`,
 * `tls-crypt-v2 server key`, `tls-crypt-v2 client key`) that the PEM private-key rule does not
 * name; other tools arm their keys the same way. At high verbosity a tunnel logs the keys it
 * derived as hex after a label (`CIPHER KEY: ce80… b652…`, `HMAC KEY: …`).
 */
import type { Rule, Span } from '../types.js';

/** An armor line that names a key; public keys, certificates and signatures are not secret. */
const KEY_ARMOR_BEGIN = /-----BEGIN ([^\r\n]{0,60}?\bkey\b[^\r\n]{0,20}?)-----/gi;
const NOT_SECRET_ARMOR = /\b(?:public|certificate|signature|signed)\b/i;
const MAX_BODY = 16 * 1024;

function* armoredSharedKeys(text: string): Iterable<Span> {
  KEY_ARMOR_BEGIN.lastIndex = 0;
  for (let begin = KEY_ARMOR_BEGIN.exec(text); begin; begin = KEY_ARMOR_BEGIN.exec(text)) {
    const label = begin[1]!;
    // PEM private keys have their own rule (private-key-block)
    if (NOT_SECRET_ARMOR.test(label) || /\bprivate key\b/i.test(label)) continue;
    const bodyStart = begin.index + begin[0].length;
    const endAt = text.indexOf('-----END', bodyStart);
    const stop = endAt === -1 || endAt - bodyStart > MAX_BODY ? Math.min(text.length, bodyStart + MAX_BODY) : endAt;
    const body = text.slice(bodyStart, stop);
    // only a body of key text (hex or base64 lines, maybe `#` comments); prose between two armor lines is not a key
    const keyText = body.replace(/^[ \t]*#.*$/gm, '').replace(/\\[rn]/g, '\n');
    if (!/^[\sA-Za-z0-9+/=]*$/.test(keyText) || keyText.replace(/\s/g, '').length < 32) continue;
    const first = body.search(/[A-Za-z0-9+/]/);
    const trimmed = body.trimEnd();
    yield { start: bodyStart + first, end: bodyStart + trimmed.length };
    KEY_ARMOR_BEGIN.lastIndex = stop;
  }
}

/** A label naming a symmetric key, then its bytes in hex (grouped or not), to the end of the line. */
const KEY_SEPARATOR = /[ _]key[ \t]*[:=][ \t]*/gi;
const KEY_LABEL_BEFORE = /\b(?:cipher|hmac|mac|encrypt(?:ion)?|decrypt(?:ion)?|enc|dec|session|master|shared|static|symmetric|traffic|psk|pre-?shared|data[ _]channel)$/i;
const KEY_HEX = /[0-9a-fA-F]{2,64}(?:[ :][0-9a-fA-F]{2,16}){0,63}(?=[ \t]*(?:\r?\n|$))/y;

function* loggedKeyBytes(text: string): Iterable<Span> {
  KEY_SEPARATOR.lastIndex = 0;
  for (let separator = KEY_SEPARATOR.exec(text); separator; separator = KEY_SEPARATOR.exec(text)) {
    if (!KEY_LABEL_BEFORE.test(text.slice(Math.max(0, separator.index - 16), separator.index))) continue;
    KEY_HEX.lastIndex = separator.index + separator[0].length;
    const key = KEY_HEX.exec(text);
    if (!key) continue;
    const digits = key[0].replace(/[ :]/g, '');
    // at least 128 bits, and not a run of one digit (an all-zero key is a placeholder)
    if (digits.length < 32 || /^(.)\1*$/.test(digits)) continue;
    yield { start: key.index, end: key.index + key[0].length };
  }
}

export const SHARED_KEY_FILE_RULES: readonly Rule[] = [
  {
    id: 'armored-shared-key',
    type: 'secret',
    label: 'private-key',
    description: 'the body of an armored key block that is not a PEM private key, public key or certificate: OpenVPN static, tls-auth and tls-crypt(-v2) keys',
    keywords: ['-----begin'],
    detector: armoredSharedKeys,
    examples: {
      match: [
        '#\n# 2048 bit tunnel key\n#\n-----BEGIN OpenVPN Static key V1-----\n5b1e0c7d9a3f24e86c0b7d1a9e3f5c2b\n8d4a6f0e2c1b3a5d7e9f0a2c4b6d8e1f\n-----END OpenVPN Static key V1-----\n',
        '-----BEGIN OpenVPN tls-crypt-v2 client key-----\nq9Lm2Zx7Tk4Wv8Rn3Ys6Hd0Fj5Ba2Ke9Mu7Xo3Pc1Qa8Lw4Ez6Nr2Ty5Ui9Op0As\n-----END OpenVPN tls-crypt-v2 client key-----',
      ],
      noMatch: [
        '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1L\n-----END PUBLIC KEY-----',
        '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBF0a8K0BEAC7o2cKq9mRzT4wVb8nLx3Jp6Qd\n-----END PGP PUBLIC KEY BLOCK-----',
        '-----BEGIN OpenVPN Static key V1-----\n<paste the key your admin sent you here>\n-----END OpenVPN Static key V1-----',
      ],
    },
  },
  {
    id: 'logged-key-bytes',
    type: 'secret',
    label: 'private-key',
    description: "a symmetric key's bytes in hex after a label that names it, as a tunnel logs them at high verbosity (`CIPHER KEY:`, `HMAC KEY:`)",
    keywords: ['key:', 'key=', 'key ='],
    detector: loggedKeyBytes,
    examples: {
      match: [
        'Thu Nov 26 08:12:01 2026 us=44 Outgoing Static Key Encryption: CIPHER KEY: 7f3a91c2 0b4d66e8 a1c95f27 3e80d4b6\n',
        'tunnel: HMAC KEY: 9c2e 41ab 77d0 35f1 e8a4 0c6b 52d9 1fa3 6e07 b8c4',
        'debug session_key=2a7e9c41d05fb3386e1ca74f09b2d5e8',
      ],
      noMatch: [
        'Outgoing Static Key Encryption: Cipher \'AES-256-CBC\' initialized with 256 bit key',
        'Key fingerprint = 3AA5 C34D EFB1 A8C0 97E2  2B63 7D9E 10F4 5C1A 7B33',
        'HMAC KEY: 00000000 00000000 00000000 00000000',
      ],
    },
  },
];
