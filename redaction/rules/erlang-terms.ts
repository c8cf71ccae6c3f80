/**
 * Secrets in Erlang terms as `~p` prints them (crash reports, `{badmatch, …}` errors, the shell's
 * `no match of right hand side value …`): a binary under a key named like a secret, in a map
 * (`#{password => <<"x">>}`, `#{<<"api_key">> => <<"x">>}`) or a pair (`{secret_key_base,
 * <<"x">>}`), where `~p` may break the line between the key and its value. Strings under atom keys
 * on one line (`{password,"x"}`, `password => "x"`) are the assignment rules'.
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** A quoted term: a binary `<<"…">>` or a string `"…"`, its text in group 1 or 2. */
const QUOTED = String.raw`(?:<<"((?:[^"\\\n]|\\.){0,2000})">>|"((?:[^"\\\n]|\\.){0,2000})")`;
/** The key before a value, at the end of what precedes it: an atom, a quoted atom, a binary or a string, then `=>` or (in a pair) `,`. */
const KEY_BEFORE = /(?:(\{)[ \t\r\n]*)?(?:<<"([^"\\\n]{1,60})">>|'([^'\\\n]{1,60})'|"([^"\\\n]{1,60})"|\b([a-z][\w@]{0,60}))[ \t\r\n]*(=>|,)[ \t\r\n]*$/;
const VALUE_AFTER = new RegExp(String.raw`^[ \t\r\n]*(?:=>|,)[ \t\r\n]*${QUOTED}`);
const BINARY = /<<"((?:[^"\\\n]|\\.){0,2000})">>/g;
/** How far back a key may stand from its value: the key, its separator and `~p`'s indentation. */
const KEY_REACH = 160;

function* erlangTermSecrets(text: string): Iterable<Span> {
  BINARY.lastIndex = 0;
  for (let binary = BINARY.exec(text); binary; binary = BINARY.exec(text)) {
    const start = binary.index;
    const end = start + binary[0].length;
    // the binary as a value: its key before it
    const key = KEY_BEFORE.exec(text.slice(Math.max(0, start - KEY_REACH), start));
    if (key && (key[6] === '=>' || key[1] === '{')) {
      const name = key[2] ?? key[3] ?? key[4] ?? key[5]!;
      if (sensitiveValue(name, binary[1]!)) yield { start: start + 3, end: end - 3 };
      continue;
    }
    // the binary as a key (`<<"password">> => "x"`): the value after it
    const value = VALUE_AFTER.exec(text.slice(end, end + 2100));
    if (!value || (value[0].trimStart().startsWith(',') && !/\{[ \t\r\n]*$/.test(text.slice(Math.max(0, start - 40), start)))) continue;
    const secret = value[1] ?? value[2]!;
    if (!sensitiveValue(binary[1]!, secret)) continue;
    const valueEnd = end + value[0].length - (value[1] !== undefined ? 3 : 1);
    yield { start: valueEnd - secret.length, end: valueEnd };
  }
}

export const ERLANG_TERM_RULES: readonly Rule[] = [
  placedSecret(
    'erlang-term-secret',
    "binaries under a key named like a secret in Erlang terms as `~p` prints them (maps `#{password => <<\"x\">>}`, binary keys, pairs broken over lines): crash reports, badmatch errors",
    { keywords: ['<<"'], label: 'secret' },
    erlangTermSecrets,
    {
      match: [
        '** exception error: no match of right hand side value \n                    {error,#{password => <<"Wq7-cobalt-Zm4x">>,\n                             user => <<"billing_app">>}}',
        '{error,#{<<"api_key">> => <<"ak_Lz5meadowTq2nQ8vX">>,\n         <<"password">> => <<"Hn3-thistle-Pv8k">>}}',
        '[{secret_key_base,\n     <<"Rv2-sorrel-Kq9mRv2-sorrel-Kq9m">>},\n {token,"tk_Qw8Zn3Lp6Vr2"}]',
        '#{<<"client_secret">> => "Tz4-quill-Mb8r"}',
      ],
      noMatch: [
        '{error,#{password => <<>>, user => <<"billing_app">>}}',
        '#{<<"password">> => <<"********">>, <<"token_ttl">> => 3600}',
        '{badmatch,{error,<<"invalid password">>}}',
        '[{user,<<"svc_queue">>},{host,<<"mq.example.net">>}]',
        '#{password_hash_algorithm => <<"bcrypt">>}',
      ],
    },
  ),
];
