/**
 * The real name an IRC client registers with: `USER <user> <mode> <unused> :<real name>`, the last
 * parameter of the command every client, bouncer and bot sends on connecting, as their debug and
 * raw logs print it (ZNC `--debug`, irssi's rawlog, WeeChat's `/server raw`). Many users put their
 * own name there (sometimes with an e-mail address, which the e-mail rule takes); a client's
 * default (`ZNC - https://znc.in`, a nick repeated) is not a person's name and stays.
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';

const USER_COMMAND = /\bUSER[ \t]+[^\s:]{1,40}[ \t]+"?[^\s:"]{1,40}"?[ \t]+"?[^\s:"]{1,40}"?[ \t]+:(?<realname>[^\r\n\]]{2,120})/g;

function* realNames(text: string): Iterable<Span> {
  USER_COMMAND.lastIndex = 0;
  for (let match = USER_COMMAND.exec(text); match; match = USER_COMMAND.exec(text)) {
    const realname = match.groups!.realname!;
    // the name part: before an e-mail, a bracket or a dash that adds something else
    const name = realname.split(/[ \t]*(?:<|\(|\[|[ ][-–—|][ ]|,)/)[0]!.trim();
    if (!isPersonName(name, { keyed: true })) continue;
    const start = match.index + match[0].length - realname.length + realname.indexOf(name);
    yield { start, end: start + name.length };
  }
}

export const IRC_REAL_NAME_RULE: Rule = {
  id: 'irc-real-name',
  type: 'pii',
  label: 'name',
  description: "the real name in an IRC `USER` command, as a client's or bouncer's debug log shows what it sends",
  keywords: ['user '],
  detector: realNames,
  examples: {
    match: [
      '[2026-04-01 07:12:55.100000] (teo/libera) ZNC -> IRC [USER teo "teo" "teo" :Teodora Vasilescu]',
      '07:12 >> USER ruairi 0 * :Ruairí Mac Giolla <ruairi@mailbox.org>',
    ],
    noMatch: [
      '[2026-04-01 07:12:55.100000] (teo/libera) ZNC -> IRC [USER teo "teo" "teo" :ZNC - https://znc.in]',
      '07:12 >> USER ircbot 0 * :Build Notifier',
      '07:12 >> USER teo 0 * :teo',
    ],
  },
};
