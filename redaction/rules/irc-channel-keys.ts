/**
 * IRC channel keys: the argument of channel mode `k`, the password a user must give to join. It
 * is set on the wire (`MODE #ops +k <key>`), in a server's predefined channels (ngIRCd's
 * `[Channel]` `Modes = +tnk <key>`, as `ngircd --configtest` prints it) and echoed by servers
 * and clients (`:nick MODE #ops +k <key>`). Only a key whose mode letters before `k` take no
 * argument is read, so the first argument is the key.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

/**
 * `MODE #chan` or `Modes =`, then `+`, flags that take no argument (`t`, `n`, `s`, `i`, `m`, `p`,
 * …; not a ban's `b` or a limit's `l`), `k`, maybe more flags, then the key.
 */
const CHANNEL_KEY = /\b(?:MODE|mode|Modes[ \t]*=)[ \t]+(?:[#&!+][^\s,]{1,60}[ \t]+)?\+[tnsimprcCRMSOQTNzPuDg]*k[tnsimprcCRMSOQTNzPuDg]*[ \t]+(?<secret>[^\s,:*][^\s,]{5,200})/g;

export const IRC_CHANNEL_KEY_RULES: readonly Rule[] = [
  placedSecret(
    'irc-channel-key',
    'IRC channel keys after mode `+k` (`MODE #chan +k key`, ngIRCd `Modes = +tnk key`)',
    { keywords: ['mode'], label: 'password' },
    CHANNEL_KEY,
    {
      match: ['\tModes = +tnk Rv4pLw8qZt2m', ':kestrel!k@host MODE #ops +k Ht9-xWq3Lm7v', 'MODE #night +sk 5f1c9e2a7d4b8036'],
      noMatch: ['\tModes = +tnl 25', 'MODE #ops +bk *!*@spam.example Ht9xWq3Lm7v', 'MODE #ops +k', 'Modes = +k *'],
    },
  ),
];
