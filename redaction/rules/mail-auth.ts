/**
 * Family `generic`: credentials in mail clients' protocol traces (Python's smtplib/imaplib/poplib
 * debug output, `openssl s_client`, fetchmail/mailx/mbsync verbose logs): SMTP and IMAP SASL
 * `PLAIN` payloads (base64 of `authzid NUL user NUL password`), the password line after an
 * `AUTH LOGIN` server prompt that decodes to "Password" (`334 UGFzc3dvcmQ6`, any server's
 * wording), CRAM-MD5 responses (base64 of `user <hex digest>`), IMAP `LOGIN user password` and
 * POP3 `PASS password`. A credential that decodes to a mask or a placeholder (`*****`,
 * `password`) stays: clients that hide it print one.
 */
import type { Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { anonymousFtpLogin } from './ftp-sessions.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter } from '../line-bounds.js';

const BASE64 = /^[A-Za-z0-9+/]{4,}={0,2}$/;
/** A client's or a trace's prefix before a protocol line: `send: '`, `> b'`, `C: `, `* 12:00.00 > `, `*cmd* '`. */
const LINE_PREFIX = String.raw`(?:^|\n|\\n|\\r\\n)[ \t]*(?:\S{0,24}[ \t]*)?(?:send:[ \t]*b?['"]|>{1,3}[ \t]*b?['"]?|C:[ \t]*|\*cmd\*[ \t]*b?['"]|\*put\*[ \t]*b?['"]|[A-Za-z]+>[ \t]*)?`;

export function decoded(base64: string): string | null {
  if (!BASE64.test(base64) || base64.length % 4 !== 0) return null;
  return Buffer.from(base64, 'base64').toString('latin1');
}

/** A password a client sent, unless it is a mask or a stand-in. */
export function realPassword(password: string): boolean {
  return password.length > 0 && /^[\x20-\x7e]+$/.test(password) && !MASK.test(password) && sensitiveValue('password', password);
}

/** What a client that hides the password sends in its log instead: a comment or a word in brackets (`/* secret *\/`, `<hidden>`, `[redacted]`). */
const MASK = /^(?:\/\*[^*]{0,40}\*\/|<[\w -]{1,40}>|\[[\w -]{1,40}\]|\([\w -]{1,40}\))$/;

/** A SASL PLAIN payload: `[authzid] NUL user NUL password`. */
export function plainPassword(base64: string): boolean {
  const text = decoded(base64);
  const parts = text?.split('\0');
  return parts !== undefined && parts.length === 3 && parts[1] !== '' && realPassword(parts[2]!);
}

/** `AUTH PLAIN <b64>` / `AUTHENTICATE PLAIN <b64>`, or the payload on the next client line after an empty challenge (a Python `b` prefix only with its quote: a payload may start with `b`). */
const PLAIN = /\bAUTH(?:ENTICATE)?[ \t]+PLAIN(?:[ \t]+([A-Za-z0-9+/]{8,}={0,2})|[^\n]{0,40}(?:\n[^\n]{0,120}){0,4}?\n[^\n]*?(?:send:[ \t]*b?['"]|>[ \t]*(?:b?['"])?|C:[ \t]*|^)([A-Za-z0-9+/]{8,}={0,2})(?=\\r|\\n|['"\s]|$))/gim;
/**
 * A server's SASL prompt (`334 <b64>` in SMTP, `+ <b64>` in IMAP) and the client's next line. The
 * `+` is read before the look-behind that places it: a search then skips to each `+` (9x faster).
 */
const PROMPT = /\b334[ \t]+([A-Za-z0-9+/]{4,}={0,2})|\+(?<=(?:^|\n|['"])\+)[ \t]+([A-Za-z0-9+/]{4,}={0,2})/g;
const SMTP_PROMPT = /\b334[ \t]+([A-Za-z0-9+/]{4,}={0,2})/g;
const CLIENT_LINE = new RegExp(String.raw`${LINE_PREFIX}([A-Za-z0-9+/]{4,}={0,2})(?=\\r|\\n|['"]|[ \t]*(?:\n|$))`, 'y');
/** IMAP `tag LOGIN user password` (atoms or quoted strings); not a man page's title line (`.TH LOGIN 1 "date"`). */
const IMAP_LOGIN = /(?:^|\n|\\n|['"]|>[ \t]*)[ \t]*(?!\.[A-Z]{1,2}[ \t])[A-Za-z0-9.]{1,16}[ \t]+LOGIN[ \t]+(?:"(?:[^"\\\n]|\\.){1,200}"|[^\s"'\\]{1,200})[ \t]+(?:"((?:[^"\\\n]|\\.){1,200})"|([^\s"'\\]{1,200}))/g;
/** POP3 `PASS password`. */
const POP_PASS = /(?:^|\n|\\n|['"]|>[ \t]*|C:[ \t]*|POP3>[ \t]*)[ \t]*PASS[ \t]+([^\s'"\\]{1,200})(?=\\r|\\n|['"]|[ \t]*(?:\n|$))/g;

function* mailCredentials(text: string, starts: readonly number[] = []): Iterable<Span> {
  const seen = new Set<string>();
  for (const at of starts) seen.add(text.slice(at, at + 4).toLowerCase());
  if (seen.has('auth')) yield* plainPayloads(text);
  // (each search only when the text holds what every match of it must: found by a literal search, far cheaper)
  if ((seen.has('334 ') || seen.has('auth')) && holdsPrompt(text, seen.has('auth'))) yield* promptAnswers(text, seen.has('auth'));
  if (seen.has(' log') && text.includes('LOGIN')) yield* imapLogins(text);
  if (seen.has('pass') && text.includes('PASS')) yield* popPasswords(text);
}

/** A server's prompt (`334 `, or an IMAP continuation `+ `) is written somewhere in `text`. */
function holdsPrompt(text: string, imap: boolean): boolean {
  return text.includes('334') || (imap && (text.includes('+ ') || text.includes('+\t')));
}

function* plainPayloads(text: string): Iterable<Span> {
  for (const match of text.matchAll(PLAIN)) {
    const payload = match[1] ?? match[2];
    if (payload === undefined || !plainPassword(payload)) continue;
    const start = match.index + match[0].lastIndexOf(payload);
    yield { start, end: start + payload.length };
  }
}

function* promptAnswers(text: string, imap: boolean): Iterable<Span> {
  for (const match of text.matchAll(imap ? PROMPT : SMTP_PROMPT)) {
    const prompt = decoded(match[1] ?? match[2]!)?.replace(/\0/g, '').trim().toLowerCase();
    if (prompt === undefined) continue;
    const asksPassword = /^pass(?:word|wd|phrase)?:?$/.test(prompt);
    const challenge = /^<[^<>\s]{1,200}>$/.test(prompt);
    if (!asksPassword && !challenge) continue;
    const answer = nextClientLine(text, match.index + match[0].length);
    if (!answer) continue;
    const value = decoded(answer.value);
    if (value === null) continue;
    const cramResponse = /^\S+ [0-9a-f]{32,64}$/i.test(value);
    if ((asksPassword && realPassword(value.replace(/\0+$/, ''))) || (challenge && cramResponse)) yield answer.span;
  }
}

function* imapLogins(text: string): Iterable<Span> {
  for (const match of text.matchAll(IMAP_LOGIN)) {
    const password = match[1] ?? match[2]!;
    if (!realPassword(password)) continue;
    const start = match.index + match[0].length - password.length - (match[1] !== undefined ? 1 : 0);
    yield { start, end: start + password.length };
  }
}

function* popPasswords(text: string): Iterable<Span> {
  for (const match of text.matchAll(POP_PASS)) {
    const password = match[1]!;
    if (!realPassword(password) || anonymousFtpLogin(text, match.index)) continue;
    const start = match.index + match[0].length - password.length;
    yield { start, end: start + password.length };
  }
}

/** The first base64 line a client sent after `from`, skipping the server's own lines (its reply echoed, `retcode (334)`). */
function nextClientLine(text: string, from: number): { value: string; span: Span } | undefined {
  let lineStart = lineBreakAfter(text, from);
  for (let lines = 0; lines < 4 && lineStart !== -1; lines++) {
    CLIENT_LINE.lastIndex = lineStart;
    const client = CLIENT_LINE.exec(text);
    if (client && !/\breply|\b334\b|^[\n\s]*[S<]:?/.test(client[0].slice(0, client[0].length - client[1]!.length))) {
      const start = client.index + client[0].length - client[1]!.length;
      return { value: client[1]!, span: { start, end: start + client[1]!.length } };
    }
    lineStart = lineBreakAfter(text, lineStart + 1);
  }
  return undefined;
}

export const MAIL_AUTH_RULES = [
  placedSecret(
    'mail-auth-credential',
    'passwords in SMTP/IMAP/POP3 traces: SASL PLAIN payloads, the answer to an AUTH LOGIN password prompt, CRAM-MD5 responses, IMAP LOGIN and POP3 PASS',
    { keywords: ['auth plain', 'authenticate', '334 ', ' login ', 'pass '], keywordStarts: true, label: 'password' },
    mailCredentials,
    {
      match: [
        "send: 'AUTH PLAIN AGtvYmkudmFlbEBleGFtcGxlLm5ldABOZTh3JnFMMnBSNA==\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'",
        "send: 'AUTH LOGIN\\r\\n'\nreply: b'334 VXNlcm5hbWU6\\r\\n'\nsend: 'a29iaQ==\\r\\n'\nreply: b'334 UGFzc3dvcmQ6\\r\\n'\nreply: retcode (334); Msg: b'UGFzc3dvcmQ6'\nsend: 'Qmx1ZS1GaXNoLTc3IQ==\\r\\n'",
        'C: AUTH CRAM-MD5\nS: 334 PDEyMzQ1LjY3ODlAbWFpbC5leGFtcGxlPg==\nC: a29iaSBmMGUxZDJjM2I0YTU5Njg3NzhlOWRhY2JiZGNjZTBmZg==',
        "  31:04.12 > b'KLMN1 LOGIN koba \"Tr4il-mix!9\"'",
        "*cmd* 'USER koba'\n*cmd* 'PASS gR8-fennel-42'",
        'a1 AUTHENTICATE PLAIN\n+ \nAGtvYmkAUGVwcGVyLTgxIQ==',
        '>>> 1 AUTHENTICATE PLAIN <authdata>\n>+> bWFyZW4AbWFyZW4ATGFudGVybi05MyF4',
        's-nail: >>> AUTH LOGIN\ns-nail: >>> SERVER: 334 VXNlciBOYW1lAA==\ns-nail: >>> b3BzLWJvdA==\ns-nail: >>> SERVER: 334 UGFzc3dvcmQA\ns-nail: >>> RHE1LXRoaXN0bGUtV3IybQ==',
      ],
      noMatch: [
        "send: 'AUTH PLAIN AGtvYmkAKioqKioqKio=\\r\\n'",
        "send: 'AUTH LOGIN\\r\\n'\nreply: b'334 UGFzc3dvcmQ6\\r\\n'\nsend: 'KioqKioqKio=\\r\\n'",
        'fetchmail: POP3> PASS *',
        '[2026-01-05 09:12:44] DEBUG [q7Hn2Lx9Vb] C: AUTH PLAIN AG1haWxlckBvcHMuZXhhbXBsZS5uZXQALyogc2VjcmV0ICov',
        '[2026-01-05 09:12:44] DEBUG [q7Hn2Lx9Vb] S: 334 UGFzc3dvcmQA\n[2026-01-05 09:12:44] DEBUG [q7Hn2Lx9Vb] C: Lyogc2VjcmV0ICov',
        '---> USER anonymous\n<--- 331 Username ok, send password.\n---> PASS lftp@',
        'a2 LOGIN koba password',
        '.TH LOGIN 1 "12 May 1999" "Tools"',
        'The server replied 334 UGFzc3dvcmQ6, so the client sends the password next.',
      ],
    },
  ),
];
