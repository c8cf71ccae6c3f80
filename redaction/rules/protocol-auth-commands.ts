/**
 * Logins that go on a wire as a protocol command, where a client's debug log, a `printf … | nc`
 * or a captured session shows them:
 * - Tor's control port: `AUTHENTICATE "password"` (the `HashedControlPassword` one) or
 *   `AUTHENTICATE <hex>` (the same password, or the control cookie, hex-encoded).
 * - SASL PLAIN (IMAP/SMTP/XMPP/LDAP `AUTHENTICATE PLAIN`, `AUTH PLAIN`): one base64 value that
 *   decodes to `authzid NUL user NUL password`. Whoever reads it has the password, so the value is a
 *   credential wherever it stands (on the command's line, alone on the next, in a byte-string repr).
 */
import type { Rule, Span } from '../types.js';
import { isPlaceholder } from '../shields.js';
import { placedSecret } from './placed-secret.js';

/**
 * `AUTHENTICATE` (the command is upper case in every client and spec; prose writes it otherwise),
 * then one argument: a quoted string, or hex. A SASL mechanism name (`PLAIN`, `XOAUTH2`) is neither.
 */
const CONTROL_AUTHENTICATE = /\bAUTHENTICATE[ \t]+(?:"(?<secret>(?:[^"\\\r\n]|\\[^\r\n]){1,200})"|(?<secret2>[0-9A-Fa-f]{8,256})(?![\w.@-]))/;

/**
 * A padded base64 token (SASL initial responses always are) of 24 to 700 characters that starts
 * with a NUL byte: an empty authorization id, as nearly every client sends (`A` then `C`-`H` for
 * a printable first letter of the user). The leading `A` lets the search skip ahead.
 */
const EMPTY_AUTHZID_TOKEN = /A(?<=^A|[^A-Za-z0-9+/=]A)[C-H][A-Za-z0-9+/]{2}(?:[A-Za-z0-9+/]{4}){4,173}(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)(?![A-Za-z0-9+/=])/g;
/** With an authorization id, the token is known by the mechanism's name before it. */
const AFTER_PLAIN = /\bPLAIN[ \t]+(?:[A-Za-z0-9+/]{4}){5,174}(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)(?![A-Za-z0-9+/=])/g;
/** What SASL PLAIN carries: authorization id (often empty), user, password; no control characters. */
const PLAIN_PART = /^[^\x00-\x1f\x7f]*$/u;
/** A password a tool masked before logging the exchange (swaks `--protect-prompt` writes `PROVIDED_BUT_REMOVED`, nodemailer's debug log `/* secret *\/`). */
const MASKED_PASSWORD = /^(?:PROVIDED_BUT_REMOVED|\*+|x+|\[?redacted\]?|<[^<>]*>|\/\*[ ]?secret[ ]?\*\/)$/i;

function isSaslPlain(token: string): boolean {
  // a NUL byte needs an `A` (or, mid-group, one of `Q g w`) at its place: most tokens have neither
  if (!/[AQgw]/.test(token)) return false;
  const bytes = Buffer.from(token, 'base64');
  if (bytes.indexOf(0) === -1) return false;
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return false;
  const parts = text.split('\0');
  if (parts.length !== 3) return false;
  const [authzid, user, password] = parts as [string, string, string];
  if (MASKED_PASSWORD.test(password) || isPlaceholder(password)) return false;
  return user.length > 0 && user.length <= 256 && password.length > 0 && password.length <= 1024 && authzid.length <= 256 && parts.every((part) => PLAIN_PART.test(part));
}

function saslPlainTokens(text: string): Span[] {
  const spans: Span[] = [];
  EMPTY_AUTHZID_TOKEN.lastIndex = 0;
  for (let match = EMPTY_AUTHZID_TOKEN.exec(text); match; match = EMPTY_AUTHZID_TOKEN.exec(text)) {
    if (isSaslPlain(match[0])) spans.push({ start: match.index, end: match.index + match[0].length });
  }
  if (!text.includes('PLAIN')) return spans;
  AFTER_PLAIN.lastIndex = 0;
  for (let match = AFTER_PLAIN.exec(text); match; match = AFTER_PLAIN.exec(text)) {
    const token = match[0].replace(/^PLAIN[ \t]+/, '');
    const start = match.index + match[0].length - token.length;
    if (!spans.some((span) => span.start === start) && isSaslPlain(token)) spans.push({ start, end: start + token.length });
  }
  return spans;
}

export const PROTOCOL_AUTH_COMMAND_RULES: readonly Rule[] = [
  placedSecret(
    'control-port-authenticate',
    'the password (quoted) or hex password/cookie of an `AUTHENTICATE` command sent to a control port (Tor)',
    { keywords: ['authenticate'], label: 'password' },
    CONTROL_AUTHENTICATE,
    {
      match: [
        'printf \'AUTHENTICATE "Lq4-bracken-Tz81"\\r\\nGETINFO version\\r\\n\' | nc 127.0.0.1 9051',
        '>> AUTHENTICATE 6f7a2c1e9b3d5a7c0e2f4a6b8c1d3e5f7a9b0c2d4e6f8a1b3c5d7e9f0a2b4c6d',
        'AUTHENTICATE "mossy-heron-62"',
      ],
      noMatch: [
        'A001 AUTHENTICATE PLAIN',
        '* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ready; AUTHENTICATE first',
        'Use AUTHENTICATE "<password>" on the control port.',
        'AUTHENTICATE\r\n250 OK',
      ],
    },
  ),
  {
    id: 'sasl-plain-credentials',
    type: 'secret',
    label: 'password',
    description: 'a base64 value that decodes to SASL PLAIN `authzid NUL user NUL password` (IMAP/SMTP `AUTHENTICATE PLAIN`, `AUTH PLAIN`), wherever it stands',
    keywords: [],
    // every token the detector takes holds a run of 24 base64 characters or more
    needsBase64Run: 24,
    detector: saslPlainTokens,
    examples: {
      match: [
        `C: A1 AUTHENTICATE PLAIN ${Buffer.from('\0carol@mail.lan\0Rk7-heather-Wn22').toString('base64')}`,
        `writer > b'${Buffer.from('\0svc-backup\0q0Tz8LmWv3Xa9').toString('base64')}\\r\\n'`,
        `AUTH PLAIN ${Buffer.from('admin\0relay-user\0p4-fennel-Kz').toString('base64')}`,
        `${Buffer.from('\0reader@mail.lan\0Yt5-marten-Wq90').toString('base64')}`,
      ],
      noMatch: [
        `AUTH PLAIN ${Buffer.from('carol@mail.lan:Rk7-heather-Wn22').toString('base64')}`,
        'data: QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=',
        `blob ${Buffer.from('\0\0\0\x01binary\0data').toString('base64')}`,
        `-> AUTH PLAIN ${Buffer.from('\0mailer-bot\0PROVIDED_BUT_REMOVED').toString('base64')}`,
      ],
    },
  },
];
