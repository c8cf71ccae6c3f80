/**
 * FTP logins as packet captures print them: `tcpdump -A` writes each packet's bytes as text, so
 * the client's `PASS <password>` follows the IP and TCP headers rendered as dots and stray
 * letters (`[&....YtPASS Kx7-saffron-Dusk44`), on a line after the packet's summary
 * (`IP 127.0.0.1.51150 > 127.0.0.1.21: Flags [P.], …, length 25`; with `-v`, on the line after
 * the IP header's; with `-q`, `… > …: tcp 25`), or right after the IP header rendered as text
 * (`E..M..@.@.…`). And the login every FTP
 * client makes when it has no account (`USER anonymous` then `PASS lftp@`, `PASS mozilla@…`):
 * the password of an anonymous login is by convention a client's name or an e-mail, not a
 * secret, in a capture or in a client's debug output (`lftp -d`: `---> PASS lftp@`).
 */
import type { Rule, Span } from '../types.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** The summary tcpdump prints before a packet's bytes. */
const PACKET_SUMMARY = /(?:^|\s)\S+ > \S+: (?:Flags \[[^\]\n]*\]|tcp \d+)/;
/** An IPv4 header as `-A` renders it: version and length byte `E`, then mostly dots. */
const RENDERED_IP_HEADER = /^E\.\.[^\n]{0,6}\.\.@\./;
const LINES_TO_SUMMARY = 8;
/** How far back the USER command of a login is looked for. */
const LOGIN_REACH = 2000;
const ANONYMOUS_USERS = /^(?:anonymous|ftp)$/i;

/**
 * The passwords FTP clients send for an anonymous login when given none (curl's, browsers',
 * Python's ftplib, wget's, lftp's): vsftpd logs them (`anon password "ftp@example.com"`). Never secrets.
 */
export const CLIENT_ANONYMOUS_PASSWORD = /^(?:ftp@example\.com|mozilla@example\.com|chrome@example\.com|IEUser@|anonymous@|-wget@|lftp@|guest@|ncftp@)$/i;

/** True when the last `USER x` before `at` logged in as anonymous/ftp (its PASS is a courtesy, not a secret). */
export function anonymousFtpLogin(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - LOGIN_REACH), at);
  const user = before.lastIndexOf('USER ');
  if (user < 0) return false;
  const name = /^USER ([^\s\\'"]+)/.exec(before.slice(user))?.[1];
  return name !== undefined && ANONYMOUS_USERS.test(name);
}

/** True when the line holding `at` is part of a packet's bytes in `tcpdump -A` output. */
function inCapturedPacket(text: string, at: number): boolean {
  let lineEnd = lineBreakBefore(text, at - 1);
  for (let lines = 0; lines < LINES_TO_SUMMARY && lineEnd > 0; lines++) {
    const lineStart = lineBreakBefore(text, lineEnd - 1) + 1;
    const line = text.slice(lineStart, lineEnd);
    if (PACKET_SUMMARY.test(line) || RENDERED_IP_HEADER.test(line)) return true;
    if (/^\d{2}:\d{2}:\d{2}\.\d+ /.test(line)) return false;
    lineEnd = lineStart - 1;
  }
  return false;
}

/** What a client sent as a password: anything printable but a mask (a capture holds what went on the wire, words included). */
function capturedPassword(password: string): boolean {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(password) && !/^(?:\*+|x+|-)$/i.test(password);
}

function* capturedPasswords(text: string, starts: readonly number[] = []): Iterable<Span> {
  // whether a line is in a packet depends on the lines above it only: asked once per line, first
  // (several PASS on one long line do not each read the line to its end when it is in no packet)
  let packetLine = { start: -1, inPacket: false };
  for (const at of starts) {
    if (text.slice(at, at + 5) !== 'PASS ') continue;
    const lineStart = lineBreakBefore(text, at - 1) + 1;
    if (lineStart !== packetLine.start) packetLine = { start: lineStart, inPacket: inCapturedPacket(text, at) };
    if (!packetLine.inPacket) continue;
    const newline = lineBreakAfter(text, at);
    const lineEnd = newline < 0 ? text.length : newline;
    const raw = text.slice(at + 5, lineEnd);
    const password = raw.replace(/(?:\.\.|\r|[ \t])+$/, '');
    if (!capturedPassword(password) || anonymousFtpLogin(text, at)) continue;
    yield { start: at + 5, end: at + 5 + password.length };
  }
}

/** No value shield: what a capture shows after PASS went on the wire as the password, a word included. */
export const FTP_SESSION_RULES: readonly Rule[] = [
  {
    id: 'captured-ftp-password',
    type: 'secret',
    label: 'password',
    description: "an FTP (or POP3) `PASS` command in a packet's bytes as `tcpdump -A` prints them, glued to the headers' rendered bytes; an anonymous login's password stays",
    keywords: ['pass '],
    keywordStarts: true,
    detector: (text, starts = []) => capturedPasswords(text, starts),
    examples: {
      match: [
        '15:30:25.679894 IP 127.0.0.1.51150 > 127.0.0.1.31121: Flags [P.], seq 51:76, ack 309, win 64, options [nop,nop,TS val 1529263100 ecr 3282327924], length 25\nE..M..@.@.i...........y.m.i...v....@.A.....\n[&....YtPASS Kx7-saffron-Dusk44\n',
        '15:33:16.338449 IP localhost.46692 > localhost.31121: tcp 25\nE..M..@.@.s..........dy....S.......@.A.....\n...PX..fPASS sunflower\n',
      ],
      noMatch: [
        '15:30:25.679746 IP 127.0.0.1.51150 > 127.0.0.1.21: Flags [P.], seq 31:47, ack 276, win 64, length 16\nE..H..@.@.i\t.........\n[&....YtUSER anonymous\n\n15:30:25.679894 IP 127.0.0.1.51150 > 127.0.0.1.21: Flags [P.], seq 47:60, ack 309, win 64, length 13\nE..M..@.@.i.......\n[&....YtPASS lftp@\n',
        'PASS is the FTP command that sends the password after USER.',
      ],
    },
  },
];
