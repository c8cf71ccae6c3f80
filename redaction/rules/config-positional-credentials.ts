/**
 * Daemons' configuration directives that take an account and its password as positional
 * arguments, with no name for the password: HAProxy's `stats auth USER:PASS`, Monit's `allow
 * USER:PASS` (and its parse error quoting the password), Tinyproxy's `BasicAuth USER PASS`, NUT's
 * `MONITOR UPS POWER USER PASS ROLE`, ProFTPD's `SQLConnectInfo DB USER PASS`, Asterisk's
 * `register => USER:PASS@HOST`, Exim's `mysql_servers = HOST/DB/USER/PASS`, OpenLDAP's and
 * Kickstart's `rootpw [--plaintext] [--allow-ssh] PASS`, `sshpw --username=U PASS`. The directive is the only label, so the value there is the secret
 * whatever its shape (policy rule 1) unless visibly not one (a reference, a stored hash).
 */
import { matchesAt } from '../anchored.js';
import type { Rule, Span } from '../types.js';
import { secretInPlace } from '../value-judge.js';
import { placedSecret } from './placed-secret.js';

/** A value up to a blank, a quote, or (where the directive says so) its own terminator, optionally quoted. */
const quoted = (stop: string) => String.raw`\\{0,3}(?<q>["']?)(?<value>[^\s"'${stop}][^\s"'${stop}]{0,200})\\{0,3}\k<q>`;
const USER = String.raw`\\{0,3}["']?[\w.@-]{1,64}\\{0,3}["']?`;
/**
 * What may stand before a directive on its line: a line number (`cat -n`, an agent's file view `12→`,
 * grep's `file:12:`) and a diff's `+`/`-`; also in JSON-escaped text.
 */
const LINE_HEAD = String.raw`(?:^|\n|\\n)(?:[\w./-]{1,200}:(?=\d))?(?:[ \t]*\d{1,7}(?:→|\t|\\t|:))?[+-]?[ \t]*`;
/** The directive opens its line: tried where its keyword starts, looking back for the line's start. */
const LINE_START = `(?<=${LINE_HEAD})`;

/** Monit's `allow` takes hosts, networks and `@group`s too: only `user:password` is an account. */
const MONIT_CONTEXT = /\bmonit(?:rc)?\b|\bset[ \t]+httpd\b/i;

/** The flags of Kickstart's password commands that leave the value a plain password. */
const KICKSTART_FLAGS = String.raw`(?:[ \t]+--(?:plaintext|lock|allow-ssh|username=\S{1,64}))*`;

const directive = (source: string) => new RegExp(source, 'dyi');
const DIRECTIVES: readonly { readonly pattern: RegExp; readonly needs?: RegExp }[] = [
  { pattern: directive(String.raw`${LINE_START}stats[ \t]+auth[ \t]+[^\s:]{1,64}:${quoted(':')}`) },
  { pattern: directive(String.raw`(?<=${LINE_HEAD}(?:set[ \t]+httpd\b[^\n]{0,200}?[ \t])?)allow[ \t]+\\{0,3}["']?[A-Za-z_][\w.-]{0,63}\\{0,3}["']?:${quoted(':')}`), needs: MONIT_CONTEXT },
  // `allow USER "PASS"` (a blank for the colon): Monit refuses it and quotes the password
  { pattern: directive(String.raw`(?<=\binvalid[ \t]+)allow[ \t]+option:[ \t]+[A-Za-z_][\w.-]{0,63}[ \t]+'${quoted("'")}'`) },
  { pattern: directive(String.raw`${LINE_START}BasicAuth[ \t]+${USER}[ \t]+${quoted('')}`) },
  { pattern: directive(String.raw`${LINE_START}MONITOR[ \t]+\S+[ \t]+\d+[ \t]+${USER}[ \t]+${quoted('')}(?=[ \t]+(?:primary|secondary|master|slave)\b)`) },
  { pattern: directive(String.raw`${LINE_START}SQLConnectInfo[ \t]+\S+[ \t]+${USER}[ \t]+${quoted('')}`) },
  { pattern: directive(String.raw`${LINE_START}register[ \t]*=>[ \t]*[^\s:@/]{1,64}:${quoted(':@/')}(?=[:@])`) },
  { pattern: directive(String.raw`(?<=${LINE_HEAD}(?:hide[ \t]+)?(?:mysql|pgsql|oracle|ibase))_servers[ \t]*=[ \t]*(?:[^\s/]{1,200}\/){3}${quoted(':/')}`) },
  // Kickstart's `rootpw` and `sshpw` take their flags before the password too; `--iscrypted` (a stored hash) and `--sshkey` (a public key) are not among them
  { pattern: directive(String.raw`${LINE_START}(?:rootpw|sshpw)${KICKSTART_FLAGS}[ \t]+${quoted('')}`) },
];

/** Each directive is tried where a keyword starts (its own or another's: a sticky pattern fails at once); the scanner gives the starts. */
function* positionalCredentials(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  const places = keywordStarts ?? [];
  for (const { pattern, needs } of DIRECTIVES) {
    const matches = matchesAt(pattern, text, places);
    if (matches.length === 0 || (needs && !needs.test(text))) continue;
    for (const found of matches) {
      const value = found.groups!.value!;
      if (value.startsWith('--') || !secretInPlace(value, 'password')) continue;
      const [start, end] = found.indices!.groups!.value!;
      yield { start, end };
    }
  }
}

export const CONFIG_POSITIONAL_CREDENTIAL_RULES: readonly Rule[] = [
  placedSecret(
    'config-positional-password',
    "a password a daemon's configuration takes as a positional argument after the account: HAProxy stats auth, Monit allow user:password (and its 'invalid allow option' error), Tinyproxy BasicAuth, NUT upsmon MONITOR, ProFTPD SQLConnectInfo, Asterisk register =>, Exim *_servers, slapd/Kickstart rootpw (Kickstart's flags before or after it), Kickstart sshpw",
    { keywords: ['stats', 'allow', 'basicauth', 'monitor', 'sqlconnectinfo', 'register', '_servers', 'rootpw', 'sshpw'], label: 'password', keywordStarts: true },
    positionalCredentials,
    {
      match: [
        '    stats auth ops:Lv7-quarry-23',
        'set httpd port 2812\n    allow guest:"Tq4-bramble-61"',
        "/etc/monitrc:12: invalid allow option: guest 'Pz3vKq8mWx'",
        'BasicAuth relay Hm5-copper-90',
        'MONITOR rack-ups@localhost 1 upsmon Wd8-lichen-47 primary',
        'SQLConnectInfo ftpusers@db.lan proftpd Rq2vLm8Zx4',
        'register => 4410:Ks6-meadow-12@voip.example.net/4410',
        'hide pgsql_servers = db.lan/mail/exim/Vn3-pebble-75',
        'rootpw Jx9-harvest-30',
        'rootpw --plaintext Cm4-willow-88',
        'rootpw --lock --allow-ssh --plaintext Tb2-quill-57',
        'sshpw --username=installer --plaintext Hd6-aspen-09',
        'sshpw --username=installer Hd6-aspen-09 --lock',
        '    41\t  stats auth ops:Rk2-alder-58',
        '    12→BasicAuth relay Tn7vQz3mLw',
        'haproxy.cfg:33:    stats auth admin:Wf4-sorrel-19',
        '+    stats auth ops:Gp8-heather-26',
      ],
      noMatch: [
        '    stats auth ops:${STATS_PASSWORD}',
        '    stats uri /haproxy?stats',
        'allow localhost\nallow 10.0.0.0/8',
        'allow admin:Zq81kfPw0s',
        'monitoring roles:\nallow ops:viewer-22',
        'set httpd port 2812\n    allow @monitors readonly',
        'rootpw {SSHA}k3vQ9mZ2xR7nT4pW8sD1fH5aa',
        'rootpw --iscrypted $6$Yp2$Kq7vL2mX9pR4tW8nZ3cF6hJ1sD5gB0yE2a',
        'rootpw --allow-ssh --iscrypted $y$j9T$Wq4vKz8mLp2Rt6$Nx3cF6hJ1sD5gB0yE2aKq7vL2mX9pR4tW8',
        'rootpw --lock',
        'sshpw --username=installer --sshkey "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKq7vL2mX9pR4tW8nZ3cF6hJ1sD5gB0yE2a ops"',
        'BasicAuth user password',
        'register => 4410@voip.example.net',
        'MONITOR rack-ups@localhost 1 upsmon $UPS_PASSWORD primary',
        'the monitor will register => the event',
        'see stats auth admin:secret in the docs',
      ],
    },
  ),
];
