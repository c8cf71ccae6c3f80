/**
 * A password given after `-p` (or `-P`) on the command line of a tool that also names a user with
 * `-u` / `-U` / `--username`: the pair that admin clients of many daemons share (a UPS monitor's
 * `upsrw -u admin -p X`, a TURN server's `turnadmin -a -u alice -r realm -p X`, a queue's or a
 * database's admin tool). The user flag is what makes `-p` a password: without it `-p` is a
 * port, a pid or a path as often. Tools where `-p` is still something else next to a user (a pid
 * for `ps`/`top`, a priority for `journalctl`, a port for `ssh`/`psql`) are left out by name, and
 * `sudo -u user` names the user of another program.
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';

/** How far from its `-p` a command's other words are looked for (a command of a line is rarely longer). */
const COMMAND_REACH = 600;
const ENDS_COMMAND = /[\n|;&]/;
/** A user flag with a value that is a name, not a number or another flag. */
const USER_FLAG = /(?:^|[ \t])(?:-[uU]|--user(?:name)?=|--username[ \t]+)[ \t]*(?<user>['"]?[A-Za-z_][\w.@-]{0,63}['"]?)(?=[ \t]|$)/;
/** The password flag and its value, quoted (spaces and all) or bare. */
const PASSWORD_FLAG = /(?:^|[ \t])-[pP][ \t]+(?:"(?<dq>[^"\n$`]{4,200})"|'(?<sq>[^'\n]{4,200})'|(?<bare>[^\s"'$`<{(\\-][^\s"'`]{3,200}))(?=[ \t]|$)/g;
/** Where a user's `-u` belongs to a program that runs another one: `sudo -u www-data php …`. */
const RUNS_AS = /\b(?:sudo|runuser|doas|pkexec|setpriv)\b(?:[ \t]+-{1,2}[\w-]+(?:[ \t]+[^\s-]\S*)?)*?[ \t]+-u[ \t]+\S+/g;
/**
 * Tools whose `-p` next to a user is a pid, a port, a priority or a permission, never a password; the
 * MySQL clients' `-p` then a blank asks for the password (the next word is a database; their glued
 * `-pX` is `cli-password-short-flag`'s).
 */
const NOT_A_PASSWORD = /(?:^|[\s/])(?:(?:mysql|mariadb)(?:[-_]?[a-z]{3,16})?|nc|ncat|netcat|socat|ps|top|htop|pidstat|pgrep|pkill|renice|strace|ltrace|gdb|perf|lsof|journalctl|systemctl|loginctl|ssh|scp|sftp|sshpass|rsync|psql|pg_dump|pg_restore|pg_dumpall|createdb|dropdb|docker|podman|nerdctl|kubectl|mkdir|install|cp|mv|tar|diff|patch|git|crontab|quota|setquota|chage|passwd|useradd|usermod|ncdu|du|uwsgi|gunicorn|iftop|nethogs)[ \t]/;
/** A stand-in, not a password: `PASSWORD`, `<pass>`, `xxxx`, `****`. */
const STAND_IN = /^(?:[A-Z_]{4,}|x{3,}|\*{3,}|\.{3,}|changeme|secret|password|passwd|pass)$/i;

/** The command around a `-p` hit: back and on to a line break, a pipe, `;` or `&`, at most COMMAND_REACH away. */
function commandAround(text: string, at: number): { start: number; end: number } {
  let start = at;
  while (start > 0 && at - start < COMMAND_REACH && !ENDS_COMMAND.test(text[start - 1]!)) start -= 1;
  let end = at;
  while (end < text.length && end - at < COMMAND_REACH && !ENDS_COMMAND.test(text[end]!)) end += 1;
  return { start, end };
}

function* userPasswordFlags(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let doneTo = 0;
  for (const at of keywordStarts ?? [...text.matchAll(/-[pP][ \t]/g)].map((hit) => hit.index)) {
    if (at < doneTo) continue;
    const command = commandAround(text, at);
    doneTo = command.end;
    const own = text.slice(command.start, command.end).replace(RUNS_AS, (runner) => ' '.repeat(runner.length));
    if (!USER_FLAG.test(own) || NOT_A_PASSWORD.test(own)) continue;
    PASSWORD_FLAG.lastIndex = 0;
    for (let flag = PASSWORD_FLAG.exec(own); flag; flag = PASSWORD_FLAG.exec(own)) {
      const value = flag.groups!.dq ?? flag.groups!.sq ?? flag.groups!.bare!;
      if (/^[\d:.,/-]+$/.test(value) || !/[A-Za-z]/.test(value) || STAND_IN.test(value)) continue;
      if (!sensitiveValue('password', value)) continue;
      const start = command.start + flag.index + flag[0].lastIndexOf(value);
      yield { start, end: start + value.length };
    }
  }
}

export const USER_PASSWORD_FLAG_RULES: readonly Rule[] = [
  {
    id: 'user-password-flag',
    type: 'secret',
    label: 'password',
    description: "the value of `-p`/`-P` on a command line that also names a user with `-u`/`-U`/`--username` (an admin client's login pair), except tools whose `-p` is a pid, port or priority, and a `sudo -u` user",
    keywords: ['-p ', '-p\t'],
    keywordStarts: true,
    detector: userPasswordFlags,
    shield: 'values',
    examples: {
      match: [
        '$ upscmd -u upsmon -p Vq7!eelgrass42 rack2@localhost shutdown.return',
        'turnadmin -A -u gatekeeper -p "mossy Lantern 83" -b /var/lib/turn/db',
        'beanstalk-admin --username=ops -p Rk4vTz9qLm2 stats',
        'quecli -U reporter -P Xw3mQ8zLp1 list queues',
      ],
      noMatch: [
        'ps -u postgres -p 4121',
        'journalctl -u nginx -p warning --since today',
        'docker run -u app -p 8080:80 web',
        'sudo -u deploy ./release.sh -p staging-east',
        'upscmd -u admin -p PASSWORD ups@localhost beeper.disable',
        'diff -U 3 -p old.c new.c',
        'ssh -p 2222 deploy@gw01',
        'mysql -u root -p shop2 -e "select 1"',
        'mysqldump -u root -p crm2024 > crm.sql',
        'nc -u relay -p Relay2port',
      ],
    },
  },
];
