/**
 * Family `generic`: a terminal capture (pasted in a prompt, kept by `script`, printed by a tool)
 * in which a command that reads one secret (secret-reading-commands.ts) is followed by its output
 * of one token: `$ gh auth token` then `gho_…`, `$ syncthing cli config gui apikey get` then a
 * 32-character key, `user@host:~$ vault kv get -field=password kv/db` then the password. The token
 * is the secret whatever its shape. The output must end the text or be followed by the next
 * prompt, so that a command's first line of a longer output is never taken for its answer.
 * A shell call and its result in a Transcript are linked by the transcript redactor instead.
 */
import { loneSecretToken, readsOneSecret } from '../secret-reading-commands.js';
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';

/** A prompt: `$ `, `% `, `❯ `, `user@host:path$ ` or `# ` after `user@host`, PowerShell's `PS path> `. */
const PROMPT = String.raw`(?:[\w.-]{1,64}@[\w.-]{1,64}(?::[^\n$#%]{0,200})?[$#%]|[$%❯➜]|PS [^\n>]{1,200}>)`;
/** An environment loader's status lines on stderr before the command's own output (`direnv exec`, a shell hook): `direnv: loading ~/app/.envrc`, after a colour reset. */
const LOADER_LINES = String.raw`(?:(?:\x1b\[[0-9;]*m)?direnv: [^\n]{0,400}\r?\n){0,4}`;
/** A prompt line with its command, then one line of output that ends the text or comes before the next prompt. */
const COMMAND_THEN_ONE_LINE = new RegExp(`^[ \\t]*${PROMPT}[ \\t]+(?<command>[^\\n]{2,400}?)[ \\t]*\\r?\\n${LOADER_LINES}(?<output>[^\\n]{4,4100})(?=\\r?\\n[ \\t]*${PROMPT}(?:[ \\t]|$)|\\r?\\n?$(?![\\s\\S]))`, 'dgm');

function* secretCommandOutputs(text: string): Iterable<Span> {
  COMMAND_THEN_ONE_LINE.lastIndex = 0;
  for (let found = COMMAND_THEN_ONE_LINE.exec(text); found; found = COMMAND_THEN_ONE_LINE.exec(text)) {
    if (!readsOneSecret(found.groups!.command!)) continue;
    const token = loneSecretToken(found.groups!.output!);
    if (!token) continue;
    const at = found.indices!.groups!.output![0];
    yield { start: at + token.start, end: at + token.end };
  }
}

export const SECRET_COMMAND_OUTPUT_RULES: readonly Rule[] = [
  placedSecret(
    'secret-command-output',
    'the one-token output of a command that reads a secret (`gh auth token`, `… apikey get`, `vault kv get -field=password …`, `printenv API_TOKEN`), after its prompt line in a terminal capture: the secret whatever its shape',
    { keywords: ['password', 'passwd', 'passphrase', 'secret', 'token', 'apikey', 'api_key', 'api-key', 'credential', 'private_key', 'private-key', 'access_key', 'access-key', 'secret_key', 'secret-key', 'privatekey', 'accesstoken', 'authtoken', ':_auth'], label: 'secret' },
    secretCommandOutputs,
    {
      match: [
        '$ gh auth token\n4e1f9c0d2b7a8e6f3c5d9a1b0e2f4c6d8a7b9c1e\n',
        'ann@build-03:~/src$ syncthing cli config gui apikey get\nhT2kWq9ZrLm4Vx7PnB3c\nann@build-03:~/src$ ',
        '% vault kv get -field=password kv/reports\nbirch-lantern-19\n',
        'PS C:\\work> printenv REPORTS_API_TOKEN\n0a6c5d4e-3f21-4b8a-9c7d-e6f5a4b3c2d1\n',
        '$ kubectl get secret db -o jsonpath={.data.password} | base64 -d\nQuietRiver88\n$ ',
        '$ direnv exec . printenv STRIPE_API_KEY\n\u001b[mdirenv: loading ~/shop/.envrc\n0c4d1e9a7b2f58c3e6a1d0b9f4e7c2a5\n',
        '$ pnpm config get //npm.pkg.github.com/:_auth\nYW5uOlF1aWV0Uml2ZXI4OA==\n',
        '$ npm config get //registry.example.org/:_password\nV2o3LWZqb3JkLUxxNzE=\n',
      ],
      noMatch: [
        '$ gh auth status\nLogged in to github.com as ann\n',
        '$ gh auth token\n********\n',
        '$ vault kv get -field=password kv/reports\nNo value found at kv/data/reports\n',
        '$ cat token.txt\nfirst line\nsecond line\n',
        '$ echo $API_TOKEN | wc -c\n41\n',
        '$ docker run -d -e API_TOKEN image\n4e1f9c0d2b7a8e6f3c5d9a1b0e2f4c6d8a7b9c1e\n',
        '$ git rev-parse HEAD\n4e1f9c0d2b7a8e6f3c5d9a1b0e2f4c6d8a7b9c1e\n',
        '$ gh auth token\ngho_16C7e42F292c6912E7710c83834\nand more output\n',
        '$ ls secrets/\napi.txt\n',
        '$ direnv exec . printenv API_TOKEN\ndirenv: loading ~/shop/.envrc\ndirenv: export +API_TOKEN\n$ ',
        '$ pnpm config get //npm.pkg.github.com/:always-auth\ntrue\n',
        '$ printenv TOKEN_FILE\n/run/secrets/token\n',
        '# print the api token\nmake\n',
      ],
    },
  ),
];
