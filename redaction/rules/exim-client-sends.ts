/**
 * Family `generic`: the password in Exim's `client_send` (a plaintext authenticator's answers to
 * the server's prompts), as the configuration holds it and `exim -bP authenticators` prints it:
 * PLAIN's `^user^password` (an authorization id may stand before the first `^`) and LOGIN's colon
 * list `: user : password`. The last answer is the password; a `${…}` expansion (a lookup in a
 * file) is no value.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

const PLAIN = String.raw`[^\s^$]*\^[^\s^$]+\^`;
const LOGIN = String.raw`:?[ \t]*[^\s:$]+[ \t]*:[ \t]*`;

export const EXIM_CLIENT_SEND_RULES: readonly Rule[] = [
  placedSecret(
    'exim-client-send-password',
    "the password an Exim plaintext authenticator sends (`client_send = ^user^password`, `client_send = : user : password`)",
    { keywords: ['client_send'], label: 'password' },
    new RegExp(String.raw`\bclient_send[ \t]*=[ \t]*(?:${PLAIN}|${LOGIN})(?<secret>[^\s^:$]{4,200})[ \t]*(?=\r?$|\r?\n)`, 'm'),
    {
      match: [
        'client_send = ^relayuser^Wk7-quartz-Pm41',
        '  client_send = : relay@example.org : 4e0c1d9b7a2f36e85c\n  server_prompts = ',
        'client_send = ops^relayuser^Wk7-quartz-Pm41',
      ],
      noMatch: [
        'client_send = ^${extract{1}{:}{$value}}^${extract{2}{:}{$value}}',
        'client_send = ',
        'client_send = ^relayuser^',
        'client_send = : relayuser : ${lookup{$host}lsearch{/etc/exim4/passwd.client}}',
      ],
    },
  ),
];
